import { sql, type Selectable } from 'kysely'
import type { BookFormat, Owned, Progress, ProgressUnit, ReadingStatus, ReadingVisibility } from '@shelfwise/contracts'
import { lockedForUpdate, toIso, type Db } from '#/db/portable.ts'
import type { Database, ReadThroughsTable } from '#/db/schema.ts'
import { precompile } from '#/db/precompiled.ts'
import { enqueueReadWork } from '#/feed-outbox.ts'

// The reading log's tables (decision 0018): entries, reads (read-throughs), progress updates, and
// the spec's wishlist and reads tables, which this module keeps as projections of the log.

export interface EntryRow {
  status: ReadingStatus | null
  rating: number | null
  /** The edition the reader reads (null: the work's shown one) and the copies they own (decision 0027). */
  editionId: string | null
  owned: Owned | null
  /** The reader's private notes (decision 0031): theirs alone. */
  privateNotes: string | null
  /** The unit the reader reports progress in (decision 0039). */
  progressUnit: ProgressUnit | null
  /** Who sees the book in the log (decision 0055): null for the account's default. */
  visibility: ReadingVisibility | null
  updatedAt: string
}

export interface ReadRow extends ReadValues {
  id: string
  bookId: string
  removedAt: string | null
  updatedAt: string
}

type ReadDbRow = Pick<
  ReadThroughsTable,
  | 'id'
  | 'bookId'
  | 'startedOn'
  | 'finishedOn'
  | 'stoppedOn'
  | 'outcome'
  | 'finishedAt'
  | 'progressPage'
  | 'progressPercent'
  | 'progressMinutes'
  | 'removedAt'
  | 'updatedAt'
>

export const toRead = (r: ReadDbRow): ReadRow => ({
  id: r.id,
  bookId: r.bookId,
  startedOn: r.startedOn,
  finishedOn: r.finishedOn,
  stoppedOn: r.stoppedOn,
  outcome: r.outcome as ReadRow['outcome'],
  finishedAt: r.finishedAt === null ? null : toIso(r.finishedAt),
  progress: {
    page: r.progressPage === null ? null : Number(r.progressPage),
    percent: r.progressPercent === null ? null : Number(r.progressPercent),
    minutes: r.progressMinutes === null ? null : Number(r.progressMinutes),
  },
  removedAt: r.removedAt === null ? null : toIso(r.removedAt),
  updatedAt: toIso(r.updatedAt),
})

export const READ_COLUMNS = [
  'id',
  'bookId',
  'startedOn',
  'finishedOn',
  'stoppedOn',
  'outcome',
  'finishedAt',
  'progressPage',
  'progressPercent',
  'progressMinutes',
  'removedAt',
  'updatedAt',
] as const

/** A reader's entry for a book, to select from. */
const entryOf = (db: Db, userId: string, bookId: string) => db.selectFrom('readingEntries').where('userId', '=', userId).where('bookId', '=', bookId)

/** The columns of an entry EntryRow reads. */
export const ENTRY_COLUMNS = ['status', 'rating', 'editionId', 'ownedFormat', 'ownedCopies', 'privateNotes', 'progressUnit', 'visibility', 'updatedAt'] as const

type EntryDbRow = Pick<Selectable<Database['readingEntries']>, (typeof ENTRY_COLUMNS)[number]>

export const toEntry = (row: EntryDbRow): EntryRow => ({
  status: row.status as ReadingStatus | null,
  rating: row.rating === null ? null : Number(row.rating),
  editionId: row.editionId,
  owned: ownedOf(row),
  privateNotes: row.privateNotes,
  progressUnit: row.progressUnit as ProgressUnit | null,
  visibility: row.visibility,
  updatedAt: toIso(row.updatedAt),
})

export async function findEntry(db: Db, userId: string, bookId: string): Promise<EntryRow | undefined> {
  const row = await entryOf(db, userId, bookId).select(ENTRY_COLUMNS).executeTakeFirst()
  return row && toEntry(row)
}

/**
 * The reader's entry with the rating of their review of the book (null without one) in one statement;
 * undefined when they have no entry (the review's rating then needs findReviewRating).
 */
export async function findEntryAndReviewRating(db: Db, userId: string, bookId: string): Promise<(EntryRow & { reviewRating: number | null }) | undefined> {
  const row = await db
    .selectFrom('readingEntries as e')
    .select(ENTRY_COLUMNS.map((c) => `e.${c}` as const))
    .select((eb) =>
      eb.selectFrom('reviews as r').select('r.rating').whereRef('r.userId', '=', 'e.userId').whereRef('r.bookId', '=', 'e.bookId').as('reviewRating'),
    )
    .where('e.userId', '=', userId)
    .where('e.bookId', '=', bookId)
    .executeTakeFirst()
  return row && { ...toEntry(row), reviewRating: row.reviewRating == null ? null : Number(row.reviewRating) }
}

