import { Readable } from 'node:stream'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  BookDuplicateListSchema,
  BookDuplicatesQuerySchema,
  BookEditListSchema,
  BookFacetsSchema,
  BookHistoryQuerySchema,
  BookIdParamsSchema,
  BookListQuerySchema,
  BookListSchema,
  BookSchema,
  BookSearchQuerySchema,
  BOOK_HISTORY_DEFAULT_LIMIT,
  CreateBookInputSchema,
  CreateEditionInputSchema,
  DUPLICATES_MAX,
  EDITIONS_DEFAULT_LIMIT,
  EditionListQuerySchema,
  EditionListSchema,
  EditionSchema,
  IMPORTED_BOOKS_DEFAULT_LIMIT,
  ImportedBookListSchema,
  ImportedBooksQuerySchema,
  type Book,
} from '@shelfwise/contracts'
import { BOOKS_BY_NAME_DEFAULT_LIMIT, BookNameParamsSchema, BooksByNameQuerySchema } from '@shelfwise/contracts'
import { sendPage } from '#/paging.ts'
import { compileSerializer } from '#/serializer.ts'
import type { BooksService } from '#/modules/books/books.service.ts'
import { SEARCH_COUNT_CAP } from '#/modules/books/books.search-query.ts'
import { SEARCH_DEFAULT_LIMIT } from '#/modules/books/books.service.ts'
import { routeOptions } from '#/route-options.ts'

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

/** A list call without `limit` answers every row: a whole list. */
const asksWholeList = (req: FastifyRequest) => (req.query as Record<string, unknown> | undefined)?.limit === undefined

export interface BooksRoutesOptions {
  books: BooksService
  /** How many discussions a work has (its own id, not an edition's), for GET /books/{id} (the discussions module's count; issue 23). */
  discussionCount?: (bookId: string) => Promise<number>
  /** The note the moderators hid a book with, when the viewer is a moderator (the safety module's; decision 0058). */
  moderatorsNote?: (viewerId: string, bookId: string) => Promise<string | undefined>
}

