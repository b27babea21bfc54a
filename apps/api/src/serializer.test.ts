import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { BookListSchema, BookSchema, type Book } from '@shelfwise/contracts'
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod'
import { compileSerializer, serializerCompiler } from '#/serializer.ts'

// Answers are written by serializers compiled from the routes' schemas; a client must see the same
// text the zod serializer wrote, and never a field the contract does not name.

const book: Book = {
  _id: '0190a1b2-c3d4-7e5f-8a6b-1c2d3e4f5a6b',
  title: 'The "Quoted" Title\n\u2028with a line separator',
  author: 'Zoë Ångström',
  author_username: null,
  publisher: '',
  publisher_username: 'harbour_lamp',
  description: 'Backslash \\ and emoji 📚 and a lone surrogate \ud800.',
  coverImage: 'https://covers.example/a.jpg',
  averageRating: 3.67,
  totalReviews: 3,
  ratingsCount: 3,
  publishedDate: null,
  language: 'English',
  edition: '',
  pageCount: null,
  amazonLink: '',
  isbn: '',
  genre: ['Fiction', 'History'],
  category: 'Classic',
  listed_by_username: 'reader_1',
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
}

const zodText = (schema: z.ZodType, data: unknown) => zodSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' })(data)

describe('response serializers', () => {
  it('write a book as the zod serializer did, escapes included, with and without the viewer flags', () => {
    const write = compileSerializer(BookSchema)!
    expect(write(book)).toBe(zodText(BookSchema, book))
    const flagged = { ...book, pageCount: 320, publishedDate: '1999-12-31', inWishlist: true, inRecentlyRead: false }
    expect(write(flagged)).toBe(zodText(BookSchema, flagged))
    expect(JSON.parse(write(flagged))).toEqual(flagged)
  })

  it('write a list of books as the zod serializer did', () => {
    const list = [book, { ...book, _id: '0190a1b2-c3d4-7e5f-8a6b-1c2d3e4f5a6c', genre: [] }]
    expect(compileSerializer(BookListSchema)!(list)).toBe(zodText(BookListSchema, list))
    expect(compileSerializer(BookListSchema)!([])).toBe('[]')
  })

  it('never write a field the schema does not name', () => {
    const leaky = { ...book, passwordHash: 'argon2id$secret', ratingSum: 11 }
    const text = serializerCompiler({ schema: BookSchema, method: 'GET', url: '/x', httpStatus: '200' })(leaky)
    expect(text).not.toMatch(/passwordHash|secret|ratingSum/)
    expect(text).toBe(zodText(BookSchema, book))
  })

  it('keep the zod serializer for a schema JSON Schema cannot express', () => {
    const schema = z.object({ at: z.date() })
    expect(compileSerializer(schema)).toBeUndefined()
    const write = serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' })
    expect(write({ at: new Date('2026-01-02T03:04:05.000Z') })).toBe(zodText(schema, { at: new Date('2026-01-02T03:04:05.000Z') }))
  })
})
