import { afterEach, expect, it, vi } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { ReaderStatsSchema, YearStatsSchema } from '@shelfwise/contracts'
import { anotherInstance, describeEachDialect } from '../../../test/support/context.ts'
import { bearer, insertBook, insertUser } from '../../../test/support/factories.ts'

// Several instances behind the proxy share one database, each with its own memo of a reader's year.
// A write to the reader's log made on one must show in the year another answers at once, whatever
// the clocks of the two say (decision 0026). Two apps on one database stand for two instances.

describeEachDialect('a reader’s year on two instances', (ctx) => {
  const b = anotherInstance(ctx)
  afterEach(() => vi.useRealTimers())

  const on = (app: FastifyInstance) => async (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) })
    expect(res.statusCode, res.body).toBeLessThan(300)
    return res
  }
  const year = async (userId: string) => YearStatsSchema.parse((await on(ctx.app)('GET', `/api/users/${userId}/stats/2024`)).json())

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
    expect(await year(reader.id)).toMatchObject({ booksRead: 1, pagesRead: 300 })

    // The other instance logs a read in the same millisecond as the first.
    const added = await other('POST', `/api/books/${second.id}/reads`, reader.token, { finishedOn: '2024-06-01' })
    expect(await year(reader.id)).toMatchObject({ booksRead: 2, pagesRead: 800, longestBook: { _id: second.id } })

    // Its clock a minute behind: a rating given without a review, then the second read deleted.
    vi.setSystemTime(now)
    await other('PUT', `/api/books/${first.id}/reading`, reader.token, { rating: 5 })
    expect(await year(reader.id)).toMatchObject({ booksRead: 2, averageRating: 5 })
    await other('DELETE', `/api/reads/${added.json()._id}`, reader.token)
    expect(await year(reader.id)).toMatchObject({ booksRead: 1, pagesRead: 300, longestBook: { _id: first.id } })
    const all = ReaderStatsSchema.parse((await a('GET', `/api/users/${reader.id}/stats`)).json())
    expect(all.years).toEqual([{ year: 2024, booksRead: 1, pagesRead: 300 }])
  })
})
