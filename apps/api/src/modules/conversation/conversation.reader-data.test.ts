import { expect, it } from 'vitest'
import { AccountExportSchema, CommentListSchema, ReviewListSchema } from '@shelfwise/contracts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { bearer, insertReview, insertUser, TEST_PASSWORD } from '../../../test/support/factories.ts'

// A reader's likes and comments leave with their account (decision 0042): counts move, a comment of
// theirs that others answered stays as a tombstone, and the export carries them all.

describeEachDialect('conversation reader data', (ctx) => {
  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) })

  it('exports the reader’s likes and comments, and closing the account moves every count and keeps others’ replies readable', async () => {
    const leaving = await insertUser(ctx.db)
    const other = await insertUser(ctx.db)
    const review = await insertReview(ctx.db)
    await call('PUT', `/api/reviews/${review.id}/like`, leaving.token)
    await call('PUT', `/api/reviews/${review.id}/like`, other.token)
    const answered = (await call('POST', `/api/reviews/${review.id}/comments`, leaving.token, { text: 'Answered' })).json()._id as string
    const reply = (await call('POST', `/api/reviews/${review.id}/comments`, other.token, { text: 'An answer', parentId: answered })).json()._id as string
    await call('POST', `/api/reviews/${review.id}/comments`, leaving.token, { text: 'Alone' })
    await call('PUT', `/api/comments/${reply}/like`, leaving.token)

    const exported = AccountExportSchema.parse((await call('GET', '/api/me/export.json', leaving.token)).json())
    expect(exported.conversation.reviewLikes).toEqual([{ reviewId: review.id, likedAt: expect.any(String) }])
    expect(exported.conversation.comments.map((c) => c.text).sort()).toEqual(['Alone', 'Answered'])
    expect(exported.conversation.commentLikes).toEqual([{ commentId: reply, likedAt: expect.any(String) }])

    const gone = await call('DELETE', '/api/users/me', leaving.token, { password: TEST_PASSWORD })
    expect(gone.statusCode, gone.body).toBe(204)

    const thread = CommentListSchema.parse((await call('GET', `/api/reviews/${review.id}/comments`, other.token)).json())
    expect(thread.map((c) => ({ _id: c._id, deleted: c.deleted, text: c.text, user: c.user?._id ?? null, likes: c.likes }))).toEqual([
      { _id: answered, deleted: true, text: null, user: null, likes: 0 },
      { _id: reply, deleted: false, text: 'An answer', user: other.id, likes: 0 },
    ])
    const [listed] = ReviewListSchema.parse((await call('GET', `/api/reviews/book/${review.bookId}`)).json())
    expect(listed).toMatchObject({ likes: 1, commentCount: 1 })
  })
})
