import { describe, expect, it } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import {
  CommentListSchema,
  CommentSchema,
  LikerListSchema,
  LikeStateSchema,
  MESSAGES,
  ReviewListSchema,
  ReviewSchema,
  type Comment,
} from '@shelfwise/contracts'
import { createTestContext, describeEachDialect, testDialects, type TestContext } from '../../../test/support/context.ts'
import { readAllPages } from '../../../test/support/paging.ts'
import { bearer, insertBook, insertFollow, insertReview, insertUser } from '../../../test/support/factories.ts'
import { afterAll, beforeAll } from 'vitest'

const ABSENT_ID = '01900000-0000-7000-8000-000000000000'
const DAY = 24 * 60 * 60 * 1000
const old = () => new Date(Date.now() - 30 * DAY)

/** Request helpers over one test context. */
const client = (ctx: TestContext) => {
  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) })
  return {
    call,
    likeReview: (id: string, token?: string) => call('PUT', `/api/reviews/${id}/like`, token),
    unlikeReview: (id: string, token?: string) => call('DELETE', `/api/reviews/${id}/like`, token),
    comment: (reviewId: string, token: string | undefined, payload: object) => call('POST', `/api/reviews/${reviewId}/comments`, token, payload),
    edit: (id: string, token: string | undefined, payload: object) => call('PUT', `/api/comments/${id}`, token, payload),
    remove: (id: string, token?: string) => call('DELETE', `/api/comments/${id}`, token),
    likeComment: (id: string, token?: string) => call('PUT', `/api/comments/${id}/like`, token),
    unlikeComment: (id: string, token?: string) => call('DELETE', `/api/comments/${id}/like`, token),
    async thread(reviewId: string, token?: string): Promise<Comment[]> {
      const res = await call('GET', `/api/reviews/${reviewId}/comments`, token)
      expect(res.statusCode).toBe(200)
      return CommentListSchema.parse(res.json())
    },
  }
}

const expectError = (res: LightMyRequestResponse, status: number, message: string | RegExp) => {
  expect(res.statusCode).toBe(status)
  const body = res.json()
  if (typeof message === 'string') expect(body.message).toBe(message)
  else expect(body.message).toMatch(message)
  expect(typeof body.code).toBe('string')
}

