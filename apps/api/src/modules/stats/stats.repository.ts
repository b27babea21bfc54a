import { sql, type SqlBool } from 'kysely'
import { nowIso, type Db } from '#/db/portable.ts'

// A reader's finished reads counted (issue 15, decision 0021). A finish is kept as text 'YYYY',
// 'YYYY-MM' or 'YYYY-MM-DD', so a year's finishes are the range ['YYYY', 'YYYY+1'), read along
// read_throughs_finished_idx.

/** A finished read of the year with what the stats need of its book and the reader's rating of it. */
export interface FinishedRead {
  bookId: string
  finishedOn: string
  title: string
  author: string
  pageCount: number | null
  coverImage: string
  rating: number | null
}

// The outcome is written into the SQL, not bound: SQLite uses a partial index only when the query's
// own text implies the index's condition.
const finished = (db: Db, userId: string) =>
  db
    .selectFrom('readThroughs as rt')
    .where('rt.userId', '=', userId)
    .where(sql<SqlBool>`rt.outcome = 'finished'`)
    .where('rt.removedAt', 'is', null)

/** The reader's reads finished in `year`, with their books and the reader's rating (the review's, else the rating alone). */
export async function listFinishedInYear(db: Db, userId: string, year: number): Promise<FinishedRead[]> {
  const rows = await finished(db, userId)
    .where('rt.finishedOn', '>=', String(year))
    .where('rt.finishedOn', '<', String(year + 1))
    .innerJoin('books as b', 'b.id', 'rt.bookId')
    .leftJoin('reviews as r', (j) => j.onRef('r.bookId', '=', 'rt.bookId').on('r.userId', '=', userId))
    .leftJoin('readingEntries as e', (j) => j.onRef('e.bookId', '=', 'rt.bookId').on('e.userId', '=', userId))
    .select(['rt.bookId', 'rt.finishedOn', 'b.title', 'b.author', 'b.pageCount', 'b.coverImage', sql<number | null>`coalesce(r.rating, e.rating)`.as('rating')])
    .execute()
  return rows.map((r) => ({
    bookId: r.bookId,
    finishedOn: r.finishedOn!,
    title: r.title,
    author: r.author,
    pageCount: r.pageCount === null ? null : Number(r.pageCount),
    coverImage: r.coverImage,
    rating: r.rating === null ? null : Number(r.rating),
  }))
}

/** How many of `bookIds` carry each genre. */
export async function countGenres(db: Db, bookIds: string[]): Promise<{ genre: string; books: number }[]> {
  if (!bookIds.length) return []
  const rows = await db
    .selectFrom('bookGenres')
    .select(['genre', (eb) => eb.fn.count<number>('bookId').distinct().as('books')])
    .where('bookId', 'in', bookIds)
    .groupBy('genre')
    .execute()
  return rows.map((r) => ({ genre: r.genre, books: Number(r.books) }))
}

/** The reader's finished reads per year (an undated finish under null), with their pages. */
export async function listYears(db: Db, userId: string): Promise<{ year: number | null; reads: number; pages: number }[]> {
  const year = sql<string | null>`substr(rt.finished_on, 1, 4)`
  const rows = await finished(db, userId)
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

/** Sets the year's targets (a field left undefined stays); a goal with neither target is removed. */
export async function saveGoal(db: Db, userId: string, year: number, change: { books?: number | null; pages?: number | null }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await findGoal(trx, userId, year)
    const books = change.books === undefined ? (before?.books ?? null) : change.books
    const pages = change.pages === undefined ? (before?.pages ?? null) : change.pages
    if (books === null && pages === null) {
      await trx.deleteFrom('readingGoals').where('userId', '=', userId).where('year', '=', year).execute()
      return
    }
    const at = nowIso()
    await trx
      .insertInto('readingGoals')
      .values({ userId, year, books, pages, createdAt: at, updatedAt: at })
      .onConflict((oc) => oc.columns(['userId', 'year']).doUpdateSet({ books, pages, updatedAt: at }))
      .execute()
  })
}
