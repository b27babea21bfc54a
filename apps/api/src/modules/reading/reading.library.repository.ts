import { sql, type RawBuilder } from 'kysely'
import type { BookFormat, LibrarySort, Owned, ReadingStatus } from '@shelfwise/contracts'
import { dialectOf, folded, foldedOf, toIso, type Db } from '#/db/portable.ts'
import { cutPage, rowsToRead } from '#/paging.ts'
import { ownedOf, READ_COLUMNS, toRead, type ReadRow } from '#/modules/reading/reading.repository.ts'
import { shownEntry, type ReadingScope } from '#/modules/reading/reading.privacy.ts'

// A reader's library (decision 0018, filters by shelf, owned copy and format: 0027, 0028): its pages
// by status, its counts, and the kept reads of the books on a page.

export interface LibraryRow {
  bookId: string
  /** Null only on a shelf's list for its own reader (decision 0028). */
  status: ReadingStatus | null
  rating: number | null
  updatedAt: string
  /** When the book entered the library. */
  addedAt: string
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
  /** Only the books whose title or author holds every one of these words (letter case and accents folded). */
  words?: string[]
  /** An order of issue 22 ('changed': newest change first, for a search without one), with the keyset of the last row read. */
  sorted?: { sort: LibrarySort | 'changed'; order: 'asc' | 'desc'; after?: SortKeyset }
  limit: number
  after?: { at: string; bookId: string }
  /** What the viewer may see of the reader's log (decision 0055). */
  scope: ReadingScope
}

/** Where a sorted page ends: the last row's sort keys (one, or author and title), then its book id. */
export type SortKeyset = (string | number)[]

/**
 * What a row without the sort key is given instead, so it comes last in either order: below every
 * value when descending, above every value when ascending. A date read is a partial date
 * ('YYYY', 'YYYY-MM' or 'YYYY-MM-DD', compared as text), a rating 1 to 5.
 */
export const MISSING_KEY = { finished: { desc: '', asc: '~' }, rating: { desc: 0, asc: 6 } } as const

