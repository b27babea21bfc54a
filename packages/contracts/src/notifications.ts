import { z } from 'zod'
import { IdSchema, IsoDateTimeSchema, oneOf, PagingQuerySchema } from '#/common.ts'
import { UserSummarySchema } from '#/users.ts'

// Notifications (issue 24, points 1 and 2, decisions 0052 and 0053): what others did to a reader's
// things, grouped while unread ("Ana and 12 others liked your review of Emma"), live over
// Server-Sent Events on every instance.

/** Every kind of notification; each can be turned off in the reader's settings. */
export const NOTIFICATION_TYPES = [
  'follow',
  'review_like',
  'comment_like',
  'review_comment',
  'comment_reply',
  'post_reply',
  'mention',
  'discussion_reply',
  'import_finished',
  'report_outcome',
] as const
export type NotificationType = (typeof NOTIFICATION_TYPES)[number]

/** What a notification is about, for the web to name and link it. */
export const NOTIFICATION_TARGETS = ['user', 'review', 'comment', 'post', 'discussion', 'import', 'report'] as const
export type NotificationTargetType = (typeof NOTIFICATION_TARGETS)[number]

export const NOTIFICATION_LIMITS = {
  /** Readers named on a grouped notification (the rest are counted). */
  actorsShown: 3,
  /** Live streams one reader may hold open at once (tabs, devices); one more closes the oldest. */
  streamsPerReader: 5,
  /** How long a stream ticket may wait before it is used (seconds). */
  ticketSeconds: 60,
  /** Ids one mark-as-read call may name. */
  readIdsMax: 100,
  /** Participants of a discussion told of a new post (the most recent ones). */
  discussionFanOutMax: 200,
} as const

export const NOTIFICATION_MESSAGES = {
  ticketInvalid: 'This stream ticket is unknown, used or expired: ask for a new one',
} as const

export const NotificationTargetSchema = z.object({
  type: oneOf(NOTIFICATION_TARGETS),
  id: IdSchema,
  /** The book it is about (a review's, a comment's, a discussion's), for the link and the title. */
  bookId: IdSchema.nullable(),
  /** A short name of the thing: the book's title, the discussion's title, the import's file. */
  title: z.string().nullable(),
  /** The discussion a post is in, or the review a comment is on. */
  parentId: IdSchema.nullable(),
})
export type NotificationTarget = z.infer<typeof NotificationTargetSchema>

/**
 * One notification; a group of the same kind about the same thing while unread. `actors` are the
 * most recent readers (at most NOTIFICATION_LIMITS.actorsShown), `count` how many acted in all;
 * `createdAt` is the latest activity, by which the list is ordered.
 */
export const NotificationSchema = z.object({
  _id: IdSchema,
  type: oneOf(NOTIFICATION_TYPES),
  actors: z.array(UserSummarySchema),
  count: z.int(),
  target: NotificationTargetSchema,
  createdAt: IsoDateTimeSchema,
  readAt: IsoDateTimeSchema.nullable(),
})
export type Notification = z.infer<typeof NotificationSchema>
export const NotificationListSchema = z.array(NotificationSchema)

export const NotificationsQuerySchema = PagingQuerySchema
export type NotificationsQuery = z.infer<typeof NotificationsQuerySchema>

export const MarkReadInputSchema = z
  .strictObject({
    ids: z
      .array(IdSchema, { error: 'must be a list of ids' })
      .max(NOTIFICATION_LIMITS.readIdsMax, `must name at most ${NOTIFICATION_LIMITS.readIdsMax} ids`)
      .optional(),
  })
  .nullish()
export type MarkReadInput = z.infer<typeof MarkReadInputSchema>

export const MarkReadResultSchema = z.object({ marked: z.int() })

export const StreamTicketSchema = z.object({ ticket: z.string(), expiresAt: IsoDateTimeSchema })
export type StreamTicket = z.infer<typeof StreamTicketSchema>

export const StreamQuerySchema = z.object({ ticket: z.string().max(200, 'is too long').optional() })

/** Each kind on (true) or off. */
export const NotificationSettingsSchema = z.object(
  Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, z.boolean()])) as Record<NotificationType, z.ZodBoolean>,
)
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>

/** Some kinds turned on or off; the others stay as they are. */
export const NotificationSettingsInputSchema = z.strictObject(
  Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, z.boolean({ error: 'must be true or false' }).optional()])) as Record<
    NotificationType,
    z.ZodOptional<z.ZodBoolean>
  >,
)
export type NotificationSettingsInput = z.infer<typeof NotificationSettingsInputSchema>

/** The id a stream sends with each event, and a reconnect names in Last-Event-ID: the item's createdAt. */
export const NOTIFICATION_EVENT = 'notification'

/**
 * The stream's event for notifications taken back with their cause (decision 0053, "Withdrawn"): an
 * unlike, an unfollow, a deleted, edited or hidden comment or post, a block. `ids` are gone from the
 * reader's list; `unreadCount` is the top bar's count now. Sent whether or not the stream showed them
 * (the list may have come from GET /me/notifications). No event id: a reconnect reloads the count.
 */
export const NOTIFICATION_WITHDRAWN_EVENT = 'withdrawn'
export const NotificationWithdrawnSchema = z.object({ ids: z.array(z.string()), unreadCount: z.number().int() })
export type NotificationWithdrawn = z.infer<typeof NotificationWithdrawnSchema>
