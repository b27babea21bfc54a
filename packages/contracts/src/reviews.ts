import { z } from 'zod'
import { LIMITS } from '#/constants.ts'
import { BadgeSchema, IdSchema, IsoDateTimeSchema, multiLineField, QueryFlagSchema, wholeNumber } from '#/common.ts'
import { BookSchema } from '#/books.ts'

export const RatingSchema = z
  .number({ error: 'must be a number' })
  .int('must be a whole number of stars from 1 to 5')
  .min(1, 'must be at least 1')
  .max(LIMITS.ratingMax, `must be at most ${LIMITS.ratingMax}`)

const reviewText = multiLineField(LIMITS.reviewMax, `must be at most ${LIMITS.reviewMax} characters`, { error: 'must be text' })
  .min(1, 'cannot be empty')
  .max(LIMITS.reviewMax, `must be at most ${LIMITS.reviewMax} characters`)

/** The spec's client sends the text as `comment` or as `content`; both are read. */
/**
 * GET /reviews/book/:bookId/mine: `none=204` asks for 204 No Content, instead of the 404 a client
 * without it gets, when the reader has not reviewed the book (the web app: no error in the console).
 */
export const MyReviewQuerySchema = z.object({ none: z.enum(['404', '204'], { error: "must be '404' or '204'" }).optional() })

export const CreateReviewInputSchema = z
  .object({
    rating: RatingSchema,
    comment: reviewText.optional(),
    content: reviewText.optional(),
    /** The review contains spoilers: the web hides its text until asked. */
    spoiler: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .transform((v, ctx) => {
    const comment = v.comment ?? v.content
    if (comment === undefined) {
      ctx.addIssue({ code: 'custom', path: ['comment'], message: 'is required' })
      return z.NEVER
    }
    const out: { rating: number; comment: string; spoiler?: boolean } = { rating: v.rating, comment }
    if (v.spoiler !== undefined) out.spoiler = v.spoiler
    return out
  })
export type CreateReviewInput = z.output<typeof CreateReviewInputSchema>

export const UpdateReviewInputSchema = z
  .object({
    rating: RatingSchema.optional(),
    comment: reviewText.optional(),
    content: reviewText.optional(),
    spoiler: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .transform((v, ctx) => {
    const comment = v.comment ?? v.content
    if (v.rating === undefined && comment === undefined && v.spoiler === undefined) {
      ctx.addIssue({ code: 'custom', path: ['rating'], message: 'send a rating, a comment or spoiler to change' })
      return z.NEVER
    }
    return { rating: v.rating, comment, spoiler: v.spoiler }
  })
export type UpdateReviewInput = z.output<typeof UpdateReviewInputSchema>

export const ReviewSchema = z.object({
  _id: IdSchema,
  rating: z.int(),
  comment: z.string(),
  /** The reader marked the review as a spoiler (an imported Goodreads review's Spoiler, decision 0031); absent from older servers. */
  spoiler: z.boolean().optional(),
  /** How many readers like it, whether the caller does, and how many comments it has (decision 0041); absent from older servers. */
  likes: z.int().optional(),
  likedByMe: z.boolean().optional(),
  commentCount: z.int().optional(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
  user: z.object({ _id: IdSchema, username: z.string(), profileImage: z.string() }),
  book: z.object({ _id: IdSchema, title: z.string(), author: z.string(), coverImage: z.string() }),
  /** "author" or "publisher" when the writer is linked to the book as such (decision 0051); absent from older servers. */
  badge: BadgeSchema.optional(),
  /** The moderators hid it (decision 0058): its text is empty and it shows "removed by the moderators"; absent otherwise. */
  removedByModerators: z.literal(true).optional(),
})
export type Review = z.infer<typeof ReviewSchema>
export const ReviewListSchema = z.array(ReviewSchema)

export const ReviewIdParamsSchema = z.object({ id: IdSchema })

/**
 * DELETE /reviews/{id}. `keepRating=true`: the review's stars stay as the reader's rating given
 * without a review (decision 0036); left out or `false`, the review goes with its rating.
 */
export const DeleteReviewQuerySchema = z.object({ keepRating: QueryFlagSchema.optional() })
export type DeleteReviewQuery = z.infer<typeof DeleteReviewQuerySchema>

export const PopularEntrySchema = z.object({ book: BookSchema, reviewCount: z.int() })
export type PopularEntry = z.infer<typeof PopularEntrySchema>
export const PopularListSchema = z.array(PopularEntrySchema)

/** Most reviews GET /reviews/recent answers in one call. */
export const RECENT_REVIEWS_MAX = 50

/** GET /reviews/recent: how many of the newest reviews to answer (default LIMITS.recentReviews). */
export const RecentReviewsQuerySchema = z.object({
  limit: wholeNumber(1, RECENT_REVIEWS_MAX).optional(),
})
export type RecentReviewsQuery = z.infer<typeof RecentReviewsQuerySchema>