/** The copies a reader owns, as stored on their entry (none when `owned_copies` is null). */
export const ownedOf = (row: { ownedFormat: string | null; ownedCopies: number | null }): Owned | null =>
  row.ownedCopies === null ? null : { format: row.ownedFormat as BookFormat | null, copies: Number(row.ownedCopies) }

/** The copies a reader owns as the entry's columns. */
export const ownedColumns = (owned: Owned | null) => ({ ownedFormat: owned?.format ?? null, ownedCopies: owned?.copies ?? null })

/** What an import may fill in on an entry (decision 0031): when it came in, the reader's private notes, edition and copies. */
export interface EntryDetails {
  createdAt: string
  privateNotes: string | null
  editionId: string | null
  owned: Owned | null
  statusPosition: number | null
  statusPositionOf: string | null
}

/** The columns of an entry EntryDetails reads. */
export const ENTRY_DETAIL_COLUMNS = ['createdAt', 'privateNotes', 'editionId', 'ownedFormat', 'ownedCopies', 'statusPosition', 'statusPositionOf'] as const

export const toEntryDetails = (row: Pick<Selectable<Database['readingEntries']>, (typeof ENTRY_DETAIL_COLUMNS)[number]>): EntryDetails => ({
  createdAt: toIso(row.createdAt),
  privateNotes: row.privateNotes,
  editionId: row.editionId,
  owned: ownedOf(row),
  statusPosition: row.statusPosition,
  statusPositionOf: row.statusPositionOf,
})

export async function findEntryDetails(db: Db, userId: string, bookId: string): Promise<EntryDetails | undefined> {
  const row = await entryOf(db, userId, bookId).select(ENTRY_DETAIL_COLUMNS).executeTakeFirst()
  return row && toEntryDetails(row)
}

/** What an import fills in on an entry besides its status and rating. */
export interface EntryDetailsChange {
  createdAt?: string
  privateNotes?: string
  editionId?: string
  ownedFormat?: string | null
  ownedCopies?: number
  statusPosition?: number
  statusPositionOf?: string
}

/** Sets what an import fills in on an entry, without marking it changed (the caller does). */
export async function setEntryDetails(db: Db, userId: string, bookId: string, change: EntryDetailsChange): Promise<void> {
  await db.updateTable('readingEntries').set(change).where('userId', '=', userId).where('bookId', '=', bookId).execute()
}

/** The edition the reader reads, from their entry (null: the work's shown edition, or no entry). */
const entryTarget = precompile(2, (db, userId: string, id: string) =>
  db
    .selectFrom('books as w')
    .select(['w.id as workId', 'w.pageCount as workPages'])
    .select((eb) =>
      eb.selectFrom('readingEntries as e').select('e.editionId').where('e.userId', '=', userId).whereRef('e.bookId', '=', 'w.id').as('entryEditionId'),
    )
    .where('w.id', 'in', (eb) =>
      eb
        .selectFrom('books')
        .select('id')
        .where('id', '=', id)
        .unionAll(eb.selectFrom('editions').select('bookId as id').where('id', '=', id)),
    ),
)

/** What a change of a reader's log of a book starts from: the work an id names, its page count, the edition the reader's entry names. */
export interface EntryTarget {
  workId: string
  workPages: number | null
  entryEditionId: string | null
}

/**
 * The work a book id names (a work's own id, or an edition's work, decision 0027), its page count, and
 * the edition the reader's entry names (null without an entry): the reads a change of the log starts
 * with, in one statement (issue 26: each is a round trip on PostgreSQL). Undefined for an absent book.
 */
export async function findEntryTarget(db: Db, userId: string, id: string): Promise<EntryTarget | undefined> {
  const row = await entryTarget.first(db, userId, id)
  return row && { workId: row.workId, workPages: row.workPages === null ? null : Number(row.workPages), entryEditionId: row.entryEditionId ?? null }
}

/**
 * Creates the entry if there is none (no status, no rating), or marks it changed at `at`, so reads
 * can hang from it and the library orders by its newest change; answers its status and edition before.
 */
export async function touchEntry(db: Db, userId: string, bookId: string, at: string): Promise<{ status: ReadingStatus | null; editionId: string | null }> {
  const row = await db
    .insertInto('readingEntries')
    .values({ userId, bookId, status: null, rating: null, createdAt: at, updatedAt: at })
    .onConflict((oc) => oc.columns(['userId', 'bookId']).doUpdateSet({ updatedAt: at }))
    .returning(['status', 'editionId'])
    .executeTakeFirstOrThrow()
  return { status: row.status as ReadingStatus | null, editionId: row.editionId }
}

