import { expect } from 'vitest'
import { BookSchema, type Book } from '@shelfwise/contracts'
import { callerOf } from './calls.ts'
import type { TestContext } from './context.ts'

let seq = 0

/** The add-book form as the web app sends it, every field filled and the title new each call; overrides replace fields. */
export const bookForm = (overrides: Record<string, unknown> = {}) => ({
  title: `Lanternwick Tides ${++seq}`,
  author: 'Orla Penhallow',
  description: 'A harbour pilot keeps a log of ships that never arrive.',
  coverImage: '',
  publisher: 'Saltmarsh Books',
  publishedDate: '2014-09-02',
  language: 'english',
  edition: 'First',
  pageCount: 288,
  amazonLink: '',
  isbn: '',
  genre: 'Mystery, Adventure',
  category: 'Fiction',
  role: 'none',
  ...overrides,
})

/** Adds a book through the form (POST /api/books) as the reader whose token is given; it must be taken (201). */
export const bookAdder = (ctx: Pick<TestContext, 'app'>) => {
  const call = callerOf(ctx)
  return async (token: string, overrides: Record<string, unknown> = {}): Promise<Book> => {
    const res = await call('POST', '/api/books', token, bookForm(overrides))
    expect(res.statusCode, res.body).toBe(201)
    return BookSchema.parse(res.json())
  }
}
