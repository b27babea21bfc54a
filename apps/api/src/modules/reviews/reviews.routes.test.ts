import { describe, expect, it } from 'vitest'
import { BookSchema, ErrorBodySchema, MESSAGES, PopularListSchema, ReviewListSchema, ReviewSchema } from '@shelfwise/contracts'
import { describeEachDialect, type TestContext } from '../../../test/support/context.ts'
import { readAllPages } from '../../../test/support/paging.ts'
import { importAndWait } from '../../../test/support/import-calls.ts'
import { goodreadsCsv } from '../../../test/support/import-files.ts'
import { bearer, insertBook, insertReview, insertUser, tokenFor } from '../../../test/support/factories.ts'

const ABSENT_ID = '01900000-0000-7000-8000-000000000000'
const DAY = 24 * 60 * 60 * 1000
const ago = (ms: number) => new Date(Date.now() - ms)

/** Request helpers over one test context. */
const client = (ctx: TestContext) => ({
  create: (bookId: string, token: string | undefined, payload: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/reviews/book/${bookId}`,
      headers: token ? bearer(token) : {},
      payload: payload as object,
    }),
  update: (id: string, token: string | undefined, payload: unknown) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/reviews/${id}`,
      headers: token ? bearer(token) : {},
      payload: payload as object,
    }),
  remove: (id: string, token: string | undefined, query = '') =>
    ctx.app.inject({
      method: 'DELETE',
      url: `/api/reviews/${id}${query}`,
      headers: token ? bearer(token) : {},
    }),
  get: (url: string) => ctx.app.inject({ method: 'GET', url }),
})

/** The answer is a 404 whose body is the error `message`, coded not_found. */
const expectNotFound = (res: { statusCode: number; json(): unknown }, message: string) => {
  expect(res.statusCode).toBe(404)
  expect(res.json()).toEqual({ message, code: 'not_found' })
}

/** The answer is a 400 naming what is wrong in `message`. */
const expectInvalid = (res: { statusCode: number; json(): { message?: unknown } }, message: string) => {
  expect(res.statusCode).toBe(400)
  expect(res.json().message).toBe(message)
}

