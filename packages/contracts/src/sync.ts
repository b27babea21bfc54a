import { z } from 'zod'
import { IdSchema, IsoDateTimeSchema } from '#/common.ts'
import { groupDigits } from '#/numbers.ts'

// Progress sync (issue 25, point 3): one idempotent call from a reader's device or tool saying
// "I am here in this book". Books the server cannot place wait in the reader's sync inbox.

export const SYNC_LIMITS = { identifierMax: 64, deviceMax: 100, idempotencyKeyMax: 200 } as const

/** The book, named one way: an ISBN-10 or -13 (hyphens and spaces allowed), an ASIN, or our id (a work's or an edition's). */
export const SyncBookRefSchema = z
  .object({
    isbn: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(SYNC_LIMITS.identifierMax, `must be at most ${SYNC_LIMITS.identifierMax} characters`)
      .regex(/^[0-9Xx\s-]+$/, 'must be an ISBN-10 or ISBN-13')
      .optional(),
    asin: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{10}$/, 'must be a 10-character ASIN')
      .optional(),
    id: IdSchema.optional(),
  })
  .strict()
  .refine((b) => [b.isbn, b.asin, b.id].filter((v) => v !== undefined).length === 1, 'must name the book one way: isbn, asin or id')

const count = (max: number) =>
  z
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(max, `must be at most ${groupDigits(max)}`)

export const ProgressSyncInputSchema = z
  .object({
    book: SyncBookRefSchema,
    percent: z.number({ error: 'must be a number' }).min(0, 'must be at least 0').max(100, 'must be at most 100').optional(),
    page: count(1_000_000).optional(),
    /** The device's own page count; null or absent when it does not know one. */
    pages: count(1_000_000).min(1, 'must be at least 1').nullable().optional(),
    seconds: count(1_000_000_000).optional(),
    totalSeconds: count(1_000_000_000).min(1, 'must be at least 1').nullable().optional(),
    /** The reader finished the book. */
    finished: z.boolean({ error: 'must be true or false' }).optional(),
    /** A re-read: progress may go back, and a finished book gets a new read. */
    reread: z.boolean({ error: 'must be true or false' }).optional(),
    /** When the reader was there (defaults to now): an older report than the one kept changes nothing. */
    at: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' }).optional(),
    device: z.string().trim().max(SYNC_LIMITS.deviceMax, `must be at most ${SYNC_LIMITS.deviceMax} characters`).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const ways = [v.percent !== undefined, v.page !== undefined, v.seconds !== undefined].filter(Boolean).length
    if (ways > 1) ctx.addIssue({ code: 'custom', message: 'Send the position one way: percent, page (with pages) or seconds (with totalSeconds)' })
    if (ways === 0 && v.finished !== true)
      ctx.addIssue({ code: 'custom', message: 'Send the position as percent, page (with pages) or seconds (with totalSeconds), or finished: true' })
    if (v.pages != null && v.page !== undefined && v.page > v.pages) ctx.addIssue({ code: 'custom', path: ['page'], message: 'must not be past pages' })
    if (v.totalSeconds != null && v.seconds !== undefined && v.seconds > v.totalSeconds)
      ctx.addIssue({ code: 'custom', path: ['seconds'], message: 'must not be past totalSeconds' })
  })
export type ProgressSyncInput = z.infer<typeof ProgressSyncInputSchema>

export const SYNC_STATUSES = ['applied', 'already_current', 'needs_review'] as const

/** What the server did: `applied` (the log moved), `already_current` (it already knew as much, or more), `needs_review` (the book waits in the inbox). */
export const ProgressSyncResultSchema = z.object({
  status: z.enum(SYNC_STATUSES),
  bookId: IdSchema.nullable(),
  readId: IdSchema.nullable(),
  /** The inbox item when the book waits there. */
  inboxId: IdSchema.nullable(),
})
export type ProgressSyncResult = z.infer<typeof ProgressSyncResultSchema>

/** The sync's own header; every other header passes as it came. */
export const IdempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(SYNC_LIMITS.idempotencyKeyMax, `must be at most ${SYNC_LIMITS.idempotencyKeyMax} characters`)
    .regex(/^[\x21-\x7e]+$/, 'must be visible ASCII characters')
    .optional(),
})

export const SYNC_IDENTIFIER_KINDS = ['isbn', 'asin', 'kosync'] as const

/** A book a device named that the server could not place, with the last position it sent. */
export const SyncInboxItemSchema = z.object({
  _id: IdSchema,
  kind: z.enum(SYNC_IDENTIFIER_KINDS),
  identifier: z.string(),
  device: z.string().nullable(),
  /** The last position sent, as percent when it could be worked out; null for a finish alone. */
  percent: z.number().nullable(),
  finished: z.boolean(),
  firstSeenAt: IsoDateTimeSchema,
  lastSeenAt: IsoDateTimeSchema,
})
export type SyncInboxItem = z.infer<typeof SyncInboxItemSchema>
export const SyncInboxListSchema = z.array(SyncInboxItemSchema)

export const SyncInboxBindInputSchema = z.object({ bookId: IdSchema }).strict()
export const SyncInboxIdParamsSchema = z.object({ id: IdSchema })

/** How a reader's devices may move their log (issue 25, point 3): `finishAtEnd` finishes a read when a device reports its end (100 %, the last page, the last second). Off unless the reader turns it on. */
export const SyncSettingsSchema = z.object({ finishAtEnd: z.boolean() })
export type SyncSettings = z.infer<typeof SyncSettingsSchema>
export const SyncSettingsInputSchema = z.object({ finishAtEnd: z.boolean({ error: 'must be true or false' }) }).strict()
