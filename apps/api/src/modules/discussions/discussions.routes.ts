import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  BookIdParamsSchema,
  CreateDiscussionInputSchema,
  CreatePostInputSchema,
  DiscussionIdParamsSchema,
  DiscussionListSchema,
  DiscussionReadQuerySchema,
  DiscussionSchema,
  PostIdParamsSchema,
  PostListSchema,
  PostSchema,
  RevealOnlyQuerySchema,
  UpdatePostInputSchema,
} from '@shelfwise/contracts'
import { routeOptions } from '#/route-options.ts'
import type { DiscussionsService } from '#/modules/discussions/discussions.service.ts'
import type { Limiter } from '#/modules/discussions/discussions.limits.ts'

const WITHHELD =
  'A post that says how far into the book it is (position) and is further than the caller’s reading log (or any, signed out) answers ' +
  'text null and withheld "ahead" with its position; its author always sees it; reveal=ID (repeated or a comma list, at most 100) or reveal=all shows it anyway'

export const discussionsRoutes: FastifyPluginAsyncZod<{ discussions: DiscussionsService }> = async (app, { discussions }) => {
  const route = routeOptions(app, 'discussions')
  const limit: Limiter = (what, userId, max, windowSeconds) => app.rateLimits.countForReader(what, userId, max, windowSeconds)

  route.pagesOf(
    'viewer',
    '/books/:id/discussions',
    {
      summary: `A book’s discussions, newest activity first, each with its post count, last activity and opening post (paged with limit and cursor). ${WITHHELD}`,
      params: BookIdParamsSchema,
      querystring: DiscussionReadQuerySchema,
      response: DiscussionListSchema,
    },
    discussions.listForBook,
  )

  route.byId(
    'post',
    '/books/:id/discussions',
    {
      summary: 'Start a discussion of a book: a title and its opening post (which has the discussion’s id), optionally saying how far in it is',
      params: BookIdParamsSchema,
      body: CreateDiscussionInputSchema,
      response: DiscussionSchema,
      created: true,
      scope: 'social:write',
    },
    (actor, bookId, input) => discussions.create(actor, bookId, input, limit),
  )

  app.get(
    '/discussions/:id',
    route.viewer({
      summary: `One discussion with its opening post. ${WITHHELD}`,
      params: DiscussionIdParamsSchema,
      querystring: RevealOnlyQuerySchema,
      response: { 200: DiscussionSchema },
    }),
    async (req) => discussions.get(req.user, req.params.id, req.query.reveal),
  )

  route.pagesOf(
    'viewer',
    '/discussions/:id/posts',
    {
      summary:
        'A discussion’s posts, oldest first, each top-level post followed by its replies (one level deep); a deleted post with replies ' +
        `stays as deleted: true without text or author (paged with limit and cursor). ${WITHHELD}`,
      params: DiscussionIdParamsSchema,
      querystring: DiscussionReadQuerySchema,
      response: PostListSchema,
    },
    discussions.listPosts,
  )

  route.byId(
    'post',
    '/discussions/:id/posts',
    {
      summary: 'Post in a discussion, or reply to a post (parentId; a reply to a reply answers its top-level post), optionally saying how far in it is',
      params: DiscussionIdParamsSchema,
      body: CreatePostInputSchema,
      response: PostSchema,
      created: true,
      scope: 'social:write',
    },
    (actor, discussionId, input) => discussions.addPost(actor, discussionId, input, limit),
  )

  route.byId(
    'put',
    '/posts/:id',
    {
      summary:
        'Change your own post (marked edited); position null takes its position away, left out keeps it; title (on a discussion’s opening post only, else 400) changes the discussion’s title',
      params: PostIdParamsSchema,
      body: UpdatePostInputSchema,
      response: PostSchema,
      scope: 'social:write',
    },
    discussions.updatePost,
  )

  route.removeById(
    '/posts/:id',
    {
      summary: 'Delete your own post; one with replies (or a discussion’s opening post with others after it) stays as a tombstone',
      params: PostIdParamsSchema,
      response: z.null(),
      scope: 'social:write',
    },
    discussions.removePost,
  )
}
