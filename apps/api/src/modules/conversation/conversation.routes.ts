import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CommentIdParamsSchema,
  CommentListSchema,
  CommentReadQuerySchema,
  CommentSchema,
  CreateCommentInputSchema,
  LikerListSchema,
  LikeStateSchema,
  PagingQuerySchema,
  ReviewIdParamsSchema,
  UpdateCommentInputSchema,
} from '@shelfwise/contracts'
import { routeOptions } from '#/route-options.ts'
import type { ConversationService } from '#/modules/conversation/conversation.service.ts'

// Likes and comments on reviews (issue 23, decisions 0041, 0042 and 0059).

const WITHHELD =
  'A comment that says how far into the book it is (position) and is further than the caller’s reading log (or any, signed out) answers ' +
  'text null, withheld "ahead", its position and no mentions; its writer always sees it; reveal=ID (repeated or a comma list, at most 100) or reveal=all shows it anyway'
export const conversationRoutes: FastifyPluginAsyncZod<{ conversation: ConversationService }> = async (app, { conversation }) => {
  const route = routeOptions(app, 'conversation')
  const isNew = conversation.isNewAccount
  const likeLimit = app.rateLimits.perReader('likes', isNew)
  const commentLimit = app.rateLimits.perReader('comments', isNew)

  const likeOf = (params: z.ZodType<{ id: string }>) => ({ params, response: LikeStateSchema, scope: 'social:write', preHandler: likeLimit }) as const
  route.toggle(
    '/reviews/:id/like',
    likeOf(ReviewIdParamsSchema),
    { summary: 'Like a review (once per reader; asking again changes nothing)', run: conversation.likeReview },
    { summary: 'Take back your like of a review (fine when there is none)', run: conversation.unlikeReview },
  )

  route.pagesOf(
    'open',
    '/reviews/:id/likes',
    {
      summary: 'Who liked a review, newest like first (paged with limit and cursor)',
      params: ReviewIdParamsSchema,
      querystring: PagingQuerySchema,
      response: LikerListSchema,
    },
    (_viewer, reviewId, query) => conversation.likers(reviewId, query),
  )

  route.pagesOf(
    'viewer',
    '/reviews/:id/comments',
    {
      summary:
        'A review’s comments: each top-level comment, oldest first, followed by its replies (paged with limit and cursor); a deleted comment with replies is a tombstone. ' +
        WITHHELD,
      params: ReviewIdParamsSchema,
      querystring: CommentReadQuerySchema,
      response: CommentListSchema,
    },
    (viewer, reviewId, query) => conversation.comments(reviewId, query, viewer),
  )

  route.byId(
    'post',
    '/reviews/:id/comments',
    {
      summary:
        'Comment on a review, or reply to one of its comments with parentId (a reply to a reply joins the top-level comment), optionally saying how far into the book it is (position)',
      params: ReviewIdParamsSchema,
      body: CreateCommentInputSchema,
      response: CommentSchema,
      created: true,
      scope: 'social:write',
      preHandler: commentLimit,
    },
    conversation.comment,
  )

  route.byId(
    'put',
    '/comments/:id',
    {
      summary: 'Change your own comment (marked edited); position null takes its position away, left out keeps it',
      params: CommentIdParamsSchema,
      body: UpdateCommentInputSchema,
      response: CommentSchema,
      scope: 'social:write',
      preHandler: commentLimit,
    },
    conversation.edit,
  )

  route.removeById(
    '/comments/:id',
    {
      summary: 'Delete your own comment, or any comment on your review; one with replies stays as a tombstone',
      params: CommentIdParamsSchema,
      response: z.null(),
      scope: 'social:write',
    },
    conversation.remove,
  )

  route.toggle(
    '/comments/:id/like',
    likeOf(CommentIdParamsSchema),
    { summary: 'Like a comment (once per reader)', run: conversation.likeComment },
    { summary: 'Take back your like of a comment', run: conversation.unlikeComment },
  )
}
