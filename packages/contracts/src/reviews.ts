import { z } from 'zod'
import { LIMITS } from '#/constants.ts'
import { IdSchema, IsoDateTimeSchema, multiLineField } from '#/common.ts'
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
export const CreateReviewInputSchema = z
  .object({
    rating: RatingSchema,
    comment: reviewText.optional(),
    content: reviewText.optional(),
  })
  .transform((v, ctx) => {
    const comment = v.comment ?? v.content
    if (comment === undefined) {
      ctx.addIssue({ code: 'custom', path: ['comment'], message: 'is required' })
      return z.NEVER
    }
    return { rating: v.rating, comment }
  })
export type CreateReviewInput = z.output<typeof CreateReviewInputSchema>

export const UpdateReviewInputSchema = z
  .object({
    rating: RatingSchema.optional(),
    comment: reviewText.optional(),
    content: reviewText.optional(),
  })
  .transform((v, ctx) => {
    const comment = v.comment ?? v.content
    if (v.rating === undefined && comment === undefined) {
      ctx.addIssue({ code: 'custom', path: ['rating'], message: 'send a rating or a comment to change' })
      return z.NEVER
    }
    return { rating: v.rating, comment }
  })
export type UpdateReviewInput = z.output<typeof UpdateReviewInputSchema>

export const ReviewSchema = z.object({
  _id: IdSchema,
  rating: z.int(),
  comment: z.string(),
  /** The reader marked the review as a spoiler (an imported Goodreads review's Spoiler, decision 0031); absent from older servers. */
  spoiler: z.boolean().optional(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
  user: z.object({ _id: IdSchema, username: z.string(), profileImage: z.string() }),
  book: z.object({ _id: IdSchema, title: z.string(), author: z.string(), coverImage: z.string() }),
})
export type Review = z.infer<typeof ReviewSchema>
export const ReviewListSchema = z.array(ReviewSchema)

export const ReviewIdParamsSchema = z.object({ id: IdSchema })

export const PopularEntrySchema = z.object({ book: BookSchema, reviewCount: z.int() })
export type PopularEntry = z.infer<typeof PopularEntrySchema>
export const PopularListSchema = z.array(PopularEntrySchema)

/** Most reviews GET /reviews/recent answers in one call. */
export const RECENT_REVIEWS_MAX = 50

/** GET /reviews/recent: how many of the newest reviews to answer (default LIMITS.recentReviews). */
export const RecentReviewsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(RECENT_REVIEWS_MAX, `must be at most ${RECENT_REVIEWS_MAX}`)
    .optional(),
})
export type RecentReviewsQuery = z.infer<typeof RecentReviewsQuerySchema>
