import { describe, expect, it } from 'vitest'
import { v7 as uuidv7 } from 'uuid'
import { describeEachDialect } from '../../../test/support/context.ts'
import { insertBook, insertUser } from '../../../test/support/factories.ts'
import { storedCounters } from '../../../test/support/book-counters.ts'
import { addNewReviewRating, moveBookRatings, moveManyBookRatings, takeOutRatingsOf } from '#/modules/books/books.ratings.repository.ts'

// The rating ledger (decision 0024): the one writer of a book's rating counters and average.

describeEachDialect('books.ratings.repository', (ctx) => {
  /** The row's counters, by the names of the changes moveBookRatings takes. */
  const stored = async (bookId: string) => {
    const c = await storedCounters(ctx.db, bookId)
    return { reviews: c.totalReviews, reviewStars: c.ratingSum, lone: c.loneRatings, loneStars: c.loneRatingSum, average: c.averageRating }
  }

  describe('moveBookRatings', () => {
    it('moves each count and sum by its change and the average over every rating, back to 0 when the last goes', async () => {
      const book = await insertBook(ctx.db)
      expect(await moveBookRatings(ctx.db, book.id, { reviews: 1, reviewStars: 5 })).toBe(true)
      expect(await moveBookRatings(ctx.db, book.id, { lone: 1, loneStars: 2 })).toBe(true)
      expect(await stored(book.id)).toEqual({ reviews: 1, reviewStars: 5, lone: 1, loneStars: 2, average: 3.5 })
      await moveBookRatings(ctx.db, book.id, { reviewStars: -1 }) // a review's 5 edited to 4
      await moveBookRatings(ctx.db, book.id, { lone: 1, loneStars: 3 })
      expect((await stored(book.id)).average).toBeCloseTo(9 / 3, 12)
      // A reader's lone 2 superseded by their review of 4.
      await moveBookRatings(ctx.db, book.id, { lone: -1, loneStars: -2 })
      await moveBookRatings(ctx.db, book.id, { reviews: 1, reviewStars: 4 })
      expect(await stored(book.id)).toEqual({ reviews: 2, reviewStars: 8, lone: 1, loneStars: 3, average: 11 / 3 })
      await moveBookRatings(ctx.db, book.id, { reviews: -2, reviewStars: -8, lone: -1, loneStars: -3 })
      expect(await stored(book.id)).toEqual({ reviews: 0, reviewStars: 0, lone: 0, loneStars: 0, average: 0 })
    })

    it('answers false for an absent book', async () => {
      expect(await moveBookRatings(ctx.db, uuidv7(), { reviews: 1, reviewStars: 3 })).toBe(false)
    })
  })

  it('moves many books at once, each by its own change, as one move each would; absent and unmoved books are left alone', async () => {
    const [a, b, c, still] = [await insertBook(ctx.db), await insertBook(ctx.db), await insertBook(ctx.db), await insertBook(ctx.db)]
    await moveBookRatings(ctx.db, c.id, { lone: 2, loneStars: 9, reviews: 1, reviewStars: 2 })
    await moveManyBookRatings(
      ctx.db,
      new Map([
        [a.id, { lone: 1, loneStars: 4 }],
        [b.id, { lone: 1, loneStars: 4 }],
        [c.id, { lone: -1, loneStars: -5 }],
        [still.id, { lone: 0, loneStars: 0 }],
        [uuidv7(), { lone: 1, loneStars: 3 }],
      ]),
    )
    expect(await stored(a.id)).toEqual({ reviews: 0, reviewStars: 0, lone: 1, loneStars: 4, average: 4 })
    expect(await stored(b.id)).toEqual({ reviews: 0, reviewStars: 0, lone: 1, loneStars: 4, average: 4 })
    expect(await stored(c.id)).toEqual({ reviews: 1, reviewStars: 2, lone: 1, loneStars: 4, average: 3 })
    expect(await stored(still.id)).toEqual({ reviews: 0, reviewStars: 0, lone: 0, loneStars: 0, average: 0 })
  })

  it('adds a new review in one statement that answers the book part of the Review', async () => {
    const book = await insertBook(ctx.db, { title: 'Counted', author: 'Someone', coverImage: 'https://img.test/k.jpg' })
    await moveBookRatings(ctx.db, book.id, { lone: 1, loneStars: 1 })
    expect(await addNewReviewRating(ctx.db, book.id, 5)).toEqual({
      book: { _id: book.id, title: 'Counted', author: 'Someone', coverImage: 'https://img.test/k.jpg' },
      authorUserId: null,
      publisherUserId: null,
    })
    expect(await addNewReviewRating(ctx.db, book.id, 3)).toMatchObject({ book: { _id: book.id } })
    expect(await stored(book.id)).toEqual({ reviews: 2, reviewStars: 8, lone: 1, loneStars: 1, average: 3 })
    expect(await addNewReviewRating(ctx.db, uuidv7(), 4)).toBeUndefined()
  })

  it('takes one reader’s reviews or lone ratings out of all their books, and nobody else’s', async () => {
    const [leaver, stays] = [await insertUser(ctx.db), await insertUser(ctx.db)]
    const [reviewed, rated, untouched] = [await insertBook(ctx.db), await insertBook(ctx.db), await insertBook(ctx.db)]
    const at = new Date().toISOString()
    const review = (userId: string, bookId: string, rating: number) => ({ id: uuidv7(), userId, bookId, rating, comment: 'x', createdAt: at, updatedAt: at })
    await ctx.db
      .insertInto('reviews')
      .values([review(leaver.id, reviewed.id, 1), review(stays.id, reviewed.id, 4)])
      .execute()
    await moveBookRatings(ctx.db, reviewed.id, { reviews: 2, reviewStars: 5 })
    const entry = (userId: string, bookId: string, rating: number | null) => ({ userId, bookId, status: null, rating, createdAt: at, updatedAt: at })
    await ctx.db
      .insertInto('readingEntries')
      .values([entry(leaver.id, rated.id, 5), entry(stays.id, rated.id, 2), entry(leaver.id, untouched.id, null)])
      .execute()
    await moveBookRatings(ctx.db, rated.id, { lone: 2, loneStars: 7 })

    await takeOutRatingsOf(ctx.db, leaver.id, 'reviews')
    expect(await stored(reviewed.id)).toEqual({ reviews: 1, reviewStars: 4, lone: 0, loneStars: 0, average: 4 })
    expect(await stored(rated.id)).toMatchObject({ lone: 2, loneStars: 7 })
    await takeOutRatingsOf(ctx.db, leaver.id, 'lone')
    expect(await stored(rated.id)).toEqual({ reviews: 0, reviewStars: 0, lone: 1, loneStars: 2, average: 2 })
    // An entry without a rating moves nothing.
    expect(await stored(untouched.id)).toEqual({ reviews: 0, reviewStars: 0, lone: 0, loneStars: 0, average: 0 })
  })
})
