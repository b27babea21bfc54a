import { sql } from 'kysely'
import type { BookFormat, Owned, ReadingStatus } from '@shelfwise/contracts'
import { toIso, type Db } from '#/db/portable.ts'
import { cutPage, rowsToRead } from '#/paging.ts'
import { ownedOf, READ_COLUMNS, toRead, type ReadRow } from '#/modules/reading/reading.repository.ts'

// A reader's library (decision 0018, filters by shelf, owned copy and format: 0027, 0028): its pages
// by status, its counts, and the kept reads of the books on a page.

export interface LibraryRow {
  bookId: string
  /** Null only on a shelf's list for its own reader (decision 0028). */
  status: ReadingStatus | null
  rating: number | null
  updatedAt: string
  /** The copies the reader owns (decision 0027). */
  owned?: Owned | null
  /** The pages of the edition the reader reads, when they chose one that says (decision 0027). */
  editionPages?: number | null
}

export interface LibraryPageRequest {
  status?: ReadingStatus
  /** Leaves 'want' out (another reader's wishlist is private). */
  withoutWant: boolean
  /** Only the books on the reader's shelf of this name key (shelfNameKey); `publicOnly` for anyone but its reader (decision 0028). */
  shelf?: { key: string; publicOnly: boolean }
  /** Only the books the reader owns copies of (true, with a status or without), or those they do not (false). */
  owned?: boolean
  /** Only the books whose copy is in this format: the copies' when the reader said, else the edition's they read (decision 0027). */
  format?: BookFormat
  limit: number
  after?: { at: string; bookId: string }
}

/** One page of a reader's entries that have a status, newest change first; the rating is the review's when there is one. */
export async function listLibrary(
  db: Db,
  userId: string,
  q: LibraryPageRequest,
): Promise<{ rows: LibraryRow[]; total: number; next?: { at: string; bookId: string } }> {
  let base = db.selectFrom('readingEntries as e').where('e.userId', '=', userId)
  // A shelf shows its own reader every book on it, with a status or without (decision 0028); so
  // does the list of the books they own.
  if (q.status) base = base.where('e.status', '=', q.status)
  else if (!(q.shelf || q.owned) || q.withoutWant) base = base.where('e.status', 'is not', null)
  if (q.withoutWant) base = base.where('e.status', '<>', 'want')
  if (q.owned !== undefined) base = base.where('e.ownedCopies', q.owned ? 'is not' : 'is', null)
  const format = q.format
  if (format) {
    // The copies' format when the reader said it, else the format of the edition they read: one of
    // the work's other editions, or (none chosen) the work's shown one. One primary-key read each.
    base = base.where((eb) =>
      eb(
        eb.fn.coalesce(
          'e.ownedFormat',
          eb
            .case()
            .when('e.editionId', 'is', null)
            .then(eb.selectFrom('books as b').select('b.format').whereRef('b.id', '=', 'e.bookId'))
            .else(eb.selectFrom('editions as ed').select('ed.format').whereRef('ed.id', '=', 'e.editionId'))
            .end(),
        ),
        '=',
        format,
      ),
    )
  }
  const shelf = q.shelf
  if (shelf) {
    base = base.where('e.bookId', 'in', (eb) => {
      let on = eb
        .selectFrom('shelfBooks as sb')
        .innerJoin('shelves as s', (j) => j.onRef('s.id', '=', 'sb.shelfId').onRef('s.userId', '=', 'sb.userId'))
        .select('sb.bookId')
        .where('s.userId', '=', userId)
        .where('s.nameKey', '=', shelf.key)
      if (shelf.publicOnly) on = on.where('s.isPublic', '=', 1)
      return on
    })
  }
  let page = base
    .leftJoin('reviews as r', (j) => j.onRef('r.userId', '=', 'e.userId').onRef('r.bookId', '=', 'e.bookId'))
    .select(['e.bookId', 'e.status', 'e.updatedAt', 'e.ownedFormat', 'e.ownedCopies', sql<number | null>`coalesce(r.rating, e.rating)`.as('rating')])
    // The pages progress counts: the chosen edition's (one primary-key read, only for an entry that chose one).
    .select((eb) => eb.selectFrom('editions as ed').select('ed.pageCount').whereRef('ed.id', '=', 'e.editionId').as('editionPages'))
    .orderBy('e.updatedAt', 'desc')
    .orderBy('e.bookId', 'desc')
  if (q.after) {
    const { at, bookId } = q.after
    page = page.where((eb) => eb.or([eb('e.updatedAt', '<', at), eb.and([eb('e.updatedAt', '=', at), eb('e.bookId', '<', bookId)])]))
  }
  const [rows, count] = await Promise.all([
    page.limit(rowsToRead(q.limit)!).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ])
  const cut = cutPage(rows, q.limit, (last) => ({ at: toIso(last.updatedAt), bookId: last.bookId }))
  return {
    rows: cut.rows.map((r) => ({
      bookId: r.bookId,
      status: r.status as ReadingStatus | null,
      rating: r.rating === null ? null : Number(r.rating),
      updatedAt: toIso(r.updatedAt),
      owned: ownedOf(r),
      editionPages: r.editionPages === null ? null : Number(r.editionPages),
    })),
    total: Number(count.n),
    ...(cut.next ? { next: cut.next } : {}),
  }
}

/** How many of a reader's books have each status. */
export async function countLibrary(db: Db, userId: string): Promise<Partial<Record<ReadingStatus, number>>> {
  const rows = await db
    .selectFrom('readingEntries')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('userId', '=', userId)
    .where('status', 'is not', null)
    .groupBy('status')
    .execute()
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]))
}

/** The reads of several books of one reader (kept ones only), for library entries. */
export async function listReadsOfBooks(db: Db, userId: string, bookIds: string[]): Promise<ReadRow[]> {
  if (!bookIds.length) return []
  const rows = await db
    .selectFrom('readThroughs')
    .select(READ_COLUMNS)
    .where('userId', '=', userId)
    .where('bookId', 'in', bookIds)
    .where('removedAt', 'is', null)
    .orderBy('createdAt')
    .execute()
  return rows.map(toRead)
}