export const booksRoutes: FastifyPluginAsyncZod<BooksRoutesOptions> = async (app, { books, discussionCount, moderatorsNote }) => {
  const route = routeOptions(app, 'books')
  const { costlyRead } = app.rateLimits
  app.get(
    '/books',
    {
      ...route.open({
        summary: 'The catalogue, sorted (recent, published, rating, title); with `limit` a page plus X-Total-Count and Link rel="next", without it every book',
        querystring: BookListQuerySchema,
        response: { 200: BookListSchema },
      }),
      onRequest: costlyRead((req) => (asksWholeList(req) ? 'list' : undefined)),
    },
    async (req, reply) => {
      const { limit } = req.query
      if (limit !== undefined) return sendPage(req, reply, await books.list({ ...req.query, limit }))
      // Every book: 100,000 of them make 82 MB of JSON, so the array is written as the catalogue is
      // walked (a page of books at a time, as the client reads), never held whole.
      const { total, pages } = await books.listAll(req.query)
      reply.header('X-Total-Count', String(total)).type('application/json; charset=utf-8')
      const body = Readable.from(jsonArray(pages, bookJson), { objectMode: false })
      // A stream is sent as it is (no serializer); the type provider only knows the array it will spell.
      return reply.send(body as unknown as Book[])
    },
  )

  app.get(
    '/books/search',
    {
      ...route.open({
        summary:
          `Search by words (all required, the last a prefix, accents and one-letter typos forgiven) and filters, in one of four orders ` +
          `(sort: relevance, rating, published, popular). With \`limit\` a page plus Link rel="next": the best ${SEARCH_COUNT_CAP} matches ranked ` +
          `by the order, then every other match in popularity order; without it every match. X-Total-Count is the exact number of matches`,
        querystring: BookSearchQuerySchema,
        response: { 200: BookListSchema },
      }),
      onRequest: costlyRead((req) => (asksWholeList(req) ? 'list' : 'search')),
    },
    async (req, reply) => {
      const { limit, cursor } = req.query
      // A cursor without a limit goes on a page at a time, as the list that gave it out.
      if (limit !== undefined || cursor !== undefined) return sendPage(req, reply, await books.search({ ...req.query, limit: limit ?? SEARCH_DEFAULT_LIMIT }))
      // Every match, written as the matches are walked (as GET /books without limit), never held whole.
      const { total, pages } = await books.searchAll(req.query)
      reply.header('X-Total-Count', String(total)).type('application/json; charset=utf-8')
      return reply.send(Readable.from(jsonArray(pages, bookJson), { objectMode: false }) as unknown as Book[])
    },
  )

  app.get(
    '/books/facets',
    route.open({
      summary: "What Browse's filters offer: the oldest and newest publication years, and the categories books carry",
      response: { 200: BookFacetsSchema },
    }),
    async () => books.facets(),
  )

  // Author and publisher pages: every book carrying the name, so a name without an account still leads somewhere.
  for (const field of ['author', 'publisher'] as const) {
    app.get(
      `/books/by-${field}/:name`,
      route.open({
        summary:
          `The books whose ${field} is this name (any letter case, accents ignored), by title; at most \`limit\` ` +
          `(default ${BOOKS_BY_NAME_DEFAULT_LIMIT}) per call, with X-Total-Count and Link rel="next". An unknown name is an empty list`,
        params: BookNameParamsSchema,
        querystring: BooksByNameQuerySchema,
        response: { 200: BookListSchema },
      }),
      async (req, reply) => sendPage(req, reply, await books.listByName(field, req.params.name, req.query)),
    )
  }

  app.get(
    '/books/duplicates',
    route.open({
      summary:
        `Books a new one may repeat, before it is added: the same ISBN, or the same title and author (letter case, accents and ` +
        `punctuation aside); at most ${DUPLICATES_MAX}, the ISBN match first, each with its reasons. Send isbn, or title and author, or all three`,
      querystring: BookDuplicatesQuerySchema,
      response: { 200: BookDuplicateListSchema },
    }),
    async (req) => books.duplicates(req.query),
  )

  app.get(
    '/books/:id',
    route.viewer({
      summary:
        'One book; a signed-in viewer also gets inWishlist and inRecentlyRead. The id may be a work’s or one of its editions’: the answer is ' +
        'always the work (its _id = workId, ratings, reviews, genres) showing the edition asked for (editionId; its isbn, pageCount, publisher, ' +
        'publishedDate, language, edition, coverImage, format, audioSeconds), with editionCount. Every call taking a book id takes an edition’s too',
      params: BookIdParamsSchema,
      response: { 200: BookSchema },
    }),
    async (req) => {
      const book = await books.getForViewer(req.params.id, req.user?.id)
      // A hidden book's page opens marked (removedByModerators); a moderator also reads why.
      const note = book.removedByModerators && req.user && moderatorsNote ? await moderatorsNote(req.user.id, book._id) : undefined
      const withNote = note === undefined ? book : { ...book, moderatorsNote: note }
      return discussionCount ? { ...withNote, discussionCount: await discussionCount(book._id) } : withNote
    },
  )

  app.post(
    '/books',
    route.signedIn({
      summary: 'Add a book; the server sets ratings, counts, owners and timestamps',
      body: CreateBookInputSchema,
      response: { 201: BookSchema },
    }),
    async (req, reply) => reply.code(201).send(await books.create(req.user!, req.body)),
  )

  route.byId(
    'put',
    '/books/:id',
    {
      summary:
        'Correct a book, by the reader who added it (404 for anyone else): the whole add form again, under the same rules. ' +
        'Once other readers reviewed, rated or shelved it, its title, author and ISBN take only small corrections (409 otherwise)',
      params: BookIdParamsSchema,
      // The add form's schema: a correction follows exactly the rules of adding.
      body: CreateBookInputSchema,
      response: BookSchema,
    },
    books.update,
  )

  route.pagesOf(
    'open',
    '/books/:id/editions',
    {
      summary:
        `A work's editions (the id a work's or an edition's), its shown edition first (primary: true, the work's id), then the others ` +
        `in the order they were added. At most \`limit\` (default ${EDITIONS_DEFAULT_LIMIT}) per call, with X-Total-Count (editionCount) and Link rel="next"`,
      params: BookIdParamsSchema,
      querystring: EditionListQuerySchema,
      response: EditionListSchema,
    },
    (_viewer, bookId, query) => books.editions(bookId, query),
  )

  route.byId(
    'post',
    '/books/:id/editions',
    {
      summary:
        'Add an edition of a work (the id a work’s or an edition’s). An ISBN is required unless the format is ebook or audiobook, and is ' +
        'kept as its ISBN-13; 409 naming the work when a book or edition already holds it (either form); GET /books/duplicates?isbn= finds it',
      params: BookIdParamsSchema,
      body: CreateEditionInputSchema,
      response: EditionSchema,
      created: true,
    },
    books.addEdition,
  )

  route.pagesOf(
    'open',
    '/books/:id/history',
    {
      summary:
        `A book's history, newest first: one entry per changed field of each edit (who, when, the value before and after). ` +
        `At most \`limit\` (default ${BOOK_HISTORY_DEFAULT_LIMIT}) per call, with X-Total-Count and Link rel="next"`,
      params: BookIdParamsSchema,
      querystring: BookHistoryQuerySchema,
      response: BookEditListSchema,
    },
    (_viewer, bookId, query) => books.history(bookId, query),
  )

  app.get(
    '/me/imported-books',
    route.signedIn({
      summary:
        `Books your imports added, newest first, each with how many other readers rely on it (while none do, you may correct or delete it). ` +
        `At most \`limit\` (default ${IMPORTED_BOOKS_DEFAULT_LIMIT}) per call, with X-Total-Count and Link rel="next"`,
      querystring: ImportedBooksQuerySchema,
      response: { 200: ImportedBookListSchema },
    }),
    async (req, reply) => sendPage(req, reply, await books.importedBy(req.user!.id, req.query)),
  )

  route.removeById(
    '/books/:id',
    {
      summary: 'Delete a book, by the reader who added it (404 for anyone else); 409 with the reason when other readers reviewed or shelved it',
      params: BookIdParamsSchema,
      response: z.null().describe('Deleted'),
    },
    books.remove,
  )

  route.byId(
    'delete',
    '/books/:id/credit',
    {
      summary: "Remove the caller's credit as the book's linked author or publisher (the printed names stay); 404 when the caller is not credited",
      params: BookIdParamsSchema,
      response: BookSchema,
    },
    books.removeCredit,
  )
}
