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
  /** 'reader' or 'moderator' (migration 2026_12_05_0100, decision 0030): a moderator applies and reverts merges. */
  role: Generated<'reader' | 'moderator'>
  /** Who sees the reading log by default (migration 2026_12_17_0100, decision 0055). */
  readingLog: Generated<'public' | 'followers' | 'private'>
  /** 1 while the moderators hide the profile (decision 0058): others see it without bio and image. */
  profileHidden: Generated<number>
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
  /** The reader whose import made the book (migration 2026_12_07_0100, decision 0032); null for any other book. */
  importedByUserId: Generated<string | null>
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
  /** The shown (primary) edition's format and audiobook length (migration 2026_11_30_0100, decision 0027). */
  format: string | null
  audioSeconds: number | null
  /** 1 + the work's rows in `editions`, kept by the books module. */
  editionCount: Generated<number>
  /** The shown edition's binding as its source wrote it, its other contributors, and the work's first year (migration 2026_12_09_0100, decision 0031). */
  binding: string | null
  additionalAuthors: string | null
  originalYear: number | null
  /** 1 when the moderators hid the book (migration 2026_12_20_0100, decision 0058): left out of every catalogue list. */
  hidden: Generated<number>
  createdAt: Timestamp
  updatedAt: Timestamp
}

/** An edition of a work other than the one its books row shows (decision 0027). */
export interface EditionsTable {
  id: string
  bookId: string
  /** Held (unique with books.isbn), as an ISBN-13. */
  isbn: string | null
  /** Shown but held against nobody: an edition an import attached (decision 0023). */
  unclaimedIsbn: string | null
  format: string | null
  pageCount: number | null
  audioSeconds: number | null
  language: Generated<string>
  publisher: Generated<string>
  publishedDate: string | null
  edition: Generated<string>
  coverImage: Generated<string>
  createdByUserId: string | null
  /** As on books (decision 0031): the binding as written, the other contributors; and the edition's own title and credit (null: the work's). */
  binding: string | null
  additionalAuthors: string | null
  title: string | null
  author: string | null
  createdAt: Timestamp
  /** The edition this one was merged into (an edition's id, or its work's for the shown edition; decision 0030); null for a live edition. */
  mergedInto: Generated<string | null>
}

export interface BookGenresTable {
  bookId: string
  genre: string
}

export interface ReviewsTable {
  id: string
  bookId: string
  userId: string
  /** 1 to 5; null for a review an import brought without stars (migration 2026_12_03_0200, decision 0029): in no average. */
  rating: number | null
  comment: string
  /** 1 when the reader marked the review as a spoiler (Goodreads's Spoiler, decision 0031). */
  spoiler: Generated<number>
  /** 1 for a review an import brought (decision 0036): kept in its written place, out of Recent Reviews. */
  imported: Generated<number>
  /** How many readers like the review, and how many of its comments are not deleted (migration 2026_12_11_0100, decision 0041): moved with each change. */
  likes: Generated<number>
  commentCount: Generated<number>
  createdAt: Timestamp
  updatedAt: Timestamp
}

/** One reader's like of a review (migration 2026_12_11_0100, decision 0041). */
interface ReviewLikesTable {
  reviewId: string
  userId: string
  createdAt: Timestamp
}

/**
 * A comment on a review (migration 2026_12_11_0100, decision 0042): `threadId` is its top-level
 * comment's id (its own for a top-level one); a tombstone (`deleted` 1) has no text and no writer.
 */
interface ReviewCommentsTable {
  id: string
  reviewId: string
  threadId: string
  parentId: string | null
  userId: string | null
  text: string | null
  deleted: Generated<number>
  likes: Generated<number>
  replyCount: Generated<number>
  createdAt: Timestamp
  editedAt: Timestamp | null
  /** How far into the book the comment is (decision 0059): 'page', 'percent' or 'finished'; null when not said. */
  positionKind: 'page' | 'percent' | 'finished' | null
  positionValue: number | null
}

