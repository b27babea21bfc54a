import type { Db } from '#/db/portable.ts'
import { shownBooks } from '#/modules/books/books.repository.ts'

// What Browse and the Popular order read beside the search itself: the week's review counts, the
// categories books carry and the catalogue's years, each off an index.

/** The books reviewed in the last 7×24 h up to `until`, with how many reviews each got then. */
export async function listWeekReviewCounts(db: Db, since: string, until: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('reviews')
    .select((e) => ['bookId', e.fn.countAll<number>().as('n')])
    .where('createdAt', '>=', since)
    .where('createdAt', '<=', until)
    .groupBy('bookId')
    .execute()
  return new Map(rows.map((r) => [r.bookId, Number(r.n)]))
}

/** The categories books carry, among the known ones, each probed off its index. */
export async function listCarriedCategories(db: Db, known: readonly string[]): Promise<string[]> {
  // A category only hidden books carry is not offered (decision 0058).
  const found = await Promise.all(
    known.map((c) => db.selectFrom('books').select('id').where('category', '=', c).where(shownBooks('books')).limit(1).executeTakeFirst()),
  )
  return known.filter((_, i) => found[i] !== undefined)
}

/** The oldest and newest publication years in the catalogue (null when no book has a date). */
export async function findYearBounds(db: Db): Promise<{ minYear: number | null; maxYear: number | null }> {
  // The first dated book in each direction of the published-date index.
  const edge = (direction: 'asc' | 'desc') =>
    db
      .selectFrom('books')
      .select('publishedDate')
      .where('publishedDate', 'is not', null)
      .where('publishedDate', '!=', '')
      .where(shownBooks('books'))
      .orderBy('publishedDate', direction)
      .limit(1)
      .executeTakeFirst()
  const [lo, hi] = await Promise.all([edge('asc'), edge('desc')])
  const year = (d: string | null | undefined) => (d ? Number(d.slice(0, 4)) : null)
  return { minYear: year(lo?.publishedDate), maxYear: year(hi?.publishedDate) }
}
