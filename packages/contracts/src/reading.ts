import { z } from 'zod'
import { IdSchema, IsoDateTimeSchema, oneOf, PagingQuerySchema, QueryFlagSchema } from '#/common.ts'
import { BOOK_FORMATS, BookSchema } from '#/books.ts'
import { LIBRARY_SORTS, LIMITS, PROGRESS_UNITS, READING_STATUSES, READING_VISIBILITIES, SORT_ORDERS, type ReadingStatus } from '#/constants.ts'
import { ShelfFilterSchema } from '#/bookshelves.ts'
import { groupDigits } from '#/numbers.ts'

// The reading log (issue 13, decision 0018): one entry per reader and book with a status and a
// rating, and the reader's reads of it (read-throughs) with dates kept as the reader gave them.

export const READING_MESSAGES = {
  readNotFound: 'Read not found',
  finishBeforeStart: 'Finished on must not be before started on',
  stopBeforeStart: 'Stopped on must not be before started on',
  finishedAndStopped: 'A read is either finished or stopped, not both',
  pageBeyondBook: (pages: number) => `Progress page must be at most the book's ${groupDigits(pages)} pages`,
  nothingToChange: 'Send at least one of status, rating, progress, progressUnit, editionId, owned, privateNotes and visibility',
  /** PUT /books/{id}/reading: a read's date sent without the status whose read it dates (decision 0039). */
  finishedOnWithoutRead: 'Finished on goes with status read',
  stoppedOnWithoutDnf: 'Stopped on goes with status dnf',
  startedOnWithoutStatus: 'Started on goes with status reading, read or dnf',
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
    format: oneOf(BOOK_FORMATS)
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
  /** The unit the reader reports this book's progress in (decision 0039); null until they choose. Sent by this server always. */
  progressUnit: z.enum(PROGRESS_UNITS).nullable().optional(),
  /** Who sees this book in the reader's log (decision 0055): null for their account's default. Sent by this server always. */
  visibility: z.enum(READING_VISIBILITIES).nullable().optional(),
  reads: z.array(ReadSchema),
  /** Reads taken off by 'Remove from Recently Read', kept so the reader can bring them back. */
  removedReads: z.array(ReadSchema),
})
export type ReadingEntry = z.infer<typeof ReadingEntrySchema>

export const ReadingUpdateSchema = z
  .object({
    status: oneOf(READING_STATUSES).nullable().optional(),
    rating: z.int('must be a whole number').min(1, 'must be at least 1').max(5, 'must be at most 5').nullable().optional(),
    progress: ProgressSchema.optional(),
    /** The unit the reader reports this book's progress in, remembered on their entry; null forgets it. */
    progressUnit: oneOf(PROGRESS_UNITS).nullable().optional(),
    /**
     * The dates of the read a status change dates (decision 0039), each defaulting to today: with
     * status read the day it was finished, with dnf the day it was stopped, and with reading, read
     * or dnf the start of that read (sent: corrected in the same step; null: not known).
     */
    finishedOn: PartialDateSchema.optional(),
    stoppedOn: PartialDateSchema.optional(),
    startedOn: PartialDateSchema.nullable().optional(),
    /** The reader's own today (their calendar), for a read this call starts, finishes or stops; the server's UTC day otherwise. */
    today: PartialDateSchema.refine((v) => v.length === 10, 'must be a whole date YYYY-MM-DD').optional(),
    /** The edition the reader reads: one of GET /books/{id}/editions; null (or the work's own id) for the work's shown edition. */
    editionId: IdSchema.nullable().optional(),
    /** The copies the reader owns, `{format, copies}` (copies at least 1); null when they own none. */
    owned: OwnedSchema.nullable().optional(),
    /** The reader's private notes, plain text with line breaks (decision 0031); null or only spaces clears them. Nobody else reads them. */
    privateNotes: z.string().max(LIMITS.reviewMax, `must be at most ${LIMITS.reviewMax} characters`).nullable().optional(),
    /** Who sees this book in the reader's log (decision 0055): public, followers or private; null for the account's default. */
    visibility: oneOf(READING_VISIBILITIES).nullable().optional(),
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

/** The longest library search (q), in characters. */
export const LIBRARY_SEARCH_MAX = 100
/** Each library order's own direction when none is given: newest, best and latest first; names A to Z. */
export const LIBRARY_DEFAULT_ORDER: Record<(typeof LIBRARY_SORTS)[number], (typeof SORT_ORDERS)[number]> = {
  finished: 'desc',
  added: 'desc',
  rating: 'desc',
  title: 'asc',
  author: 'asc',
}
export type LibrarySort = (typeof LIBRARY_SORTS)[number]

export const LibraryQuerySchema = PagingQuerySchema.extend({
  status: oneOf(READING_STATUSES).optional(),
  /** Only the books on one of the reader's shelves (decision 0028): its name in any letter case. */
  shelf: ShelfFilterSchema.optional(),
  /**
   * `true`: only the books the reader owns copies of, with a status or without; `false`: only those they do not.
   * The reader's own library only: anyone else gets an empty page (decision 0027).
   */
  owned: QueryFlagSchema.optional(),
  /**
   * Only the books whose copy is in this format: the format of the copies the reader owns when they
   * said one, else that of the edition they read (the work's shown edition when they chose none). The
   * reader's own library only: anyone else gets an empty page (decision 0027).
   */
  format: oneOf(BOOK_FORMATS).optional(),
  /** The order (issue 22); none: newest change first, as before. */
  sort: oneOf(LIBRARY_SORTS).optional(),
  /** Defaults to LIBRARY_DEFAULT_ORDER of the sort. */
  order: z.enum(SORT_ORDERS, { error: `must be asc or desc` }).optional(),
  /** Words of a title or author, any letter case, accents or not; every word must match. */
  q: z
    .string()
    .max(LIBRARY_SEARCH_MAX, `must be at most ${LIBRARY_SEARCH_MAX} characters`)
    .transform((v) => v.trim())
    .optional(),
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
  /** When the book entered the reader's library (the order `sort=added`). Sent by this server always. */
  addedAt: IsoDateTimeSchema.optional(),
})
export type LibraryEntry = z.infer<typeof LibraryEntrySchema>
export const LibraryEntryListSchema = z.array(LibraryEntrySchema)

export const LibraryCountsSchema = z.object(Object.fromEntries(READING_STATUSES.map((s) => [s, z.int()])) as Record<ReadingStatus, z.ZodInt>)
