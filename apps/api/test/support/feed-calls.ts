import { expect } from 'vitest'
import { CommentSchema, DiscussionSchema, FeedListSchema, ReviewSchema } from '@shelfwise/contracts'
import { callerOf, type Method } from './calls.ts'
import type { TestContext } from './context.ts'

/** The calls of the followed feed's suites: the feed itself, and the activity that lands in it (sent with the reader's token). */
export function feedCalls(ctx: Pick<TestContext, 'app'>) {
  const call = callerOf(ctx)
  /** Sends and expects a 2xx. */
  const ok = async (method: Method, url: string, token: string, body?: object) => {
    const res = await call(method, url, token, body)
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300)
    return res
  }
  const feed = async (token: string, query = '') => {
    const res = await call('GET', `/api/me/feed${query}`, token)
    expect(res.statusCode, res.body).toBe(200)
    return { items: FeedListSchema.parse(res.json()), total: res.headers['x-total-count'], link: res.headers.link }
  }
  const setStatus = (bookId: string, token: string, status: string) => ok('PUT', `/api/books/${bookId}/reading`, token, { status })
  const review = async (bookId: string, token: string, rating = 4, comment = 'A fine read.') =>
    ReviewSchema.parse((await ok('POST', `/api/reviews/book/${bookId}`, token, { rating, comment })).json())
  const comment = async (reviewId: string, token: string, text: string) =>
    CommentSchema.parse((await ok('POST', `/api/reviews/${reviewId}/comments`, token, { text })).json())
  const discuss = async (bookId: string, token: string, body: object) =>
    DiscussionSchema.parse((await ok('POST', `/api/books/${bookId}/discussions`, token, body)).json())
  const follow = (userId: string, token: string) => ok('PUT', `/api/users/follow/${userId}`, token)
  return { call, ok, feed, setStatus, review, comment, discuss, follow }
}
