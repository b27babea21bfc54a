import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  BookIdParamsSchema,
  BookShelfListSchema,
  BookShelvesInputSchema,
  SHELF_LIMITS,
  ShelfCreateSchema,
  ShelfIdParamsSchema,
  ShelfListSchema,
  ShelfSchema,
  ShelfUpdateSchema,
  UserIdParamsSchema,
} from '@shelfwise/contracts'
import type { BookshelvesService } from '#/modules/bookshelves/bookshelves.service.ts'
import { routeOptions } from '#/route-options.ts'

const names =
  `A name is 1 to ${SHELF_LIMITS.nameMax} characters without a comma, unique per reader in any letter case; the reading statuses’ names ` +
  '(to-read, want-to-read, currently-reading, read, paused, did-not-finish, dnf) are not shelves. ' +
  `A reader has at most ${SHELF_LIMITS.perReader} shelves, a book at most ${SHELF_LIMITS.perBook} of theirs.`

export const bookshelvesRoutes: FastifyPluginAsyncZod<{ bookshelves: BookshelvesService }> = async (app, { bookshelves }) => {
  const route = routeOptions(app, 'bookshelves')
  app.get(
    '/users/:id/shelves',
    route.viewer({
      summary: 'A reader’s own shelves by name, with how many books are on each',
      description:
        'The reader sees all of theirs; anyone else sees the public ones, each counting the books they can see there (not those on Want to Read). ' +
        'A shelf’s books: GET /api/users/{id}/library?shelf=NAME.',
      params: UserIdParamsSchema,
      response: { 200: ShelfListSchema },
    }),
    async (req) => bookshelves.list(req.params.id, req.user),
  )

  app.post(
    '/me/shelves',
    route.signedIn(
      { summary: 'Make a shelf (private unless `public` is true)', description: names, body: ShelfCreateSchema, response: { 201: ShelfSchema } },
      'reading:write',
    ),
    async (req, reply) => reply.code(201).send(await bookshelves.create(req.user!, req.body)),
  )

  route.byId(
    'put',
    '/me/shelves/:id',
    {
      summary: 'Rename one of the caller’s shelves, or make it public or private; 404 for anyone else’s',
      description: names,
      params: ShelfIdParamsSchema,
      body: ShelfUpdateSchema,
      response: ShelfSchema,
      scope: 'reading:write',
    },
    bookshelves.update,
  )

  route.removeById(
    '/me/shelves/:id',
    {
      summary: 'Delete one of the caller’s shelves; its books leave it and stay in the library. 404 for anyone else’s',
      params: ShelfIdParamsSchema,
      scope: 'reading:write',
    },
    bookshelves.remove,
  )

  route.byId(
    'get',
    '/books/:id/shelves',
    {
      summary: 'The caller’s shelves a book is on, by name, with its position on each',
      params: BookIdParamsSchema,
      response: BookShelfListSchema,
    },
    bookshelves.ofBook,
  )

  route.byId(
    'put',
    '/books/:id/shelves',
    {
      summary: 'Set the caller’s shelves of a book by name (an empty list takes it off all of them)',
      description:
        `${names} Shelves the caller lacks are made, private. The book goes after each new shelf’s last book and keeps its place on ` +
        'shelves it was already on. A book without a reading status enters the library as Want to Read. Nothing is changed when a name is refused.',
      params: BookIdParamsSchema,
      body: BookShelvesInputSchema,
      response: BookShelfListSchema,
      scope: 'reading:write',
    },
    (actor, bookId, input) => bookshelves.setForBook(actor, bookId, input.names),
  )
}
