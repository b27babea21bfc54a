import { sql, type SqlBool } from 'kysely'
import { nowIso, type Db } from '#/db/portable.ts'
import { shownBook, type ReadingScope } from '#/modules/reading/reading.service.ts'

// A reader's finished reads counted (issue 15, decision 0021). A finish is kept as text 'YYYY',
// 'YYYY-MM' or 'YYYY-MM-DD', so a year's finishes are the range ['YYYY', 'YYYY+1'), read along
// read_throughs_finished_idx.

/** A book the year's figures name (the longest, the shortest). */
export interface YearBook {
  bookId: string
  title: string
  author: string
  pageCount: number
  coverImage: string
}

// The outcome is written into the SQL, not bound: SQLite uses a partial index only when the query's
// own text implies the index's condition.
// Each reads only the books the viewer's scope shows (decision 0055): all of them for their reader.
const finished = (db: Db, scope: ReadingScope) =>
  db
    .selectFrom('readThroughs as rt')
    .where('rt.userId', '=', scope.ownerId)
    .where(shownBook(scope, 'rt.bookId'))
    .where(sql<SqlBool>`rt.outcome = 'finished'`)
    .where('rt.removedAt', 'is', null)

/**
 * A slice of a year's books: those whose id comes after `after` (from the first when undefined) up
 * to `upTo` (to the last when undefined), in the database's order of ids. A book's reads all fall in
 * one slice, so a book read twice in the year still counts once.
 */
export interface YearSlice {
  after?: string
  upTo?: string
}

const finishedIn = (db: Db, scope: ReadingScope, year: number, slice: YearSlice = {}) => {
  let q = finished(db, scope)
    .where('rt.finishedOn', '>=', String(year))
    .where('rt.finishedOn', '<', String(year + 1))
  if (slice.after !== undefined) q = q.where('rt.bookId', '>', slice.after)
  if (slice.upTo !== undefined) q = q.where('rt.bookId', '<=', slice.upTo)
  return q
}

/**
 * Where the slice of the year's next `size` books that starts after `after` ends: the id of its last
 * book, or undefined when fewer are left (the last slice, open at its end). Read along the reader's
 * reads in book order (read_throughs_entry_idx), so it costs about `size` reads, whatever the year holds.
 */
export async function findYearSliceEnd(db: Db, scope: ReadingScope, year: number, after: string | undefined, size: number): Promise<string | undefined> {
  const row = await finishedIn(db, scope, year, { after })
    .select('rt.bookId')
    .groupBy('rt.bookId')
    .orderBy('rt.bookId')
    .limit(1)
    .offset(size - 1)
    .executeTakeFirst()
  return row?.bookId
}

/** The books of the year's reads, each once, as a table to join (a GROUP BY: SQLite ran it faster than DISTINCT). */
const booksOf = (db: Db, scope: ReadingScope, year: number, slice: YearSlice = {}) =>
  finishedIn(db, scope, year, slice).select('rt.bookId').groupBy('rt.bookId').as('yb')

/**
 * The year's reads and their pages by month: month 1–12, or null for the reads known only to the
 * year (a book without a page count adds no pages); with each group's longest and shortest page count.
 */
export async function countYearByMonth(
  db: Db,
  scope: ReadingScope,
  year: number,
  slice: YearSlice = {},
): Promise<{ month: number | null; reads: number; pages: number; most: number | null; least: number | null }[]> {
  // '' for a finish kept as 'YYYY', on both databases.
  const month = sql<string>`substr(rt.finished_on, 6, 2)`
  const rows = await finishedIn(db, scope, year, slice)
    .innerJoin('books as b', 'b.id', 'rt.bookId')
    .select([
      month.as('month'),
      (eb) => eb.fn.countAll<number>().as('reads'),
      sql<number>`coalesce(sum(b.page_count), 0)`.as('pages'),
      // Only books with a length are measured (the table's check makes every stored one positive).
      sql<number | null>`max(case when b.page_count > 0 then b.page_count end)`.as('most'),
      sql<number | null>`min(case when b.page_count > 0 then b.page_count end)`.as('least'),
    ])
    .groupBy(month)
    .execute()
  const count = (v: unknown) => (v === null ? null : Number(v))
  return rows.map((r) => ({
    month: r.month ? Number(r.month) : null,
    reads: Number(r.reads),
    pages: Number(r.pages),
    most: count(r.most),
    least: count(r.least),
  }))
}

