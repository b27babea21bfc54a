import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectPgCountsAgree, openPg, readApiCounts } from './support/counts.ts'
import { call, must, sleep, waitUntil, type Answer } from './support/http.ts'
import { createStreamingReplica, privatePostgresRuns, startPrivatePostgres, type PrivatePostgres } from './support/private-postgres.ts'
import { redisAnswers } from './support/cluster-process.ts'
import { RELAXED_LIMITS, startServer, type ServerProcess } from './support/server-process.ts'
import { expectNoneLost, Ledger, runWriteLoad, setUpCommunity } from './support/write-load.ts'

// Read replicas (issue 26 point 3, decision 0063) against a real streaming replica: a private
// PostgreSQL primary and a standby made from it with pg_basebackup -R, on ports of their own, made
// and removed here. The API runs with DATABASE_REPLICA_URLS under a write load and proves that
//  - reads do go to the replica: with its replay paused, an anonymous reader sees the past there;
//  - the writer never does: each edit it makes is in its very next read, paused replica or not;
//  - reads keep answering when the replica is SIGKILLed, and go back to it once it is restarted;
//  - nothing acknowledged is lost, and the counts agree on primary, replica and API at the end.

const pgRuns = privatePostgresRuns('the read replica test')

interface MyReview {
  comment: string
}

