// npm run bench -- --explain [--db <sqlite file>]  (or DATABASE_URL=postgres://… for PostgreSQL)
//
// Runs every hot call of the benchmark once through the real app (in this process), records each
// SQL statement it sends, and prints the database's plan for each: EXPLAIN QUERY PLAN on SQLite,
// EXPLAIN (with the call's own values) on PostgreSQL. A full scan of books, reviews or follows on a
// hot path is flagged; the exit code is 1 when one is found.
import { mkdtempSync, rmSync } from 'node:fs'
import { DatabaseSync } from 'node:sqlite'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { sql } from 'kysely'
import { buildCalls, likePairs, readFixtures, SECRET, syncBodies, writePairs, type Fixtures } from './calls.ts'
import { describeTarget, type Target } from './target.ts'
import { buildApp, createDb, createTokens, loadConfig } from '../../apps/api/src/public.ts'

interface Seen {
  sql: string
  values: unknown[]
}

const BIG = /^(books|reviews|follows)$/

// Statements that scan on purpose, and why that is fine on a hot path.
const MEMOISED: [RegExp, string][] = [
  [/^select count\(\*\) as "n" from "books"$/, 'the catalogue size, counted once per new book or 5 s (memo in books.search)'],
  [
    /^select "b"\."id", "w"\."review_count" from \(select "book_id", count\(\*\)/,
    "popular this week, counted at most once per 5 s per instance (memo in reviews.service); PostgreSQL hashes the week's counts against books",
  ],
]

/**
 * The app's settings for counting and explaining: quiet logs, no demo, and no background work
 * (imports, webhooks, feed upkeep, upload sweeps), whose statements would be taken for a call's.
 */
const quietConfig = (target: Target, dir: string) =>
  loadConfig({
    DATABASE_URL: target.url,
    DATA_DIR: dir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    JWT_SECRET: SECRET,
    RATE_LIMIT_WRITES_PER_USER: '1000000',
    WEBHOOKS_POLL_INTERVAL: '0',
    FEED_POLL_INTERVAL: '0',
    IMPORT_POLL_INTERVAL: '0',
    UPLOADS_SWEEP_INTERVAL: '0',
  })

/** The bench's GET calls, the signed-in ones with the feed reader's token. */
const hotGetCalls = (fx: Fixtures) =>
  buildCalls(
    fx,
    { books: '/api/books?limit=24', reviews: `/api/reviews/book/${fx.topBook}?limit=20` },
    { paths: [], tokens: [], bodies: [] },
    createTokens(SECRET).sign(fx.feedReader.id, fx.feedReader.ver),
  ).filter((c) => c.method === 'GET')

/** A statement's text and values as `pg` is handed them: a string, or a named (prepared) query's object (decision 0069). */
const pgStatementOf = (args: unknown[]): Seen | undefined => {
  const [first, second] = args
  if (typeof first === 'string') return { sql: first, values: Array.isArray(second) ? second : [] }
  const named = first as { text?: unknown; values?: unknown } | undefined
  return typeof named?.text === 'string' ? { sql: named.text, values: Array.isArray(named.values) ? named.values : [] } : undefined
}

export async function explainHotCalls(target: Target): Promise<number> {
  const fx = await readFixtures(target)
  let current: Seen[] = []
  // Record statements where each driver receives them.
  if (target.kind === 'sqlite') {
    const prepare = DatabaseSync.prototype.prepare
    DatabaseSync.prototype.prepare = function (this: DatabaseSync, text: string, ...rest: unknown[]) {
      current.push({ sql: text, values: [] })
      return (prepare as (...a: unknown[]) => ReturnType<typeof prepare>).call(this, text, ...rest)
    } as typeof prepare
  } else {
    const query = pg.Client.prototype.query as (...a: unknown[]) => unknown
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const seen = pgStatementOf(args)
      if (seen) current.push(seen)
      return query.apply(this, args)
    } as typeof pg.Client.prototype.query
  }
  const dir = mkdtempSync(join(tmpdir(), 'shelfwise-explain-'))
  const config = quietConfig(target, dir)
  // A statement cache would hide repeats: a fresh app per call, on a fresh connection.
  const calls = hotGetCalls(fx)
  let flagged = 0
  console.log(`Plans of every statement the hot calls send — ${describeTarget(target)}\n`)
  for (const call of calls) {
    const db = createDb({ url: target.url, poolSize: 1 })
    const app = await buildApp({ config, db, jwtSecret: SECRET })
    current = []
    const res = await app.inject({ method: 'GET', url: call.paths[0]!, headers: call.tokens ? { authorization: `Bearer ${call.tokens[0]}` } : {} })
    const statements = current.filter((s) => !/^\s*(begin|commit|rollback|savepoint|release|pragma|listen)/i.test(s.sql))
    current = []
    console.log(`■ ${call.name}  (${call.paths[0]}) → ${res.statusCode}`)
    const raw = db.withoutPlugins()
    for (const s of [...new Map(statements.map((x) => [x.sql, x])).values()]) {
      const plan =
        target.kind === 'sqlite'
          ? (await sql.raw(`explain query plan ${s.sql}`).execute(raw)).rows.map((r) => String((r as { detail: string }).detail))
          : (
              await raw.executeQuery({ sql: `explain ${s.sql}`, parameters: s.values, query: { kind: 'RawNode' } as never, queryId: { queryId: 'explain' } })
            ).rows.map((r) => String((r as Record<string, unknown>)['QUERY PLAN']))
      // Which table each alias of the statement names ("books" as "b").
      const tableOf = new Map([...s.sql.matchAll(/"?(\w+)"? as "?(\w+)"?/g)].map((m) => [m[2]!, m[1]!]))
      const bounded = /\blimit\b/i.test(s.sql)
      const bad = plan.filter((l) => {
        // SQLite: a SCAN of a big table without a LIMIT to stop it (an ordered index walk with LIMIT reads only a page).
        const lite = /^SCAN (\w+)( VIRTUAL TABLE)?/.exec(l.trim())
        if (lite) return !lite[2] && !bounded && BIG.test(tableOf.get(lite[1]!) ?? lite[1]!)
        const pgScan = /Seq Scan on (\w+)/.exec(l)
        return pgScan ? BIG.test(pgScan[1]!) : false
      })
      const memo = MEMOISED.find(([re]) => re.test(s.sql))
      if (memo && bad.length) console.log(`  (full scan expected: ${memo[1]})`)
      if (!memo) flagged += bad.length
      console.log(`  ${s.sql.replace(/\s+/g, ' ').slice(0, 150)}${s.sql.length > 150 ? ' …' : ''}`)
      for (const l of plan) console.log(`    ${bad.includes(l) ? '!! ' : ''}${l}`)
    }
    await app.close()
    await db.destroy()
  }
  rmSync(dir, { recursive: true, force: true })
  console.log(flagged ? `\n${flagged} full scan(s) flagged (!!)` : '\nNo full scan of books, reviews or follows on a hot path.')
  return flagged
}