describeEachDialect('reviews routes', (ctx) => {
  const api = client(ctx)

  /** A new reader's review of a new book, written through the API. */
  async function reviewThroughApi(rating: number, comment: string) {
    const reader = await insertUser(ctx.db)
    const book = await insertBook(ctx.db)
    const review = ReviewSchema.parse((await api.create(book.id, reader.token, { rating, comment })).json())
    return { reader, book, review }
  }

  /** The book's count, sum and average as stored, and as GET /api/books/:id answers them. */
  async function expectBookStats(bookId: string, averageRating: number, totalReviews: number) {
    const row = await ctx.db.selectFrom('books').select(['averageRating', 'totalReviews', 'ratingSum']).where('id', '=', bookId).executeTakeFirstOrThrow()
    expect({ averageRating: Number(row.averageRating), totalReviews: Number(row.totalReviews) }).toEqual({ averageRating, totalReviews })
    expect(Number(row.ratingSum)).toBe(averageRating * totalReviews)
    const res = await api.get(`/api/books/${bookId}`)
    expect(res.statusCode).toBe(200)
    expect(BookSchema.parse(res.json())).toMatchObject({ _id: bookId, averageRating, totalReviews })
  }

  describe('POST /api/reviews/book/:bookId', () => {
    it('answers each new review with the name its writer has now: a rename shows on the next review', async () => {
      const reader = await insertUser(ctx.db)
      const [first, second] = [await insertBook(ctx.db), await insertBook(ctx.db)]
      const before = ReviewSchema.parse((await api.create(first.id, reader.token, { rating: 4, comment: 'Before the rename.' })).json())
      expect(before.user.username).toBe(reader.username)
      const renamed = `${reader.username.slice(0, 20)}_new`
      const res = await ctx.app.inject({ method: 'PUT', url: '/api/users/profile/update', headers: bearer(reader.token), payload: { username: renamed } })
      expect(res.statusCode, res.body).toBe(200)
      const after = ReviewSchema.parse((await api.create(second.id, reader.token, { rating: 3, comment: 'After the rename.' })).json())
      expect(after.user.username).toBe(renamed)
    })

    it('answers 201 with the review, its reader and its book populated', async () => {
      const reader = await insertUser(ctx.db, { profileImage: '/uploads/face.webp' })
      const book = await insertBook(ctx.db, { title: 'Posted Book', author: 'Posted Author', coverImage: 'https://img.test/c.jpg' })
      const res = await api.create(book.id, reader.token, { rating: 4, comment: '  A fine read.  ' })
      expect(res.statusCode).toBe(201)
      const review = ReviewSchema.parse(res.json())
      expect(review).toMatchObject({
        rating: 4,
        comment: 'A fine read.',
        user: { _id: reader.id, username: reader.username, profileImage: '/uploads/face.webp' },
        book: { _id: book.id, title: 'Posted Book', author: 'Posted Author', coverImage: 'https://img.test/c.jpg' },
      })
      expect(Date.parse(review.createdAt)).toBeGreaterThan(Date.now() - 60_000)
      const list = ReviewListSchema.parse((await api.get(`/api/reviews/book/${book.id}`)).json())
      expect(list.map((r) => r._id)).toEqual([review._id])
    })

    it('accepts the text as `content` as well as `comment`', async () => {
      const book = await insertBook(ctx.db)
      const a = await insertUser(ctx.db)
      const b = await insertUser(ctx.db)
      const viaContent = await api.create(book.id, a.token, { rating: 5, content: 'Sent as content' })
      expect(viaContent.statusCode).toBe(201)
      expect(ReviewSchema.parse(viaContent.json()).comment).toBe('Sent as content')
      const viaComment = await api.create(book.id, b.token, { rating: 3, comment: 'Sent as comment' })
      expect(viaComment.statusCode).toBe(201)
      expect(ReviewSchema.parse(viaComment.json()).comment).toBe('Sent as comment')
    })

    it('answers 401 without a token', async () => {
      const book = await insertBook(ctx.db)
      const res = await api.create(book.id, undefined, { rating: 4, comment: 'No token' })
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ message: MESSAGES.authRequired, code: 'unauthorized' })
    })

    it.each([
      ['rating 0', { rating: 0, comment: 'x' }, 'Rating must be at least 1'],
      ['rating 6', { rating: 6, comment: 'x' }, 'Rating must be at most 5'],
      ['rating 4.5', { rating: 4.5, comment: 'x' }, 'Rating must be a whole number of stars from 1 to 5'],
      ['rating "5" as text', { rating: '5', comment: 'x' }, 'Rating must be a number'],
      ['no rating', { comment: 'x' }, 'Rating must be a number'],
      ['neither comment nor content', { rating: 4 }, 'Comment is required'],
      ['an empty comment', { rating: 4, comment: '' }, 'Comment cannot be empty'],
      ['a blank comment', { rating: 4, comment: '   ' }, 'Comment cannot be empty'],
      ['an empty content', { rating: 4, content: '' }, 'Content cannot be empty'],
      ['a 5001-character comment', { rating: 4, comment: 'x'.repeat(5001) }, 'Comment must be at most 5000 characters'],
    ])('answers 400 naming the field for %s', async (_case, payload, message) => {
      const reader = await insertUser(ctx.db)
      const book = await insertBook(ctx.db)
      const res = await api.create(book.id, reader.token, payload)
      expect(res.statusCode).toBe(400)
      expect(ErrorBodySchema.parse(res.json())).toMatchObject({ message, code: 'validation_failed' })
      expect((await api.get(`/api/reviews/book/${book.id}`)).json()).toEqual([])
    })

    it('accepts a comment of exactly 5000 characters', async () => {
      const reader = await insertUser(ctx.db)
      const book = await insertBook(ctx.db)
      const res = await api.create(book.id, reader.token, { rating: 1, comment: 'y'.repeat(5000) })
      expect(res.statusCode).toBe(201)
      expect(ReviewSchema.parse(res.json()).comment).toHaveLength(5000)
    })

    it('answers 404 for an absent book and 400 for a malformed id', async () => {
      const reader = await insertUser(ctx.db)
      const absent = await api.create(ABSENT_ID, reader.token, { rating: 4, comment: 'Nowhere' })
      expectNotFound(absent, MESSAGES.bookNotFound)
      const malformed = await api.create('not-an-id', reader.token, { rating: 4, comment: 'Nowhere' })
      expectInvalid(malformed, 'Book id must be a valid id')
    })

    it('answers 409 to a second review of the same book by the same reader, and keeps the first', async () => {
      const reader = await insertUser(ctx.db)
      const book = await insertBook(ctx.db)
      expect((await api.create(book.id, reader.token, { rating: 5, comment: 'First' })).statusCode).toBe(201)
      const again = await api.create(book.id, reader.token, { rating: 1, content: 'Second' })
      expect(again.statusCode).toBe(409)
      expect(again.json()).toEqual({ message: MESSAGES.alreadyReviewed, code: 'conflict' })
      const list = ReviewListSchema.parse((await api.get(`/api/reviews/book/${book.id}`)).json())
      expect(list.map((r) => [r.rating, r.comment])).toEqual([[5, 'First']])
      await expectBookStats(book.id, 5, 1)
    })

    it('makes one review and one 409 from two racing requests', async () => {
      const reader = await insertUser(ctx.db)
      const book = await insertBook(ctx.db)
      const answers = await Promise.all([
        api.create(book.id, reader.token, { rating: 2, comment: 'Race one' }),
        api.create(book.id, reader.token, { rating: 4, comment: 'Race two' }),
      ])
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409])
      const list = ReviewListSchema.parse((await api.get(`/api/reviews/book/${book.id}`)).json())
      expect(list).toHaveLength(1)
      await expectBookStats(book.id, list[0]!.rating, 1)
    })

    it('counts every one of many concurrent reviews of one book', async () => {
      const book = await insertBook(ctx.db)
      const readers = await Promise.all(Array.from({ length: 12 }, () => insertUser(ctx.db)))
      const answers = await Promise.all(readers.map((r, i) => api.create(book.id, r.token, { rating: (i % 5) + 1, comment: `Crowd ${i}` })))
      expect(answers.every((r) => r.statusCode === 201)).toBe(true)
      // Ratings 1..5, 1..5, 1, 2: a sum of 33 over 12 reviews.
      await expectBookStats(book.id, 2.75, 12)
    })
  })

  describe('average rating and review count', () => {
    it('follow every create, edit and delete', async () => {
      const book = await insertBook(ctx.db)
      const ann = await insertUser(ctx.db)
      const bob = await insertUser(ctx.db)
      await expectBookStats(book.id, 0, 0)

      const five = ReviewSchema.parse((await api.create(book.id, ann.token, { rating: 5, comment: 'Loved it' })).json())
      await expectBookStats(book.id, 5, 1)
      const two = ReviewSchema.parse((await api.create(book.id, bob.token, { rating: 2, comment: 'Not for me' })).json())
      await expectBookStats(book.id, 3.5, 2)

      expect((await api.update(two._id, bob.token, { rating: 4 })).statusCode).toBe(200)
      await expectBookStats(book.id, 4.5, 2)

      // Changing only the text leaves the average as it is.
      expect((await api.update(two._id, bob.token, { comment: 'Grew on me' })).statusCode).toBe(200)
      await expectBookStats(book.id, 4.5, 2)

      expect((await api.remove(five._id, ann.token)).statusCode).toBe(204)
      await expectBookStats(book.id, 4, 1)
      expect((await api.remove(two._id, bob.token)).statusCode).toBe(204)
      await expectBookStats(book.id, 0, 0)
    })

    it('keep an average that is not a round number exact', async () => {
      const book = await insertBook(ctx.db)
      for (const rating of [5, 4, 4]) {
        const reader = await insertUser(ctx.db)
        expect((await api.create(book.id, reader.token, { rating, comment: `Rated ${rating}` })).statusCode).toBe(201)
      }
      const row = await ctx.db.selectFrom('books').select(['averageRating', 'ratingSum', 'totalReviews']).where('id', '=', book.id).executeTakeFirstOrThrow()
      expect(Number(row.averageRating)).toBeCloseTo(13 / 3, 12)
      expect([Number(row.ratingSum), Number(row.totalReviews)]).toEqual([13, 3])
      const res = await api.get(`/api/books/${book.id}`)
      expect(BookSchema.parse(res.json()).averageRating).toBe(4.33)
    })
  })

  describe('GET /api/reviews/book/:bookId', () => {
    it('lists the book’s reviews newest first, each with reader and book', async () => {
      const book = await insertBook(ctx.db, { title: 'Listed Book' })
      const other = await insertBook(ctx.db)
      const old = await insertReview(ctx.db, { bookId: book.id, rating: 2, createdAt: ago(3 * DAY) })
      const newest = await insertReview(ctx.db, { bookId: book.id, rating: 5, createdAt: ago(1000) })
      const middle = await insertReview(ctx.db, { bookId: book.id, rating: 3, createdAt: ago(DAY) })
      await insertReview(ctx.db, { bookId: other.id })
      const res = await api.get(`/api/reviews/book/${book.id}`)
      expect(res.statusCode).toBe(200)
      const list = ReviewListSchema.parse(res.json())
      expect(list.map((r) => r._id)).toEqual([newest.id, middle.id, old.id])
      expect(list.every((r) => r.book._id === book.id && r.book.title === 'Listed Book')).toBe(true)
      expect(list[0]!.user._id).toBe(newest.userId)
      expect(res.headers['x-total-count']).toBe('3')
    })

    it('orders reviews made in the same instant by id, newest id first', async () => {
      const book = await insertBook(ctx.db)
      const at = ago(DAY)
      const a = await insertReview(ctx.db, { bookId: book.id, createdAt: at })
      const b = await insertReview(ctx.db, { bookId: book.id, createdAt: at })
      const list = ReviewListSchema.parse((await api.get(`/api/reviews/book/${book.id}`)).json())
      expect(list.map((r) => r._id)).toEqual([a.id, b.id].sort().reverse())
    })

    it('pages with limit and cursor, with X-Total-Count and Link rel="next"', async () => {
      const book = await insertBook(ctx.db)
      const at = ago(DAY)
      // Two share a timestamp, so a page boundary falls inside a tie.
      const made = [
        await insertReview(ctx.db, { bookId: book.id, createdAt: ago(5 * DAY) }),
        await insertReview(ctx.db, { bookId: book.id, createdAt: at }),
        await insertReview(ctx.db, { bookId: book.id, createdAt: at }),
        await insertReview(ctx.db, { bookId: book.id, createdAt: ago(2000) }),
        await insertReview(ctx.db, { bookId: book.id, createdAt: ago(1000) }),
      ]
      const whole = ReviewListSchema.parse((await api.get(`/api/reviews/book/${book.id}`)).json())
      expect(whole).toHaveLength(5)
      const { pages, totals } = await readAllPages(ctx, `/api/reviews/book/${book.id}?limit=2`, ReviewListSchema)
      expect(pages.map((p) => p.length)).toEqual([2, 2, 1])
      expect(totals).toEqual(['5', '5', '5'])
      expect(pages.flat().map((r) => r._id)).toEqual(whole.map((r) => r._id))
      expect(new Set(pages.flat().map((r) => r._id))).toEqual(new Set(made.map((r) => r.id)))
    })

    it('answers no Link header when the page holds the whole list', async () => {
      const book = await insertBook(ctx.db)
      await insertReview(ctx.db, { bookId: book.id })
      const res = await api.get(`/api/reviews/book/${book.id}?limit=5`)
      expect(res.headers.link).toBeUndefined()
      expect(ReviewListSchema.parse(res.json())).toHaveLength(1)
    })

    it('answers [] for a book without reviews', async () => {
      const book = await insertBook(ctx.db)
      const res = await api.get(`/api/reviews/book/${book.id}`)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual([])
      expect(res.headers['x-total-count']).toBe('0')
    })

    it('answers 404 for an absent book, 400 for a malformed id, a bad limit or a forged cursor', async () => {
      const absent = await api.get(`/api/reviews/book/${ABSENT_ID}`)
      expectNotFound(absent, MESSAGES.bookNotFound)
      const malformed = await api.get('/api/reviews/book/12345')
      expectInvalid(malformed, 'Book id must be a valid id')
      const book = await insertBook(ctx.db)
      const limit = await api.get(`/api/reviews/book/${book.id}?limit=0`)
      expectInvalid(limit, 'Limit must be at least 1')
      const forged = [
        'garbage',
        Buffer.from(JSON.stringify(['not a date', ABSENT_ID])).toString('base64url'),
        Buffer.from(JSON.stringify([new Date().toISOString(), 'not-an-id'])).toString('base64url'),
      ]
      for (const cursor of forged) {
        const res = await api.get(`/api/reviews/book/${book.id}?limit=2&cursor=${cursor}`)
        expectInvalid(res, 'Cursor is not one this list gave out')
      }
    })
  })

  describe('GET /api/reviews/book/:bookId/mine', () => {
    const mine = (bookId: string, token?: string, query = '') =>
      ctx.app.inject({ method: 'GET', url: `/api/reviews/book/${bookId}/mine${query}`, headers: token ? bearer(token) : {} })
    /** The answer for a reader without a review of the book: 404 saying so. */
    const expectNoReview = (res: Awaited<ReturnType<typeof mine>>) => {
      expectNotFound(res, MESSAGES.reviewNotFound)
    }

    it('answers the caller’s own review of the book, and follows its edit and deletion', async () => {
      const reader = await insertUser(ctx.db)
      const book = await insertBook(ctx.db, { title: 'Mine To Find' })
      await insertReview(ctx.db, { bookId: book.id, rating: 1 }) // someone else's, newer or older
      const created = ReviewSchema.parse((await api.create(book.id, reader.token, { rating: 3, comment: 'My own words' })).json())
      await insertReview(ctx.db, { bookId: book.id, rating: 5 })
      const res = await mine(book.id, reader.token)
      expect(res.statusCode).toBe(200)
      expect(ReviewSchema.parse(res.json())).toEqual(created)
      await api.update(created._id, reader.token, { rating: 4, comment: 'Changed my mind' })
      expect(ReviewSchema.parse((await mine(book.id, reader.token)).json())).toMatchObject({ _id: created._id, rating: 4, comment: 'Changed my mind' })
      expect((await api.remove(created._id, reader.token)).statusCode).toBe(204)
      expectNoReview(await mine(book.id, reader.token))
    })

    it('answers 404 to a reader who has not reviewed the book, even when others have, and for an absent book', async () => {
      const reader = await insertUser(ctx.db)
      const review = await insertReview(ctx.db)
      for (const bookId of [review.bookId, ABSENT_ID]) expectNoReview(await mine(bookId, reader.token))
    })

    it('with none=204 answers 204 No Content instead of 404 when the reader has no review (the web app: no console error); the review itself as before', async () => {
      const reader = await insertUser(ctx.db)
      const review = await insertReview(ctx.db)
      for (const bookId of [review.bookId, ABSENT_ID]) {
        const res = await mine(bookId, reader.token, '?none=204')
        expect(res.statusCode).toBe(204)
        expect(res.body).toBe('')
      }
      const own = await mine(review.bookId, tokenFor(review.userId), '?none=204')
      expect(own.statusCode).toBe(200)
      expect(ReviewSchema.parse(own.json())._id).toBe(review.id)
      const bad = await mine(review.bookId, reader.token, '?none=200')
      expectInvalid(bad, "None must be '404' or '204'")
    })

    it('answers 401 without a token, before looking at the id; 400 for a malformed id when signed in', async () => {
      const review = await insertReview(ctx.db)
      for (const bookId of [review.bookId, 'not-an-id']) {
        const res = await mine(bookId)
        expect(res.statusCode).toBe(401)
        expect(res.json()).toEqual({ message: MESSAGES.authRequired, code: 'unauthorized' })
      }
      const malformed = await mine('not-an-id', tokenFor(review.userId))
      expectInvalid(malformed, 'Book id must be a valid id')
    })
  })

  describe('PUT /api/reviews/:id', () => {
    it('changes the author’s own review and answers it', async () => {
      const { reader, book, review: created } = await reviewThroughApi(2, 'Meh')
      const res = await api.update(created._id, reader.token, { rating: 4, content: 'Better on a second read' })
      expect(res.statusCode).toBe(200)
      const updated = ReviewSchema.parse(res.json())
      expect(updated).toMatchObject({
        _id: created._id,
        rating: 4,
        comment: 'Better on a second read',
        createdAt: created.createdAt,
        user: { _id: reader.id },
        book: { _id: book.id },
      })
      expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt))
      const onlyText = ReviewSchema.parse((await api.update(created._id, reader.token, { comment: 'Text only' })).json())
      expect(onlyText).toMatchObject({ rating: 4, comment: 'Text only' })
    })

    it('answers 401 without a token', async () => {
      const review = await insertReview(ctx.db)
      const res = await api.update(review.id, undefined, { rating: 3 })
      expect(res.statusCode).toBe(401)
      expect(res.json().message).toBe(MESSAGES.authRequired)
    })

    it('answers the same 404 for an absent review and another reader’s, leaving that one unchanged', async () => {
      const { book, review } = await reviewThroughApi(5, 'Mine')
      const stranger = await insertUser(ctx.db)
      const theirs = await api.update(review._id, stranger.token, { rating: 1, comment: 'Hijacked' })
      const absent = await api.update(ABSENT_ID, stranger.token, { rating: 1 })
      for (const res of [theirs, absent]) {
        expectNotFound(res, MESSAGES.reviewNotFound)
      }
      const list = ReviewListSchema.parse((await api.get(`/api/reviews/book/${book.id}`)).json())
      expect(list).toEqual([review])
      await expectBookStats(book.id, 5, 1)
    })

    it.each([
      ['an empty body', {}, 'Send a rating, a comment or spoiler to change'],
      ['rating 0', { rating: 0 }, 'Rating must be at least 1'],
      ['rating 6', { rating: 6 }, 'Rating must be at most 5'],
      ['rating 4.5', { rating: 4.5 }, 'Rating must be a whole number of stars from 1 to 5'],
      ['rating "5" as text', { rating: '5' }, 'Rating must be a number'],
      ['an empty comment', { comment: '' }, 'Comment cannot be empty'],
      ['a 5001-character comment', { comment: 'z'.repeat(5001) }, 'Comment must be at most 5000 characters'],
    ])('answers 400 naming the field for %s', async (_case, payload, message) => {
      const review = await insertReview(ctx.db)
      const res = await api.update(review.id, tokenFor(review.userId), payload)
      expect(res.statusCode).toBe(400)
      expect(ErrorBodySchema.parse(res.json())).toMatchObject({ message, code: 'validation_failed' })
    })

    it('answers 400 for a malformed id', async () => {
      const reader = await insertUser(ctx.db)
      const res = await api.update('nope', reader.token, { rating: 3 })
      expectInvalid(res, 'Id must be a valid id')
    })
  })

  describe('DELETE /api/reviews/:id', () => {
    it('deletes the author’s own review with 204', async () => {
      const { reader, book, review } = await reviewThroughApi(3, 'Going away')
      const res = await api.remove(review._id, reader.token)
      expect(res.statusCode).toBe(204)
      expect(res.body).toBe('')
      expect((await api.get(`/api/reviews/book/${book.id}`)).json()).toEqual([])
      // Gone means gone: a second delete is a 404, and the reader may review the book again.
      expect((await api.remove(review._id, reader.token)).statusCode).toBe(404)
      expect((await api.create(book.id, reader.token, { rating: 4, comment: 'Back again' })).statusCode).toBe(201)
    })

    it('with keepRating=true keeps the stars as the reader’s rating without a review, in the book’s average', async () => {
      const { reader, book, review } = await reviewThroughApi(4, 'Words I take back')
      const other = await insertUser(ctx.db)
      expect((await api.create(book.id, other.token, { rating: 2, comment: 'Meh' })).statusCode).toBe(201)
      expect((await api.remove(review._id, reader.token, '?keepRating=true')).statusCode).toBe(204)
      expect(ReviewListSchema.parse((await api.get(`/api/reviews/book/${book.id}`)).json()).map((r) => r.comment)).toEqual(['Meh'])
      // One review left, two ratings: the average is still (4 + 2) / 2.
      expect(BookSchema.parse((await api.get(`/api/books/${book.id}`)).json())).toMatchObject({ totalReviews: 1, ratingsCount: 2, averageRating: 3 })
      const entry = await ctx.app.inject({ method: 'GET', url: `/api/books/${book.id}/reading`, headers: bearer(reader.token) })
      expect(entry.json()).toMatchObject({ rating: 4, status: null })
      // Reviewing again takes the kept rating over, as any lone rating.
      expect((await api.create(book.id, reader.token, { rating: 5, comment: 'Again' })).statusCode).toBe(201)
      expect(BookSchema.parse((await api.get(`/api/books/${book.id}`)).json())).toMatchObject({ totalReviews: 2, ratingsCount: 2, averageRating: 3.5 })
    })

    it('without keepRating (or with false) takes the stars away with the review; another value is a 400 naming it', async () => {
      for (const query of ['', '?keepRating=false']) {
        const { reader, book, review } = await reviewThroughApi(5, 'Gone')
        expect((await api.remove(review._id, reader.token, query)).statusCode).toBe(204)
        expect(BookSchema.parse((await api.get(`/api/books/${book.id}`)).json())).toMatchObject({ totalReviews: 0, ratingsCount: 0 })
        const entry = await ctx.app.inject({ method: 'GET', url: `/api/books/${book.id}/reading`, headers: bearer(reader.token) })
        expect(entry.json()).toMatchObject({ rating: null })
      }
      const { reader, review } = await reviewThroughApi(3, 'Stays')
      const res = await api.remove(review._id, reader.token, '?keepRating=yes')
      expectInvalid(res, 'Keep rating must be true or false')
    })

    it('answers 401 without a token', async () => {
      const review = await insertReview(ctx.db)
      const res = await api.remove(review.id, undefined)
      expect(res.statusCode).toBe(401)
      expect(res.json().message).toBe(MESSAGES.authRequired)
    })

    it('answers the same 404 for an absent review and another reader’s, which stays', async () => {
      const { book, review } = await reviewThroughApi(4, 'Stays')
      const stranger = await insertUser(ctx.db)
      for (const res of [await api.remove(review._id, stranger.token), await api.remove(ABSENT_ID, stranger.token)]) {
        expectNotFound(res, MESSAGES.reviewNotFound)
      }
      expect(ReviewListSchema.parse((await api.get(`/api/reviews/book/${book.id}`)).json())).toEqual([review])
      await expectBookStats(book.id, 4, 1)
    })
  })

  describe('GET /api/users/reviews/:id', () => {
    it('lists the reader’s reviews newest first, each with the book’s title, author and cover', async () => {
      const reader = await insertUser(ctx.db)
      const older = await insertBook(ctx.db, { title: 'Older Book', author: 'Old Author', coverImage: 'https://img.test/old.jpg' })
      const newer = await insertBook(ctx.db, { title: 'Newer Book', author: 'New Author', coverImage: 'https://img.test/new.jpg' })
      await insertReview(ctx.db, { bookId: older.id, userId: reader.id, rating: 2, createdAt: ago(4 * DAY) })
      await insertReview(ctx.db, { bookId: newer.id, userId: reader.id, rating: 5, createdAt: ago(DAY) })
      await insertReview(ctx.db, { bookId: newer.id }) // someone else's
      const res = await api.get(`/api/users/reviews/${reader.id}`)
      expect(res.statusCode).toBe(200)
      const list = ReviewListSchema.parse(res.json())
      expect(list.map((r) => ({ rating: r.rating, user: r.user._id, book: r.book }))).toEqual([
        { rating: 5, user: reader.id, book: { _id: newer.id, title: 'Newer Book', author: 'New Author', coverImage: 'https://img.test/new.jpg' } },
        { rating: 2, user: reader.id, book: { _id: older.id, title: 'Older Book', author: 'Old Author', coverImage: 'https://img.test/old.jpg' } },
      ])
      expect(res.headers['x-total-count']).toBe('2')
    })

    it('answers [] for a reader without reviews, and pages with limit and cursor', async () => {
      const quiet = await insertUser(ctx.db)
      expect((await api.get(`/api/users/reviews/${quiet.id}`)).json()).toEqual([])
      const busy = await insertUser(ctx.db)
      for (let i = 0; i < 3; i++) await insertReview(ctx.db, { userId: busy.id, createdAt: ago((i + 1) * DAY) })
      const whole = ReviewListSchema.parse((await api.get(`/api/users/reviews/${busy.id}`)).json())
      const { pages, totals } = await readAllPages(ctx, `/api/users/reviews/${busy.id}?limit=2`, ReviewListSchema)
      expect(pages.map((p) => p.length)).toEqual([2, 1])
      expect(totals).toEqual(['3', '3'])
      expect(pages.flat()).toEqual(whole)
    })

    it('answers 404 for an unknown user and 400 for a malformed id', async () => {
      const absent = await api.get(`/api/users/reviews/${ABSENT_ID}`)
      expectNotFound(absent, MESSAGES.userNotFound)
      const malformed = await api.get('/api/users/reviews/xyz')
      expectInvalid(malformed, 'Id must be a valid id')
    })
  })
})