export async function updateEntry(
  db: Db,
  userId: string,
  bookId: string,
  change: {
    status?: ReadingStatus | null
    rating?: number | null
    editionId?: string | null
    ownedFormat?: string | null
    ownedCopies?: number | null
    privateNotes?: string | null
    progressUnit?: ProgressUnit | null
    visibility?: ReadingVisibility | null
  },
  at: string,
): Promise<void> {
  await db
    .updateTable('readingEntries')
    .set({ ...change, updatedAt: at })
    .where('userId', '=', userId)
    .where('bookId', '=', bookId)
    .execute()
}

/**
 * The reader's rating of a book given without a review (null when none), locked until the
 * transaction ends on PostgreSQL (SQLite transactions already hold the whole database), so the
 * change the caller makes and tells the rating ledger is exactly the change made to the row.
 */
export async function findEntryRatingForChange(db: Db, userId: string, bookId: string): Promise<number | null> {
  const row = await lockedForUpdate(db, entryOf(db, userId, bookId).select('rating').where('rating', 'is not', null)).executeTakeFirst()
  return row ? Number(row.rating) : null
}

/** Takes the rating off a reader's entry without marking the entry changed (a review holds the rating now). */
export async function clearEntryRating(db: Db, userId: string, bookId: string): Promise<void> {
  await db.updateTable('readingEntries').set({ rating: null }).where('userId', '=', userId).where('bookId', '=', bookId).execute()
}

/**
 * The readers whose log version a transaction has moved already (by the transaction's handle). Others
 * see the version move when the transaction commits, once however often it moved inside: an import's
 * batch of 100 rows, whose reviews and shelves each marked the log changed again, sent 549 of these
 * UPDATEs for 5,000 rows. A transaction that rolls back takes its handle, and this entry, with it.
 */
const movedIn = new WeakMap<Db, Set<string>>()

/** Notes that the transaction `db` moved the reader's log version; false when it had already (nothing to send). */
export function noteLogVersionMoved(db: Db, userId: string): boolean {
  if (!db.isTransaction) return true
  const moved = movedIn.get(db) ?? new Set<string>()
  movedIn.set(db, moved)
  if (moved.has(userId)) return false
  moved.add(userId)
  return true
}

/**
 * Marks the reader's log changed (`users.log_version`, decision 0026), in the transaction of the
 * write. Run before the write's other statements: the reader's row is locked first, as every writer
 * locks users' rows before others, so two transactions never wait on each other crosswise. Once per
 * transaction and reader: after the first, the row is locked and the version moved already.
 */
export async function bumpLogVersion(db: Db, userId: string): Promise<void> {
  if (!noteLogVersionMoved(db, userId)) return
  await db
    .updateTable('users')
    .set((eb) => ({ logVersion: eb('logVersion', '+', 1) }))
    .where('id', '=', userId)
    .execute()
}

/** The version of a reader's log: it changes with every write to it, on any instance; undefined for an unknown reader. */
export async function findLogVersion(db: Db, userId: string): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('logVersion').where('id', '=', userId).executeTakeFirst()
  return row && Number(row.logVersion)
}

/** A reader's reads, oldest first (by start, else finish, else stop, else when logged), to select from. */
export const readsInOrder = (db: Db, userId: string) =>
  db
    .selectFrom('readThroughs')
    .where('userId', '=', userId)
    .orderBy(sql`coalesce(started_on, finished_on, stopped_on, '9999')`)
    .orderBy('createdAt')
    .orderBy('id')

/** The reader's reads of a book, oldest first. */
export async function listReads(db: Db, userId: string, bookId: string): Promise<ReadRow[]> {
  const rows = await readsInOrder(db, userId).select(READ_COLUMNS).where('bookId', '=', bookId).execute()
  return rows.map(toRead)
}

/** One read with its owner, for a change by id. */
export async function findRead(db: Db, id: string): Promise<(ReadRow & { userId: string }) | undefined> {
  const row = await db
    .selectFrom('readThroughs')
    .select([...READ_COLUMNS, 'userId'])
    .where('id', '=', id)
    .executeTakeFirst()
  return row && { ...toRead(row), userId: row.userId }
}

export interface ReadValues {
  startedOn: string | null
  finishedOn: string | null
  stoppedOn: string | null
  outcome: 'finished' | 'stopped' | null
  finishedAt: string | null
  progress: Progress
}

/** A read's values as its row's columns. */
export const readColumns = (v: ReadValues) => ({
  startedOn: v.startedOn,
  finishedOn: v.finishedOn,
  stoppedOn: v.stoppedOn,
  outcome: v.outcome,
  finishedAt: v.finishedAt,
  progressPage: v.progress.page,
  progressPercent: v.progress.percent,
  progressMinutes: v.progress.minutes,
})

