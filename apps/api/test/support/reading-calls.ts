import { expect } from 'vitest'
import { ErrorBodySchema, ReadingEntrySchema, type ReadingEntry } from '@shelfwise/contracts'
import type { TestContext } from './context.ts'
import { callerOf } from './calls.ts'

/**
 * The reading-log calls the reading suites make as a client: a request with or without a token,
 * the caller's entry for a book, a status/rating/progress change that must succeed, and a 400 that
 * must name its reason. Reads the context at call time, so it can be made at collection time.
 */
export function readingCalls(ctx: TestContext) {
  const call = callerOf(ctx)
  const entry = async (bookId: string, token: string): Promise<ReadingEntry> => {
    const res = await call('GET', `/api/books/${bookId}/reading`, token)
    expect(res.statusCode).toBe(200)
    return ReadingEntrySchema.parse(res.json())
  }
  const put = async (bookId: string, token: string, body: object) => {
    const res = await call('PUT', `/api/books/${bookId}/reading`, token, body)
    expect(res.statusCode, res.body).toBe(200)
    return ReadingEntrySchema.parse(res.json())
  }
  const expect400 = async (res: Awaited<ReturnType<typeof call>>, message: string | RegExp) => {
    expect(res.statusCode, res.body).toBe(400)
    expect(ErrorBodySchema.parse(res.json()).message).toMatch(message)
  }
  return { call, entry, put, expect400 }
}
