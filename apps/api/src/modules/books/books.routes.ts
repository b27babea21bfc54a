import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  BookIdParamsSchema, BookListQuerySchema, BookListSchema, BookSchema, BookSearchQuerySchema, CreateBookInputSchema,
} from '@shelfwise/contracts'
import { sendPage } from '#/paging.ts'
import type { Services } from '#/services.ts'
import { SEARCH_COUNT_CAP } from '#/modules/books/books.search.repository.ts'
import { SEARCH_DEFAULT_LIMIT } from '#/modules/books/books.service.ts'

export const booksRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: { books } }) => {
  app.get('/books', {
    schema: {
      tags: ['books'],
      summary: 'The catalogue, sorted (recent, published, rating, title); with `limit` a page plus X-Total-Count and Link rel="next", without it every book',
      querystring: BookListQuerySchema,
      response: { 200: BookListSchema },
    },
  }, async (req, reply) => sendPage(req, reply, await books.list(req.query)))

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