/**
 * A read made: by the reader (news for their followers' feeds, decision 0060), or by an import
 * (`imported`: their history, which the feed leaves out, decision 0067).
 */
export async function insertRead(db: Db, id: string, userId: string, bookId: string, v: ReadValues, at: string, imported = false): Promise<void> {
  await db
    .insertInto('readThroughs')
    .values({ id, userId, bookId, ...readColumns(v), removedAt: null, imported: imported ? 1 : 0, createdAt: at, updatedAt: at })
    .execute()
  // A start, a finish or a stop reaches the followers' feeds (decision 0060).
  if (!imported) await enqueueReadWork(db, id)
}

/**
 * A read changed: by the reader, or by an import (`byImport`). A finish or a stop the reader makes is
 * news even on a read an import brought: it is theirs from then on (decision 0067).
 */
export async function updateRead(db: Db, id: string, v: ReadValues, at: string, byImport = false): Promise<void> {
  const activity = !byImport && (v.outcome === 'finished' || v.outcome === 'stopped')
  await db
    .updateTable('readThroughs')
    .set({ ...readColumns(v), updatedAt: at, ...(activity ? { imported: 0 } : {}) })
    .where('id', '=', id)
    .execute()
  // A finish or a stop (again: its moment may have moved); progress alone changes nothing in the feed.
  if (activity) await enqueueReadWork(db, id)
}

export async function setReadRemoved(db: Db, id: string, removedAt: string | null, at: string): Promise<void> {
  await db.updateTable('readThroughs').set({ removedAt, updatedAt: at }).where('id', '=', id).execute()
  // A read put back shows again (a stopped read at its new moment).
  if (removedAt === null) await enqueueReadWork(db, id)
}

export async function deleteRead(db: Db, id: string): Promise<void> {
  await db.deleteFrom('readThroughs').where('id', '=', id).execute()
}

export async function insertProgressUpdate(db: Db, id: string, readId: string, p: Progress, at: string): Promise<void> {
  await db.insertInto('progressUpdates').values({ id, readId, page: p.page, percent: p.percent, minutes: p.minutes, createdAt: at }).execute()
}

/** Where Recently Read puts a book whose finished reads are all undated: after every dated one. */
const UNDATED_READ_AT = '1970-01-01T00:00:00.000Z'

/** A book's moment on Recently Read from its kept finished reads (their newest finish, and how many): null when it has none. */
export const recentlyReadAt = (newestFinish: string | Date | null, finished: number): string | null =>
  newestFinish ? toIso(newestFinish) : finished > 0 ? UNDATED_READ_AT : null

/**
 * Rewrites the spec's two lists for one reader and book from the log: on the wishlist while the
 * status is 'want' (keeping when it was first added), on the recently-read list while a finished read
 * is kept, at its newest finish.
 */
export async function syncProjections(db: Db, userId: string, bookId: string, at: string): Promise<void> {
  const entry = await findEntry(db, userId, bookId)
  if (entry?.status === 'want') {
    await db
      .insertInto('wishlist')
      .values({ userId, bookId, addedAt: at })
      .onConflict((oc) => oc.columns(['userId', 'bookId']).doNothing())
      .execute()
  } else {
    await db.deleteFrom('wishlist').where('userId', '=', userId).where('bookId', '=', bookId).execute()
  }
  const newest = await db
    .selectFrom('readThroughs')
    .select((eb) => [eb.fn.max('finishedAt').as('at'), eb.fn.countAll<number>().as('n')])
    .where('userId', '=', userId)
    .where('bookId', '=', bookId)
    .where('outcome', '=', 'finished')
    .where('removedAt', 'is', null)
    .executeTakeFirst()
  // A book whose every finished read is undated (an import's "read, date unknown") is on the list too,
  // after every dated one: the list's moment orders it, and nobody is told it was read today.
  const readAt = recentlyReadAt(newest?.at ?? null, Number(newest?.n ?? 0))
  if (readAt === null) {
    await db.deleteFrom('reads').where('userId', '=', userId).where('bookId', '=', bookId).execute()
  } else {
    await db
      .insertInto('reads')
      .values({ userId, bookId, readAt })
      .onConflict((oc) => oc.columns(['userId', 'bookId']).doUpdateSet({ readAt }))
      .execute()
  }
}

/** The rating a reader gave a book in a review, if they reviewed it with stars (an import's review may have none, decision 0029). */
export async function findReviewRating(db: Db, userId: string, bookId: string): Promise<number | null> {
  const row = await db.selectFrom('reviews').select('rating').where('userId', '=', userId).where('bookId', '=', bookId).executeTakeFirst()
  return row?.rating == null ? null : Number(row.rating)
}
