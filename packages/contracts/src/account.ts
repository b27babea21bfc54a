import { z } from 'zod'
import { PositionSchema } from '#/positions.ts'
import { LIMITS, PROGRESS_UNITS, READING_STATUSES, READING_VISIBILITIES, USER_TYPES } from '#/constants.ts'
import { IdSchema, IsoDateTimeSchema } from '#/common.ts'
import { OwnedAnswerSchema, ProgressAnswerSchema } from '#/reading.ts'
import { BookEditSchema } from '#/books.ts'
import { ExportShelvesSchema } from '#/bookshelves.ts'
import { PersonalTokenSchema } from '#/tokens.ts'
import { SyncSettingsSchema } from '#/sync.ts'

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
  /** The unit the reader reports the book's progress in (decision 0039); null when not chosen. */
  progressUnit: z.enum(PROGRESS_UNITS).nullable().optional(),
  /** Who sees the book in the reader's log (decision 0055); null for their account's default. */
  visibility: z.enum(READING_VISIBILITIES).nullable().optional(),
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
  /** The reader's likes of reviews and comments, and their comments on reviews, newest first (decisions 0041, 0042). */
  conversation: z.object({
    reviewLikes: z.array(z.object({ reviewId: IdSchema, likedAt: IsoDateTimeSchema })),
    comments: z.array(
      z.object({
        _id: IdSchema,
        reviewId: IdSchema,
        parentId: IdSchema.nullable(),
        text: z.string(),
        /** How far into the book the comment said it was (decision 0059); null when not said. */
        position: PositionSchema.nullable(),
        createdAt: IsoDateTimeSchema,
        editedAt: IsoDateTimeSchema.nullable(),
      }),
    ),
    commentLikes: z.array(z.object({ commentId: IdSchema, likedAt: IsoDateTimeSchema })),
  }),
  /** How the reader's devices may move their log (the sync settings). */
  syncSettings: SyncSettingsSchema,
  /** The discussions the reader started and the posts they wrote (decision 0043), oldest first; deleted posts are not kept. */
  discussions: z.object({
    threads: z.array(z.object({ id: IdSchema, bookId: IdSchema, title: z.string(), createdAt: IsoDateTimeSchema })),
    posts: z.array(
      z.object({
        id: IdSchema,
        discussionId: IdSchema,
        parentId: IdSchema.nullable(),
        text: z.string(),
        position: PositionSchema.nullable(),
        createdAt: IsoDateTimeSchema,
        editedAt: IsoDateTimeSchema.nullable(),
      }),
    ),
  }),
  /** The reader's webhooks, without their secrets (decision 0048). */
  webhooks: z.array(z.object({ url: z.string(), events: z.array(z.string()), createdAt: IsoDateTimeSchema, disabled: z.boolean() })),
  /** The reader's personal access tokens by name, scopes and dates (decision 0045); never a token itself, which is not kept. */
  personalTokens: z.array(PersonalTokenSchema.pick({ name: true, scopes: true, createdAt: true, expiresAt: true, lastUsedAt: true })),
  /** Whom the reader blocked and muted, the books and words they muted, and their reports with the moderators' outcomes (decisions 0057, 0058). */
  safety: z.object({
    blocks: z.array(z.object({ _id: IdSchema, username: z.string(), blockedAt: IsoDateTimeSchema })),
    mutedReaders: z.array(z.object({ _id: IdSchema, username: z.string(), mutedAt: IsoDateTimeSchema })),
    mutedBooks: z.array(z.object({ bookId: IdSchema, mutedAt: IsoDateTimeSchema })),
    mutedWords: z.array(z.string()),
    reports: z.array(
      z.object({
        _id: IdSchema,
        targetType: z.string(),
        targetId: IdSchema,
        reason: z.string(),
        note: z.string().nullable(),
        status: z.string(),
        outcomeNote: z.string().nullable(),
        createdAt: IsoDateTimeSchema,
        decidedAt: IsoDateTimeSchema.nullable(),
      }),
    ),
  }),
  /** The reader's notifications, newest activity first, without who acted (others' data), and the kinds they turned off (decision 0052). */
  notifications: z.object({
    items: z.array(
      z.object({
        type: z.string(),
        targetType: z.string(),
        targetId: IdSchema,
        count: z.int(),
        createdAt: IsoDateTimeSchema,
        readAt: IsoDateTimeSchema.nullable(),
      }),
    ),
    turnedOff: z.array(z.string()),
  }),
})
export type AccountExport = z.infer<typeof AccountExportSchema>
