import { z } from 'zod'
import { IdSchema, IsoDateTimeSchema, PagingQuerySchema } from '#/common.ts'
import { BOOK_FORMATS, BookSchema } from '#/books.ts'
import { LIMITS, READING_STATUSES, type ReadingStatus } from '#/constants.ts'
import { ShelfFilterSchema } from '#/bookshelves.ts'

// The reading log (issue 13, decision 0018): one entry per reader and book with a status and a
// rating, and the reader's reads of it (read-throughs) with dates kept as the reader gave them.

export const READING_MESSAGES = {
  readNotFound: 'Read not found',
  finishBeforeStart: 'Finished on must not be before started on',
  stopBeforeStart: 'Stopped on must not be before started on',
  finishedAndStopped: 'A read is either finished or stopped, not both',
  pageBeyondBook: (pages: number) => `Progress page must be at most the book's ${pages.toLocaleString('en-US')} pages`,
  nothingToChange: 'Send at least one of status, rating, progress, editionId, owned and privateNotes',
  /** PUT /books/{id}/reading with an editionId that is not one of the book's editions (decision 0027). */
  notAnEdition: 'Edition id must be one of this book’s editions',
  ratedInReview: 'Your review holds your rating of this book: change it in your review',
  readInProgress: 'This book already has a read in progress: finish or stop it first',
} as const

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/**
 * A date as a reader knows it: 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD', a real one (no 2023-02-30), kept
 * exactly as given: a calendar date, never a moment, so no time zone can shift it.
 */
export function isPartialDate(value: string): boolean {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(value)
  if (!m) return false
  const year = Number(m[1])
  if (year < 1000) return false
  if (m[2] === undefined) return true
  const month = Number(m[2])
  if (month < 1 || month > 12) return false
  if (m[3] === undefined) return true
  const day = Number(m[3])
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  return day >= 1 && day <= (month === 2 && !leap ? 28 : DAYS_IN_MONTH[month - 1]!)
}

/**
 * The latest calendar date anywhere on Earth at `now`: the UTC date and one day (UTC+14 is past
 * midnight first), so a reader in any time zone can log their own today, and no later day.
 */
export const latestDayAnywhere = (now: Date = new Date()): string => new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10)

/** Whether every day partial date `date` can mean is after `day` (YYYY-MM-DD): '2027' is after '2026-12-31', '2026-11' not after '2026-11-28'. */
export const isAfterDay = (date: string, day: string): boolean => date > day.slice(0, date.length)

/** Why a date after latestDayAnywhere is refused, in words that follow its field's name. */
export const futureDateMessage = (latest: string) => `must not be after ${latest}: no place on Earth has reached a later date yet`

export const PartialDateSchema = z
  .string({ error: 'must be a date' })
  .refine(isPartialDate, 'must be a real date written YYYY, YYYY-MM or YYYY-MM-DD')
  // A read finished on 9999-12-31 would head Recently Read and followers' feeds for good.
  .superRefine((v, ctx) => {
    const latest = latestDayAnywhere()
    if (isPartialDate(v) && isAfterDay(v, latest)) ctx.addIssue({ code: 'custom', message: futureDateMessage(latest) })
  })
  .describe('A calendar date, whole or partial: YYYY, YYYY-MM or YYYY-MM-DD, not after the latest date anywhere now')

/**
 * Whether partial date `a` can come before (or on) `b`: compared on what both say, so '2019' is not
 * after '2019-05-02', and '2019-06' is after '2019-05-31'.
 */
export function mayPrecede(a: string, b: string): boolean {
  const n = Math.min(a.length, b.length)
  return a.slice(0, n) <= b.slice(0, n)
}

export const ProgressSchema = z
  .object({
    page: z.int('must be a whole number').min(0, 'must be at least 0').max(1_000_000, 'must be at most 1,000,000').nullable().optional(),
    percent: z.number({ error: 'must be a number' }).min(0, 'must be at least 0').max(100, 'must be at most 100').nullable().optional(),
    minutes: z.int('must be a whole number').min(0, 'must be at least 0').max(1_000_000, 'must be at most 1,000,000').nullable().optional(),
  })
  .strict()
  .describe('Where the reader is in the open read: a page, a percent, or minutes for an audiobook')
export type ProgressInput = z.infer<typeof ProgressSchema>

export const ProgressAnswerSchema = z.object({ page: z.int().nullable(), percent: z.number().nullable(), minutes: z.int().nullable() })
export type Progress = z.infer<typeof ProgressAnswerSchema>

export const ReadSchema = z.object({
  _id: IdSchema,
  bookId: IdSchema,
  startedOn: z.string().nullable(),
  finishedOn: z.string().nullable(),
  stoppedOn: z.string().nullable(),
  /** finished / stopped even when the day is not known (finishedOn null); null while the read is open. */
  outcome: z.enum(['finished', 'stopped']).nullable(),
  progress: ProgressAnswerSchema,
  updatedAt: IsoDateTimeSchema,
})
export type Read = z.infer<typeof ReadSchema>

/** The copies of a book a reader owns (decision 0027): how many, and in which format when they say. */
export const OwnedSchema = z
  .object({
    format: z
      .enum(BOOK_FORMATS, { error: `must be one of ${BOOK_FORMATS.join(', ')}` })
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    copies: z.int('must be a whole number').min(1, 'must be at least 1').max(1000, 'must be at most 1000'),
  })
  .strict()