/** How many of the year's books the reader rated with each star (the review's rating, else the rating alone); null counts the unrated. */
export async function countYearRatings(db: Db, scope: ReadingScope, year: number, slice: YearSlice = {}): Promise<{ rating: number | null; books: number }[]> {
  const rating = sql<number | null>`coalesce(r.rating, e.rating)`
  const rows = await db
    .selectFrom(booksOf(db, scope, year, slice))
    .leftJoin('reviews as r', (j) => j.onRef('r.bookId', '=', 'yb.bookId').on('r.userId', '=', scope.ownerId))
    .leftJoin('readingEntries as e', (j) => j.onRef('e.bookId', '=', 'yb.bookId').on('e.userId', '=', scope.ownerId))
    .select([rating.as('rating'), (eb) => eb.fn.countAll<number>().as('books')])
    .groupBy(rating)
    .execute()
  return rows.map((r) => ({ rating: r.rating === null ? null : Number(r.rating), books: Number(r.books) }))
}

/**
 * Of the year's books with `pageCount` pages, the one whose title comes last (the longest book) or
 * first (the shortest) in the database's order, then by id, so both databases agree. Read from the
 * catalogue's books of that length (books_page_count_idx), each looked up among the reader's reads
 * of it (read_throughs_entry_idx): the year is matched by its first four characters, not a range,
 * so that lookup is by reader and book.
 */
export async function findYearBookOfLength(
  db: Db,
  scope: ReadingScope,
  year: number,
  pageCount: number,
  which: 'longest' | 'shortest',
): Promise<YearBook | undefined> {
  const order = which === 'longest' ? 'desc' : 'asc'
  const row = await db
    .selectFrom('books as b')
    .where('b.pageCount', '=', pageCount)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('readThroughs as rt')
          .where('rt.userId', '=', scope.ownerId)
          .whereRef('rt.bookId', '=', 'b.id')
          .where(shownBook(scope, 'rt.bookId'))
          .where(sql<SqlBool>`rt.outcome = 'finished'`)
          .where('rt.removedAt', 'is', null)
          .where(sql<string>`substr(rt.finished_on, 1, 4)`, '=', String(year))
          .select(sql`1`.as('one')),
      ),
    )
    .select(['b.id', 'b.title', 'b.author', 'b.pageCount', 'b.coverImage'])
    .orderBy('b.title', order)
    .orderBy('b.id', order)
    .limit(1)
    .executeTakeFirst()
  return row && { bookId: row.id, title: row.title, author: row.author, pageCount: Number(row.pageCount), coverImage: row.coverImage }
}

/** The genres of the slice's books, each book once: the `limit` most read, then by name. */
export async function countYearGenres(
  db: Db,
  scope: ReadingScope,
  year: number,
  limit: number,
  slice: YearSlice = {},
): Promise<{ genre: string; books: number }[]> {
  // A book carries a genre once (the table's key), and each book comes once from booksOf.
  const rows = await db
    .selectFrom(booksOf(db, scope, year, slice))
    .innerJoin('bookGenres as g', 'g.bookId', 'yb.bookId')
    .select(['g.genre', (eb) => eb.fn.countAll<number>().as('books')])
    .groupBy('g.genre')
    .orderBy('books', 'desc')
    .orderBy('g.genre')
    .limit(limit)
    .execute()
  return rows.map((r) => ({ genre: r.genre, books: Number(r.books) }))
}

/** Where a page of the year's books starts: after the book last finished on `finishedOn` with this id (newest first). */
export interface YearBooksAfter {
  finishedOn: string
  bookId: string
}

/**
 * The year's books, each once, by their last finish in the year, newest first (then by id), with the
 * reader's rating (their review's, else their rating alone): at most `limit`, after `after`. The
 * year's reads are grouped by book (read_throughs_finished_idx), whatever page is asked.
 */