/**
 * `npm run bench -- --round-trips`: how many statements each hot call sends once the app is warm
 * (issue 26: on PostgreSQL each is a round trip to another process). One app serves every call; each
 * call is asked once to warm its memos, then again for another of its paths (another book, say), and
 * the statements of that second ask are counted and listed.
 */
export async function countRoundTrips(target: Target): Promise<void> {
  const fx = await readFixtures(target)
  const seen: string[] = []
  let recording = false
  if (target.kind === 'sqlite') {
    // node:sqlite statements are prepared once and kept: count their runs, not their preparing.
    const prepare = DatabaseSync.prototype.prepare
    DatabaseSync.prototype.prepare = function (this: DatabaseSync, text: string, ...rest: unknown[]) {
      const st = (prepare as (...a: unknown[]) => ReturnType<typeof prepare>).call(this, text, ...rest)
      for (const m of ['all', 'get', 'run', 'iterate'] as const) {
        const f = st[m] as (...a: unknown[]) => unknown
        st[m] = ((...a: unknown[]) => {
          if (recording) seen.push(text)
          return f.apply(st, a)
        }) as never
      }
      return st
    } as typeof prepare
  } else {
    const query = pg.Client.prototype.query as (...a: unknown[]) => unknown
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const statement = recording ? pgStatementOf(args) : undefined
      if (statement) seen.push(statement.sql)
      return query.apply(this, args)
    } as typeof pg.Client.prototype.query
  }
  const dir = mkdtempSync(join(tmpdir(), 'shelfwise-trips-'))
  const config = quietConfig(target, dir)
  const calls = hotGetCalls(fx)
  const db = createDb({ url: target.url })
  const app = await buildApp({ config, db, jwtSecret: SECRET })
  console.log(`Statements per warm call — ${describeTarget(target)}\n`)
  console.log(`${'call'.padEnd(44)} ${'status'.padStart(6)} ${'statements'.padStart(10)}`)
  let total = 0
  for (const call of calls) {
    const headers = call.tokens ? { authorization: `Bearer ${call.tokens[0]}` } : {}
    await app.inject({ method: 'GET', url: call.paths[0]!, headers })
    seen.length = 0
    recording = true
    const res = await app.inject({ method: 'GET', url: call.paths[1 % call.paths.length]!, headers })
    recording = false
    const statements = seen.filter((s) => !/^\s*(begin|commit|rollback|savepoint|release|pragma|listen)/i.test(s))
    total += statements.length
    console.log(`${call.name.slice(0, 44).padEnd(44)} ${String(res.statusCode).padStart(6)} ${String(statements.length).padStart(10)}`)
    for (const s of statements) console.log(`    ${s.replace(/\s+/g, ' ').slice(0, 130)}`)
  }
  console.log(`\n${total} statements over ${calls.length} calls`)
  // The writes (issue 26's write budgets): every statement is a round trip, the transaction's own
  // begin and commit included, so they are counted here too.
  const writes = await writeCalls(fx, app)
  console.log(`\n${'write'.padEnd(44)} ${'status'.padStart(6)} ${'statements'.padStart(10)} ${'with begin/commit'.padStart(18)}`)
  for (const call of writes) {
    await call.ask(0)
    seen.length = 0
    recording = true
    const status = await call.ask(1)
    recording = false
    const statements = seen.filter((s) => !/^\s*(pragma|listen)/i.test(s))
    const data = statements.filter((s) => !/^\s*(begin|commit|rollback|savepoint|release)/i.test(s))
    console.log(`${call.name.padEnd(44)} ${String(status).padStart(6)} ${String(data.length).padStart(10)} ${String(statements.length).padStart(18)}`)
    for (const s of statements) console.log(`    ${s.replace(/\s+/g, ' ').slice(0, 130)}`)
  }
  for (const call of writes) await call.undo?.()
  await app.close()
  await db.destroy()
  rmSync(dir, { recursive: true, force: true })
}

