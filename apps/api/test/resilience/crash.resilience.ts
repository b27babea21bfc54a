import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { expectCountsAgree, openSqliteReadOnly, readApiCounts, readRowCounts } from './support/counts.ts'
import { now, waitUntil } from './support/http.ts'
import { RELAXED_LIMITS, startServer, type ServerProcess } from './support/server-process.ts'
import { expectNoneLost, Ledger, runWriteLoad, setUpCommunity } from './support/write-load.ts'

// Crash safety on the embedded database: the real server process takes a write load from six
// concurrent clients and is killed with SIGKILL in the middle. Restarted on the same folder, it must
// hold every write it answered 2xx, counts that agree with the rows, and a file that passes
// PRAGMA integrity_check.

const KILL_AFTER_LOAD_WRITES = 1000

describe('SIGKILL in the middle of a write load (SQLite)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shelfwise-crash-'))
  const dbFile = join(dataDir, 'shelfwise.db')
  const env = { DATA_DIR: dataDir, SEED_DEMO: 'false', ...RELAXED_LIMITS }
  let server: ServerProcess | undefined

  afterAll(async () => {
    await server?.stop('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('keeps every acknowledged write, counts that match the rows and an intact file', async () => {
    server = await startServer(env)
    const ledger = new Ledger()
    const community = await setUpCommunity(server.url, ledger, { readers: 8, books: 10 })
    const setupWrites = ledger.totalAcknowledged

    let stopped = false
    const loadStart = now()
    const base = server.url
    const load = runWriteLoad({ base: () => base, ledger, community, clients: 6, seed: 7, stopped: () => stopped })
    await waitUntil(() => ledger.totalAcknowledged - setupWrites >= KILL_AFTER_LOAD_WRITES && ledger.inFlight >= 3, 60_000, 'the write load')
    const inFlightAtKill = ledger.inFlight
    process.kill(server.pid, 'SIGKILL')
    stopped = true
    const loadSeconds = (now() - loadStart) / 1000
    const crashed = await server.exited
    await load
    expect(crashed.signal).toBe('SIGKILL')
    // The kill left the write-ahead log behind, un-checkpointed: recovery has work to do.
    const walBytesAtCrash = existsSync(`${dbFile}-wal`) ? statSync(`${dbFile}-wal`).size : 0

    const restartAt = now()
    server = await startServer(env)
    const restartMs = now() - restartAt

    const check = await expectNoneLost(server.url, ledger, community.readers)
    const api = await readApiCounts(
      server.url,
      community.books,
      community.readers.map((r) => r.id),
    )

    const exit = await server.stop('SIGTERM')
    expect(exit.code).toBe(0)
    const file = openSqliteReadOnly(dbFile)
    try {
      expect(file.integrity()).toEqual(['ok'])
      const rows = await readRowCounts(file.query)
      expectCountsAgree(rows, api)
      // Nobody but the load wrote: every account row is one the ledger knows of (acknowledged or cut).
      expect(rows.users).toBeGreaterThanOrEqual(ledger.acknowledged.account)
      expect(rows.users).toBeLessThanOrEqual(ledger.acknowledged.account + ledger.unanswered)

      console.log(
        `\n[figures] crash (SQLite): ${JSON.stringify({
          writesAcknowledged: ledger.totalAcknowledged,
          foundAfterCrash: check.found,
          byKind: ledger.acknowledged,
          itemsChecked: check.checked,
          requestsInFlightAtKill: inFlightAtKill,
          unansweredAtKill: ledger.unanswered,
          loadSecondsBeforeKill: +loadSeconds.toFixed(1),
          walBytesAtCrash,
          restartMs: Math.round(restartMs),
          integrityCheck: file.integrity()[0],
          books: rows.books.size,
          reviewRows: rows.reviews,
        })}`,
      )
    } finally {
      file.close()
    }
  })
})
