import type { Generated } from 'kysely'

// Column types as the code sees them (camelCased by CamelCasePlugin). Timestamps are written as
// ISO strings; PostgreSQL reads them back as Date, SQLite as string — mappers use `toIso`.
type Timestamp = string | Date

export interface UsersTable {
  id: string
  name: string
  username: string
  email: string
  passwordHash: string
  userType: 'Reader' | 'Author' | 'Seller'
  bio: Generated<string>
  profileImage: Generated<string>
  tokenVersion: Generated<number>
  /** Changes with every follow of or by the user, edit of a shown field and review of theirs (a cache key); kept by triggers. */
  profileVersion: Generated<number>
  /** Changes with every write to the user's reading log, in its transaction (a cache key; decision 0026); kept by the reading module. */
  logVersion: Generated<number>
  createdAt: Timestamp
  updatedAt: Timestamp
}

export interface BooksTable {
  id: string
  title: string
  author: string
  authorUserId: string | null
  publisher: Generated<string>
  publisherUserId: string | null
  listedByUserId: string | null
  createdByUserId: string | null
  description: Generated<string>
  coverImage: Generated<string>
  publishedDate: string | null
  language: Generated<string>
  edition: Generated<string>
  pageCount: number | null
  amazonLink: Generated<string>
  isbn: string | null
  /** The ISBN an import came with, shown but held against nobody until claimed (migration 2026_11_27_0200). */
  unclaimedIsbn: string | null
  category: Generated<string>
  averageRating: Generated<number>
  totalReviews: Generated<number>
  /** Sum of the book's reviews' ratings, kept beside totalReviews. */
  ratingSum: Generated<number>
  /**
   * Ratings given without a review, and their sum (migration 2026_11_26_0200). averageRating is
   * (ratingSum + loneRatingSum) / (totalReviews + loneRatings), all written by the books module's
   * rating ledger alone (decision 0024).
   */
  loneRatings: Generated<number>
  loneRatingSum: Generated<number>
  createdAt: Timestamp
  updatedAt: Timestamp
}

export interface BookGenresTable {
  bookId: string
  genre: string
}

export interface ReviewsTable {
  id: string
  bookId: string
  userId: string
  rating: number
  comment: string
  createdAt: Timestamp
  updatedAt: Timestamp
}

export interface WishlistTable {
  userId: string
  bookId: string
  addedAt: Timestamp
}

export interface ReadsTable {
  userId: string
  bookId: string
  readAt: Timestamp
}

export interface FollowsTable {
  followerId: string
  followeeId: string
  createdAt: Timestamp
}

interface RevokedTokensTable {
  jti: string
  expiresAt: Timestamp
}

/** The token that changed a password, kept working at the version the change set (decision 0003). */
interface KeptTokensTable {
  jti: string
  userId: string
  tokenVersion: number
  expiresAt: Timestamp
}

/** A stored upload: who sent it, its size, and whether anything shows it (migration 2026_11_25_0600). */
interface UploadsTable {
  /** The file's name in the uploads folder: <uuid>.webp. */
  name: string
  userId: string
  bytes: number
  createdAt: Timestamp
  referencedAt: Timestamp | null
  releasedAt: Timestamp | null
  removedAt: Timestamp | null
}

/** One row: how many times the catalogue was corrected or had a book removed (migration 2026_11_25_0700). */
interface CatalogueEditsTable {
  id: number
  edits: Generated<number>
}

/** One per reader and book (migration 2026_11_26_0100): a reading status and a rating given without a review. */
interface ReadingEntriesTable {
  userId: string
  bookId: string
  status: string | null
  rating: number | null
  createdAt: Timestamp
  updatedAt: Timestamp
}

/** A read of a book: dates as the reader gave them (YYYY, YYYY-MM or YYYY-MM-DD), never moments. */
export interface ReadThroughsTable {
  id: string
  userId: string
  bookId: string
  startedOn: string | null
  finishedOn: string | null
  stoppedOn: string | null
  outcome: string | null
  /** The moment Recently Read orders by. */
  finishedAt: Timestamp | null
  progressPage: number | null
  progressPercent: number | null
  progressMinutes: number | null
  removedAt: Timestamp | null
  createdAt: Timestamp
  updatedAt: Timestamp
}

interface ProgressUpdatesTable {
  id: string
  readId: string
  page: number | null
  percent: number | null
  minutes: number | null
  createdAt: Timestamp
}

/** An import of a reader's library from an export file (migration 2026_11_26_0300). */
export interface ImportsTable {
  id: string
  userId: string
  source: string
  status: string
  fileName: string
  /** The file's header cells (JSON), for the download of rows that did not import. */
  header: string
  total: number
  processed: Generated<number>
  imported: Generated<number>
  unchanged: Generated<number>
  needsReview: Generated<number>
  failed: Generated<number>
  skipped: Generated<number>
  message: string | null
  leaseUntil: Timestamp | null
  createdAt: Timestamp
  updatedAt: Timestamp
  finishedAt: Timestamp | null
  /** Times an instance took the job over from one that stopped without letting it go (migration 2026_11_27_0100). */
  takeovers: Generated<number>
  /** The run holding the lease. */
  leaseHolder: string | null
  /** The row being applied alone after a takeover; null between rows. */
  currentLine: number | null
  /** The file's size, counted in the reader's quota of kept imports. */
  fileBytes: Generated<number>
}

/** What a reader's imports added to the catalogue and posted on a day, UTC (migration 2026_11_27_0100). */
interface ImportAllowancesTable {
  userId: string
  /** YYYY-MM-DD. */
  day: string
  books: Generated<number>
  reviews: Generated<number>
}

/** An import's file as sent (gzip-compressed UTF-8, in parts), until its rows are read (migration 2026_11_27_0300). */
interface ImportFilesTable {
  importId: string
  part: number
  bytes: Uint8Array
}

/** A row of an import's file and its fate. */
interface ImportRowsTable {
  importId: string
  line: number
  title: string
  author: string
  /** The row as read (JSON), null when it could not be read, and once the row is settled. */
  data: string | null
  /** The row's cells as in the file (JSON); '[]' once the row is settled (imported, unchanged, skipped). */
  fields: string
  outcome: string
  bookId: string | null
  /** The ids of the books the row may be (JSON). */
  candidates: Generated<string>
  message: string | null
}

/** A reader's targets for a year (migration 2026_11_26_0400). */
interface ReadingGoalsTable {
  userId: string
  year: number
  books: number | null
  pages: number | null
  createdAt: Timestamp
  updatedAt: Timestamp
}

/** One changed field of one edit of a book (migration 2026_11_27_0200); link fields hold user ids. */
export interface BookEditsTable {
  id: string
  bookId: string
  /** Null once the editor's account is closed. */
  userId: string | null
  field: string
  oldValue: string | null
  newValue: string | null
  editedAt: Timestamp
}

export interface Database {
  users: UsersTable
  books: BooksTable
  bookGenres: BookGenresTable
  reviews: ReviewsTable
  wishlist: WishlistTable
  reads: ReadsTable
  follows: FollowsTable
  revokedTokens: RevokedTokensTable
  keptTokens: KeptTokensTable
  uploads: UploadsTable
  catalogueEdits: CatalogueEditsTable
  readingEntries: ReadingEntriesTable
  readThroughs: ReadThroughsTable
  progressUpdates: ProgressUpdatesTable
  imports: ImportsTable
  importRows: ImportRowsTable
  importFiles: ImportFilesTable
  importAllowances: ImportAllowancesTable
  readingGoals: ReadingGoalsTable
  bookEdits: BookEditsTable
}
