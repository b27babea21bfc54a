import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  BookIdRefParamsSchema,
  BookListSchema,
  FollowedBookListSchema,
  PagingQuerySchema,
  RecentlyReadToggleSchema,
  UserIdParamsSchema,
  WishlistToggleSchema,
} from '@shelfwise/contracts'
import { sendPage } from '#/paging.ts'
import { sendShared } from '#/ready-json.ts'
import type { ShelvesService } from '#/modules/shelves/shelves.service.ts'
import { routeOptions } from '#/route-options.ts'

const paged = 'Pages with `limit` + `cursor` (X-Total-Count, Link rel="next"); without `limit`, the whole list.'

export const shelvesRoutes: FastifyPluginAsyncZod<{ shelves: ShelvesService }> = async (app, { shelves }) => {
  const route = routeOptions(app, 'shelves')
  // The caller's own two shelves (the wishlist is private: only the caller's exists).
  for (const { shelf, summary } of [
    { shelf: 'wishlist', summary: 'The caller’s wishlist, most recently added first' },
    { shelf: 'recently-read', summary: 'The caller’s recently-read list, most recently read first' },
  ] as const) {
    app.get(
      `/users/${shelf}`,
      route.signedIn({ summary, description: paged, querystring: PagingQuerySchema, response: { 200: BookListSchema } }),
      async (req, reply) => sendPage(req, reply, await (shelf === 'wishlist' ? shelves.wishlist : shelves.recentlyRead)(req.user!, req.query)),
    )
  }

  // A book put on either shelf, or taken off; the answer is the shelf as the change left it.
  for (const { shelf, path, summary, response } of [
    { shelf: 'wishlist', path: 'addtowishlist', summary: 'Add a book to the caller’s wishlist, or take it off', response: WishlistToggleSchema },
    {
      shelf: 'recently-read',
      path: 'addto-recently-read',
      summary: 'Add a book to the caller’s recently-read list, or take it off',
      response: RecentlyReadToggleSchema,
    },
  ] as const) {
    app.put(`/users/${path}/:bookId`, route.signedIn({ summary, params: BookIdRefParamsSchema, response: { 200: response } }, 'reading:write'), async (req) =>
      (shelf === 'wishlist' ? shelves.toggleWishlist : shelves.toggleRecentlyRead)(req.user!, req.params.bookId),
    )
  }

  app.get(
    '/users/recently-read/:id',
    route.viewer({
      summary: 'A reader’s recently-read list, most recently read first',
      description: `${paged} Only the books the caller may see of the reader’s log (decision 0055).`,
      params: UserIdParamsSchema,
      querystring: PagingQuerySchema,
      response: { 200: BookListSchema },
    }),
    async (req, reply) => sendPage(req, reply, await shelves.recentlyRead(req.params.id, req.query, req.user?.id)),
  )

  // The books a reader put in the catalogue or is credited on: the caller's own and anyone's by id.
  const ownedLists = [
    { path: 'listed-books', ownership: 'listed', what: 'listed', order: 'newest first' },
    { path: 'created-books', ownership: 'created', what: 'created as author or publisher', order: 'newest first' },
    { path: 'credited-books', ownership: 'credited', what: 'are credited on as linked author or publisher, whoever added them', order: 'newest first' },
  ] as const
  for (const { path, ownership, what, order } of ownedLists) {
    app.get(
      `/users/${path}`,
      route.signedIn({ summary: `Books the caller ${what}, ${order}`, description: paged, querystring: PagingQuerySchema, response: { 200: BookListSchema } }),
      async (req, reply) => sendPage(req, reply, await shelves.ownedBooks(ownership, req.user!, req.query)),
    )

    route.pagesOf(
      'open',
      `/users/${path}/:id`,
      { summary: `Books a reader ${what}, ${order}`, description: paged, params: UserIdParamsSchema, querystring: PagingQuerySchema, response: BookListSchema },
      (_viewer, userId, query) => shelves.ownedBooks(ownership, userId, query),
    )
  }

  app.get(
    '/users/followed-users-books',
    route.signedIn({
      summary: 'Books the people the caller follows reviewed or read in the last 30 days',
      description: 'At most 8 books, most activity first, then newest; each with its newest 10 activity items.',
      response: { 200: FollowedBookListSchema },
    }),
    async (req, reply) => sendShared(req, reply, await shelves.followedUsersBooks(req.user!)),
  )
}
