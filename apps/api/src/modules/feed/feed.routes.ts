import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { FeedListSchema, PagingQuerySchema } from '@shelfwise/contracts'
import { sendPage } from '#/paging.ts'
import { routeOptions } from '#/route-options.ts'
import type { FeedService } from '#/modules/feed/feed.service.ts'

// The followed feed (issue 23, point 6, decision 0050).
export const feedRoutes: FastifyPluginAsyncZod<{ feed: FeedService }> = async (app, { feed }) => {
  const route = routeOptions(app, 'feed')

  app.get(
    '/me/feed',
    route.signedIn({
      summary:
        'What the readers you follow did, newest first: reads started, finished (with the rating) and stopped, reviews, comments and new discussions, each with its link target (paged with limit, default 20, and cursor; X-Total-Count counts up to 200)',
      querystring: PagingQuerySchema,
      response: { 200: FeedListSchema },
    }),
    async (req, reply) => sendPage(req, reply, await feed.feed(req.user!, req.query)),
  )
}
