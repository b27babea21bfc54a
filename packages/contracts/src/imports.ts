import { z } from 'zod'
import { IdSchema, IsoDateTimeSchema, oneOf, singleLineField, wholeNumber } from '#/common.ts'
import { groupDigits } from '#/numbers.ts'

// Importing a reader's library from a Goodreads or StoryGraph export (issue 14, decision 0020): a
// job that runs in the background, and a report with every row's fate that the reader can act on.

export const IMPORT_SOURCES = ['goodreads', 'storygraph'] as const
export type ImportSource = (typeof IMPORT_SOURCES)[number]
export const IMPORT_SOURCE_LABELS: Record<ImportSource, string> = { goodreads: 'Goodreads', storygraph: 'StoryGraph' }

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const
export type ImportStatus = (typeof IMPORT_STATUSES)[number]

/**
 * What became of a row: not looked at yet; it changed the reader's library (`imported`); all it says
 * was already there (`unchanged`); it waits for the reader's choice among several books
 * (`needs_review`); it could not be applied (`failed`, with the reason); the reader chose to leave it
 * out (`skipped`).
 */
export const IMPORT_OUTCOMES = ['pending', 'imported', 'unchanged', 'needs_review', 'failed', 'skipped'] as const
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number]

/**
 * What the import noted of a row (issue 21): how it found its book, what changed on the way, and why
 * a row waits or was not imported. A row has any number of notes, each with a message in words; the
 * report counts each kind and lists its rows (`GET /api/imports/{id}/rows?note=KIND`).
 */
export const IMPORT_NOTE_KINDS = [
  // How the row found its book.
  'matched_by_title',
  'edition_attached',
  'edition_to_attach',
  'book_created',
  'waiting_for_you',
  // What changed on the way.
  'status_changed',
  'shelf_mapped',
  'shelf_not_status',
  'shelves_placed',
  'shelf_left_out',
  'format_left_out',
  'details_not_kept',
  'rating_rounded',
  'rating_kept',
  'review_unrated',
  'review_cut',
  'review_dropped',
  'review_waits',
  'date_left_out',
  // Why a row was not imported.
  'unreadable',
  'not_added',
  'books_wait',
  'book_removed',
  'interrupted',
  'other',
] as const
export type ImportNoteKind = (typeof IMPORT_NOTE_KINDS)[number]

export const ImportNoteSchema = z.object({ kind: z.enum(IMPORT_NOTE_KINDS), message: z.string() })
export type ImportNote = z.infer<typeof ImportNoteSchema>

/** How many rows have a kind of note (kinds no row has are left out), in IMPORT_NOTE_KINDS order. */
export const ImportNoteCountSchema = z.object({ kind: z.enum(IMPORT_NOTE_KINDS), count: z.int() })
export type ImportNoteCount = z.infer<typeof ImportNoteCountSchema>

/**
 * What the reader can do with a row that waits or was not imported, offered only when it can work:
 * choose one of its candidates, have the book made from it, correct it and look again (`retry`), or
 * leave it out.
 */
export const IMPORT_ROW_ACTIONS = ['choose', 'create', 'retry', 'skip'] as const
export type ImportRowAction = (typeof IMPORT_ROW_ACTIONS)[number]

/** What a correction may change of a row (`retry`): the cells a row that could not be read most often trips on. */
export const IMPORT_CORRECTABLE = ['title', 'author', 'isbn', 'dateRead', 'rating', 'readCount'] as const
export type ImportCorrectable = (typeof IMPORT_CORRECTABLE)[number]

/**
 * The largest file an import takes, and the most rows; the most fields a row may have (an export has
 * 20 to 31) and the longest a field may be (in characters, a doubled quote counted once), so that
 * one degenerate record (ten million commas, a field of five million quotes) is refused naming its
 * line instead of holding the server.
 */
export const IMPORT_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  maxRows: 50_000,
  maxFields: 200,
  maxFieldLength: 65_536,
  // What imports may do for one reader in a day (UTC), counted in the database (issue 19). A library
  // that moves here is mostly books the catalogue has, found by ISBN or by title and author; an
  // import adds the ones it lacks. A 5,000-book Goodreads library with a fifth of its books missing
  // adds 1,000, and 500 reviews is one written review for every ten books of it: such a library
  // fits in one day, and a bigger or younger one in a few. One account filling the catalogue (50,000
  // books in 145 s, measured) or Recent Reviews is held to these. Rows past them wait, saying so.
  booksPerDay: 1_000,
  reviewsPerDay: 500,
  // What a reader's imports keep on the server: each import (its job and its report's rows) is
  // removed this many days after it finished; meanwhile their files may add up to this many bytes,
  // and this many imports (a file is read whole into rows: 10 MB made 31.4 MB of rows, measured).
  keptDays: 30,
  keptBytes: 30 * 1024 * 1024,
  keptImports: 50,
} as const