export type OwnedInput = z.input<typeof OwnedSchema>
export const OwnedAnswerSchema = z.object({ format: z.enum(BOOK_FORMATS).nullable(), copies: z.int() })
export type Owned = z.infer<typeof OwnedAnswerSchema>

export const ReadingEntrySchema = z.object({
  bookId: IdSchema,
  /** The edition the reader reads or read; null for the work's shown edition (the book's own fields). Sent by this server always. */
  editionId: IdSchema.nullable().optional(),
  /** The copies the reader owns; null when they own none (or did not say). Sent by this server always. */
  owned: OwnedAnswerSchema.nullable().optional(),
  /** The reader's private notes on the book (decision 0031): sent to them alone; null when none. Sent by this server always. */
  privateNotes: z.string().nullable().optional(),
  status: z.enum(READING_STATUSES).nullable(),
  /** One rating per reader and book: the review's when there is a review. */
  rating: z.int().min(1).max(5).nullable(),
  /** The open read's progress (all null when no read is open). */
  progress: ProgressAnswerSchema,
  reads: z.array(ReadSchema),
  /** Reads taken off by 'Remove from Recently Read', kept so the reader can bring them back. */
  removedReads: z.array(ReadSchema),
})
export type ReadingEntry = z.infer<typeof ReadingEntrySchema>

export const ReadingUpdateSchema = z
  .object({
    status: z
      .enum(READING_STATUSES, { error: `must be one of ${READING_STATUSES.join(', ')}` })
      .nullable()
      .optional(),
    rating: z.int('must be a whole number').min(1, 'must be at least 1').max(5, 'must be at most 5').nullable().optional(),
    progress: ProgressSchema.optional(),
    /** The reader's own today (their calendar), for a read this call starts, finishes or stops; the server's UTC day otherwise. */
    today: PartialDateSchema.refine((v) => v.length === 10, 'must be a whole date YYYY-MM-DD').optional(),
    /** The edition the reader reads: one of GET /books/{id}/editions; null (or the work's own id) for the work's shown edition. */
    editionId: IdSchema.nullable().optional(),
    /** The copies the reader owns, `{format, copies}` (copies at least 1); null when they own none. */
    owned: OwnedSchema.nullable().optional(),
    /** The reader's private notes, plain text with line breaks (decision 0031); null or only spaces clears them. Nobody else reads them. */
    privateNotes: z.string().max(LIMITS.reviewMax, `must be at most ${LIMITS.reviewMax} characters`).nullable().optional(),
  })
  .strict()
export type ReadingUpdate = z.infer<typeof ReadingUpdateSchema>

export const ReadInputSchema = z
  .object({
    startedOn: PartialDateSchema.nullable().optional(),
    finishedOn: PartialDateSchema.nullable().optional(),
    stoppedOn: PartialDateSchema.nullable().optional(),
    /** A read finished on a day nobody remembers: finished, without finishedOn. */
    outcome: z.enum(['finished', 'stopped'], { error: 'must be finished or stopped' }).nullable().optional(),
    progress: ProgressSchema.optional(),
  })
  .strict()
export type ReadInput = z.infer<typeof ReadInputSchema>

export const ReadIdParamsSchema = z.object({ id: IdSchema })

export const LibraryQuerySchema = PagingQuerySchema.extend({
  status: z.enum(READING_STATUSES, { error: `must be one of ${READING_STATUSES.join(', ')}` }).optional(),
  /** Only the books on one of the reader's shelves (decision 0028): its name in any letter case. */
  shelf: ShelfFilterSchema.optional(),
  /**
   * `true`: only the books the reader owns copies of, with a status or without; `false`: only those they do not.
   * The reader's own library only: anyone else gets an empty page (decision 0027).
   */
  owned: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  /**
   * Only the books whose copy is in this format: the format of the copies the reader owns when they
   * said one, else that of the edition they read (the work's shown edition when they chose none). The
   * reader's own library only: anyone else gets an empty page (decision 0027).
   */
  format: z.enum(BOOK_FORMATS, { error: `must be one of ${BOOK_FORMATS.join(', ')}` }).optional(),
})
export type LibraryQuery = z.infer<typeof LibraryQuerySchema>

export const LibraryEntrySchema = z.object({
  book: BookSchema,
  status: z.enum(READING_STATUSES).nullable(),
  /** The copies the reader owns (decision 0027): sent to the reader only, null for anyone else and when they own none. */
  owned: OwnedAnswerSchema.nullable().optional(),
  /** The pages progress counts: those of the edition the reader reads when it says, else the book's (decision 0027). Sent by this server always. */
  pageCount: z.int().nullable().optional(),
  rating: z.int().nullable(),
  progress: ProgressAnswerSchema,
  startedOn: z.string().nullable(),
  finishedOn: z.string().nullable(),
  readCount: z.int(),
  updatedAt: IsoDateTimeSchema,
})
export type LibraryEntry = z.infer<typeof LibraryEntrySchema>
export const LibraryEntryListSchema = z.array(LibraryEntrySchema)

export const LibraryCountsSchema = z.object(Object.fromEntries(READING_STATUSES.map((s) => [s, z.int()])) as Record<ReadingStatus, z.ZodInt>)