export async function listYearBooks(
  db: Db,
  scope: ReadingScope,
  year: number,
  limit: number,
  after?: YearBooksAfter,
  slice: YearSlice = {},
): Promise<{ bookId: string; title: string; author: string; coverImage: string; finishedOn: string; rating: number | null }[]> {
  const last = finishedIn(db, scope, year, slice)
    .select(['rt.bookId', sql<string>`max(rt.finished_on)`.as('lastOn')])
    .groupBy('rt.bookId')
    .as('yb')
  let q = db
    .selectFrom(last)
    .innerJoin('books as b', 'b.id', 'yb.bookId')
    .leftJoin('reviews as r', (j) => j.onRef('r.bookId', '=', 'yb.bookId').on('r.userId', '=', scope.ownerId))
    .leftJoin('readingEntries as e', (j) => j.onRef('e.bookId', '=', 'yb.bookId').on('e.userId', '=', scope.ownerId))
    .select(['b.id', 'b.title', 'b.author', 'b.coverImage', 'yb.lastOn', sql<number | null>`coalesce(r.rating, e.rating)`.as('rating')])
  if (after) {
    q = q.where((eb) => eb.or([eb('yb.lastOn', '<', after.finishedOn), eb.and([eb('yb.lastOn', '=', after.finishedOn), eb('b.id', '<', after.bookId)])]))
  }
  const rows = await q.orderBy('yb.lastOn', 'desc').orderBy('b.id', 'desc').limit(limit).execute()
  return rows.map((r) => ({
    bookId: r.id,
    title: r.title,
    author: r.author,
    coverImage: r.coverImage,
    finishedOn: r.lastOn,
    rating: r.rating === null ? null : Number(r.rating),
  }))
}

/** How many books the reader finished in the year, each once. */
export async function countYearBooks(db: Db, scope: ReadingScope, year: number): Promise<number> {
  const row = await db
    .selectFrom(booksOf(db, scope, year))
    .select((eb) => eb.fn.countAll<number>().as('books'))
    .executeTakeFirst()
  return Number(row?.books ?? 0)
}

/** The reader's finished reads per year (an undated finish under null), with their pages. */
export async function listYears(db: Db, scope: ReadingScope): Promise<{ year: number | null; reads: number; pages: number }[]> {
  const year = sql<string | null>`substr(rt.finished_on, 1, 4)`
  const rows = await finished(db, scope)
    .innerJoin('books as b', 'b.id', 'rt.bookId')
    .select([year.as('year'), (eb) => eb.fn.countAll<number>().as('reads'), sql<number>`coalesce(sum(b.page_count), 0)`.as('pages')])
    .groupBy(year)
    .execute()
  return rows.map((r) => ({ year: r.year === null ? null : Number(r.year), reads: Number(r.reads), pages: Number(r.pages) }))
}

export async function findGoal(db: Db, userId: string, year: number): Promise<{ books: number | null; pages: number | null } | undefined> {
  const row = await db.selectFrom('readingGoals').select(['books', 'pages']).where('userId', '=', userId).where('year', '=', year).executeTakeFirst()
  return row && { books: row.books === null ? null : Number(row.books), pages: row.pages === null ? null : Number(row.pages) }
}

/** Every goal the reader has set, by year (a year a row; StatsYearSchema bounds the years, so the list is short). */
export async function listGoals(db: Db, userId: string): Promise<{ year: number; books: number | null; pages: number | null }[]> {
  const rows = await db.selectFrom('readingGoals').select(['year', 'books', 'pages']).where('userId', '=', userId).orderBy('year').execute()
  return rows.map((r) => ({ year: Number(r.year), books: r.books === null ? null : Number(r.books), pages: r.pages === null ? null : Number(r.pages) }))
}

/** Sets the year's targets (a field left undefined stays); a goal with neither target is removed. Call inside a transaction. */
export async function saveGoal(db: Db, userId: string, year: number, change: { books?: number | null; pages?: number | null }): Promise<void> {
  const before = await findGoal(db, userId, year)
  const books = change.books === undefined ? (before?.books ?? null) : change.books
  const pages = change.pages === undefined ? (before?.pages ?? null) : change.pages
  if (books === null && pages === null) {
    await db.deleteFrom('readingGoals').where('userId', '=', userId).where('year', '=', year).execute()
    return
  }
  const at = nowIso()
  await db
    .insertInto('readingGoals')
    .values({ userId, year, books, pages, createdAt: at, updatedAt: at })
    .onConflict((oc) => oc.columns(['userId', 'year']).doUpdateSet({ books, pages, updatedAt: at }))
    .execute()
}
