import { z } from 'zod'
import { BadgeSchema, IdSchema, IsoDateTimeSchema, wholeNumber } from '#/common.ts'
import { PositionSchema, WithheldSchema } from '#/positions.ts'

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

// What is being said about the books a reader is credited on (issue 23, point 5, decision 0059):
// the newest reviews, comments and discussion posts on them, for their profile.

/** The most items GET /users/credited-discussion/{id} answers (a profile section, not a list to page). */
export const CREDITED_TALK_MAX = 20

export const CREDITED_TALK_TYPES = ['review', 'comment', 'post'] as const

export const CreditedTalkQuerySchema = z.object({ limit: wholeNumber(1, CREDITED_TALK_MAX).optional() })
export type CreditedTalkQuery = z.infer<typeof CreditedTalkQuerySchema>

/**
 * One review, comment or post on a book the profile's reader is credited on. `text` is null when the
 * item is withheld from the caller (`withheld: "ahead"`, with its `position`, decision 0059) or is a
 * review marked as containing spoilers (`spoiler: true`); items the moderators hid, or by readers the
 * caller blocked or muted, are left out.
 */
export const CreditedTalkItemSchema = z.object({
  /** The item's own key (its type and the id of its row). */
  _id: z.string(),
  type: z.enum(CREDITED_TALK_TYPES),
  actor: FeedActorSchema,
  /** "author" or "publisher" when its writer is the book's linked author or publisher (decision 0051). */
  badge: BadgeSchema,
  book: FeedBookSchema,
  at: IsoDateTimeSchema,
  text: z.string().nullable(),
  position: PositionSchema.nullable(),
  withheld: WithheldSchema.optional(),
  /** `review`: marked as containing spoilers (its text is not carried). */
  spoiler: z.boolean().optional(),
  /** `review`: its stars, null when none. */
  rating: z.number().nullable().optional(),
  /** `review`: the review; `comment`: the review it answers. */
  reviewId: IdSchema.optional(),
  /** `comment`: the comment. */
  commentId: IdSchema.optional(),
  /** `post`: its discussion and that discussion's title. */
  discussionId: IdSchema.optional(),
  title: z.string().optional(),
})
export type CreditedTalkItem = z.infer<typeof CreditedTalkItemSchema>
export const CreditedTalkListSchema = z.array(CreditedTalkItemSchema)
