import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  BookIdRefParamsSchema,
  CreateReviewInputSchema,
  PagingQuerySchema,
  PopularListSchema,
  RecentReviewsQuerySchema,
  ReviewIdParamsSchema,
  ReviewListSchema,
  ReviewSchema,
  UpdateReviewInputSchema,
  UserIdParamsSchema,
} from '@shelfwise/contracts'
import { sendPage } from '#/paging.ts'
import { routeOptions } from '#/route-options.ts'
import type { ReviewsService } from '#/modules/reviews/reviews.service.ts'

export const reviewsRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService }> = async (app, { reviews }) => {
  const route = routeOptions(app, 'reviews')

  app.get(
    '/reviews/book/:bookId',
    route.open({
      summary: 'A book’s reviews, newest first (paged with limit and cursor)',
      params: BookIdRefParamsSchema,
      querystring: PagingQuerySchema,
      response: { 200: ReviewListSchema },
    }),
    async (req, reply) => sendPage(req, reply, await reviews.listForBook(req.params.bookId, req.query)),
  )

  app.get(
    '/reviews/book/:bookId/mine',
    route.signedIn({
      summary: 'Your own review of a book, or 404 when you have not reviewed it',
      params: BookIdRefParamsSchema,
      response: { 200: ReviewSchema },
    }),
    async (req) => reviews.mine(req.user!, req.params.bookId),
  )

  app.post(
    '/reviews/book/:bookId',
    route.signedIn({
      summary: 'Review a book (once per reader); the text may be sent as comment or content',
      params: BookIdRefParamsSchema,
      body: CreateReviewInputSchema,
      response: { 201: ReviewSchema },
    }),
    async (req, reply) => reply.code(201).send(await reviews.create(req.user!, req.params.bookId, req.body)),
  )

  app.get(
    '/reviews/recent',
    route.open({
      summary: 'The newest reviews over all books (8 unless limit says otherwise)',
      querystring: RecentReviewsQuerySchema,
      response: { 200: ReviewListSchema },
    }),
    async (req) => reviews.recent(req.query.limit),
  )

  app.get(
    '/reviews/popular-week',
    route.open({ summary: 'The 10 books most reviewed in the last 7 days, with their count in that window', response: { 200: PopularListSchema } }),
    async () => reviews.popularThisWeek(),
  )

  app.put(
    '/reviews/:id',
    route.signedIn({ summary: 'Change your own review', params: ReviewIdParamsSchema, body: UpdateReviewInputSchema, response: { 200: ReviewSchema } }),
    async (req) => reviews.update(req.user!, req.params.id, req.body),
  )

  app.delete(
    '/reviews/:id',
    route.signedIn({ summary: 'Delete your own review', params: ReviewIdParamsSchema, response: { 204: z.null() } }),
    async (req, reply) => {
      await reviews.remove(req.user!, req.params.id)
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/users/reviews/:id',
    route.open({
      summary: 'A reader’s reviews, newest first, each with its book (paged with limit and cursor)',
      params: UserIdParamsSchema,
      querystring: PagingQuerySchema,
      response: { 200: ReviewListSchema },
    }),
    async (req, reply) => sendPage(req, reply, await reviews.listForUser(req.params.id, req.query)),
  )
}
