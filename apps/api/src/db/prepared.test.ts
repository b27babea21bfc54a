import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '#/app.ts'
import { createDb } from '#/db/connect.ts'
import type { Db } from '#/db/portable.ts'
import { createTestContext, TEST_JWT_SECRET, testDialects } from '../../test/support/context.ts'
import { insertBook } from '../../test/support/factories.ts'

// Issue 26: a statement text the server sends again and again is prepared on its PostgreSQL
// connection (db/prepared.ts), so it is planned once there instead of on every request; answers are
// the same as without.

describe.skipIf(!testDialects().includes('postgres'))('prepared statements [postgres]', () => {
  let ctx: Awaited<ReturnType<typeof createTestContext>>
  let db: Db
  let app: FastifyInstance

  beforeAll(async () => {
    ctx = await createTestContext('postgres')
    // One connection: what is prepared on it is what the requests used.
    db = createDb({ url: ctx.config.databaseUrl, poolSize: 1 })
    app = await buildApp({ config: ctx.config, db, jwtSecret: TEST_JWT_SECRET })
  })
  afterAll(async () => {
    await app?.close()
    await db?.destroy()
    await ctx?.close()
  })

  const prepared = async () => (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)).rows.map((r) => r.statement)

  it('a book page asked again and again runs on statements prepared once on the connection, and answers the book each time', async () => {
    const books = await Promise.all(Array.from({ length: 3 }, () => insertBook(ctx.db)))
    for (let i = 0; i < 30; i++) {
      const book = books[i % books.length]!
      const res = await app.inject({ method: 'GET', url: `/api/books/${book.id}` })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({ _id: book.id, title: book.title })
    }
    const statements = await prepared()
    // The book's own read (precompiled: prepared at once). Its thread count is no longer sent again and
    // again: it is kept until the book's threads change (decision 0064).
    expect(statements.some((s) => /from "?books"?/i.test(s) && /where/i.test(s))).toBe(true)
    // An absent book is still a 404 through the prepared statements.
    expect((await app.inject({ method: 'GET', url: '/api/books/018f0000-0000-7000-8000-000000000000' })).statusCode).toBe(404)
  })

  it('a text sent with a new IN list each time is not kept: the prepared statements stay bounded', async () => {
    const before = (await prepared()).length
    for (let n = 1; n <= 60; n++) {
      const ids = Array.from({ length: n }, (_, i) => `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`)
      await db.selectFrom('books').select('id').where('id', 'in', ids).execute()
    }
    expect((await prepared()).length - before).toBeLessThanOrEqual(1)
  })
})
