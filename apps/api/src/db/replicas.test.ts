import { randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { Kysely, PostgresDialect, sql } from 'kysely'
import type { GuardedClient, GuardedPool } from '#/db/pg-guard.ts'
import { actAlsoAs, createMemoryPositionStore, onPrimaryOnly, readerKey, runInRequestScope } from '#/db/read-your-writes.ts'
import { routeReads, type RoutedPool } from '#/db/replicas.ts'
import { createRedisPositions } from '#/db/shared-positions.ts'
import { REDIS_URL, redisTestsRun } from '../../test/support/redis.ts'

// Decision 0063: which server answers each statement. The servers here are stand-ins that record
// what they were sent and say how far their WAL has gone, so each rule is checked exactly (the
// resilience suite runs the same code against a real streaming replica).

interface FakeServer {
  name: string
  sent: string[]
  /** pg_current_wal_lsn() on the primary, pg_last_wal_replay_lsn() on a replica. */
  lsn: string
  /** Every poll and connection fails (a dead server). */
  down: boolean
  /** The next read fails as if the connection dropped. */
  dropNext: boolean
}

const lsnAsText = (n: number) => `0/${n.toString(16).toUpperCase()}`

function fakeServer(name: string, lsn = 0x1000): FakeServer & { pool: GuardedPool } {
  const server: FakeServer = { name, sent: [], lsn: lsnAsText(lsn), down: false, dropNext: false }
  const answer = (text: string) => {
    if (/pg_current_wal_lsn|pg_last_wal_replay_lsn/.test(text)) return { command: 'SELECT', rowCount: 1, rows: [{ lsn: server.lsn }] }
    return { command: text.split(' ')[0]!.toUpperCase(), rowCount: 1, rows: [{ server: name }] }
  }
  const pool: GuardedPool = {
    async connect() {
      if (server.down) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })
      const client = {
        async query(text: string) {
          if (server.down || server.dropNext) {
            server.dropNext = false
            throw new Error('Connection terminated unexpectedly')
          }
          // The simple protocol answers each statement of a multi-statement text.
          const parts = text.split('; ')
          for (const part of parts) if (!/pg_current_wal_lsn|pg_last_wal_replay_lsn/.test(part)) server.sent.push(part)
          return parts.length > 1 ? parts.map(answer) : answer(text)
        },
        release() {},
      }
      return client as unknown as GuardedClient
    },
    end: async () => {},
    options: {},
  }
  return Object.assign(server, { pool })
}

describe('reads on a streaming replica', () => {
  let routed: RoutedPool | undefined
  let db: Kysely<Record<string, never>> | undefined
  afterEach(async () => {
    await db?.destroy()
    db = undefined
  })

  const setUp = async ({ maxLagMs = 5000 }: { maxLagMs?: number } = {}) => {
    const primary = fakeServer('primary')
    const replica = fakeServer('replica')
    const changes: string[] = []
    routed = routeReads({
      primary: primary.pool,
      replicas: [{ name: 'replica', pool: replica.pool }],
      store: createMemoryPositionStore(),
      pollEveryMs: 5,
      maxLagMs,
      onHealthChange: (name, healthy) => changes.push(`${name} ${healthy ? 'in' : 'out'}`),
    })
    db = new Kysely({ dialect: new PostgresDialect({ pool: routed }) })
    await routed.polled()
    await routed.polled()
    primary.sent.length = 0
    replica.sent.length = 0
    return { primary, replica, routed, db, changes }
  }
  const whoAnswers = async (d: Kysely<Record<string, never>>, key = readerKey('ann')) =>
    runInRequestScope([key], async () => (await sql<{ server: string }>`select 1`.execute(d)).rows[0]!.server)

  it("a request's read goes to a replica that has caught up; work outside a request reads from the primary", async () => {
    const { db } = await setUp()
    expect(await whoAnswers(db)).toBe('replica')
    expect((await sql<{ server: string }>`select 1`.execute(db)).rows[0]!.server).toBe('primary')
  })

  it('a writer reads from the primary until the replica has replayed its write, then from the replica again; others read on', async () => {
    const { db, primary, replica, routed } = await setUp()
    await runInRequestScope([readerKey('ann')], async () => {
      await sql`insert into "reviews" values (1)`.execute(db)
      // The primary moved on with the write; the replica has not replayed it yet.
      primary.lsn = lsnAsText(0x2000)
    })
    // Where the primary stood after the write was asked on the same connection, right after it.
    primary.lsn = lsnAsText(0x1800)
    await runInRequestScope([readerKey('ann')], async () => {
      await sql`insert into "reviews" values (2)`.execute(db)
    })
    await routed.polled()
    expect(await whoAnswers(db, readerKey('ann'))).toBe('primary')
    expect(await whoAnswers(db, readerKey('bob'))).toBe('replica')
    replica.lsn = lsnAsText(0x17ff)
    await routed.polled()
    expect(await whoAnswers(db, readerKey('ann'))).toBe('primary')
    replica.lsn = lsnAsText(0x1800)
    await routed.polled()
    expect(await whoAnswers(db, readerKey('ann'))).toBe('replica')
    expect(replica.sent.filter((s) => s.startsWith('insert'))).toEqual([])
  })

  it('a transaction runs on the primary, and its commit brings the position back in the same round trip', async () => {
    const { db, primary, replica } = await setUp()
    primary.lsn = lsnAsText(0x3000)
    await runInRequestScope([readerKey('ann')], () =>
      db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx)
        await sql`update "books" set "title" = 'x'`.execute(trx)
      }),
    )
    expect(primary.sent).toEqual(['begin', 'select 1', `update "books" set "title" = 'x'`, 'commit'])
    expect(replica.sent).toEqual([])
    expect(await whoAnswers(db, readerKey('ann'))).toBe('primary')
  })

  it('a reader given a token in this request (sign-up) reads its writes through that token on the next call', async () => {
    const { db, primary } = await setUp()
    primary.lsn = lsnAsText(0x4000)
    await runInRequestScope(['address:10.0.0.1'], async () => {
      await sql`insert into "users" values (1)`.execute(db)
      actAlsoAs(readerKey('new-reader'))
    })
    expect(await whoAnswers(db, readerKey('new-reader'))).toBe('primary')
  })

  it('once a request has read from the primary it stays there, so it never sees an older past after a newer one', async () => {
    const { db, primary } = await setUp()
    primary.lsn = lsnAsText(0x5000)
    const servers = await runInRequestScope([readerKey('cy')], async () => {
      const first = (await sql<{ server: string }>`select 1`.execute(db)).rows[0]!.server
      await sql`delete from "likes"`.execute(db)
      const second = (await sql<{ server: string }>`select 2`.execute(db)).rows[0]!.server
      return [first, second]
    })
    expect(servers).toEqual(['replica', 'primary'])
    // A memo's load (shared with every reader) reads from the primary even inside a request.
    expect(
      await runInRequestScope([readerKey('dee')], () => onPrimaryOnly(async () => (await sql<{ server: string }>`select 1`.execute(db)).rows[0]!.server)),
    ).toBe('primary')
  })

  it('a read that fails on the replica with a dropped connection is answered by the primary, and the replica rejoins once it answers polls', async () => {
    const { db, replica, routed, changes } = await setUp()
    replica.dropNext = true
    expect(await whoAnswers(db)).toBe('primary')
    expect(routed.status()[0]!.healthy).toBe(false)
    replica.down = true
    await routed.polled()
    expect(await whoAnswers(db)).toBe('primary')
    replica.down = false
    await routed.polled()
    expect(await whoAnswers(db)).toBe('replica')
    expect(changes).toEqual(['replica in', 'replica out', 'replica in'])
  })

  it('a replica further behind than the lag bound is skipped, even for readers with no writes of their own', async () => {
    const { db, primary, routed } = await setUp({ maxLagMs: 30 })
    primary.lsn = lsnAsText(0x9000)
    await new Promise((r) => setTimeout(r, 80))
    await routed.polled()
    expect(routed.status()[0]).toMatchObject({ healthy: false })
    expect(await whoAnswers(db, readerKey('eve'))).toBe('primary')
  })

  it('while the primary does not answer, a replica that was current keeps answering reads', async () => {
    const { db, primary, routed } = await setUp({ maxLagMs: 30 })
    primary.down = true
    await new Promise((r) => setTimeout(r, 80))
    await routed.polled()
    expect(routed.status()[0]).toMatchObject({ healthy: true })
    expect(await whoAnswers(db, readerKey('fay'))).toBe('replica')
  })
})