describeEachDialect('conversation routes', (ctx) => {
  const api = client(ctx)

  /** A review by a new (month-old) writer, and its writer. */
  async function aReview() {
    const writer = await insertUser(ctx.db, { createdAt: old() })
    const review = await insertReview(ctx.db, { userId: writer.id })
    return { writer, review }
  }

  const posted = async (res: LightMyRequestResponse) => {
    expect(res.statusCode).toBe(201)
    return CommentSchema.parse(res.json())
  }

  describe('likes on reviews', () => {
    it('one like per reader however often asked; unlike takes it back; counts on every review answer', async () => {
      const { review, writer } = await aReview()
      const a = await insertUser(ctx.db)
      const b = await insertUser(ctx.db)
      expect(LikeStateSchema.parse((await api.likeReview(review.id, a.token)).json())).toEqual({ likes: 1, likedByMe: true })
      expect((await api.likeReview(review.id, a.token)).json()).toEqual({ likes: 1, likedByMe: true })
      expect((await api.likeReview(review.id, b.token)).json()).toEqual({ likes: 2, likedByMe: true })

      const bookList = ReviewListSchema.parse((await api.call('GET', `/api/reviews/book/${review.bookId}`, a.token)).json())
      expect(bookList[0]).toMatchObject({ _id: review.id, likes: 2, likedByMe: true, commentCount: 0, spoiler: false })
      const anonymous = ReviewListSchema.parse((await api.call('GET', `/api/reviews/book/${review.bookId}`)).json())
      expect(anonymous[0]).toMatchObject({ likes: 2, likedByMe: false })
      const profile = ReviewListSchema.parse((await api.call('GET', `/api/users/reviews/${writer.id}`, b.token)).json())
      expect(profile[0]).toMatchObject({ likes: 2, likedByMe: true })
      const recent = ReviewListSchema.parse((await api.call('GET', '/api/reviews/recent?limit=20', b.token)).json())
      expect(recent.find((r) => r._id === review.id)).toMatchObject({ likes: 2, likedByMe: true })

      expect((await api.unlikeReview(review.id, a.token)).json()).toEqual({ likes: 1, likedByMe: false })
      expect((await api.unlikeReview(review.id, a.token)).json()).toEqual({ likes: 1, likedByMe: false })
      const mine = ReviewSchema.parse((await api.call('GET', `/api/reviews/book/${review.bookId}/mine`, writer.token)).json())
      expect(mine).toMatchObject({ likes: 1, likedByMe: false })
    })

    it('lists who liked a review, newest first, paged, with X-Total-Count', async () => {
      const { review } = await aReview()
      const readers = []
      for (let i = 0; i < 3; i++) {
        const r = await insertUser(ctx.db, { name: `Liker ${i}` })
        readers.push(r)
        expect((await api.likeReview(review.id, r.token)).statusCode).toBe(200)
      }
      const { pages, totals } = await readAllPages(ctx, `/api/reviews/${review.id}/likes?limit=2`, LikerListSchema)
      expect(pages.map((p) => p.length)).toEqual([2, 1])
      expect(totals).toEqual(['3', '3'])
      expect(
        pages
          .flat()
          .map((l) => l._id)
          .sort(),
      ).toEqual(readers.map((r) => r.id).sort())
      expect(pages[0]![0]).toMatchObject({ name: expect.stringMatching(/^Liker /), username: expect.any(String), profileImage: expect.any(String) })
    })

    it('answers 401 without a token and 404 for an absent review', async () => {
      const { review } = await aReview()
      const a = await insertUser(ctx.db)
      expect((await api.likeReview(review.id)).statusCode).toBe(401)
      expectError(await api.likeReview(ABSENT_ID, a.token), 404, MESSAGES.reviewNotFound)
      expectError(await api.unlikeReview(ABSENT_ID, a.token), 404, MESSAGES.reviewNotFound)
      expectError(await api.call('GET', `/api/reviews/${ABSENT_ID}/likes`), 404, MESSAGES.reviewNotFound)
      expectError(await api.call('GET', `/api/reviews/${ABSENT_ID}/comments`), 404, MESSAGES.reviewNotFound)
      expectError(await api.likeReview('not-an-id', a.token), 400, /must be a valid id/)
    })
  })

  describe('sorting a book’s reviews', () => {
    it('newest by default, most liked first with sort=liked, people you follow first with sort=following', async () => {
      const book = await insertBook(ctx.db)
      const viewer = await insertUser(ctx.db)
      const writers = await Promise.all([0, 1, 2].map(() => insertUser(ctx.db)))
      const at = (min: number) => new Date(Date.now() - min * 60_000)
      const oldest = await insertReview(ctx.db, { bookId: book.id, userId: writers[0]!.id, createdAt: at(30) })
      const middle = await insertReview(ctx.db, { bookId: book.id, userId: writers[1]!.id, createdAt: at(20) })
      const newest = await insertReview(ctx.db, { bookId: book.id, userId: writers[2]!.id, createdAt: at(10) })
      for (const u of [viewer, writers[1]!]) await api.likeReview(oldest.id, u.token)
      await api.likeReview(middle.id, viewer.token)
      await insertFollow(ctx.db, viewer.id, writers[1]!.id)
      const ids = async (query: string, token?: string) => {
        const { pages, totals } = await readAllPages(ctx, `/api/reviews/book/${book.id}?limit=1${query}`, ReviewListSchema, token)
        expect(new Set(totals)).toEqual(new Set(['3']))
        return pages.flat().map((r) => r._id)
      }
      expect(await ids('')).toEqual([newest.id, middle.id, oldest.id])
      expect(await ids('&sort=newest')).toEqual([newest.id, middle.id, oldest.id])
      expect(await ids('&sort=liked')).toEqual([oldest.id, middle.id, newest.id])
      expect(await ids('&sort=following', viewer.token)).toEqual([middle.id, newest.id, oldest.id])
      expect(await ids('&sort=following')).toEqual([newest.id, middle.id, oldest.id])
      // Without limit, the whole list as the original client asks for it.
      const all = ReviewListSchema.parse((await api.call('GET', `/api/reviews/book/${book.id}?sort=following`, viewer.token)).json())
      expect(all.map((r) => r._id)).toEqual([middle.id, newest.id, oldest.id])
      expectError(await api.call('GET', `/api/reviews/book/${book.id}?sort=best`), 400, /^Sort must be/)
    })
  })

  describe('comments', () => {
    it('threads replies one level deep, oldest first, and counts them on the review', async () => {
      const { review } = await aReview()
      const a = await insertUser(ctx.db)
      const b = await insertUser(ctx.db)
      const first = await posted(await api.comment(review.id, a.token, { text: '  First!  ' }))
      expect(first).toMatchObject({
        reviewId: review.id,
        parentId: null,
        text: 'First!',
        deleted: false,
        likes: 0,
        likedByMe: false,
        editedAt: null,
        mentions: [],
      })
      expect(first.user).toMatchObject({ _id: a.id, username: a.username, name: a.name })
      const second = await posted(await api.comment(review.id, b.token, { text: 'Second' }))
      const reply = await posted(await api.comment(review.id, b.token, { text: 'A reply', parentId: first._id }))
      const replyToReply = await posted(await api.comment(review.id, a.token, { text: 'A reply to the reply', parentId: reply._id }))
      expect(reply.parentId).toBe(first._id)
      expect(replyToReply.parentId).toBe(first._id)

      expect((await api.thread(review.id)).map((c) => c._id)).toEqual([first._id, reply._id, replyToReply._id, second._id])
      const { pages, totals } = await readAllPages(ctx, `/api/reviews/${review.id}/comments?limit=3`, CommentListSchema)
      expect(pages.flat().map((c) => c._id)).toEqual([first._id, reply._id, replyToReply._id, second._id])
      expect(totals).toEqual(['4', '4'])
      const [listed] = ReviewListSchema.parse((await api.call('GET', `/api/reviews/book/${review.bookId}`)).json())
      expect(listed!.commentCount).toBe(4)
    })

    it('refuses a parent from another review, empty and too long texts, and a signed-out writer', async () => {
      const { review } = await aReview()
      const { review: other } = await aReview()
      const a = await insertUser(ctx.db)
      const elsewhere = await posted(await api.comment(other.id, a.token, { text: 'elsewhere' }))
      expectError(await api.comment(review.id, a.token, { text: 'x', parentId: elsewhere._id }), 400, MESSAGES.parentNotFound)
      expectError(await api.comment(review.id, a.token, { text: '   ' }), 400, /^Text cannot be empty/)
      expectError(await api.comment(review.id, a.token, { text: 'x'.repeat(2001) }), 400, /at most 2000 characters/)
      expect((await api.comment(review.id, a.token, { text: 'y'.repeat(2000) })).statusCode).toBe(201)
      expect((await api.comment(review.id, undefined, { text: 'hello' })).statusCode).toBe(401)
      expectError(await api.comment(ABSENT_ID, a.token, { text: 'hello' }), 404, MESSAGES.reviewNotFound)
    })

    it('lets a writer edit their own comment (marked edited); anyone else’s is 404', async () => {
      const { review } = await aReview()
      const a = await insertUser(ctx.db)
      const b = await insertUser(ctx.db)
      const c = await posted(await api.comment(review.id, a.token, { text: 'Typo' }))
      const res = await api.edit(c._id, a.token, { text: 'Fixed' })
      expect(res.statusCode).toBe(200)
      const edited = CommentSchema.parse(res.json())
      expect(edited).toMatchObject({ text: 'Fixed', _id: c._id })
      expect(edited.editedAt).not.toBeNull()
      expectError(await api.edit(c._id, b.token, { text: 'Hijack' }), 404, MESSAGES.commentNotFound)
      expectError(await api.edit(ABSENT_ID, a.token, { text: 'x' }), 404, MESSAGES.commentNotFound)
      expect((await api.thread(review.id))[0]).toMatchObject({ text: 'Fixed' })
    })

    it('deletes: a comment with replies leaves a tombstone, without replies it goes; the review’s writer may remove any', async () => {
      const { review, writer } = await aReview()
      const a = await insertUser(ctx.db)
      const b = await insertUser(ctx.db)
      const top = await posted(await api.comment(review.id, a.token, { text: 'Top' }))
      const reply = await posted(await api.comment(review.id, b.token, { text: 'Reply', parentId: top._id }))
      const lone = await posted(await api.comment(review.id, b.token, { text: 'Lone' }))

      expectError(await api.remove(top._id, b.token), 404, MESSAGES.commentNotFound)
      expect((await api.remove(top._id, a.token)).statusCode).toBe(204)
      let thread = await api.thread(review.id)
      expect(thread.map((c) => c._id)).toEqual([top._id, reply._id, lone._id])
      expect(thread[0]).toMatchObject({ deleted: true, text: null, user: null })
      expectError(await api.remove(top._id, a.token), 404, MESSAGES.commentNotFound)
      expectError(await api.edit(top._id, a.token, { text: 'back' }), 404, MESSAGES.commentNotFound)
      expectError(await api.likeComment(top._id, b.token), 404, MESSAGES.commentNotFound)

      // The review's writer removes others' comments on their review; the last reply takes the tombstone with it.
      expect((await api.remove(lone._id, writer.token)).statusCode).toBe(204)
      expect((await api.remove(reply._id, writer.token)).statusCode).toBe(204)
      thread = await api.thread(review.id)
      expect(thread).toEqual([])
      const [listed] = ReviewListSchema.parse((await api.call('GET', `/api/reviews/book/${review.bookId}`)).json())
      expect(listed!.commentCount).toBe(0)
    })

    it('keeps commentCount to the comments that are not deleted', async () => {
      const { review } = await aReview()
      const a = await insertUser(ctx.db)
      const top = await posted(await api.comment(review.id, a.token, { text: 'Top' }))
      await posted(await api.comment(review.id, a.token, { text: 'Reply', parentId: top._id }))
      await api.remove(top._id, a.token)
      const [listed] = ReviewListSchema.parse((await api.call('GET', `/api/reviews/book/${review.bookId}`)).json())
      expect(listed!.commentCount).toBe(1)
    })

    it('likes a comment once per reader, and tells each reader their own', async () => {
      const { review } = await aReview()
      const a = await insertUser(ctx.db)
      const b = await insertUser(ctx.db)
      const c = await posted(await api.comment(review.id, a.token, { text: 'Like me' }))
      expect((await api.likeComment(c._id, b.token)).json()).toEqual({ likes: 1, likedByMe: true })
      expect((await api.likeComment(c._id, b.token)).json()).toEqual({ likes: 1, likedByMe: true })
      expect((await api.thread(review.id, b.token))[0]).toMatchObject({ likes: 1, likedByMe: true })
      expect((await api.thread(review.id, a.token))[0]).toMatchObject({ likes: 1, likedByMe: false })
      expect((await api.unlikeComment(c._id, b.token)).json()).toEqual({ likes: 0, likedByMe: false })
      expectError(await api.likeComment(ABSENT_ID, b.token), 404, MESSAGES.commentNotFound)
    })

    it('answers the readers a comment mentions, matched in any letter case, and no one who does not exist', async () => {
      const { review } = await aReview()
      const a = await insertUser(ctx.db)
      const named = await insertUser(ctx.db, { username: `Mira_${Date.now().toString(36)}` })
      const c = await posted(
        await api.comment(review.id, a.token, { text: `Ask @${named.username.toLowerCase()}. Not @nobody_here_xyz or mail@${named.username}` }),
      )
      expect(c.mentions).toEqual([{ _id: named.id, username: named.username }])
    })

    it('goes with its review', async () => {
      const { review, writer } = await aReview()
      const a = await insertUser(ctx.db)
      await posted(await api.comment(review.id, a.token, { text: 'Soon gone' }))
      expect((await api.call('DELETE', `/api/reviews/${review.id}`, writer.token)).statusCode).toBe(204)
      expectError(await api.call('GET', `/api/reviews/${review.id}/comments`), 404, MESSAGES.reviewNotFound)
    })
  })

  describe('spoilers', () => {
    it('lets the review form mark a review as containing spoilers, and take it back', async () => {
      const book = await insertBook(ctx.db)
      const a = await insertUser(ctx.db)
      const res = await api.call('POST', `/api/reviews/book/${book.id}`, a.token, { rating: 4, comment: 'The butler did it', spoiler: true })
      expect(res.statusCode).toBe(201)
      const review = ReviewSchema.parse(res.json())
      expect(review).toMatchObject({ spoiler: true, likes: 0, commentCount: 0, likedByMe: false })
      expect(ReviewListSchema.parse((await api.call('GET', `/api/reviews/book/${book.id}`)).json())[0]!.spoiler).toBe(true)
      const changed = await api.call('PUT', `/api/reviews/${review._id}`, a.token, { spoiler: false })
      expect(changed.statusCode).toBe(200)
      expect(ReviewSchema.parse(changed.json()).spoiler).toBe(false)
    })
  })

  describe('a new account', () => {
    it('may put at most 2 links in a comment in its first day; an older one more', async () => {
      const { review } = await aReview()
      const young = await insertUser(ctx.db)
      const older = await insertUser(ctx.db, { createdAt: old() })
      const links = 'see https://a.test/1 and http://b.test/2 and https://c.test/3'
      const res = await api.comment(review.id, young.token, { text: links })
      expectError(res, 429, MESSAGES.tooManyLinks(2))
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
      expect((await api.comment(review.id, young.token, { text: 'just https://a.test/1 and https://b.test/2' })).statusCode).toBe(201)
      expect((await api.comment(review.id, older.token, { text: links })).statusCode).toBe(201)
    })
  })
})

