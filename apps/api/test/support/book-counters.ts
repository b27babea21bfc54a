import type { Db } from '#/db/portable.ts'

const sum = (xs: number[]) => xs.reduce((a, x) => a + x, 0)

/** A book's rating counters as its row stores them. */
export async function storedCounters(db: Db, bookId: string) {
  const b = await db
    .selectFrom('books')
    .select(['totalReviews', 'ratingSum', 'loneRatings', 'loneRatingSum', 'averageRating'])
    .where('id', '=', bookId)
    .executeTakeFirstOrThrow()
  return {
    totalReviews: Number(b.totalReviews),
    ratingSum: Number(b.ratingSum),
    loneRatings: Number(b.loneRatings),
    loneRatingSum: Number(b.loneRatingSum),
    averageRating: Number(b.averageRating),
  }
}

/** The same counters as the book's reviews and lone ratings (a reader's rating without a review) say they must be. */
export async function countersFromRows(db: Db, bookId: string) {
  const reviews = (await db.selectFrom('reviews').select('rating').where('bookId', '=', bookId).execute()).map((r) => Number(r.rating))
  const lone = (await db.selectFrom('readingEntries').select('rating').where('bookId', '=', bookId).where('rating', 'is not', null).execute()).map((r) =>
    Number(r.rating),
  )
  const all = [...reviews, ...lone]
  return {
    totalReviews: reviews.length,
    ratingSum: sum(reviews),
    loneRatings: lone.length,
    loneRatingSum: sum(lone),
    averageRating: all.length ? sum(all) / all.length : 0,
  }
}