describe.skipIf(!pgRuns)('a streaming read replica', () => {
  let primary: PrivatePostgres
  let replica: PrivatePostgres
  let server: ServerProcess | undefined
  const dataDir = mkdtempSync(join(tmpdir(), 'shelfwise-replica-'))

  beforeAll(async () => {
    primary = await startPrivatePostgres('shelfwise')
    replica = await createStreamingReplica(primary)
    await replica.start()
  })
  afterAll(async () => {
    await server?.stop('SIGKILL')
    await replica?.destroy()
    await primary?.destroy()
    rmSync(dataDir, { recursive: true, force: true })
  })

  /** Runs one statement on a server of the pair. */
  const on = async (pgs: PrivatePostgres, text: string) => {
    const conn = await openPg(pgs.url('shelfwise'))
    try {
      return await conn.query(text)
    } finally {
      await conn.close()
    }
  }
  const caughtUp = async () => {
    const [{ lsn }] = (await on(primary, 'select pg_current_wal_lsn()::text as lsn')) as [{ lsn: string }]
    for (let i = 0; i < 200; i++) {
      const [{ behind }] = (await on(replica, `select pg_last_wal_replay_lsn() < '${lsn}'::pg_lsn as behind`)) as [{ behind: boolean }]
      if (!behind) return
      await sleep(50)
    }
    throw new Error('the replica did not catch up within 10 s')
  }

  it('serves reads from the replica, never a stale one to the writer, survives its death and loses nothing', async () => {
    server = await startServer({
      DATABASE_URL: primary.url('shelfwise'),
      DATABASE_REPLICA_URLS: replica.url('shelfwise'),
      JWT_SECRET: randomBytes(32).toString('base64url'),
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      // The load's sign-ups are anonymous writes from 127.0.0.1, so that address reads its own writes
      // from the primary; the anonymous reader below comes from an address of its own.
      TRUST_PROXY: 'true',
      // With Redis (as in the cluster) the positions are published there too: that path runs here as well.
      ...((await redisAnswers()) ? { REDIS_URL: 'redis://127.0.0.1:6379' } : {}),
      ...RELAXED_LIMITS,
    })
    const base = server.url
    const ledger = new Ledger()
    // Sign-ups whose next calls use their new tokens at once: read-your-writes across a new key.
    const community = await setUpCommunity(base, ledger, { readers: 6, books: 4 })
    // The writer is a reader of its own, apart from the load's (whose ledger knows each of its reviews).
    const writerName = `writer${randomBytes(3).toString('hex')}`
    const writer = await must<{ token: string }>(base, 'POST', '/api/auth/register', {
      json: { name: 'Writer', username: writerName, email: `${writerName}@resilience.example`, password: 'resilient-writer-7', userType: 'Reader' },
    })
    const bookId = community.books[0]!
    const { _id: reviewId } = await must<{ _id: string }>(base, 'POST', `/api/reviews/book/${bookId}`, {
      token: writer.token,
      json: { rating: 4, comment: 'edit 0' },
    })

    // The writer edits its review and reads it back at once, over and over; every read must show the edit just made.
    let edits = 0
    const stale: string[] = []
    const failed: string[] = []
    // One edit at a time, whoever asks: an edit between another's write and read would look stale.
    let turn = Promise.resolve()
    const editAndRead = () => {
      turn = turn.then(editAndReadNow)
      return turn
    }
    const editAndReadNow = async () => {
      edits++
      const comment = `edit ${edits}`
      const put = await call(base, 'PUT', `/api/reviews/${reviewId}`, { token: writer.token, json: { rating: 1 + (edits % 5), comment } })
      if (put.status !== 200) return void failed.push(`PUT ${put.status} ${put.error ?? JSON.stringify(put.body)}`)
      const got: Answer<MyReview> = await call(base, 'GET', `/api/reviews/book/${bookId}/mine`, { token: writer.token })
      if (got.status !== 200) return void failed.push(`GET mine ${got.status} ${got.error ?? JSON.stringify(got.body)}`)
      if (got.body.comment !== comment) stale.push(`wrote "${comment}", read "${got.body.comment}"`)
    }
    /** What an anonymous reader (who wrote nothing) sees of the writer's review. */
    const anonymousView = async () => {
      const got = await must<{ items?: { _id: string; comment: string }[] } | { _id: string; comment: string }[]>(base, 'GET', `/api/reviews/book/${bookId}`, {
        headers: { 'x-forwarded-for': '203.0.113.7' },
      })
      const items = Array.isArray(got) ? got : (got.items ?? [])
      return items.find((r) => r._id === reviewId)?.comment
    }
    /** With the replica's replay paused, the writer's edit is read back fresh while an anonymous read shows the past: proof the replica answers. */
    const replicaAnswersReads = async () => {
      await caughtUp()
      await sleep(600) // a poll or two, so the server knows the replica is current
      await on(replica, 'select pg_wal_replay_pause()')
      try {
        const before = await anonymousView()
        await editAndRead()
        const writerSaw = `edit ${edits}`
        const anonymousSaw = await anonymousView()
        return { before, writerSaw, anonymousSaw }
      } finally {
        await on(replica, 'select pg_wal_replay_resume()')
      }
    }

    /** The last the server logged of the replica: taken into use, or skipped. */
    const replicaState = () => [...server!.output().matchAll(/"msg":"read replica (in use|skipped)"/g)].at(-1)?.[1]

    const stopped = { load: false, reads: false }
    const load = runWriteLoad({ base: () => base, ledger, community, clients: 3, seed: 26, backoffMs: 50, stopped: () => stopped.load })
    const readsDuring: Answer[] = []
    let whileDead = 0
    const reads = (async () => {
      while (!stopped.reads) {
        readsDuring.push(await call(base, 'GET', `/api/books/${community.books[readsDuring.length % community.books.length]}`))
        await editAndRead()
      }
    })()

    try {
      await waitUntil(() => ledger.totalAcknowledged >= 60, 30_000, 'the write load')
      const first = await replicaAnswersReads()
      expect(first.anonymousSaw, JSON.stringify(first)).toBe(first.before)
      expect(first.anonymousSaw).not.toBe(first.writerSaw)

      // The replica dies (SIGKILL, as a crashed machine): reads go on from the primary.
      const editsBeforeKill = edits
      await replica.kill()
      const killedAt = readsDuring.length
      await waitUntil(() => edits >= editsBeforeKill + 20, 20_000, 'edits and reads with the replica dead')
      const whileDeadAnswers = readsDuring.slice(killedAt)
      whileDead = whileDeadAnswers.length
      expect(replicaState()).toBe('skipped')
      expect(whileDeadAnswers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.error ?? ''}`)).toEqual([])

      // Restarted, it catches up and takes reads again.
      await replica.start()
      await waitUntil(() => replicaState() === 'in use', 20_000, 'the server to take the replica back')
      const second = await replicaAnswersReads()
      expect(second.anonymousSaw, JSON.stringify(second)).toBe(second.before)
      expect(second.anonymousSaw).not.toBe(second.writerSaw)
    } finally {
      stopped.load = true
      stopped.reads = true
      await load
      await reads
    }

    expect(stale, `${stale.length} stale reads of ${edits}`).toEqual([])
    const unexpected = server
      .output()
      .split('\n')
      .filter((l) => l.includes('"unexpected error"'))
    expect(failed, unexpected.slice(0, 3).join('\n')).toEqual([])
    expect(readsDuring.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.error ?? ''}`)).toEqual([])

    // Nothing lost: every acknowledged write is there, read through the API, and the rows agree on both servers.
    await caughtUp()
    await sleep(600)
    await expectNoneLost(base, ledger, community.readers)
    const api = await readApiCounts(
      base,
      community.books,
      community.readers.map((r) => r.id),
    )
    for (const pgs of [primary, replica]) await expectPgCountsAgree(pgs.url('shelfwise'), api)
    console.log(
      `\n[figures] read replica: ${JSON.stringify({
        writesAcknowledged: ledger.totalAcknowledged,
        writerEditsReadBack: edits,
        staleReads: stale.length,
        booksReadInAll: readsDuring.length,
        booksReadWhileReplicaDead: whileDead,
      })}`,
    )
    const exit = await server.stop('SIGTERM')
    expect(exit.code).toBe(0)
  })
})
