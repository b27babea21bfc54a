import { sql, type RawBuilder } from 'kysely'
import type { Review } from '@shelfwise/contracts'
import type { Db } from '#/db/portable.ts'
import { precompile } from '#/db/precompiled.ts'

// The rating ledger (decision 0024): the one writer of a book's rating counters and average. A
// book's ratings are its reviews' (reviews.rating) and those its readers gave without a review
// (reading_entries.rating, lone ratings); the book keeps the count and sum of each, and the average
// over all of them. Every change moves them by one relative UPDATE, never a recount, so concurrent
// changes add up (each waits for the book's row) and the average stays exactly sum / count.
// The answered average is this one rounded by roundAverage (@shelfwise/contracts); the web app works
// out the same number with bookAverage before the server answers.

/** A change of one book's ratings; fields left out move nothing. */
export interface RatingMove {
  /** Reviews added (+1) or removed (−1). */
  reviews?: number
  /** The stars the reviews' sum moves by. */
  reviewStars?: number
  /** Lone ratings added (+1) or removed (−1). */
  lone?: number
  /** The stars the lone ratings' sum moves by. */
  loneStars?: number
}

/**
 * The stored average after moving every rating's count by `count` and their sum by `stars`. SET
 * expressions read the row as it was before the UPDATE, so the moves are added again here.
 */
const averageAfter = (count: unknown, stars: unknown): RawBuilder<number> => {
  const n = sql`total_reviews + lone_ratings + ${count}`
  return sql<number>`case when ${n} > 0 then (rating_sum + lone_rating_sum + ${stars}) * 1.0 / (${n}) else 0 end`
}

/** Books one UPDATE of moveManyBookRatings moves at most: six values each in its CASEs, one in its IN list. */
const MOVED_PER_STATEMENT = 200

/** A move: a number, or an expression over the row being updated (one move per book of a batch). */
type Moved = number | RawBuilder<number>

/** The UPDATE of books moving their counters and average by one change, for the books the caller names (its WHERE). */
const moveAll = (db: Db, reviews: Moved, reviewStars: Moved, lone: Moved, loneStars: Moved, count: Moved, stars: Moved) =>
  db.updateTable('books').set((eb) => ({
    totalReviews: eb('totalReviews', '+', reviews),
    ratingSum: eb('ratingSum', '+', reviewStars),
    loneRatings: eb('loneRatings', '+', lone),
    loneRatingSum: eb('loneRatingSum', '+', loneStars),
    averageRating: averageAfter(count, stars),
  }))

const moveQuery = (db: Db, bookId: string, reviews: number, reviewStars: number, lone: number, loneStars: number, count: number, stars: number) =>
  moveAll(db, reviews, reviewStars, lone, loneStars, count, stars).where('id', '=', bookId)

const move = precompile(7, (db, bookId: string, reviews: number, reviewStars: number, lone: number, loneStars: number, count: number, stars: number) =>
  moveQuery(db, bookId, reviews, reviewStars, lone, loneStars, count, stars).returning('id'),
)

/** Moves a book's rating counters and average by one change; false when the book is absent. */
export async function moveBookRatings(db: Db, bookId: string, m: RatingMove): Promise<boolean> {
  const { reviews = 0, reviewStars = 0, lone = 0, loneStars = 0 } = m
  const moved = await move.first(db, bookId, reviews, reviewStars, lone, loneStars, reviews + lone, reviewStars + loneStars)
  return moved !== undefined
}

/**
 * Moves many books' counters and averages, each by its own change (summed per book by the caller), in
 * one UPDATE (per MOVED_PER_STATEMENT books) whose moves are picked by the book's id; the rows are
 * locked in id order, so two writers meet them in the same order. Absent books move nothing.
 */
export async function moveManyBookRatings(db: Db, moves: ReadonlyMap<string, RatingMove>): Promise<void> {
  const moving = [...moves]
    .map(([id, { reviews = 0, reviewStars = 0, lone = 0, loneStars = 0 }]) => ({ id, reviews, reviewStars, lone, loneStars }))
    .filter((m) => m.reviews || m.reviewStars || m.lone || m.loneStars)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  for (let i = 0; i < moving.length; i += MOVED_PER_STATEMENT) {
    const chunk = moving.slice(i, i + MOVED_PER_STATEMENT)
    /** The chunk's moves of one kind, picked by the book being updated. */
    const by = (of: (m: (typeof chunk)[number]) => number) =>
      sql<number>`case id ${sql.join(
        chunk.map((m) => sql`when ${m.id} then cast(${of(m)} as integer)`),
        sql` `,
      )} end`
    await moveAll(
      db,
      by((m) => m.reviews),
      by((m) => m.reviewStars),
      by((m) => m.lone),
      by((m) => m.loneStars),
      by((m) => m.reviews + m.lone),
      by((m) => m.reviewStars + m.loneStars),
    )
      .where(
        'id',
        'in',
        chunk.map((m) => m.id),
      )
      .execute()
  }
}

// The create path runs on every new review: built once per dialect, answering the book part of the
// Review and the book's linked author and publisher (the review's badge) in the same statement.
const addReview = precompile(2, (db, bookId: string, rating: number) =>
  moveQuery(db, bookId, 1, rating, 0, 0, 1, rating).returning(['id', 'title', 'author', 'coverImage', 'authorUserId', 'publisherUserId']),
)

/** A book as a new review meets it: the book part of the Review, and the readers linked to it as its author and publisher. */
export interface ReviewedBook {
  book: Review['book']
  authorUserId: string | null
  publisherUserId: string | null
}

/** A new review's rating into its book's counters, answering the book as the review meets it; undefined when the book is absent. */
export async function addNewReviewRating(db: Db, bookId: string, rating: number): Promise<ReviewedBook | undefined> {
  const row = await addReview.first(db, bookId, rating)
  return (
    row && {
      book: { _id: row.id, title: row.title, author: row.author, coverImage: row.coverImage },
      authorUserId: row.authorUserId,
      publisherUserId: row.publisherUserId,
    }
  )
}

/**
 * Takes every rating of one reader out of their books' counters and average, before those rows are
 * deleted: their reviews' (`reviews`) or their lone ratings (`lone`). One UPDATE for all their books
 * (a reader has at most one of each per book), each book moved as moveBookRatings moves it.
 */
export async function takeOutRatingsOf(db: Db, userId: string, source: 'reviews' | 'lone'): Promise<void> {
  const table = source === 'reviews' ? sql`reviews` : sql`reading_entries`
  // The reader's rating of the book being updated (a review without stars, decision 0029, is in no average: its book is not moved).
  const rating = sql<number>`(select s.rating from ${table} s where s.book_id = books.id and s.user_id = ${userId})`
  const [count, sum] = source === 'reviews' ? (['totalReviews', 'ratingSum'] as const) : (['loneRatings', 'loneRatingSum'] as const)
  await db
    .updateTable('books')
    .set((eb) => ({
      [count]: eb(count, '-', 1),
      [sum]: eb(sum, '-', rating),
      averageRating: averageAfter(-1, sql`-${rating}`),
    }))
    .where('id', 'in', (eb) =>
      source === 'reviews'
        ? eb.selectFrom('reviews').select('bookId').where('userId', '=', userId).where('rating', 'is not', null)
        : eb.selectFrom('readingEntries').select('bookId').where('userId', '=', userId).where('rating', 'is not', null),
    )
    .execute()
}
