import { randomBytes } from 'node:crypto'
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, inject } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { loadConfig, type Config } from '#/config.ts'
import { createDb } from '#/db/connect.ts'
import { migrateToLatest } from '#/db/migrate.ts'
import type { Db, DialectName } from '#/db/portable.ts'
import { buildApp } from '#/app.ts'
import { testPgUrl, urlForDatabase, withAdmin } from './pg-admin.ts'

export interface TestContext {
  dialect: DialectName
  db: Db
  app: FastifyInstance
  config: Config
  jwtSecret: string
}

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789'

// Every suite signs many readers up from one address in one process (and the fuzz suite uploads
// hundreds of images as one reader); the abuse and quota tests set low limits.
const GENEROUS_LIMITS = {
  RATE_LIMIT_AUTH_PER_IP: '1000000',
  RATE_LIMIT_AUTH_PER_ACCOUNT: '1000000',
  RATE_LIMIT_WRITES_PER_USER: '1000000',
  RATE_LIMIT_COSTLY_READS_PER_IP: '1000000',
  RATE_LIMIT_COMMENTS_PER_USER: '1000000',
  RATE_LIMIT_LIKES_PER_USER: '1000000',
  RATE_LIMIT_FOLLOWS_PER_USER: '1000000',
  RATE_LIMIT_REPORTS_PER_USER: '1000000',
  UPLOADS_PER_DAY: '1000000',
  UPLOADS_MB_PER_READER: '100000',
  // No instance sends webhooks by itself in tests: the webhook suites run the worker on their own clock.
  WEBHOOKS_POLL_INTERVAL: '0',
  // Nor does feed work run by itself: the feed suites run the worker when they mean to.
  FEED_POLL_INTERVAL: '0',
}

/** The dialects this run covers: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const testDialects = (): DialectName[] => (testPgUrl() && inject('pgTemplate') ? ['sqlite', 'postgres'] : ['sqlite'])

/** Makes a fresh migrated database of one dialect and the app on it; `close` drops everything. */
export async function createTestContext(
  dialect: DialectName,
  env: Record<string, string> = {},
  { onQuery }: { onQuery?: (sql: string) => void } = {},
): Promise<TestContext & { close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'shelfwise-test-'))
  let url: string
  let pgName: string | undefined
  if (dialect === 'postgres') {
    pgName = `shelfwise_t_${randomBytes(6).toString('hex')}`
    await withAdmin((c) => c.query(`create database ${pgName} template ${inject('pgTemplate')}`))
    url = urlForDatabase(testPgUrl()!, pgName)
  } else {
    url = join(dir, 'test.db')
  }
  const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: url, SEED_DEMO: 'false', LOG_LEVEL: 'silent', ...GENEROUS_LIMITS, ...env })
  // SQLite starts from a copy of the run's migrated file (test/support/global-setup.ts); without
  // one (a file run outside the global setup) it migrates its own.
  const sqliteTemplate = dialect === 'sqlite' ? inject('sqliteTemplate') : undefined
  if (sqliteTemplate) copyFileSync(sqliteTemplate, url)
  const db = createDb({ url, poolSize: 4, ...(onQuery ? { onQuery } : {}) })
  if (dialect === 'sqlite' && !sqliteTemplate) await migrateToLatest(db)
  const app = await buildApp({ config, db, jwtSecret: TEST_JWT_SECRET })
  await app.ready()
  return {
    dialect,
    db,
    app,
    config,
    jwtSecret: TEST_JWT_SECRET,
    async close() {
      await app.close()
      await db.destroy()
      if (pgName) await withAdmin((c) => c.query(`drop database if exists ${pgName} with (force)`))
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/**
 * Runs a suite once per dialect, each on its own fresh database and app. The context's fields are
 * filled in `beforeAll`, so read them inside tests and hooks, not at collection time.
 */
export function describeEachDialect(name: string, fn: (ctx: TestContext) => void, env: Record<string, string> = {}) {
  for (const dialect of testDialects()) {
    describe(`${name} [${dialect}]`, () => {
      const ctx = { dialect } as TestContext
      let close: (() => Promise<void>) | undefined
      beforeAll(async () => {
        const made = await createTestContext(dialect, env)
        Object.assign(ctx, made)
        close = made.close
      })
      afterAll(async () => {
        await close?.()
      })
      fn(ctx)
    })
  }
}

/**
 * A second app on the suite's database, standing for another instance behind the proxy (each keeps
 * its own memos): made before the suite's tests and closed after them, so call the answer inside tests.
 * `ownConnections`: with a pool of its own (PostgreSQL), so it hears the suite app's writes only as
 * another process would, through the database's channel (decision 0064), not in-process.
 */
export function anotherInstance(ctx: TestContext | (() => TestContext), { ownConnections = false } = {}): () => FastifyInstance {
  let app: FastifyInstance | undefined
  let db: Db | undefined
  beforeAll(async () => {
    const suite = typeof ctx === 'function' ? ctx() : ctx
    if (ownConnections) db = createDb({ url: suite.config.databaseUrl, poolSize: 2 })
    app = await buildApp({ config: suite.config, db: db ?? suite.db, jwtSecret: TEST_JWT_SECRET })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await db?.destroy()
  })
  return () => app!
}

/** Checks until `check` holds, every 10 ms; false when `ms` pass first. */
export async function until(check: () => boolean | Promise<boolean>, ms = 1000): Promise<boolean> {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) return false
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return true
}
