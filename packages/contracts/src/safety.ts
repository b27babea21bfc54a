import { z } from 'zod'
import { IdSchema, IsoDateTimeSchema, oneOf, PagingQuerySchema } from '#/common.ts'

// Blocks, mutes, reports and moderation (issue 24, points 4 to 6; decisions 0057 and 0058).

export const SAFETY_LIMITS = {
  /** Words (or short phrases) one reader may mute. */
  mutedWordsMax: 100,
  mutedWordMax: 60,
  reportNoteMax: 1000,
  moderationNoteMax: 1000,
  /** Readers who blocked someone before the moderators' queue flags them. */
  flaggedAfterBlocks: 5,
} as const

export const SAFETY_MESSAGES = {
  blockSelf: 'You cannot block yourself',
  muteSelf: 'You cannot mute yourself',
  reportNotFound: 'Report not found',
  reportOwn: 'You cannot report what you wrote yourself',
  /** What a thread shows in place of an item the moderators hid. */
  removedByModerators: 'removed by the moderators',
  moderatorsOnly: 'Only moderators may do this',
} as const

export const REPORT_TARGET_TYPES = ['review', 'comment', 'post', 'discussion', 'profile', 'book'] as const
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number]

export const REPORT_REASONS = ['spam', 'harassment', 'hate', 'spoiler', 'sexual', 'violence', 'impersonation', 'wrong_information', 'other'] as const
export type ReportReason = (typeof REPORT_REASONS)[number]

/** open: waiting for a moderator; hidden: the item was hidden; restored: looked at and left (or put back) visible; dismissed: nothing wrong. */
export const REPORT_STATUSES = ['open', 'hidden', 'restored', 'dismissed'] as const
export type ReportStatus = (typeof REPORT_STATUSES)[number]

export const MODERATION_ACTIONS = ['hide', 'restore', 'dismiss'] as const

const SafetyPersonSchema = z.object({ _id: IdSchema, username: z.string(), profileImage: z.string() })

/** PUT /api/users/{userId}/block and /mute answer where the caller stands with that reader. */
export const SafetyStateSchema = z.object({ blocked: z.boolean(), muted: z.boolean() })
export type SafetyState = z.infer<typeof SafetyStateSchema>

/** GET /api/me/blocks: the readers the caller blocked, newest first (paged), and the ones muted. */
export const BlockedPersonSchema = SafetyPersonSchema.extend({ blockedAt: IsoDateTimeSchema })
export type BlockedPerson = z.infer<typeof BlockedPersonSchema>
export const BlockedPersonListSchema = z.array(BlockedPersonSchema)

/** `{id}`: the router keeps one parameter name per path position, and /users/{id}/… and /books/{id}/… already use it. */
export const SafetyUserParamsSchema = z.object({ id: IdSchema })
export const SafetyBookParamsSchema = z.object({ id: IdSchema })

const MutedWordSchema = z
  .string({ error: 'must be a list of words' })
  .trim()
  .min(1, 'must not hold an empty word')
  .max(SAFETY_LIMITS.mutedWordMax, `must hold words of at most ${SAFETY_LIMITS.mutedWordMax} characters`)

/** GET|PUT /api/me/muted-words: the whole list, replaced at once (case does not matter). */
export const MutedWordsSchema = z.strictObject({
  words: z
    .array(MutedWordSchema, { error: 'must be a list of words' })
    .max(SAFETY_LIMITS.mutedWordsMax, `must hold at most ${SAFETY_LIMITS.mutedWordsMax} words`),
})
export type MutedWords = z.infer<typeof MutedWordsSchema>

/** What a reader muted besides words: readers and books (GET /api/me/mutes). */
export const MutesSchema = z.object({
  readers: z.array(SafetyPersonSchema),
  books: z.array(z.object({ _id: IdSchema, title: z.string(), author: z.string() })),
})
export type Mutes = z.infer<typeof MutesSchema>

export const ReportInputSchema = z.strictObject({
  targetType: oneOf(REPORT_TARGET_TYPES),
  targetId: IdSchema,
  reason: oneOf(REPORT_REASONS),
  note: z
    .string({ error: 'must be text' })
    .trim()
    .max(SAFETY_LIMITS.reportNoteMax, `must be at most ${SAFETY_LIMITS.reportNoteMax} characters long`)
    .optional(),
})
export type ReportInput = z.infer<typeof ReportInputSchema>

/** A report as its reporter sees it (GET /api/me/reports): the outcome and the moderators' note once decided. */
export const ReportSchema = z.object({
  _id: IdSchema,
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: IdSchema,
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  /** What the moderators said when they decided; null while open. */
  outcomeNote: z.string().nullable(),
  createdAt: IsoDateTimeSchema,
  decidedAt: IsoDateTimeSchema.nullable(),
})
export type Report = z.infer<typeof ReportSchema>
export const ReportListSchema = z.array(ReportSchema)

/** The reported item as the moderators see it: its text whole (hidden or not), its writer, and where it sits. */
export const ReportedItemSchema = z.object({
  /** Null once the item is gone (deleted by its writer). */
  exists: z.boolean(),
  hidden: z.boolean(),
  writer: SafetyPersonSchema.nullable(),
  /** The title, text or name reported, cut to 2,000 characters. */
  text: z.string().nullable(),
  /** Where it sits: the review a comment answers, the discussion a post is in, the book of a review or thread. */
  context: z.object({ bookId: IdSchema.nullable(), bookTitle: z.string().nullable(), parentText: z.string().nullable() }),
})

export const ModerationReportSchema = ReportSchema.extend({
  reporter: SafetyPersonSchema.nullable(),
  /** Open reports of the same item (this one included). */
  reportsOfItem: z.int(),
  item: ReportedItemSchema,
})
export type ModerationReport = z.infer<typeof ModerationReportSchema>
export const ModerationReportListSchema = z.array(ModerationReportSchema)

export const ModerationQuerySchema = PagingQuerySchema.extend({ status: oneOf(REPORT_STATUSES).optional() })
export type ModerationQuery = z.infer<typeof ModerationQuerySchema>

export const ModerationActionSchema = z.strictObject({
  action: oneOf(MODERATION_ACTIONS),
  note: z
    .string({ error: 'must be text' })
    .trim()
    .min(1, 'must say why, for the reporter and the other moderators')
    .max(SAFETY_LIMITS.moderationNoteMax, `must be at most ${SAFETY_LIMITS.moderationNoteMax} characters long`),
})
export type ModerationAction = z.infer<typeof ModerationActionSchema>

export const ReportIdParamsSchema = z.object({ id: IdSchema })

/** Readers many others blocked (GET /api/moderation/flagged), most blocked first. */
export const FlaggedReaderSchema = SafetyPersonSchema.extend({ blockedBy: z.int(), lastBlockedAt: IsoDateTimeSchema })
export type FlaggedReader = z.infer<typeof FlaggedReaderSchema>
export const FlaggedReaderListSchema = z.array(FlaggedReaderSchema)
