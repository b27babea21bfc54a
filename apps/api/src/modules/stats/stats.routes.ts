import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  GoalInputSchema,
  GoalSchema,
  GoalYearParamsSchema,
  ReaderStatsSchema,
  UserIdParamsSchema,
  UserYearParamsSchema,
  YearBookListSchema,
  YearBooksQuerySchema,
  YearStatsSchema,
} from '@shelfwise/contracts'
import type { StatsService } from '#/modules/stats/stats.service.ts'
import { routeOptions } from '#/route-options.ts'
import { sendPage } from '#/paging.ts'

const shown =
  'Counts only the books the caller may see of the reader’s log (decision 0055: public, followers only, or only the reader); the goal shows where the log’s default does.'
const counting =
  'Counted from reads finished in the year (a re-read counts again; a book only added does not). A finish known only to its year counts in the year and in no month; an undated finish in no year. Ratings, genres and lengths count each book once.'

export const statsRoutes: FastifyPluginAsyncZod<{ stats: StatsService }> = async (app, { stats }) => {
  const route = routeOptions(app, 'stats')
  const { costlyRead } = app.rateLimits

  app.get(
    '/users/:id/stats',
    route.viewer({
      summary: 'Every profile count of a user (the wishlist count only for its owner), the years with finished reads, and all-time totals',
      description: shown,
      params: UserIdParamsSchema,
      response: { 200: ReaderStatsSchema },
    }),
    async (req) => stats.reader(req.user?.id, req.params.id),
  )

  app.get(
    '/users/:id/stats/:year',
    {
      ...route.viewer({
        summary: 'A reader’s year in numbers: books and pages by month, ratings, genres, longest and shortest book, and the goal',
        description: `${counting} ${shown}`,
        params: UserYearParamsSchema,
        response: { 200: YearStatsSchema },
      }),
      // Anyone may ask for anyone's year, without signing in: counted per address, as a search is.
      onRequest: costlyRead(() => 'year'),
    },
    async (req) => stats.year(req.user?.id, req.params.id, req.params.year),
  )

  app.get(
    '/users/:id/stats/:year/books',
    {
      ...route.viewer({
        summary: 'The books a reader finished in a year, each once, last finished first, with the date of that finish and their rating',
        description: shown + ' Pages with `limit` (default 50, at most 100) and `cursor` (X-Total-Count: the year’s books, Link rel="next").',
        params: UserYearParamsSchema,
        querystring: YearBooksQuerySchema,
        response: { 200: YearBookListSchema },
      }),
      onRequest: costlyRead(() => 'year'),
    },
    async (req, reply) => sendPage(req, reply, await stats.yearBooks(req.user?.id, req.params.id, req.params.year, req.query)),
  )

  app.get(
    '/users/:id/stats/:year/image.png',
    {
      ...route.viewer({
        summary: 'A reader’s year in review as a PNG image (1080×1350) to share: the figures, the months, the genres and covers',
        description: `Answers an ETag; with If-None-Match naming it, 304 without the image. ${shown}`,
        params: UserYearParamsSchema,
        produces: ['image/png'],
      }),
      onRequest: costlyRead(() => 'image'),
    },
    async (req, reply) => {
      const { png, etag, shared } = await stats.yearImage(req.user?.id, req.params.id, req.params.year)
      reply
        .header('Cache-Control', `${shared ? 'public' : 'private'}, max-age=300`)
        .header('Vary', 'Authorization')
        .header('ETag', etag)
      // A client that holds this very image is told so, without the bytes again.
      if (req.headers['if-none-match']?.split(',').some((tag) => tag.trim() === etag)) return reply.code(304).send()
      return reply.type('image/png').header('Content-Disposition', `inline; filename="shelfwise-${req.params.year}.png"`).send(png)
    },
  )

  app.put(
    '/me/goals/:year',
    route.signedIn(
      {
        summary: 'Set the caller’s reading goal for a year, in books, pages or both (null clears one; clearing both removes the goal)',
        description: 'Answers the goal with what is done and whether it keeps pace with the date.',
        params: GoalYearParamsSchema,
        body: GoalInputSchema,
        response: { 200: GoalSchema },
      },
      'reading:write',
    ),
    async (req) => stats.setGoal(req.user!, req.params.year, req.body),
  )
}