// The recent and popular lists cover every book, so each of these suites has a database of its own.

describeEachDialect('reviews routes: GET /api/reviews/recent', (ctx) => {
  const api = client(ctx)

  it('answers the newest 8 reviews over all books, newest first, or `limit` of them', async () => {
    const made = []
    for (let i = 0; i < 10; i++) made.push(await insertReview(ctx.db, { createdAt: ago((10 - i) * 60_000) }))
    const newestFirst = made.map((r) => r.id).reverse()
    const res = await api.get('/api/reviews/recent')
    expect(res.statusCode).toBe(200)
    const list = ReviewListSchema.parse(res.json())
    expect(list.map((r) => r._id)).toEqual(newestFirst.slice(0, 8))
    expect(list[0]!.book._id).toBe(made[9]!.bookId)
    const three = ReviewListSchema.parse((await api.get('/api/reviews/recent?limit=3')).json())
    expect(three.map((r) => r._id)).toEqual(newestFirst.slice(0, 3))
  })

  it('leaves out imported reviews, which keep the day they were written (decision 0036)', async () => {
    const here = await insertReview(ctx.db, { createdAt: ago(60 * 60_000) })
    const reader = await insertUser(ctx.db)
    const book = await insertBook(ctx.db, { title: 'Imported Now', author: 'Old Reviewer' })
    // Undated in its file: written "now", after the review written here, and still not in the feed.
    const job = await importAndWait(
      ctx.app,
      reader.token,
      goodreadsCsv([{ Title: book.title, Author: book.author, 'My Rating': '4', 'My Review': 'Read long ago.' }]),
    )
    expect(job).toMatchObject({ status: 'done', imported: 1 })
    expect(ReviewListSchema.parse((await api.get(`/api/reviews/book/${book.id}`)).json()).map((r) => r.comment)).toEqual(['Read long ago.'])
    const recent = ReviewListSchema.parse((await api.get('/api/reviews/recent?limit=50')).json())
    expect(recent.map((r) => r._id)).toContain(here.id)
    expect(recent.map((r) => r.book._id)).not.toContain(book.id)
  })

  it.each([
    ['0', 'Limit must be at least 1'],
    ['51', 'Limit must be at most 50'],
    ['two', 'Limit must be a number'],
  ])('answers 400 for limit=%s', async (limit, message) => {
    const res = await api.get(`/api/reviews/recent?limit=${limit}`)
    expectInvalid(res, message)
  })
})

