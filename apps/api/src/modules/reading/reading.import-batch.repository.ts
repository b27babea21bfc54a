import { sql } from 'kysely'
import { toIso, type Db } from '#/db/portable.ts'
import {
  ENTRY_COLUMNS,
  noteLogVersionMoved,
  ENTRY_DETAIL_COLUMNS,
  READ_COLUMNS,
  readColumns,
  readsInOrder,
  recentlyReadAt,
  toEntry,
  toEntryDetails,
  toRead,
  type EntryDetails,
  type EntryDetailsChange,
  type EntryRow,
  type ReadRow,
  type ReadValues,
} from '#/modules/reading/reading.repository.ts'

// The reading log's statements for a batch of an import's rows (decision 0070): what the batch's
// books already hold in the reader's log, read in one statement per table, and the spec's two lists
// rewritten for the batch's books at its end. The callers keep the batch small (the import worker's
// batch), so every list of books here is a few values of one statement.

/** Reads to one insert: 16 values each, well within either database's limit on a statement's values. */
const IMPORTED_READS_PER_STATEMENT = 200

/** What the reader's log holds of one book before the batch: the entry (with what an import may fill in), its reads, and the stars of their review. */
export interface LogOfBook {
  entry: EntryRow | undefined
  details: EntryDetails | undefined
  reads: ReadRow[]
  reviewRating: number | null
}

/** The reader's log of these books, one statement per table; a book absent from the log has no entry, no reads and no review rating. */
export async function findLogOfBooks(db: Db, userId: string, bookIds: readonly string[]): Promise<Map<string, LogOfBook>> {
  const ids = [...new Set(bookIds)]
  const logs = new Map<string, LogOfBook>(ids.map((id) => [id, { entry: undefined, details: undefined, reads: [], reviewRating: null }]))
  if (!ids.length) return logs
  const columns = [...new Set([...ENTRY_COLUMNS, ...ENTRY_DETAIL_COLUMNS])]
  const [entries, reads, reviews] = [
    await db
      .selectFrom('readingEntries')
      .select(['bookId', ...columns])
      .where('userId', '=', userId)
      .where('bookId', 'in', ids)
      .execute(),
    // Oldest first within each book, as listReads gives them.
    await readsInOrder(db, userId).select(READ_COLUMNS).where('bookId', 'in', ids).execute(),
    await db.selectFrom('reviews').select(['bookId', 'rating']).where('userId', '=', userId).where('bookId', 'in', ids).execute(),
  ]
  for (const row of entries) Object.assign(logs.get(row.bookId)!, { entry: toEntry(row), details: toEntryDetails(row) })
  for (const row of reads) logs.get(row.bookId)!.reads.push(toRead(row))
  for (const row of reviews) logs.get(row.bookId)!.reviewRating = row.rating == null ? null : Number(row.rating)
  return logs
}

/** The reader's log version, to tell later whether anyone wrote their log meanwhile. */
export async function findLogVersionOf(db: Db, userId: string): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('logVersion').where('id', '=', userId).executeTakeFirst()
  return row && Number(row.logVersion)
}

/** bumpLogVersion, answering the version it made (undefined for an unknown reader); always sent, and noted as moved. */
export async function bumpLogVersionReturning(db: Db, userId: string): Promise<number | undefined> {
  noteLogVersionMoved(db, userId)
  const row = await db
    .updateTable('users')
    .set((eb) => ({ logVersion: eb('logVersion', '+', 1) }))
    .where('id', '=', userId)
    .returning('logVersion')
    .executeTakeFirst()
  return row && Number(row.logVersion)
}

/** The columns of an entry an import writes, besides its keys and moments. */
interface ImportedEntryColumns extends EntryDetailsChange {
  status?: string | null
  rating?: number | null
}

/** One entry an import writes: `change` made at `at` (else its `createdAt`), or those columns of the one there is changed and marked changed at `at`. */
export interface ImportedEntryWrite {
  bookId: string
  change: ImportedEntryColumns
  at: string
}

/** Entries to one insert: about 15 values each, well within either database's limit on a statement's values. */
const IMPORTED_ENTRIES_PER_STATEMENT = 200

/**
 * Makes or changes the batch's entries: what touchEntry, setEntryDetails and updateEntry do one after
 * another for each, in one statement for all the entries that change the same columns (a batch has
 * a few such shapes). Each book at most once: the caller writes a book's entry before reading it again.
 */
