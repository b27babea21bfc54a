// A review an import brings without stars (issue 21, point 4, decision 0029): kept, answered with
// rating 0 as the spec's reviews may be shown, and in no average, whatever happens to it afterwards —
// a rating given beside it, the review rated later in the app or by a file, deleted, or its reader's
// account closed.
import { describe, expect, it } from 'vitest'
import { BookSchema, ReviewSchema } from '@shelfwise/contracts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { importAndWait } from '../../../test/support/import-calls.ts'
import { bearer, insertBook, signUp, TEST_PASSWORD } from '../../../test/support/factories.ts'
import { goodreadsCsv } from '../../../test/support/import-files.ts'

describeEachDialect('imports: a review without stars', (ctx) => {
  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })
  const importFile = (token: string, text: string) => importAndWait(ctx.app, token, text)
  const bookOf = async (id: string, token: string) => BookSchema.parse((await call('GET', `/api/books/${id}`, token)).json())
  const reviewsOf = async (id: string, token: string) => ReviewSchema.array().parse((await call('GET', `/api/reviews/book/${id}`, token)).json())
  const row = (title: string, author: string, over: Record<string, string> = {}) =>
    goodreadsCsv([{ Title: title, Author: author, 'Exclusive Shelf': 'read', 'My Review': 'Quiet and strange, in a good way.', ...over }])

  it('is kept beside the reader’s rating given without a review, and enters the average only once it has stars', async () => {
    const book = await insertBook(ctx.db, { title: 'The Quiet Tide', author: 'Mira Okonjo', isbn: null })
    const reader = await signUp(ctx.app)
    expect((await call('PUT', `/api/books/${book.id}/reading`, reader.token, { rating: 3 })).statusCode).toBe(200)
    expect(await bookOf(book.id, reader.token)).toMatchObject({ averageRating: 3, totalReviews: 0 })

    const job = await importFile(reader.token, row('The Quiet Tide', 'Mira Okonjo'))
    expect(job).toMatchObject({ imported: 1, notes: expect.arrayContaining([{ kind: 'review_unrated', count: 1 }]) })
    const [review] = await reviewsOf(book.id, reader.token)
    expect(review).toMatchObject({ rating: 0, comment: 'Quiet and strange, in a good way.' })
    // The rating given without a review stays the reader's, and the book's average is that one rating.
    expect(await bookOf(book.id, reader.token)).toMatchObject({ averageRating: 3, totalReviews: 0 })
    expect((await call('GET', `/api/books/${book.id}/reading`, reader.token)).json()).toMatchObject({ rating: 3 })
    const csv = (await call('GET', '/api/me/export/goodreads.csv', reader.token)).body
    expect(csv).toContain('Quiet and strange, in a good way.')
    expect(csv.split('\r\n')[1]).toMatch(/,3,/)

    // Rated in the app, the review holds the reader's rating: the rating without a review gives way.
    const rated = await call('PUT', `/api/reviews/${review!._id}`, reader.token, { rating: 5 })
    expect(rated.statusCode, rated.body).toBe(200)
    expect(await bookOf(book.id, reader.token)).toMatchObject({ averageRating: 5, totalReviews: 1 })
    expect((await call('GET', `/api/books/${book.id}/reading`, reader.token)).json()).toMatchObject({ rating: 5 })
  })

  it('is rated by a later file with the same text and stars, and leaves no trace in the average when deleted or its reader leaves', async () => {
    const book = await insertBook(ctx.db, { title: 'Salt Orchard', author: 'Teodor Brandt', isbn: null })
    const rater = await signUp(ctx.app)
    await call('PUT', `/api/books/${book.id}/reading`, rater.token, { rating: 2 })

    const later = await signUp(ctx.app)
    await importFile(later.token, row('Salt Orchard', 'Teodor Brandt'))
    expect(await bookOf(book.id, later.token)).toMatchObject({ averageRating: 2, totalReviews: 0 })
    // The same review again, now with stars: the review is rated, and counts.
    const again = await importFile(later.token, row('Salt Orchard', 'Teodor Brandt', { 'My Rating': '4' }))
    expect(again).toMatchObject({ imported: 1, notes: [{ kind: 'matched_by_title', count: 1 }] })
    expect(await bookOf(book.id, later.token)).toMatchObject({ averageRating: 3, totalReviews: 1 })

    const deleter = await signUp(ctx.app)
    await importFile(deleter.token, row('Salt Orchard', 'Teodor Brandt'))
    const mine = ReviewSchema.parse((await call('GET', `/api/reviews/book/${book.id}/mine`, deleter.token)).json())
    expect((await call('DELETE', `/api/reviews/${mine._id}`, deleter.token)).statusCode).toBe(204)
    expect(await bookOf(book.id, later.token)).toMatchObject({ averageRating: 3, totalReviews: 1 })

    const leaver = await signUp(ctx.app)
    await importFile(leaver.token, row('Salt Orchard', 'Teodor Brandt'))
    const closed = await call('DELETE', '/api/users/me', leaver.token, { password: TEST_PASSWORD })
    expect(closed.statusCode, closed.body).toBe(204)
    expect(await bookOf(book.id, later.token)).toMatchObject({ averageRating: 3, totalReviews: 1 })
    expect((await reviewsOf(book.id, later.token)).map((r) => r.rating)).toEqual([4])
  })
})

describe('the app’s own review form', () => {
  it('still needs stars (the spec’s Submit Review)', async () => {
    const { CreateReviewInputSchema } = await import('@shelfwise/contracts')
    expect(CreateReviewInputSchema.safeParse({ rating: 0, comment: 'No stars' }).success).toBe(false)
    expect(CreateReviewInputSchema.safeParse({ comment: 'No stars' }).success).toBe(false)
  })
})
