import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import pg from 'pg'
import type { FastifyInstance } from 'fastify'
import { MESSAGES } from '@shelfwise/contracts'
import { loadConfig } from '#/config.ts'
import { buildApp } from '#/app.ts'
import { createDb } from '#/db/connect.ts'
import type { Db } from '#/db/portable.ts'
import { createTestContext, TEST_JWT_SECRET, testDialects } from '../../test/support/context.ts'
import { insertBook } from '../../test/support/factories.ts'
import { withAdmin } from '../../test/support/pg-admin.ts'

// PostgreSQL cancels a statement of the serving pool that runs past DB_STATEMENT_TIMEOUT_MS: the
// request answers 503 `unavailable` (never a 500, never a request held for as long as the statement
// would take), the connection goes back to the pool free, and the next request is served.

describe.skipIf(!testDialects().includes('postgres'))('statement timeout [postgres]', () => {
  let ctx: Awaited<ReturnType<typeof createTestContext>>
  let db: Db
  let app: FastifyInstance
  let locker: pg.Client

  beforeAll(async () => {
    ctx = await createTestContext('postgres')
    // One connection, so a request after the cancelled one runs on the very connection it used; no
    // client-side query timeout, so only the server's statement timeout can end a slow statement.
    db = createDb({ url: ctx.config.databaseUrl, poolSize: 1, statementTimeoutMs: 300 })
    app = await buildApp({ config: ctx.config, db, jwtSecret: TEST_JWT_SECRET })
    locker = new pg.Client({ connectionString: ctx.config.databaseUrl })
    await locker.connect()
  })
  afterAll(async () => {
    await locker?.end()
    await app?.close()
    await db?.destroy()
    await ctx?.close()
  })

  it('is set on every connection of the serving pool, and not on others', async () => {
    const setting = async (d: Db) => (await sql<{ t: string }>`select current_setting('statement_timeout') as t`.execute(d)).rows[0]!.t
    expect(await setting(db)).toBe('300ms')
    expect(await setting(ctx.db)).toBe('0')
    await expect(sql`select pg_sleep(2)`.execute(db)).rejects.toMatchObject({ code: '57014' })
  })

  it('answers 503 unavailable for a statement cancelled as too slow, then serves the next request', async () => {
    const book = await insertBook(ctx.db)
    // Another session holds the table, so reading the book waits (a slow statement, as under load);
    // it lets go after 5 s at the latest, when the read would go through (without a statement timeout).
    await locker.query('begin')
    await locker.query('lock table books in access exclusive mode')
    const pid = (await locker.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid
    const release = locker
      .query('select pg_sleep(5)')
      .catch(() => {})
      .then(() => locker.query('rollback'))
    const res = await app.inject({ method: 'GET', url: `/api/books/${book.id}` })
    // Done: let go of the table at once.
    await withAdmin((c) => c.query('select pg_cancel_backend($1)', [pid]))
    await release
    expect(res.statusCode, res.body).toBe(503)
    expect(res.json()).toEqual({ message: MESSAGES.unavailable, code: 'unavailable' })
    expect(res.headers['retry-after']).toBe('5')
    const again = await app.inject({ method: 'GET', url: `/api/books/${book.id}` })
    expect(again.statusCode).toBe(200)
    expect(again.json()._id).toBe(book.id)
  })

  it('is a setting: DB_STATEMENT_TIMEOUT_MS, 4 s unless told', () => {
    expect(loadConfig({}).dbStatementTimeoutMs).toBe(4000)
    expect(loadConfig({ DB_STATEMENT_TIMEOUT_MS: '1500' }).dbStatementTimeoutMs).toBe(1500)
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: '5' })).toThrow('DB_STATEMENT_TIMEOUT_MS: must be at least 100 milliseconds')
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow('DB_STATEMENT_TIMEOUT_MS: must be a number of milliseconds')
  })
})