const redisRuns = await redisTestsRun('the cross-instance read-your-writes test is SKIPPED')

describe.skipIf(!redisRuns)('read-your-writes across instances (REDIS_URL)', () => {
  it("a writer's next request on another instance reads from the primary until the replica has its write; Redis away, requests go on", async () => {
    const primary = fakeServer('primary')
    const replica = fakeServer('replica')
    // Two instances: pools and memories of their own, the same servers, positions shared through Redis.
    const instance = async () => {
      const routed = routeReads({
        primary: primary.pool,
        replicas: [{ name: 'replica', pool: replica.pool }],
        store: createMemoryPositionStore(),
        pollEveryMs: 5,
      })
      const positions = await createRedisPositions(REDIS_URL, () => {})
      const db = new Kysely<Record<string, never>>({ dialect: new PostgresDialect({ pool: routed }) })
      await routed.polled()
      await routed.polled()
      /** Runs a request as the onRequest hook does: the published positions are looked up first. */
      const request = async <T>(key: string, fn: () => Promise<T>) => runInRequestScope([key], fn, { positions, seen: await positions.newest([key]) })
      return { routed, positions, db, request }
    }
    const a = await instance()
    const b = await instance()
    const unreachable = await createRedisPositions('redis://127.0.0.1:1', () => {})
    try {
      const writer = readerKey(`w${randomBytes(4).toString('hex')}`)
      const answer = (db: Kysely<Record<string, never>>) => async () => (await sql<{ server: string }>`select 1`.execute(db)).rows[0]!.server
      expect(await b.request(writer, answer(b.db))).toBe('replica')
      primary.lsn = lsnAsText(0x7000)
      await a.request(writer, () => sql`insert into "reviews" values (1)`.execute(a.db))
      // Published without waiting: give it a moment to reach Redis.
      for (let i = 0; i < 50 && (await b.positions.newest([writer])) === 0n; i++) await new Promise((r) => setTimeout(r, 10))
      expect(await b.request(writer, answer(b.db))).toBe('primary')
      expect(await b.request(readerKey('someone-else'), answer(b.db))).toBe('replica')
      replica.lsn = lsnAsText(0x7000)
      await b.routed.polled()
      expect(await b.request(writer, answer(b.db))).toBe('replica')
      // Redis not answering: no error, the request goes on with what its instance knows.
      const started = Date.now()
      expect(await unreachable.newest([writer])).toBe(0n)
      expect(Date.now() - started).toBeLessThan(500)
    } finally {
      for (const i of [a, b]) {
        await i.db.destroy()
        await i.positions.close()
      }
      await unreachable.close()
    }
  })
})
