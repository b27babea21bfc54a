import { Readable } from 'node:stream'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  BookIdParamsSchema, BookListQuerySchema, BookListSchema, BookSchema, BookSearchQuerySchema, CreateBookInputSchema, type Book,
} from '@shelfwise/contracts'
import { sendPage } from '#/paging.ts'
import { compileSerializer } from '#/plugins/serializer.ts'
import type { Services } from '#/services.ts'
import { SEARCH_COUNT_CAP } from '#/modules/books/books.search.repository.ts'
import { SEARCH_DEFAULT_LIMIT } from '#/modules/books/books.service.ts'

/** One book as the list's JSON writes it (the same serializer the route compiles for its items). */
const bookJson = compileSerializer(BookSchema) ?? ((book: unknown) => JSON.stringify(BookSchema.parse(book)))

/** A JSON array written from pages of items as they come: the same text JSON of the whole array would be. */
async function* jsonArray(pages: AsyncIterable<unknown[]>, write: (item: unknown) => string): AsyncGenerator<string> {
  let first = true
  yield '['
  for await (const items of pages) {
    let text = ''
    for (const item of items) {
      text += first ? write(item) : `,${write(item)}`
      first = false
    }
    if (text) yield text
  }
  yield ']'
}

export const booksRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: { books } }) => {
  app.get('/books', {
    schema: {
      tags: ['books'],
      summary: 'The catalogue, sorted (recent, published, rating, title); with `limit` a page plus X-Total-Count and Link rel="next", without it every book',
      querystring: BookListQuerySchema,
      response: { 200: BookListSchema },
    },
  }, async (req, reply) => {
    const { limit } = req.query
    if (limit !== undefined) return sendPage(req, reply, await books.list({ ...req.query, limit }))
    // Every book: 100,000 of them make 82 MB of JSON, so the array is written as the catalogue is
    // walked (a page of books at a time, as the client reads), never held whole.
    const { total, pages } = await books.listAll(req.query)
    reply.header('X-Total-Count', String(total)).type('application/json; charset=utf-8')
    const body = Readable.from(jsonArray(pages, bookJson), { objectMode: false })
    // A stream is sent as it is (no serializer); the type provider only knows the array it will spell.
    return reply.send(body as unknown as Book[])
  })

  app.get('/books/search', {
    schema: {
      tags: ['books'],
      summary: `Search by words (all required, the last a prefix, accents and one-letter typos forgiven) and filters, best match first, then rating; `
        + `at most \`limit\` (default ${SEARCH_DEFAULT_LIMIT}) books per call. X-Total-Count counts matches up to ${SEARCH_COUNT_CAP} `
        + `(a value of ${SEARCH_COUNT_CAP} means "${SEARCH_COUNT_CAP} or more") and paging reaches the best ${SEARCH_COUNT_CAP}`,
      querystring: BookSearchQuerySchema,
      response: { 200: BookListSchema },
    },
  }, async (req, reply) => sendPage(req, reply, await books.search(req.query)))

  app.get('/books/:id', {
    schema: {
      tags: ['books'],
      summary: 'One book; a signed-in viewer also gets inWishlist and inRecentlyRead',
      params: BookIdParamsSchema,
      response: { 200: BookSchema },
    },
    preHandler: app.optionalUser,
  }, async (req) => books.getForViewer(req.params.id, req.user?.id))

  app.post('/books', {
    schema: {
      tags: ['books'],
      summary: 'Add a book; the server sets ratings, counts, owners and timestamps',
      security: [{ bearer: [] }],
      body: CreateBookInputSchema,
      response: { 201: BookSchema },
    },
    // Before validation, so an anonymous caller learns nothing about the body's rules.
    preValidation: app.requireUser,
  }, async (req, reply) => reply.code(201).send(await books.create(req.user!, req.body)))
}