interface WriteCall {
  name: string
  /** Makes the call's n-th write (0 warms, 1 is counted) and answers its status. */
  ask: (n: number) => Promise<number>
  undo?: () => Promise<unknown>
}

/** The bench's write calls, two writes each, made in-process on the bench data (they stay, as the load run's do). */
async function writeCalls(fx: Fixtures, app: Awaited<ReturnType<typeof buildApp>>): Promise<WriteCall[]> {
  const tokens = createTokens(SECRET)
  const tokenOf = (r: { id: string; ver: number }) => tokens.sign(r.id, r.ver)
  const send = async (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, body?: string) =>
    (
      await app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { payload: body } : {}),
      })
    ).statusCode
  const calls: WriteCall[] = []
  const reviews = writePairs(fx, 2, tokenOf)
  calls.push({ name: 'create review', ask: (n) => send('POST', reviews.paths[n]!, reviews.tokens[n]!, reviews.bodies[n]) })
  // Pairs earlier runs made are left out (the search for new ones is bounded by the count): ask for many, use two.
  const likes = likePairs(fx, 10_000, tokenOf)
  if (likes.paths.length >= 2) calls.push({ name: 'like that notifies', ask: (n) => send('PUT', likes.paths[n]!, likes.tokens[n]!) })
  const lib = fx.library
  if (lib?.reading.length) {
    const token = tokenOf(lib)
    calls.push({
      name: 'progress update',
      ask: (n) => send('PUT', `/api/books/${lib.reading[0]}/reading`, token, JSON.stringify({ progress: { page: 1 + n + (Date.now() % 40) } })),
    })
  }
  // Progress sync with a personal access token made (and revoked) through the API.
  const owner = fx.writers[0]
  if (owner) {
    const session = tokenOf(owner)
    const made = await app.inject({
      method: 'POST',
      url: '/api/me/tokens',
      headers: { authorization: `Bearer ${session}` },
      payload: { name: 'shelfwise round trips', scopes: ['read', 'reading:write'], expiresInDays: 1 },
    })
    if (made.statusCode === 201) {
      const pat = made.json<{ _id: string; token: string }>()
      const sync = syncBodies(fx, [pat.token])
      // Positions rise between runs on the same data (each later than the last), so the sync applies.
      const at = (n: number) =>
        JSON.stringify({ ...JSON.parse(sync.bodies[0]!), percent: Math.round(Math.min(99, 1 + ((Date.now() / 1000) % 90) + n) * 10) / 10 })
      calls.push({
        name: 'progress sync (personal token)',
        ask: (n) => send('PUT', '/api/me/progress', pat.token, at(n)),
        undo: () => send('DELETE', `/api/me/tokens/${pat._id}`, session),
      })
    }
  }
  return calls
}
