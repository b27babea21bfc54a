import { afterEach, expect, it, vi } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { ReaderStatsSchema, YearStatsSchema } from '@shelfwise/contracts'
import { anotherInstance, describeEachDialect } from '../../../test/support/context.ts'
import { bearer, insertBook, insertUser } from '../../../test/support/factories.ts'

// Several instances behind the proxy share one database, each with its own memo of a reader's year.
// A write to the reader's log made on one must show in the year another answers the reader at once,
// whatever the clocks of the two say (decision 0026), and to anyone else as soon as the database has
// told that instance (decision 0064: milliseconds). Two apps on one database stand for two instances.

describeEachDialect('a reader’s year on two instances', (ctx) => {
  const b = anotherInstance(ctx)
  afterEach(() => vi.useRealTimers())

  const on = (app: FastifyInstance) => async (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) })
    expect(res.statusCode, res.body).toBeLessThan(300)
    return res
  }
  /** The year as the reader themself sees it on the first instance. */
  const year = async (reader: { id: string; token: string }) =>
    YearStatsSchema.parse((await on(ctx.app)('GET', `/api/users/${reader.id}/stats/2024`, reader.token)).json())
  /** The year as a signed-out visitor sees it there, once the change has been told (at most a second). */
  const yearToOthers = async (userId: string, expected: object) => {
    for (let attempt = 0; ; attempt++) {
      const seen = YearStatsSchema.parse((await on(ctx.app)('GET', `/api/users/${userId}/stats/2024`)).json())
      if (attempt >= 100 || expect.objectContaining(expected).asymmetricMatch(seen)) return expect(seen).toMatchObject(expected)
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }

  it('shows a read added, a rating given and a read deleted on another instance in the year at once, in the same millisecond or with that instance’s clock behind', async () => {
    const a = on(ctx.app)
    const other = on(b())
    const reader = await insertUser(ctx.db)
    const first = await insertBook(ctx.db, { pageCount: 300 })
    const second = await insertBook(ctx.db, { pageCount: 500 })
    const now = Date.now()
    // Only Date is stood still: the databases' timers and the memo's clock run as always.
    vi.useFakeTimers({ toFake: ['Date'] })

    vi.setSystemTime(now + 60_000)
    await a('POST', `/api/books/${first.id}/reads`, reader.token, { finishedOn: '2024-05-01' })
    expect(await year(reader)).toMatchObject({ booksRead: 1, pagesRead: 300 })
    await yearToOthers(reader.id, { booksRead: 1, pagesRead: 300 })

    // The other instance logs a read in the same millisecond as the first.
    const added = await other('POST', `/api/books/${second.id}/reads`, reader.token, { finishedOn: '2024-06-01' })
    expect(await year(reader)).toMatchObject({ booksRead: 2, pagesRead: 800, longestBook: { _id: second.id } })
    await yearToOthers(reader.id, { booksRead: 2, pagesRead: 800 })

    // Its clock a minute behind: a rating given without a review, then the second read deleted.
    vi.setSystemTime(now)
    await other('PUT', `/api/books/${first.id}/reading`, reader.token, { rating: 5 })
    expect(await year(reader)).toMatchObject({ booksRead: 2, averageRating: 5 })
    await yearToOthers(reader.id, { booksRead: 2, averageRating: 5 })
    await other('DELETE', `/api/reads/${added.json()._id}`, reader.token)
    expect(await year(reader)).toMatchObject({ booksRead: 1, pagesRead: 300, longestBook: { _id: first.id } })
    await yearToOthers(reader.id, { booksRead: 1, pagesRead: 300 })
    const all = ReaderStatsSchema.parse((await a('GET', `/api/users/${reader.id}/stats`)).json())
    expect(all.years).toEqual([{ year: 2024, booksRead: 1, pagesRead: 300 }])
  })
})