export async function writeImportedEntries(db: Db, userId: string, writes: readonly ImportedEntryWrite[]): Promise<void> {
  const shapes = Map.groupBy(writes, (w) => Object.keys(w.change).sort().join(','))
  for (const [shape, group] of shapes) {
    const columns = (shape ? shape.split(',') : []) as (keyof ImportedEntryColumns)[]
    for (let i = 0; i < group.length; i += IMPORTED_ENTRIES_PER_STATEMENT)
      await db
        .insertInto('readingEntries')
        .values(
          group
            .slice(i, i + IMPORTED_ENTRIES_PER_STATEMENT)
            .map(({ bookId, change, at }) => ({ userId, bookId, status: null, rating: null, createdAt: at, updatedAt: at, ...change })),
        )
        .onConflict((oc) =>
          oc.columns(['userId', 'bookId']).doUpdateSet((eb) => ({
            ...Object.fromEntries(columns.map((c) => [c, eb.ref(`excluded.${c}`)])),
            updatedAt: eb.ref('excluded.updatedAt'),
          })),
        )
        .execute()
  }
}

/** Reads an import brings (decision 0067: history, left out of the feed), IMPORTED_READS_PER_STATEMENT to a statement. */
export async function insertImportedReads(
  db: Db,
  userId: string,
  reads: readonly { bookId: string; id: string; values: ReadValues; at: string }[],
): Promise<void> {
  for (let i = 0; i < reads.length; i += IMPORTED_READS_PER_STATEMENT)
    await db
      .insertInto('readThroughs')
      .values(
        reads.slice(i, i + IMPORTED_READS_PER_STATEMENT).map(({ bookId, id, values, at }) => ({
          id,
          userId,
          bookId,
          ...readColumns(values),
          removedAt: null,
          imported: 1,
          createdAt: at,
          updatedAt: at,
        })),
      )
      .execute()
}

/**
 * syncProjections for several books of one reader at once: the wishlist holds those whose status is
 * 'want' (keeping when each was first added), Recently Read those with a kept finished read, at its
 * newest finish. Six statements whatever the number of books (a few: the caller's batch).
 */
export async function syncProjectionsOfBooks(db: Db, userId: string, bookIds: readonly string[], at: string): Promise<void> {
  const ids = [...new Set(bookIds)]
  if (!ids.length) return
  // With a column reading_entries_user_status_idx does not hold (createdAt), so PostgreSQL finds the
  // books by the primary key: asked for the status alone, it read every entry of the reader through
  // that index instead (20 books of a 5,000-book library: 3.9 ms against 0.5 ms; on an import, one
  // batch after another as the library grows).
  const entries = await db
    .selectFrom('readingEntries')
    .select(['bookId', 'status', 'createdAt'])
    .where('userId', '=', userId)
    .where('bookId', 'in', ids)
    .execute()
  const wanted = new Set(entries.filter((e) => e.status === 'want').map((e) => e.bookId))
  const newest = await db
    .selectFrom('readThroughs')
    .select((eb) => ['bookId', eb.fn.max('finishedAt').as('at'), eb.fn.countAll<number>().as('n')])
    .where('userId', '=', userId)
    .where('bookId', 'in', ids)
    .where('outcome', '=', 'finished')
    .where('removedAt', 'is', null)
    .groupBy('bookId')
    .execute()
  const readAt = new Map(newest.map((r) => [r.bookId, recentlyReadAt(r.at === null ? null : toIso(r.at as string | Date), Number(r.n))]))
  const unwanted = ids.filter((id) => !wanted.has(id))
  if (unwanted.length) await db.deleteFrom('wishlist').where('userId', '=', userId).where('bookId', 'in', unwanted).execute()
  if (wanted.size)
    await db
      .insertInto('wishlist')
      .values([...wanted].map((bookId) => ({ userId, bookId, addedAt: at })))
      .onConflict((oc) => oc.columns(['userId', 'bookId']).doNothing())
      .execute()
  const read = ids.flatMap((bookId) => {
    const moment = readAt.get(bookId)
    return moment ? [{ userId, bookId, readAt: moment }] : []
  })
  const unread = ids.filter((id) => !readAt.get(id))
  if (unread.length) await db.deleteFrom('reads').where('userId', '=', userId).where('bookId', 'in', unread).execute()
  if (read.length)
    await db
      .insertInto('reads')
      .values(read)
      .onConflict((oc) => oc.columns(['userId', 'bookId']).doUpdateSet({ readAt: sql`excluded.read_at` }))
      .execute()
}