export const IMPORT_MESSAGES = {
  importNotFound: 'Import not found',
  rowNotFound: 'Row not found',
  noFile: 'Send the export as the multipart field "file"',
  tooLarge: 'The file is larger than 10 MB: split it, or export a smaller part of your library',
  tooManyRows: (rows: number) => `The file has ${groupDigits(rows)} rows or more; an import takes at most 50,000: split it into smaller files`,
  notText: 'The file is not text: export your library as CSV and send that file',
  // The two below follow "Line 7: " (the CSV reader names the line).
  tooManyFields: `this row has more than ${IMPORT_LIMITS.maxFields} fields, and an export has about 30: check that this is your Goodreads or StoryGraph export`,
  fieldTooLong: `a field is longer than ${groupDigits(IMPORT_LIMITS.maxFieldLength)} characters, far more than any column of an export holds: shorten it and send the file again`,
  stillRunning: 'This import is still running: wait for it to finish before changing its rows',
  oneAtATime: 'An import of yours is still running: wait for it to finish before sending another file',
  rowSettled: (outcome: string) => `This row is already ${outcome.replace('_', ' ')}: nothing to resolve`,
  booksWait: (cap: number) =>
    `Not added yet: imports add at most ${groupDigits(cap)} books a day to the catalogue, and yours have added that many today. ` +
    'From tomorrow (UTC), create the book from this row, or import the download of rows that did not import',
  reviewWaits: (cap: number) =>
    `The review waits: imports post at most ${groupDigits(cap)} reviews a day, and yours have posted that many today. ` +
    'The rest of the row was applied; from tomorrow (UTC), look at this row again to post it',
  interrupted: (times: number, fileRead: boolean) =>
    `The import was interrupted ${times} times: the server working on it stopped before it finished, ` +
    `perhaps because of something in the file. It was stopped so that it does not stop the server again. ` +
    (fileRead
      ? 'What it applied stays; the rows it had not looked at are listed as failed: download them, check them and import them again'
      : 'The file could not be read through (a very long cell, say): check it and send it again'),
  rowStopped:
    'The server stopped while this row was being applied, so it was left out: something in it may be too much for the import. ' +
    'Correct it and look again, or skip it',
  notLookedAt: 'Not looked at: the import was stopped before it reached this row',
  rowTooSlow: 'This row took too long to apply and was left out; the rest of the import went on. Look at it again later, or skip it',
  rowError: 'This row could not be applied because of an unexpected error; the rest of the import went on. Look at it again later, or skip it',
  keptFull: (mb: number, days: number, freedOn: string) =>
    `Your imports kept here already hold ${mb} MB of files, the most a reader’s may. Each import is removed ${days} days after it finished: ` +
    `room is made on ${freedOn}; send the file then, or a smaller one`,
  keptMany: (count: number, days: number, freedOn: string) =>
    `You have ${count} imports kept here, the most a reader may. Each import is removed ${days} days after it finished: ` +
    `the next one goes on ${freedOn}; send the file then`,
  notACandidate: 'That book is not one of the row’s candidates: choose one of them, or correct the row',
} as const

export const ImportJobSchema = z.object({
  _id: IdSchema,
  status: z.enum(IMPORT_STATUSES),
  source: z.enum(IMPORT_SOURCES),
  fileName: z.string(),
  /** Rows in the file (the header aside). */
  total: z.int(),
  /** Rows looked at so far; `total` when done. */
  processed: z.int(),
  /** Rows that changed the reader's library: matched or created a book and applied something new. */
  imported: z.int(),
  /** Rows whose book and everything they say were already in the library. */
  unchanged: z.int(),
  needsReview: z.int(),
  failed: z.int(),
  skipped: z.int(),
  /** Rows that added their book to the catalogue (note book_created). */
  created: z.int(),
  /** Rows whose edition was added to a work the catalogue had (note edition_attached). */
  editionsAttached: z.int(),
  /** How many rows have each kind of note (kinds no row has left out). */
  notes: z.array(ImportNoteCountSchema),
  /** Why the whole job failed (`status` failed), in words; null otherwise. */
  message: z.string().nullable(),
  createdAt: IsoDateTimeSchema,
  finishedAt: IsoDateTimeSchema.nullable(),
  /** When the import and its rows are removed (IMPORT_LIMITS.keptDays after it finished); null while it runs. */
  keptUntil: IsoDateTimeSchema.nullable().optional(),
})
export type ImportJob = z.infer<typeof ImportJobSchema>
export const ImportJobListSchema = z.array(ImportJobSchema)

