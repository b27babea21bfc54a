import { z } from 'zod'
import { LIMITS } from '#/constants.ts'
import { BadgeSchema, IdSchema, IsoDateTimeSchema, multiLineField, PagingQuerySchema } from '#/common.ts'
import { PositionSchema, RevealQuerySchema, WithheldSchema } from '#/positions.ts'

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
  /** How far into the book it is (decision 0059): withheld from readers behind it, as a discussion post is. */
  position: PositionSchema.optional(),
})
export type CreateCommentInput = z.infer<typeof CreateCommentInputSchema>

/** PUT /comments/{id}: the new text, and the position (null takes it away; left out keeps it). */
export const UpdateCommentInputSchema = z.object({ text: commentText, position: PositionSchema.nullable().optional() })
export type UpdateCommentInput = z.infer<typeof UpdateCommentInputSchema>

/** A reader named in a comment as `@username`, for the web to link. */
export const MentionSchema = z.object({ _id: IdSchema, username: z.string() })

/**
 * A comment on a review. `parentId` is its top-level comment (null for a top-level one). A deleted
 * comment that has replies stays as a tombstone: `deleted` true, `text` and `user` null. A comment
 * further into the book than the caller is (decision 0059) has `text` null, `withheld: "ahead"`, its
 * `position`, and no mentions.
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
  /** How far into the book it is; null when not said (and on a tombstone); absent from older servers. */
  position: PositionSchema.nullable().optional(),
  /** "ahead": the text is withheld, the caller is not that far into the book yet. */
  withheld: WithheldSchema.optional(),
  /** "author" or "publisher" when the writer is linked to the review's book as such (decision 0051); absent from older servers. */
  badge: BadgeSchema.optional(),
  /** The moderators hid it (decision 0058): text null, shown as "removed by the moderators"; absent otherwise. */
  removedByModerators: z.literal(true).optional(),
})
export type Comment = z.infer<typeof CommentSchema>
export const CommentListSchema = z.array(CommentSchema)

/** GET /reviews/{id}/comments: paging plus `reveal` (an id, a comma list or `all`), as discussions. */
export const CommentReadQuerySchema = PagingQuerySchema.extend({ reveal: RevealQuerySchema.optional() })
export type CommentReadQuery = z.infer<typeof CommentReadQuerySchema>
