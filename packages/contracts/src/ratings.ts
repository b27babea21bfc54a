import type { Book } from '#/books.ts'

// A book's rating, one formula for the API's answer and for what the web app shows at once
// (decision 0024). Every rating counts: its reviews' and those given without a review. The server
// keeps the unrounded sum / count for ordering and answers it rounded by roundAverage.

/** An average to the two decimals a book's averageRating is answered with. */
export const roundAverage = (average: number): number => Math.round(average * 100) / 100

/** A book's averageRating from the sum and count of all its ratings; 0 without ratings. */
export const bookAverage = (sum: number, count: number): number => (count > 0 ? roundAverage(sum / count) : 0)

/**
 * The sum of a book's ratings, read back from its averageRating and ratingsCount. Ratings are whole
 * stars, so the sum is the whole number within count × 0.005 of average × count: exact below 100
 * ratings; from 100 on it may be a star off, which moves an average by at most 0.01.
 */
export const ratingSumOf = (average: number, count: number): number => Math.round(average * count)

/** A change of a book's ratings: reviews and lone ratings added (+1) or removed (−1), and the stars they move. */
export interface RatingChange {
  reviews: number
  lone: number
  stars: number
}

type RatingFields = Pick<Book, 'averageRating' | 'totalReviews' | 'ratingsCount'>

/** A book's rating fields after a change, as the server answers them once it has made the change. */
export function withRatingChange<T extends RatingFields>(book: T, change: RatingChange): T {
  const count = Math.max(0, book.ratingsCount + change.reviews + change.lone)
  const sum = ratingSumOf(book.averageRating, book.ratingsCount) + change.stars
  return { ...book, totalReviews: Math.max(0, book.totalReviews + change.reviews), ratingsCount: count, averageRating: bookAverage(sum, count) }
}
