import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  BookIdRefParamsSchema,
  BookReviewsQuerySchema,
  CreateReviewInputSchema,
  DeleteReviewQuerySchema,
  MyReviewQuerySchema,
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
    route.viewer({
      summary:
        'A book’s reviews (paged with limit and cursor): newest first, or with sort=liked most liked first, or with sort=following those by people you follow first; likedByMe is the caller’s',
      params: BookIdRefParamsSchema,
      querystring: BookReviewsQuerySchema,
      response: { 200: ReviewListSchema },
    }),
    async (req, reply) => sendPage(req, reply, await reviews.listForBook(req.params.bookId, req.query, req.user)),
  )

  app.get(
    '/reviews/book/:bookId/mine',
    route.signedIn({
      summary: 'Your own review of a book, or 404 when you have not reviewed it (204 No Content with none=204)',
      params: BookIdRefParamsSchema,
      querystring: MyReviewQuerySchema,
      response: { 200: ReviewSchema, 204: z.null() },
    }),
    async (req, reply) => {
      if (req.query.none !== '204') return reviews.mine(req.user!, req.params.bookId)
      return (await reviews.findMine(req.user!, req.params.bookId)) ?? reply.code(204).send(null)
    },
  )

  app.post(
    '/reviews/book/:bookId',
    route.signedIn(
      {
        summary: 'Review a book (once per reader); the text may be sent as comment or content',
        params: BookIdRefParamsSchema,
        body: CreateReviewInputSchema,
        response: { 201: ReviewSchema },
      },
      'reviews:write',
    ),
    async (req, reply) => reply.code(201).send(await reviews.create(req.user!, req.params.bookId, req.body)),
  )

  app.get(
    '/reviews/recent',
    route.viewer({
      summary: 'The newest reviews written on Shelfwise over all books, imported ones aside (8 unless limit says otherwise)',
      querystring: RecentReviewsQuerySchema,
      response: { 200: ReviewListSchema },
    }),
    async (req) => reviews.recent(req.query.limit, req.user),
  )

  app.get(
    '/reviews/popular-week',
    route.open({ summary: 'The 10 books most reviewed in the last 7 days, with their count in that window', response: { 200: PopularListSchema } }),
    async () => reviews.popularThisWeek(),
  )

  route.byId(
    'put',
    '/reviews/:id',
    { summary: 'Change your own review', params: ReviewIdParamsSchema, body: UpdateReviewInputSchema, response: ReviewSchema, scope: 'reviews:write' },
    reviews.update,
  )

  app.delete(
    '/reviews/:id',
    route.signedIn(
      {
        summary: 'Delete your own review; with keepRating=true its stars stay as your rating of the book without a review',
        params: ReviewIdParamsSchema,
        querystring: DeleteReviewQuerySchema,
        response: { 204: z.null() },
      },
      'reviews:write',
    ),
    async (req, reply) => {
      await reviews.remove(req.user!, req.params.id, req.query)
      return reply.code(204).send(null)
    },
  )

  route.pagesOf(
    'viewer',
    '/users/reviews/:id',
    {
      summary: 'A reader’s reviews, newest first, each with its book (paged with limit and cursor)',
      params: UserIdParamsSchema,
      querystring: PagingQuerySchema,
      response: ReviewListSchema,
    },
    (viewer, userId, query) => reviews.listForUser(userId, query, viewer),
  )
}