export const ImportCandidateSchema = z.object({
  _id: IdSchema,
  title: z.string(),
  author: z.string(),
  publishedDate: z.string().nullable(),
  isbn: z.string().nullable(),
  totalReviews: z.int(),
})
export type ImportCandidate = z.infer<typeof ImportCandidateSchema>

export const ImportRowSchema = z.object({
  /** The line of the file the row starts on (the header is line 1). */
  line: z.int(),
  title: z.string(),
  author: z.string(),
  outcome: z.enum(IMPORT_OUTCOMES),
  /** The book the row was applied to, when it was. */
  bookId: IdSchema.nullable(),
  /** The books the row may be (outcome needs_review). */
  candidates: z.array(ImportCandidateSchema),
  /** The notes' messages in one text (as before issue 21): why it failed or waits, or what was noted; null when nothing was. */
  message: z.string().nullable(),
  /** What the import noted of the row, each with its kind. */
  notes: z.array(ImportNoteSchema),
  /** What the reader can do with the row now (none once it is settled). */
  actions: z.array(z.enum(IMPORT_ROW_ACTIONS)),
  /** What a correction (`retry`) may change of the row: the cells its file has. */
  correctable: z.array(z.enum(IMPORT_CORRECTABLE)),
})
export type ImportRow = z.infer<typeof ImportRowSchema>
export const ImportRowListSchema = z.array(ImportRowSchema)

export const ImportIdParamsSchema = z.object({ id: IdSchema })
export const ImportRowParamsSchema = z.object({
  id: IdSchema,
  line: z.coerce.number({ error: 'must be a line number' }).int('must be a line number').min(1, 'must be a line number'),
})

export const ImportUploadQuerySchema = z.object({
  source: oneOf(IMPORT_SOURCES).optional(),
})

export const ImportRowsQuerySchema = z.object({
  outcome: z
    .string()
    .max(200, 'is too long')
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined
      const list = v.split(',').map((s) => s.trim())
      const bad = list.find((s) => !(IMPORT_OUTCOMES as readonly string[]).includes(s))
      if (bad !== undefined) {
        ctx.addIssue({ code: 'custom', message: `must be one or more of ${IMPORT_OUTCOMES.join(', ')}, separated by commas` })
        return z.NEVER
      }
      return list as ImportOutcome[]
    }),
  /** Only the rows with a note of this kind. */
  note: z
    .string()
    .max(100, 'is too long')
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined
      if (!(IMPORT_NOTE_KINDS as readonly string[]).includes(v)) {
        ctx.addIssue({ code: 'custom', message: `must be one of ${IMPORT_NOTE_KINDS.join(', ')}: “${v.slice(0, 40)}” is not a kind of note` })
        return z.NEVER
      }
      return v as ImportNoteKind
    }),
  limit: wholeNumber(1, 500).optional(),
  /** Where the page starts (the `Link` header's next page gives it). */
  cursor: z.string().max(500, 'is too long').optional(),
})
export type ImportRowsQuery = z.output<typeof ImportRowsQuerySchema>

const correction = {
  title: singleLineField(300, 'must be at most 300 characters').min(1, 'is required').max(300, 'must be at most 300 characters').optional(),
  author: singleLineField(200, 'must be at most 200 characters').min(1, 'is required').max(200, 'must be at most 200 characters').optional(),
  isbn: z.string().trim().max(40, 'is too long').optional(),
  /** The day the book was (last) finished, as the file writes dates (2024/03/15, 2024-03, 2024); '' for none. */
  dateRead: z
    .string()
    .trim()
    .max(10, 'is too long')
    .regex(/^(\d{4}([/-]\d{1,2}([/-]\d{1,2})?)?)?$/, 'must be a date such as 2024/03/15, 2024/03 or 2024, or empty')
    .optional(),
  /** Stars from 1 to 5; 0 for none. */
  rating: z.int('must be a whole number from 0 to 5').min(0, 'must be a whole number from 0 to 5').max(5, 'must be a whole number from 0 to 5').optional(),
  /** How many times the book was read. */
  readCount: z
    .int('must be a whole number from 0 to 100')
    .min(0, 'must be a whole number from 0 to 100')
    .max(100, 'must be a whole number from 0 to 100')
    .optional(),
}

/**
 * How the reader settles a row that waits or failed: take one of its candidates, have the book made
 * from the row, correct the row (its title, author, ISBN, date read, rating or read count, as the
 * file's cells: a row that could not be read is corrected in place) and look again, or leave it out.
 */
export const ImportRowResolveSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('choose'), bookId: IdSchema }).strict(),
    z.object({ action: z.literal('create') }).strict(),
    z.object({ action: z.literal('retry'), ...correction }).strict(),
    z.object({ action: z.literal('skip') }).strict(),
  ],
  { error: 'action must be one of choose, create, retry, skip' },
)
export type ImportRowResolve = z.infer<typeof ImportRowResolveSchema>