describeEachDialect('reviews routes: GET /api/reviews/popular-week (window and order)', (ctx) => {
  const api = client(ctx)

  it('answers [] when nothing was reviewed this week', async () => {
    await insertReview(ctx.db, { createdAt: ago(8 * DAY) })
    const res = await api.get('/api/reviews/popular-week')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([])
  })

  it('counts reviews of the last 7 days by book: most first, then by average, then by title', async () => {
    const reviewMany = async (bookId: string, ratings: number[], age: number) => {
      for (const rating of ratings) await insertReview(ctx.db, { bookId, rating, createdAt: ago(age) })
    }
    const most = await insertBook(ctx.db, { title: 'Most Reviewed' })
    await reviewMany(most.id, [3, 3, 3], DAY)
    const high = await insertBook(ctx.db, { title: 'Zzz High Average' })
    await reviewMany(high.id, [5, 5], 2 * DAY)
    const tieB = await insertBook(ctx.db, { title: 'Beta Tie' })
    await reviewMany(tieB.id, [4, 4], 3 * DAY)
    const tieA = await insertBook(ctx.db, { title: 'Alpha Tie' })
    await reviewMany(tieA.id, [4, 4], 3 * DAY)
    // One review 6 days old counts; five more 8 days old do not (though they are in its average).
    const edge = await insertBook(ctx.db, { title: 'Edge of the Week' })
    await reviewMany(edge.id, [1], 6 * DAY)
    await reviewMany(edge.id, [5, 5, 5, 5, 5], 8 * DAY)
    const stale = await insertBook(ctx.db, { title: 'Stale' })
    await reviewMany(stale.id, [5, 5, 5, 5], 8 * DAY)

    const res = await api.get('/api/reviews/popular-week')
    expect(res.statusCode).toBe(200)
    const list = PopularListSchema.parse(res.json())
    expect(list.map((e) => [e.book.title, e.reviewCount])).toEqual([
      ['Most Reviewed', 3],
      ['Zzz High Average', 2],
      ['Alpha Tie', 2],
      ['Beta Tie', 2],
      ['Edge of the Week', 1],
    ])
    // Each entry carries the whole book, its all-time average and count included.
    expect(list[4]!.book).toMatchObject({ _id: edge.id, totalReviews: 6, genre: ['Fiction'] })
    expect(list[4]!.book.averageRating).toBeCloseTo(26 / 6, 2)
  })
})

describeEachDialect('reviews routes: GET /api/reviews/popular-week (cap)', (ctx) => {
  it('answers at most 10 books', async () => {
    for (let i = 1; i <= 12; i++) {
      const book = await insertBook(ctx.db, { title: `Cap ${String(i).padStart(2, '0')}` })
      await insertReview(ctx.db, { bookId: book.id, rating: 3, createdAt: ago(DAY) })
    }
    const list = PopularListSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/reviews/popular-week' })).json())
    expect(list.map((e) => e.book.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Cap ${String(i + 1).padStart(2, '0')}`))
    expect(list.every((e) => e.reviewCount === 1)).toBe(true)
  })
})
