import { z } from 'zod'
import { LIMITS } from '#/constants.ts'
import { BadgeSchema, IdSchema, IsoDateTimeSchema, multiLineField, PagingQuerySchema } from '#/common.ts'

// Likes and comments on reviews (issue 23, decisions 0041 and 0042).

/** What a like or an unlike answers: the count now, and whether the caller likes it. */
export const LikeStateSchema = z.object({ likes: z.int(), likedByMe: z.boolean() })
export type LikeState = z.infer<typeof LikeStateSchema>

/** A reader who liked a review. */
export const LikerSchema = z.object({ _id: IdSchema, name: z.string(), username: z.string(), profileImage: z.string() })
export type Liker = z.infer<typeof LikerSchema>
export const LikerListSchema = z.array(LikerSchema)

export const REVIEW_SORTS = ['newest', 'liked', 'following'] as const
export type ReviewSort = (typeof REVIEW_SORTS)[number]

/**
 * GET /reviews/book/{bookId}: `sort=newest` (the default), `liked` (most liked first) or `following`
 * (reviews by people the caller follows first; newest for a signed-out caller).
 */
export const BookReviewsQuerySchema = PagingQuerySchema.extend({
  sort: z.enum(REVIEW_SORTS, { error: "must be 'newest', 'liked' or 'following'" }).optional(),
})
export type BookReviewsQuery = z.infer<typeof BookReviewsQuerySchema>

export const CommentIdParamsSchema = z.object({ id: IdSchema })

const commentText = multiLineField(LIMITS.commentMax, `must be at most ${LIMITS.commentMax} characters`, { error: 'must be text' })
  .min(1, 'cannot be empty')
  .max(LIMITS.commentMax, `must be at most ${LIMITS.commentMax} characters`)

export const CreateCommentInputSchema = z.object({
  text: commentText,
  /** The comment answered; a reply to a reply joins its top-level comment's thread. */
  parentId: IdSchema.optional(),
})
export type CreateCommentInput = z.infer<typeof CreateCommentInputSchema>

export const UpdateCommentInputSchema = z.object({ text: commentText })
export type UpdateCommentInput = z.infer<typeof UpdateCommentInputSchema>

/** A reader named in a comment as `@username`, for the web to link. */
export const MentionSchema = z.object({ _id: IdSchema, username: z.string() })

/**
 * A comment on a review. `parentId` is its top-level comment (null for a top-level one). A deleted
 * comment that has replies stays as a tombstone: `deleted` true, `text` and `user` null.
 */
export const CommentSchema = z.object({
  _id: IdSchema,
  reviewId: IdSchema,
  parentId: IdSchema.nullable(),
  user: z.object({ _id: IdSchema, name: z.string(), username: z.string(), profileImage: z.string() }).nullable(),
  text: z.string().nullable(),
  createdAt: IsoDateTimeSchema,
  editedAt: IsoDateTimeSchema.nullable(),
  deleted: z.boolean(),
  likes: z.int(),
  likedByMe: z.boolean(),
  mentions: z.array(MentionSchema),
  /** "author" or "publisher" when the writer is linked to the review's book as such (decision 0051); absent from older servers. */
  badge: BadgeSchema.optional(),
  /** The moderators hid it (decision 0058): text null, shown as "removed by the moderators"; absent otherwise. */
  removedByModerators: z.literal(true).optional(),
})
export type Comment = z.infer<typeof CommentSchema>
export const CommentListSchema = z.array(CommentSchema)
