import { z } from 'zod'
import { IdSchema, IsoDateTimeSchema } from '#/common.ts'

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

/** The largest file an import takes, and the most rows. */
export const IMPORT_LIMITS = { maxBytes: 10 * 1024 * 1024, maxRows: 50_000 } as const

export const IMPORT_MESSAGES = {
  importNotFound: 'Import not found',
  rowNotFound: 'Row not found',
  noFile: 'Send the export as the multipart field "file"',
  tooLarge: 'The file is larger than 10 MB: split it, or export a smaller part of your library',
  tooManyRows: (rows: number) => `The file has ${rows.toLocaleString('en-US')} rows or more; an import takes at most 50,000: split it into smaller files`,
  notText: 'The file is not text: export your library as CSV and send that file',
  stillRunning: 'This import is still running: wait for it to finish before changing its rows',
  oneAtATime: 'An import of yours is still running: wait for it to finish before sending another file',
  rowSettled: (outcome: string) => `This row is already ${outcome.replace('_', ' ')}: nothing to resolve`,
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
  /** Why the whole job failed (`status` failed), in words; null otherwise. */
  message: z.string().nullable(),
  createdAt: IsoDateTimeSchema,
  finishedAt: IsoDateTimeSchema.nullable(),
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
  /** What happened, in words: why it failed or waits, or what was noted (a rating rounded, a review kept). */
  message: z.string().nullable(),
})
export type ImportRow = z.infer<typeof ImportRowSchema>
export const ImportRowListSchema = z.array(ImportRowSchema)

export const ImportIdParamsSchema = z.object({ id: IdSchema })
export const ImportRowParamsSchema = z.object({
  id: IdSchema,
  line: z.coerce.number({ error: 'must be a line number' }).int('must be a line number').min(1, 'must be a line number'),
})

export const ImportUploadQuerySchema = z.object({
  source: z.enum(IMPORT_SOURCES, { error: `must be one of ${IMPORT_SOURCES.join(', ')}` }).optional(),
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
  limit: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(500, 'must be at most 500').optional(),
  /** Where the page starts (the `Link` header's next page gives it). */
  cursor: z.string().max(500, 'is too long').optional(),
})
export type ImportRowsQuery = z.output<typeof ImportRowsQuerySchema>

const correction = {
  title: z.string().trim().min(1, 'is required').max(300, 'must be at most 300 characters').optional(),
  author: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters').optional(),
  isbn: z.string().trim().max(40, 'is too long').optional(),
}

/**
 * How the reader settles a row that waits or failed: take one of its candidates, have the book made
 * from the row, correct the row's title, author or ISBN and look again, or leave it out.
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
