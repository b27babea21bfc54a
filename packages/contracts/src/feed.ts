import { z } from 'zod'
import { IdSchema, IsoDateTimeSchema } from '#/common.ts'

// The followed feed (issue 23, point 6, decision 0050): what the readers the caller follows did,
// newest first. An item says what happened and where, never the text of a comment or a post (one
// may be withheld from the caller as a spoiler): the link target is enough to open it.

export const FEED_ITEM_TYPES = ['started', 'finished', 'dnf', 'review', 'comment', 'discussion'] as const
export type FeedItemType = (typeof FEED_ITEM_TYPES)[number]

/** The most X-Total-Count of the feed counts; past it the header says this many (decision 0050). */
export const FEED_COUNT_CAP = 200

const FeedActorSchema = z.object({ _id: IdSchema, name: z.string(), username: z.string(), profileImage: z.string() })
const FeedBookSchema = z.object({ _id: IdSchema, title: z.string(), author: z.string(), coverImage: z.string() })

export const FeedItemSchema = z.object({
  /** The item's own key (its type and the id of the row it comes from), unique in the feed. */
  _id: z.string(),
  type: z.enum(FEED_ITEM_TYPES),
  actor: FeedActorSchema,
  /** The book it is about; null only if it is no longer there. */
  book: FeedBookSchema.nullable(),
  at: IsoDateTimeSchema,
  /** `finished` and `review`: the stars given, null when none. */
  rating: z.number().nullable().optional(),
  /** `review`: the review; `comment`: the review it answers. */
  reviewId: IdSchema.optional(),
  /** `comment`: the comment (its text is not carried). */
  commentId: IdSchema.optional(),
  /** `discussion`: the new thread and its title (the opening post's text is not carried). */
  discussionId: IdSchema.optional(),
  title: z.string().optional(),
})
export type FeedItem = z.infer<typeof FeedItemSchema>
export const FeedListSchema = z.array(FeedItemSchema)