// Per-reader limits on comments and likes, a new account's a fifth (decision 0042).
for (const dialect of testDialects()) {
  describe(`conversation limits [${dialect}]`, () => {
    let ctx: TestContext & { close(): Promise<void> }
    beforeAll(async () => {
      ctx = await createTestContext(dialect, { RATE_LIMIT_COMMENTS_PER_USER: '5', RATE_LIMIT_LIKES_PER_USER: '10', RATE_LIMIT_CONVERSATION_WINDOW: '600' })
    })
    afterAll(() => ctx.close())

    it('answers 429 past a reader’s comments, sooner for a new account', async () => {
      const api = client(ctx)
      const writer = await insertUser(ctx.db, { createdAt: old() })
      const review = await insertReview(ctx.db, { userId: writer.id })
      const older = await insertUser(ctx.db, { createdAt: old() })
      for (let i = 0; i < 5; i++) expect((await api.comment(review.id, older.token, { text: `c${i}` })).statusCode).toBe(201)
      const res = await api.comment(review.id, older.token, { text: 'one too many' })
      expectError(res, 429, /^Too many comments in a short time\. Please wait \d+ (seconds?|minutes?) and try again\.$/)
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
      const young = await insertUser(ctx.db)
      expect((await api.comment(review.id, young.token, { text: 'hello' })).statusCode).toBe(201)
      expectError(await api.comment(review.id, young.token, { text: 'again' }), 429, /new account/)
      // Likes are counted apart from comments.
      expect((await api.likeReview(review.id, older.token)).statusCode).toBe(200)
    })

    it('answers 429 past a reader’s likes', async () => {
      const api = client(ctx)
      const review = await insertReview(ctx.db)
      const older = await insertUser(ctx.db, { createdAt: old() })
      for (let i = 0; i < 10; i++) expect((await api.likeReview(review.id, older.token)).statusCode).toBe(200)
      expectError(await api.unlikeReview(review.id, older.token), 429, /^Too many likes in a short time\./)
    })
  })
}
