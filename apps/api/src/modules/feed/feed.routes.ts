import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { CREDITED_TALK_MAX, CreditedTalkListSchema, CreditedTalkQuerySchema, FeedListSchema, PagingQuerySchema, UserIdParamsSchema } from '@shelfwise/contracts'
import { sendPage } from '#/paging.ts'
import { routeOptions } from '#/route-options.ts'
import type { FeedService } from '#/modules/feed/feed.service.ts'
import { CREDITED_WORKS_MAX } from '#/modules/feed/feed.credited.ts'

// The followed feed (issue 23, point 6, decision 0050), and the talk about a reader's credited books (point 5, decision 0059).
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

  app.get(
    '/users/credited-discussion/:id',
    route.viewer({
      summary: 'What is being said about the books a reader is credited on as linked author or publisher: the newest reviews, comments and discussion posts',
      description:
        `Newest first, at most limit (default 10, at most ${CREDITED_TALK_MAX}); over the reader’s ${CREDITED_WORKS_MAX} newest credited books. ` +
        'Items the moderators hid, and those by readers the caller blocked or muted, are left out. A comment or post further into the book than the ' +
        'caller’s reading log (any, signed out) answers text null, withheld "ahead" and its position (open it to reveal it); a review marked as ' +
        'containing spoilers answers text null and spoiler true. 404 for an absent reader.',
      params: UserIdParamsSchema,
      querystring: CreditedTalkQuerySchema,
      response: { 200: CreditedTalkListSchema },
    }),
    async (req) => feed.creditedTalk(req.user, req.params.id, req.query),
  )
}