/** One reader's like of a comment. */
interface CommentLikesTable {
  commentId: string
  userId: string
  createdAt: Timestamp
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

/** A reader's personal access token (migration 2026_12_13_0100, decision 0045): only its SHA-256 is kept. */
interface PersonalTokensTable {
  id: string
  userId: string
  name: string
  /** The granted scopes, space-separated. */
  scopes: string
  tokenHash: string
  /** The token's last four characters. */
  hint: string
  createdAt: Timestamp
  expiresAt: Timestamp
  lastUsedAt: Timestamp | null
}

/** A book a reader's device named that the server could not place (migration 2026_12_13_0200, decision 0047); bound once, it keeps the book. */
interface SyncInboxTable {
  id: string
  userId: string
  kind: 'isbn' | 'asin' | 'kosync'
  identifier: string
  device: string | null
  /** The last sync's position, as JSON. */
  payload: string
  bookId: string | null
  createdAt: Timestamp
  updatedAt: Timestamp
}

/** The answer given to one Idempotency-Key of a reader's progress sync (migration 2026_12_13_0200). */
interface SyncRequestsTable {
  userId: string
  idempotencyKey: string
  requestHash: string
  answer: string
  createdAt: Timestamp
}

/** A reader's sync settings (migration 2026_12_15_0200); no row: the defaults. */
interface SyncSettingsTable {
  userId: string
  /** 1: a device reporting the end of a book finishes the read. */
  finishAtEnd: number
  updatedAt: Timestamp
}

/** A reader's e-reader with its own kosync sign-in (migration 2026_12_13_0300, decision 0047): only a hash of its key is kept. */
interface DevicesTable {
  id: string
  userId: string
  name: string
  username: string
  /** SHA-256 (hex) of the MD5 (hex) of the device password, which is what KOReader sends as x-auth-key. */
  keyHash: string
  createdAt: Timestamp
  lastUsedAt: Timestamp | null
}

/** The last position KOReader reported per reader and document (migration 2026_12_13_0300). */
interface KosyncProgressTable {
  userId: string
  document: string
  progress: string
  percentage: number
  device: string
  deviceId: string | null
  /** Seconds since the epoch, as koreader-sync-server answers it. */
  timestamp: number | string
}

/** A device's request to be linked (migration 2026_12_13_0400): RFC 8628's device and user codes. */
interface DeviceCodesTable {
  id: string
  deviceCodeHash: string
  userCode: string
  clientName: string
  status: Generated<'pending' | 'approved' | 'denied' | 'used'>
  userId: string | null
  scopes: string | null
  tokenDays: number | null
  interval: number
  expiresAt: Timestamp
  lastPolledAt: Timestamp | null
  createdAt: Timestamp
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
  /** The edition the reader reads (null: the work's shown edition) and the copies they own (decision 0027). */
  editionId: string | null
  ownedFormat: string | null
  ownedCopies: number | null
  /** The reader's own notes on the book (Goodreads's Private Notes, decision 0031): shown to them alone. */
  privateNotes: string | null
  /** The book's place on the reader's status shelf ("to-read (#3)") and the status it was kept for (decision 0031). */
  statusPosition: number | null
  statusPositionOf: string | null
  /** The unit the reader reports this book's progress in: pages, percent or minutes (decision 0039); null until chosen. */
  progressUnit: string | null
  /** Who sees this book in the reader's log: null for the account's default (decision 0055). */
  visibility: 'public' | 'followers' | 'private' | null
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
  /** 1 when an import brought it (decision 0067): the reader's history, left out of the followed feed. */
  imported: Generated<number>
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

/** A note of an import's row: what the import noted of it, of a kind, in words (migration 2026_12_03_0100, decision 0029). */
interface ImportRowNotesTable {
  importId: string
  line: number
  /** The note's place among the row's notes, from 0. */
  position: number
  kind: string
  message: string
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

/** A reader's own shelf (migration 2026_12_01_0100, decision 0028): `nameKey` is the name as compared, unique per reader; `isPublic` 0 or 1. */
interface ShelvesTable {
  id: string
  userId: string
  name: string
  nameKey: string
  isPublic: number
  createdAt: Timestamp
  updatedAt: Timestamp
}

/** A book on a reader's shelf: its position there (1 first) and when it was put there. */
interface ShelfBooksTable {
  shelfId: string
  userId: string
  bookId: string
  position: number
  addedAt: Timestamp
}

/** A reader's proposal that two books are one work, or two editions one printing (migration 2026_12_05_0100, decision 0030). */
interface MergeProposalsTable {
  id: string
  kind: 'work' | 'edition'
  firstId: string
  secondId: string
  /** The two ids sorted, joined by a space: one open proposal per pair and kind. */
  pairKey: string
  status: 'open' | 'applied' | 'reverted'
  proposedByUserId: string | null
  /** 'reader' (a reader proposed it) or 'import' (suggested when an import finished). */
  origin: Generated<'reader' | 'import'>
  /** Kind edition: the work both editions belong to; null for kind work. */
  workId: Generated<string | null>
  createdAt: Timestamp
  updatedAt: Timestamp
}

/** An applied proposal: which book stayed, which went, and what each module moved (JSON), for a revert. */
interface BookMergesTable {
  id: string
  proposalId: string
  kind: 'work' | 'edition'
  survivorId: string
  absorbedId: string
  /** The surviving work (the survivor itself for a work merge). */
  workId: string
  moved: string
  appliedByUserId: string | null
  appliedAt: Timestamp
  revertedByUserId: string | null
  revertedAt: Timestamp | null
}

/** A thread on a book (migration 2026_12_12_0100, decision 0043); counters kept by the discussions module. */
interface DiscussionsTable {
  id: string
  bookId: string
  userId: string | null
  title: string
  postCount: Generated<number>
  /** Of the live posts, those the moderators hid (decision 0058): a thread shows postCount minus these. */
  hiddenPostCount: Generated<number>
  lastActivityAt: Timestamp
  createdAt: Timestamp
}

/** A post of a thread: `rootId` its top-level post (its own id for one); `text` null for a tombstone. */
interface DiscussionPostsTable {
  id: string
  discussionId: string
  userId: string | null
  parentId: string | null
  rootId: string
  /** The post a reply answered, its notification's target (migration 2026_12_20_0500); null for a top-level post and older replies. */
  answeredId: Generated<string | null>
  text: string | null
  positionKind: 'page' | 'percent' | 'finished' | null
  positionValue: number | null
  createdAt: Timestamp
  editedAt: Timestamp | null
  deletedAt: Timestamp | null
}

/** A reader's webhook (migration 2026_12_14_0100, decision 0048). */
interface WebhooksTable {
  id: string
  userId: string
  url: string
  /** The events as ',a,b,'. */
  events: string
  secret: string
  createdAt: Timestamp
  disabledAt: Timestamp | null
  disabledReason: string | null
}

/** One delivery of an event to a hook: the outbox row and its log (decision 0048). */
/** A reader's feed inbox: one activity of someone they follow (decision 0060). */
interface FeedItemsTable {
  ownerId: string
  at: Timestamp
  /** The activity type's rank (FEED_ITEM_TYPES order). */
  rank: number
  itemId: string
  actorId: string
}

/** A reader whose inbox was built. */
interface FeedOwnersTable {
  ownerId: string
  builtAt: Timestamp
  trimmedAt: Timestamp
  /** Before this moment the inbox may lack activities (a bounded build or backfill, a trim); null: it lacks none. */
  completeAfter: Timestamp | null
}

/** Feed work to do: fan an activity out, backfill a follow, build an inbox. */
interface FeedOutboxTable {
  id: string
  kind: 'read' | 'review' | 'comment' | 'discussion' | 'follow' | 'build'
  /** The actor (an activity), or the reader whose inbox is filled (a follow, a build). */
  subjectId: string
  /** The activity's row, or the reader followed. */
  itemId: string
  createdAt: Timestamp
  /** Due from then (a claim moves it past a lease). */
  leaseUntil: Timestamp
  attempts: Generated<number>
}

interface WebhookDeliveriesTable {
  id: string
  webhookId: string
  userId: string
  event: string
  /** The body sent, as JSON. */
  payload: string
  createdAt: Timestamp
  attempts: Generated<number>
  /** When the row is next due (or its lease ends); null once settled. */
  nextAttemptAt: Timestamp | null
  lastStatus: number | null
  lastError: string | null
  deliveredAt: Timestamp | null
  failedAt: Timestamp | null
}

/** One reader blocked another (migration 2026_12_18_0100, decision 0057). */
interface BlocksTable {
  blockerId: string
  blockedId: string
  createdAt: Timestamp
}

/** A reader muted another (decision 0057): kept out of their feed and discussions, unknown to the muted one. */
interface UserMutesTable {
  userId: string
  mutedId: string
  createdAt: Timestamp
}

/** A reader muted a book (decision 0057). */
interface BookMutesTable {
  userId: string
  bookId: string
  createdAt: Timestamp
}

/** A word (lower-cased) a reader muted (decision 0057). */
interface MutedWordsTable {
  userId: string
  word: string
  createdAt: Timestamp
}

/** A reader's report of an item and what the moderators decided (migration 2026_12_18_0200, decision 0058). */
interface ReportsTable {
  id: string
  reporterId: string
  targetType: 'review' | 'comment' | 'post' | 'discussion' | 'profile' | 'book'
  targetId: string
  reason: string
  note: string | null
  status: Generated<'open' | 'hidden' | 'restored' | 'dismissed'>
  outcomeNote: string | null
  decidedByUserId: string | null
  decidedAt: Timestamp | null
  createdAt: Timestamp
}

/** An item the moderators hid (decision 0058): its thread shows "removed by the moderators". */
interface HiddenItemsTable {
  targetType: 'review' | 'comment' | 'post' | 'discussion' | 'profile' | 'book'
  targetId: string
  hiddenByUserId: string | null
  note: string
  hiddenAt: Timestamp
}

/** A notification, or a group of them while unread (migration 2026_12_16_0100, decision 0052). */
interface NotificationsTable {
  id: string
  userId: string
  type: string
  targetType: string
  targetId: string
  bookId: string | null
  parentId: string | null
  title: string | null
  actorCount: Generated<number>
  createdAt: Timestamp
  updatedAt: Timestamp
  readAt: Timestamp | null
}

/** A reader in a notification's group. */
interface NotificationActorsTable {
  notificationId: string
  actorId: string
  createdAt: Timestamp
}

/** A reader's listed notifications (groups with a reader in them), kept by triggers (migration 2026_12_20_0600). */
interface NotificationCountsTable {
  userId: string
  listed: Generated<number>
}

/** A kind of notification a reader turned off. */
interface NotificationSettingsTable {
  userId: string
  type: string
}

/** A single-use ticket for a browser's live stream: its SHA-256 only. */
interface NotificationTicketsTable {
  hash: string
  userId: string
  expiresAt: Timestamp
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
  personalTokens: PersonalTokensTable
  syncInbox: SyncInboxTable
  syncRequests: SyncRequestsTable
  syncSettings: SyncSettingsTable
  devices: DevicesTable
  kosyncProgress: KosyncProgressTable
  deviceCodes: DeviceCodesTable
  uploads: UploadsTable
  catalogueEdits: CatalogueEditsTable
  readingEntries: ReadingEntriesTable
  readThroughs: ReadThroughsTable
  progressUpdates: ProgressUpdatesTable
  imports: ImportsTable
  importRows: ImportRowsTable
  importRowNotes: ImportRowNotesTable
  importFiles: ImportFilesTable
  importAllowances: ImportAllowancesTable
  readingGoals: ReadingGoalsTable
  bookEdits: BookEditsTable
  editions: EditionsTable
  shelves: ShelvesTable
  shelfBooks: ShelfBooksTable
  mergeProposals: MergeProposalsTable
  bookMerges: BookMergesTable
  discussions: DiscussionsTable
  discussionPosts: DiscussionPostsTable
  blocks: BlocksTable
  userMutes: UserMutesTable
  bookMutes: BookMutesTable
  mutedWords: MutedWordsTable
  reports: ReportsTable
  hiddenItems: HiddenItemsTable
  webhooks: WebhooksTable
  webhookDeliveries: WebhookDeliveriesTable
  feedItems: FeedItemsTable
  feedOwners: FeedOwnersTable
  feedOutbox: FeedOutboxTable
  reviewLikes: ReviewLikesTable
  reviewComments: ReviewCommentsTable
  commentLikes: CommentLikesTable
  notifications: NotificationsTable
  notificationActors: NotificationActorsTable
  notificationCounts: NotificationCountsTable
  notificationSettings: NotificationSettingsTable
  notificationTickets: NotificationTicketsTable
}
