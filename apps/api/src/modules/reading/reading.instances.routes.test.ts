import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { LibraryEntryListSchema } from '@shelfwise/contracts'
import { buildApp } from '#/app.ts'
import { describeEachDialect, TEST_JWT_SECRET } from '../../../test/support/context.ts'
import { bearer, insertBook, insertUser } from '../../../test/support/factories.ts'

// Several instances behind the proxy share one database, each keeping library pages for a few
// seconds. A change of the reader's log made on one must show in the library another answers at
// once, whatever the clocks of the two say (decision 0026). Two apps on one database stand for two instances.

describeEachDialect('a reader’s library on two instances', (ctx) => {
  let b: FastifyInstance
  beforeAll(async () => {
    b = await buildApp({ config: ctx.config, db: ctx.db, jwtSecret: TEST_JWT_SECRET })
    await b.ready()
  })
  afterAll(async () => b?.close())
  afterEach(() => vi.useRealTimers())

  const on = (app: FastifyInstance) => async (method: 'GET' | 'PUT', url: string, token?: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) })
    expect(res.statusCode, res.body).toBe(200)
    return res
  }

  it('shows a status set on another instance in the same millisecond, or with that instance’s clock behind, in the next page', async () => {
    const a = on(ctx.app)
    const other = on(b)
    const reader = await insertUser(ctx.db)
    const book = await insertBook(ctx.db)
    const library = async () => LibraryEntryListSchema.parse((await a('GET', `/api/users/${reader.id}/library`, reader.token)).json())
    const now = Date.now()
    // Only Date is stood still: the databases' timers and the memo's clock run as always.
    vi.useFakeTimers({ toFake: ['Date'] })

    vi.setSystemTime(now + 60_000)
    await a('PUT', `/api/books/${book.id}/reading`, reader.token, { status: 'reading' })
    expect((await library()).map((e) => e.status)).toEqual(['reading'])
    await other('PUT', `/api/books/${book.id}/reading`, reader.token, { status: 'paused' })
    expect((await library()).map((e) => e.status)).toEqual(['paused'])
    vi.setSystemTime(now)
    await other('PUT', `/api/books/${book.id}/reading`, reader.token, { status: 'dnf' })
    expect((await library()).map((e) => e.status)).toEqual(['dnf'])
  })
})