/** One page of a reader's entries that have a status, newest change first; the rating is the review's when there is one. */
export async function listLibrary(
  db: Db,
  userId: string,
  q: LibraryPageRequest,
): Promise<{ rows: LibraryRow[]; total: number; next?: { at: string; bookId: string } | SortKeyset }> {
  let base = db.selectFrom('readingEntries as e').where('e.userId', '=', userId).where(shownEntry(q.scope, 'e.visibility'))
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
  const words = q.words
  if (words?.length) {
    // One primary-key read of the entry's book; each word in its folded title or author.
    const [title, author] = [folded(db, 'b.title'), folded(db, 'b.author')]
    const position = dialectOf(db) === 'postgres' ? 'strpos' : 'instr'
    base = base.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('books as b')
          .select(sql`1`.as('one'))
          .whereRef('b.id', '=', 'e.bookId')
          .where((eb) =>
            eb.and(
              words.map((w) => {
                const word = foldedOf(db, w)
                return eb.or([sql<boolean>`${sql.raw(position)}(${title}, ${word}) > 0`, sql<boolean>`${sql.raw(position)}(${author}, ${word}) > 0`])
              }),
            ),
          ),
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
  const columns = base
    .leftJoin('reviews as r', (j) => j.onRef('r.userId', '=', 'e.userId').onRef('r.bookId', '=', 'e.bookId'))
    .select([
      'e.bookId',
      'e.status',
      'e.updatedAt',
      'e.createdAt',
      'e.ownedFormat',
      'e.ownedCopies',
      sql<number | null>`coalesce(r.rating, e.rating)`.as('rating'),
    ])
    // The pages progress counts: the chosen edition's (one primary-key read, only for an entry that chose one).
    .select((eb) => eb.selectFrom('editions as ed').select('ed.pageCount').whereRef('ed.id', '=', 'e.editionId').as('editionPages'))
  const count = base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  const sorted = q.sorted
  if (sorted) {
    // A page in one of the orders of issue 22: the reader's rows (already narrowed by every filter)
    // with their sort keys, then a keyset range of them; ties broken by book id, in the order's direction.
    const keys = sortKeys(db, sorted.sort, sorted.order)
    const names = keys.map((_, i) => `k${i}`)
    const inner = columns.select(keys.map((k, i) => k.as(names[i]!)))
    const refs = [...names.map((n) => sql.ref(`p.${n}`)), sql.ref('p.bookId')]
    let query = db.selectFrom(inner.as('p')).selectAll()
    for (const ref of refs) query = query.orderBy(ref, (ob) => (sorted.order === 'asc' ? ob.asc() : ob.desc()))
    if (sorted.after) {
      const op = sql.raw(sorted.order === 'asc' ? '>' : '<')
      query = query.where(sql<boolean>`(${sql.join(refs)}) ${op} (${sql.join(sorted.after)})`)
    }
    const [rows, counted] = await Promise.all([query.limit(rowsToRead(q.limit)!).execute() as Promise<(EntryColumns & Record<string, unknown>)[]>, count])
    const cut = cutPage(rows, q.limit, (last): SortKeyset => [...names.map((n) => keyValue(last[n])), last.bookId])
    return { rows: cut.rows.map(toLibraryRow), total: Number(counted.n), ...(cut.next ? { next: cut.next } : {}) }
  }
  let page = columns.orderBy('e.updatedAt', 'desc').orderBy('e.bookId', 'desc')
  if (q.after) {
    const { at, bookId } = q.after
    page = page.where((eb) => eb.or([eb('e.updatedAt', '<', at), eb.and([eb('e.updatedAt', '=', at), eb('e.bookId', '<', bookId)])]))
  }
  const [rows, counted] = await Promise.all([page.limit(rowsToRead(q.limit)!).execute(), count])
  const cut = cutPage(rows, q.limit, (last) => ({ at: toIso(last.updatedAt), bookId: last.bookId }))
  return { rows: cut.rows.map(toLibraryRow), total: Number(counted.n), ...(cut.next ? { next: cut.next } : {}) }
}

interface EntryColumns {
  bookId: string
  status: string | null
  updatedAt: string | Date
  createdAt: string | Date
  ownedFormat: string | null
  ownedCopies: number | null
  rating: number | null
  editionPages: number | null
}

/** A sort key as a cursor keeps it: a moment as an ISO instant, a rating as a number. */
const keyValue = (v: unknown): string | number => (v instanceof Date ? v.toISOString() : typeof v === 'string' ? v : Number(v))

const toLibraryRow = (r: EntryColumns): LibraryRow => ({
  bookId: r.bookId,
  status: r.status as ReadingStatus | null,
  rating: r.rating === null ? null : Number(r.rating),
  updatedAt: toIso(r.updatedAt),
  addedAt: toIso(r.createdAt),
  owned: ownedOf(r),
  editionPages: r.editionPages === null ? null : Number(r.editionPages),
})

/** The sort keys of an order, as SQL over the entry `e` and its rating: each missing one as MISSING_KEY says. */
function sortKeys(db: Db, sort: LibrarySort | 'changed', order: 'asc' | 'desc'): RawBuilder<unknown>[] {
  const bookKey = (column: string) => sql`(select ${folded(db, column)} from books b where b.id = e.book_id)`
  switch (sort) {
    case 'changed':
      return [sql`e.updated_at`]
    case 'added':
      return [sql`e.created_at`]
    case 'rating':
      return [sql`coalesce(r.rating, e.rating, ${sql.lit(MISSING_KEY.rating[order])})`]
    case 'finished':
      // The latest day of the reader's kept reads (an undated finish has none): one index range of theirs.
      return [
        sql`coalesce((select max(t.finished_on) from read_throughs t where t.user_id = e.user_id and t.book_id = e.book_id and t.removed_at is null), ${sql.lit(MISSING_KEY.finished[order])})`,
      ]
    case 'title':
      return [bookKey('b.title')]
    case 'author':
      return [bookKey('b.author'), bookKey('b.title')]
  }
}

/** How many of a reader's books the scope shows have each status. */
export async function countLibrary(db: Db, userId: string, scope: ReadingScope): Promise<Partial<Record<ReadingStatus, number>>> {
  const rows = await db
    .selectFrom('readingEntries as e')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('userId', '=', userId)
    .where('status', 'is not', null)
    .where(shownEntry(scope, 'e.visibility'))
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
