import { describe, expect, it } from 'vitest'
import { v7 as uuidv7 } from 'uuid'
import { bookAverage, BookSchema, ImportJobSchema, ImportRowListSchema, type Book } from '@shelfwise/contracts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { readingCalls } from '../../../test/support/reading-calls.ts'
import { countersFromRows, storedCounters } from '../../../test/support/book-counters.ts'
import { bearer, insertBook, insertUser, TEST_PASSWORD } from '../../../test/support/factories.ts'
import { goodreadsCsv } from '../../../test/support/import-files.ts'
import { multipart } from '../../../test/support/multipart.ts'

// A rating given without a review (decision 0018) and the book's counters it moves (decision 0024).
// Apart from reading.routes.test.ts, which was past 400 lines with it.

describeEachDialect('reading log: ratings', (ctx) => {
  const { call, entry, put, expect400 } = readingCalls(ctx)

  describe('rating', () => {
    const bookOf = async (id: string) => BookSchema.parse((await call('GET', `/api/books/${id}`)).json())

    it('a rating without a review counts in the average and the ratings count, never as a review', async () => {
      const [a, b, c] = [await insertUser(ctx.db), await insertUser(ctx.db), await insertUser(ctx.db)]
      const book = await insertBook(ctx.db)
      const review = await call('POST', `/api/reviews/book/${book.id}`, a.token, { rating: 5, comment: 'A review with words.' })
      expect(review.statusCode).toBe(201)
      expect((await put(book.id, b.token, { rating: 2 })).rating).toBe(2)
      expect(await bookOf(book.id)).toMatchObject({ totalReviews: 1, ratingsCount: 2, averageRating: 3.5 })
      expect((await call('GET', `/api/reviews/book/${book.id}`)).json()).toHaveLength(1)
      await put(book.id, c.token, { rating: 3 })
      await put(book.id, b.token, { rating: 4 })
      expect(await bookOf(book.id)).toMatchObject({ totalReviews: 1, ratingsCount: 3, averageRating: 4 })
      await put(book.id, b.token, { rating: null })
      expect(await bookOf(book.id)).toMatchObject({ ratingsCount: 2, averageRating: 4 })
      await expect400(await call('PUT', `/api/books/${book.id}/reading`, b.token, { rating: 6 }), 'Rating must be at most 5')
    })

    it('a review supersedes the reader’s lone rating, and then holds the rating', async () => {
      const reader = await insertUser(ctx.db)
      const book = await insertBook(ctx.db)
      await put(book.id, reader.token, { rating: 1 })
      expect(await bookOf(book.id)).toMatchObject({ ratingsCount: 1, averageRating: 1 })
      expect((await call('POST', `/api/reviews/book/${book.id}`, reader.token, { rating: 4, comment: 'Better second time.' })).statusCode).toBe(201)
      expect(await bookOf(book.id)).toMatchObject({ totalReviews: 1, ratingsCount: 1, averageRating: 4 })
      expect((await entry(book.id, reader.token)).rating).toBe(4)
      const refused = await call('PUT', `/api/books/${book.id}/reading`, reader.token, { rating: 2 })
      expect(refused.statusCode).toBe(409)
      expect(refused.json().message).toBe('Your review holds your rating of this book: change it in your review')
    })

    it('a reader’s lone ratings leave the averages with their account', async () => {
      const [stays, leaves] = [await insertUser(ctx.db), await insertUser(ctx.db)]
      const book = await insertBook(ctx.db)
      await put(book.id, stays.token, { rating: 5 })
      await put(book.id, leaves.token, { rating: 1 })
      expect(await bookOf(book.id)).toMatchObject({ ratingsCount: 2, averageRating: 3 })
      const closed = await call('DELETE', '/api/users/me', leaves.token, { password: TEST_PASSWORD })
      expect(closed.statusCode, closed.body).toBe(204)
      expect(await bookOf(book.id)).toMatchObject({ ratingsCount: 1, averageRating: 5 })
    })

    /** The book's counters as stored against its rating rows, and its answer against the shared formula. */
    const expectExact = async (bookId: string, answer: Pick<Book, 'averageRating' | 'totalReviews' | 'ratingsCount'>) => {
      const { averageRating, ...counts } = await storedCounters(ctx.db, bookId)
      const { averageRating: rowsAverage, ...rowsCounts } = await countersFromRows(ctx.db, bookId)
      expect(counts).toEqual(rowsCounts)
      expect(averageRating).toBeCloseTo(rowsAverage, 12)
      const book = await bookOf(bookId)
      expect({ averageRating: book.averageRating, totalReviews: book.totalReviews, ratingsCount: book.ratingsCount }).toEqual(answer)
      expect(book.averageRating).toBe(bookAverage(rowsCounts.ratingSum + rowsCounts.loneRatingSum, rowsCounts.totalReviews + rowsCounts.loneRatings))
    }

    it('a book’s counters stay exact through reviews written, edited and deleted, and lone ratings set, changed, imported and taken off', async () => {
      const [a, b, c, d, e] = [await insertUser(ctx.db), await insertUser(ctx.db), await insertUser(ctx.db), await insertUser(ctx.db), await insertUser(ctx.db)]
      const book = await insertBook(ctx.db, { title: `Ledger ${uuidv7()}`, author: 'Ada Counter' })
      const review = async (token: string, rating: number) => {
        const res = await call('POST', `/api/reviews/book/${book.id}`, token, { rating, comment: `Rated ${rating}` })
        expect(res.statusCode, res.body).toBe(201)
        return res.json()._id as string
      }
      const edit = async (id: string, token: string, rating: number) =>
        expect((await call('PUT', `/api/reviews/${id}`, token, { rating })).statusCode).toBe(200)

      await put(book.id, a.token, { rating: 3 })
      await put(book.id, b.token, { rating: 4 })
      await expectExact(book.id, { averageRating: 3.5, totalReviews: 0, ratingsCount: 2 })
      // A review on a book with two lone ratings: 11 / 3, the number the web app shows at once.
      const ofC = await review(c.token, 4)
      await expectExact(book.id, { averageRating: 3.67, totalReviews: 1, ratingsCount: 3 })
      await put(book.id, b.token, { rating: 2 })
      await expectExact(book.id, { averageRating: 3, totalReviews: 1, ratingsCount: 3 })
      // a's review supersedes a's lone 3: still three ratings.
      const ofA = await review(a.token, 5)
      await expectExact(book.id, { averageRating: 3.67, totalReviews: 2, ratingsCount: 3 })
      await edit(ofC, c.token, 1)
      await expectExact(book.id, { averageRating: 2.67, totalReviews: 2, ratingsCount: 3 })
      await put(book.id, b.token, { rating: null })
      await expectExact(book.id, { averageRating: 3, totalReviews: 2, ratingsCount: 2 })
      expect((await call('DELETE', `/api/reviews/${ofA}`, a.token)).statusCode).toBe(204)
      await expectExact(book.id, { averageRating: 1, totalReviews: 1, ratingsCount: 1 })

      // Imports: a rating alone, then the same book again with another rating, then a review with words.
      const importFile = async (token: string, row: Record<string, string>) => {
        const file = goodreadsCsv([{ Title: book.title, Author: book.author, 'Exclusive Shelf': 'read', ...row }])
        const body = multipart([{ name: 'file', value: file, filename: 'goodreads_library_export.csv', contentType: 'text/csv' }])
        const started = await ctx.app.inject({ method: 'POST', url: '/api/imports', headers: { ...bearer(token), ...body.headers }, payload: body.payload })
        expect(started.statusCode, started.body).toBe(202)
        const jobId = ImportJobSchema.parse(started.json())._id
        for (let i = 0; i < 400; i++) {
          const job = ImportJobSchema.parse((await call('GET', `/api/imports/${jobId}`, token)).json())
          if (job.status === 'done' || job.status === 'failed') break
          await new Promise((r) => setTimeout(r, 25))
        }
        const rows = ImportRowListSchema.parse((await call('GET', `/api/imports/${jobId}/rows`, token)).json())
        expect(rows.map((r) => r.outcome)).toEqual(['imported'])
      }
      await importFile(d.token, { 'My Rating': '2' })
      await expectExact(book.id, { averageRating: 1.5, totalReviews: 1, ratingsCount: 2 })
      await importFile(d.token, { 'My Rating': '5' })
      await expectExact(book.id, { averageRating: 3, totalReviews: 1, ratingsCount: 2 })
      await importFile(e.token, { 'My Rating': '4', 'My Review': 'Imported with words.' })
      await expectExact(book.id, { averageRating: 3.33, totalReviews: 2, ratingsCount: 3 })
    })

    it('keeps a book’s counters exact when readers rate and review it at once, one reader changing their rating many times', async () => {
      const book = await insertBook(ctx.db)
      const readers = await Promise.all(Array.from({ length: 8 }, () => insertUser(ctx.db)))
      const fickle = readers[0]!
      await put(book.id, fickle.token, { rating: 1 })
      const answers = await Promise.all([
        ...readers
          .slice(1)
          .map((r, i) =>
            i % 2
              ? call('PUT', `/api/books/${book.id}/reading`, r.token, { rating: (i % 5) + 1 })
              : call('POST', `/api/reviews/book/${book.id}`, r.token, { rating: (i % 5) + 1, comment: `At once ${i}` }),
          ),
        ...[5, null, 3, 4, null, 2].map((rating) => call('PUT', `/api/books/${book.id}/reading`, fickle.token, { rating })),
      ])
      expect(answers.map((r) => r.statusCode).every((s) => s === 200 || s === 201)).toBe(true)
      const final = (await entry(book.id, fickle.token)).rating
      // Reviews of 1, 3, 5, 2 (readers 1, 3, 5, 7) and lone ratings of 2, 4, 1 (readers 2, 4, 6), and the fickle reader's last.
      const all = [1, 3, 5, 2, 2, 4, 1, ...(final === null ? [] : [final])]
      const stars = all.reduce((x, y) => x + y, 0)
      await expectExact(book.id, { averageRating: bookAverage(stars, all.length), totalReviews: 4, ratingsCount: all.length })
    })
  })
})
