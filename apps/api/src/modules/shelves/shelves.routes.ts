import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  BookIdRefParamsSchema, BookListSchema, FollowedBookListSchema, PagingQuerySchema, RecentlyReadToggleSchema,
  UserIdParamsSchema, WishlistToggleSchema,
} from '@shelfwise/contracts'
import { sendPage } from '#/paging.ts'
import { sendReadyJson } from '#/ready-json.ts'
import type { Services } from '#/services.ts'

const tags = ['shelves']
const security = [{ bearer: [] }]
const paged = 'Pages with `limit` + `cursor` (X-Total-Count, Link rel="next"); without `limit`, the whole list.'

export const shelvesRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: { shelves } }) => {
  app.get('/users/wishlist', {
    schema: { tags, security, summary: 'The caller’s wishlist, most recently added first', description: paged, querystring: PagingQuerySchema, response: { 200: BookListSchema } },
    preValidation: app.requireUser,
  }, async (req, reply) => sendPage(req, reply, await shelves.wishlist(req.user!, req.query)))

  app.put('/users/addtowishlist/:bookId', {
    schema: { tags, security, summary: 'Add a book to the caller’s wishlist, or take it off', params: BookIdRefParamsSchema, response: { 200: WishlistToggleSchema } },
    preValidation: app.requireUser,
  }, async (req) => shelves.toggleWishlist(req.user!, req.params.bookId))

  app.get('/users/recently-read', {
    schema: { tags, security, summary: 'The caller’s recently-read list, most recently read first', description: paged, querystring: PagingQuerySchema, response: { 200: BookListSchema } },
    preValidation: app.requireUser,
  }, async (req, reply) => sendPage(req, reply, await shelves.recentlyRead(req.user!, req.query)))

  app.get('/users/recently-read/:id', {
    schema: { tags, summary: 'A reader’s recently-read list, most recently read first', description: paged, params: UserIdParamsSchema, querystring: PagingQuerySchema, response: { 200: BookListSchema } },
  }, async (req, reply) => sendPage(req, reply, await shelves.recentlyRead(req.params.id, req.query)))

  app.put('/users/addto-recently-read/:bookId', {
    schema: { tags, security, summary: 'Add a book to the caller’s recently-read list, or take it off', params: BookIdRefParamsSchema, response: { 200: RecentlyReadToggleSchema } },
    preValidation: app.requireUser,
  }, async (req) => shelves.toggleRecentlyRead(req.user!, req.params.bookId))

  app.get('/users/listed-books', {
    schema: { tags, security, summary: 'Books the caller listed, newest first', description: paged, querystring: PagingQuerySchema, response: { 200: BookListSchema } },
    preValidation: app.requireUser,
  }, async (req, reply) => sendPage(req, reply, await shelves.listedBooks(req.user!, req.query)))

  app.get('/users/listed-books/:id', {
    schema: { tags, summary: 'Books a reader listed, newest first', description: paged, params: UserIdParamsSchema, querystring: PagingQuerySchema, response: { 200: BookListSchema } },
  }, async (req, reply) => sendPage(req, reply, await shelves.listedBooks(req.params.id, req.query)))

  app.get('/users/created-books', {
    schema: { tags, security, summary: 'Books the caller created as author or publisher, newest first', description: paged, querystring: PagingQuerySchema, response: { 200: BookListSchema } },
    preValidation: app.requireUser,
  }, async (req, reply) => sendPage(req, reply, await shelves.createdBooks(req.user!, req.query)))

  app.get('/users/created-books/:id', {
    schema: { tags, summary: 'Books a reader created as author or publisher, newest first', description: paged, params: UserIdParamsSchema, querystring: PagingQuerySchema, response: { 200: BookListSchema } },
  }, async (req, reply) => sendPage(req, reply, await shelves.createdBooks(req.params.id, req.query)))

  app.get('/users/followed-users-books', {
    schema: {
      tags, security, summary: 'Books the people the caller follows reviewed or read in the last 30 days',
      description: 'At most 8 books, most activity first, then newest; each with its newest 10 activity items.',
      response: { 200: FollowedBookListSchema },
    },
    preValidation: app.requireUser,
  }, async (req, reply) => sendReadyJson(req, reply, await shelves.followedUsersBooksJson(req.user!)))
}
