import { z } from 'zod'
import { LIMITS, READING_STATUSES, USER_TYPES } from '#/constants.ts'
import { IdSchema, IsoDateTimeSchema } from '#/common.ts'
import { OwnedAnswerSchema, ProgressAnswerSchema } from '#/reading.ts'
import { BookEditSchema } from '#/books.ts'
import { ExportShelvesSchema } from '#/bookshelves.ts'

// The reader's own data taken away, and the account closed (issue 14, decision 0019): a Goodreads
// "Export Library" CSV other book sites import, everything the reader owns as JSON, and the deletion
// of the account with its personal data.

/** The file names the two exports are offered under. */
export const EXPORT_FILE_NAMES = { goodreads: 'shelfwise-library.csv', json: 'shelfwise-export.json' } as const

/** DELETE /api/users/me: the current password, checked as a password change checks it. */
export const AccountDeleteInputSchema = z.object({
  password: z.string({ error: 'is required' }).min(1, 'is required').max(LIMITS.passwordMax, 'is too long').describe('The current password'),
})
export type AccountDeleteInput = z.infer<typeof AccountDeleteInputSchema>

export const ExportProfileSchema = z.object({
  name: z.string(),
  username: z.string(),
  email: z.string(),
  userType: z.enum(USER_TYPES),
  bio: z.string(),
  profileImage: z.string(),
  createdAt: IsoDateTimeSchema,
})

/** Enough of a book to find it again here or elsewhere: its id here, title, author, ISBN, edition. */
export const ExportBookSchema = z.object({
  _id: IdSchema,
  title: z.string(),
  author: z.string(),
  /** '' when the book has none. */
  isbn: z.string(),
  publisher: z.string(),
  publishedDate: z.string().nullable().describe('YYYY-MM-DD'),
  pageCount: z.int().nullable(),
  language: z.string(),
  edition: z.string(),
})

export const ExportProgressUpdateSchema = z.object({
  page: z.int().nullable(),
  percent: z.number().nullable(),
  minutes: z.int().nullable(),
  at: IsoDateTimeSchema,
})

export const ExportReadSchema = z.object({
  startedOn: z.string().nullable().describe('YYYY, YYYY-MM or YYYY-MM-DD, as the reader gave it'),
  finishedOn: z.string().nullable(),
  stoppedOn: z.string().nullable(),
  outcome: z.enum(['finished', 'stopped']).nullable(),
  progress: ProgressAnswerSchema,
  /** Taken off by 'Remove from Recently Read' and kept, so it could be brought back. */
  removed: z.boolean(),
  /** Each progress the reader reported during this read, oldest first. */
  progressUpdates: z.array(ExportProgressUpdateSchema),
})

export const ExportReviewSchema = z.object({
  rating: z.int(),
  comment: z.string(),
  /** The reader marked the review as a spoiler (Goodreads's Spoiler, decision 0031). */
  spoiler: z.boolean().optional(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
})

export const ExportLibraryEntrySchema = z.object({
  book: ExportBookSchema,
  status: z.enum(READING_STATUSES).nullable(),
  /** The reader's rating: their review's when they reviewed the book, else the one given without a review. */
  rating: z.int().nullable(),
  reads: z.array(ExportReadSchema),
  review: ExportReviewSchema.nullable(),
  /** When the book came into the reader's log (or they reviewed it, if earlier). */
  addedAt: IsoDateTimeSchema,
  /** The edition the reader reads (decision 0027); null for the work's shown edition. */
  editionId: IdSchema.nullable().optional(),
  /** The copies the reader owns; null when none. */
  owned: OwnedAnswerSchema.nullable().optional(),
  /** The reader's private notes on the book (Goodreads's Private Notes, decision 0031); null when none. */
  privateNotes: z.string().nullable().optional(),
  /** The book's place on its status shelf ("to-read (#3)" in a Goodreads file, decision 0031); null when none. */
  statusPosition: z.int().nullable().optional(),
})
export type ExportLibraryEntry = z.infer<typeof ExportLibraryEntrySchema>

export const ExportPersonSchema = z.object({ _id: IdSchema, username: z.string() })

/** GET /api/me/export.json: everything the reader owns. */
export const AccountExportSchema = z.object({
  exportedAt: IsoDateTimeSchema,
  profile: ExportProfileSchema,
  /** Every book the reader logged (a status, a rating, reads) or reviewed. */
  library: z.array(ExportLibraryEntrySchema),
  follows: z.object({ following: z.array(ExportPersonSchema), followers: z.array(ExportPersonSchema) }),
  /** Books the reader put in the catalogue (listed, or created as their author or publisher). */
  booksListed: z.array(IdSchema),
  /** Books the reader is credited on as linked author or publisher. */
  booksCredited: z.array(IdSchema),
  /** The editions the reader added to works of the catalogue (decision 0027); they stay there once the account closes. */
  editionsAdded: z.array(IdSchema),
  /** The reader's reading goals, a year each. */
  goals: z.array(z.object({ year: z.int(), books: z.int().nullable(), pages: z.int().nullable() })),
  /** The corrections the reader made to books in the catalogue, oldest first (the book's history keeps them after the account closes, without the name). */
  bookEdits: z.array(BookEditSchema),
  /** The reader's own shelves and the books on each, with their positions (decision 0028). */
  shelves: ExportShelvesSchema,
})
export type AccountExport = z.infer<typeof AccountExportSchema>
