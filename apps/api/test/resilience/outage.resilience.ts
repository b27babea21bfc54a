import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '@shelfwise/contracts'
import { expectPgCountsAgree, readApiCounts } from './support/counts.ts'
import { now, sleep, waitUntil } from './support/http.ts'
import { privatePostgresRuns, startPrivatePostgres, type PrivatePostgres } from './support/private-postgres.ts'
import { RELAXED_LIMITS, startServer, type ServerProcess } from './support/server-process.ts'
import { expectNoneLost, Ledger, runWriteLoad, setUpCommunity, type AnswerRecord } from './support/write-load.ts'

// Database outages: the API runs on a private PostgreSQL under a write load of six clients, and the
// test takes PostgreSQL away three times: killed (`pg_ctl stop -m immediate`, as a crash), shut down
// (`-m fast`, as a restart for maintenance) and frozen (SIGSTOP: connections stay open and nothing
// answers, as behind a dead network). While it is away every call answers 503 {message, code:
// 'unavailable'} within seconds and the process stays up; once it is back the API serves again by
// itself, and no acknowledged write is lost.

const OUTAGE_MS = 5000
/**
 * Frozen, each call waits out its 5 s timeout: two timeouts and a second, so every client has a whole
 * call inside the outage however its calls fell at the start (8 s left some with none on a busy machine).
 */
const FREEZE_MS = 11_000
/** No call may take longer than this while the database is stopped (refused connections fail at once). */
const MAX_ANSWER_STOPPED_MS = 5000
/**
 * Nor while it is frozen: bounded by one query timeout (5 s). Without the guard in db/pg-guard.ts a call
 * could wait for a connection, then for its statement, then for its rollback (10 s seen in CI).
 */
const MAX_ANSWER_FROZEN_MS = 6500
/**
 * Once one query has gone unanswered, the rest are refused at once: hundreds of quick 503s in the
 * 11 s, where without the guard each client waited out a timeout per call (12 answers in all).
 */
const MIN_QUICK_503_FROZEN = 100

type Mode = 'immediate' | 'fast' | 'freeze'

const tally = (list: string[]) => list.reduce<Record<string, number>>((t, k) => ({ ...t, [k]: (t[k] ?? 0) + 1 }), {})

/** The errors the server logged as unexpected (answered 500): type, message and where. */
const unexpectedErrors = (output: string) =>
  output.split('\n').flatMap((line) => {
    try {
      const entry = JSON.parse(line) as { msg?: string; err?: { type?: string; code?: string; message?: string; stack?: string } }
      return entry.msg === 'unexpected error'
        ? [`${entry.err?.type} ${entry.err?.code ?? ''} ${entry.err?.message} @ ${entry.err?.stack?.split('\n')[1]?.trim()}`]
        : []
    } catch {
      return []
    }
  })

const pgRuns = privatePostgresRuns('the database outage test')

describe.skipIf(!pgRuns)('PostgreSQL goes away in the middle of a write load', () => {
  let pgs: PrivatePostgres
  let server: ServerProcess | undefined
  const dataDir = mkdtempSync(join(tmpdir(), 'shelfwise-outage-'))

  beforeAll(async () => {
    pgs = await startPrivatePostgres('shelfwise')
  })
  afterAll(async () => {
    await server?.stop('SIGKILL')
    await pgs?.destroy()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('answers 503 quickly while it is away, recovers by itself and loses no acknowledged write', async () => {
    server = await startServer({
      DATABASE_URL: pgs.url('shelfwise'),
      JWT_SECRET: randomBytes(32).toString('base64url'),
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      ...RELAXED_LIMITS,
    })
    const base = server.url
    const ledger = new Ledger()
    const community = await setUpCommunity(base, ledger, { readers: 8, books: 10 })

    let stopped = false
    const load = runWriteLoad({ base: () => base, ledger, community, clients: 6, seed: 11, backoffMs: 50, stopped: () => stopped })
    const figures: Record<string, unknown>[] = []
    const windows: { mode: Mode; goneAt: number; backAt: number; recoveredAt: number; during: AnswerRecord[] }[] = []
    try {
      for (const mode of ['immediate', 'fast', 'freeze'] as const) {
        const before = ledger.totalAcknowledged
        await waitUntil(() => ledger.totalAcknowledged - before >= 200, 60_000, 'the write load')
        const downAt = now()
        if (mode === 'freeze') pgs.freeze()
        else await pgs.stop(mode)
        const goneAt = now()
        await sleep(mode === 'freeze' ? FREEZE_MS : OUTAGE_MS)
        const backAt0 = now()
        if (mode === 'freeze') pgs.thaw()
        else await pgs.start()
        const backAt = now()
        await waitUntil(
          () => ledger.answers.some((a) => a.sentAt >= backAt && a.status >= 200 && a.status < 300),
          20_000,
          `a 2xx after PostgreSQL came back (${mode})`,
        ).catch((err: Error) => {
          const seen = ledger.answers.filter((a) => a.sentAt >= backAt).map((a) => `${a.status} ${a.error ?? a.message ?? ''}`)
          throw new Error(`${err.message}; alive: ${server!.alive()}; answers since: ${JSON.stringify(tally(seen))}\n${server!.output().slice(-3000)}`)
        })
        const recoveredAt = Math.min(...ledger.answers.filter((a) => a.sentAt >= backAt && a.status >= 200 && a.status < 300).map((a) => a.answeredAt))
        const during = ledger.answers.filter((a) => a.sentAt >= goneAt && a.answeredAt <= backAt0)
        windows.push({ mode, goneAt, backAt, recoveredAt, during })
        const first503 = ledger.answers.filter((a) => a.sentAt >= downAt && a.status === 503).sort((a, b) => a.answeredAt - b.answeredAt)[0]
        figures.push({
          mode,
          outageSeconds: +((backAt - downAt) / 1000).toFixed(1),
          answered503WhileAway: during.filter((a) => a.status === 503).length,
          slowestAnswerWhileAwayMs: Math.round(Math.max(...during.map((a) => a.answeredAt - a.sentAt))),
          first503AfterItWentMs: first503 ? Math.round(first503.answeredAt - downAt) : null,
          recoveryMs: Math.round(recoveredAt - backAt),
        })
        await sleep(1500) // load on the recovered server before the next outage
      }
    } finally {
      stopped = true
      await load
    }

    // The process never went down, never dropped a connection and never answered 500.
    expect(server.alive()).toBe(true)
    const broken = ledger.answers.filter((a) => a.status === 0 || (a.status >= 500 && a.status !== 503))
    expect(
      broken.map((a) => `${a.op} ${a.status} ${a.error ?? a.message}`),
      `the server logged: ${unexpectedErrors(server.output()).join('\n')}`,
    ).toEqual([])

    for (const [i, w] of windows.entries()) {
      // While PostgreSQL was away: only 503 'unavailable' with the plain message, and within seconds.
      expect(w.during.length, `${w.mode}: ${JSON.stringify(figures)}`).toBeGreaterThan(3)
      expect(new Set(w.during.map((a) => `${a.status} ${a.code} ${a.message}`)), w.mode).toEqual(new Set([`503 unavailable ${MESSAGES.unavailable}`]))
      if (w.mode === 'freeze')
        expect(w.during.filter((a) => a.answeredAt - a.sentAt < 100).length, JSON.stringify(figures)).toBeGreaterThan(MIN_QUICK_503_FROZEN)
      const limit = w.mode === 'freeze' ? MAX_ANSWER_FROZEN_MS : MAX_ANSWER_STOPPED_MS
      const around = ledger.answers.filter((a) => a.answeredAt >= w.goneAt - 1000 && a.sentAt <= w.backAt)
      expect(Math.max(...around.map((a) => a.answeredAt - a.sentAt)), w.mode).toBeLessThan(limit)
      // Once it was back: every call that started after the first 2xx succeeded, until the next outage.
      const until = windows[i + 1]?.goneAt ?? Infinity
      const after = ledger.answers.filter((a) => a.sentAt > w.recoveredAt && a.answeredAt < until - 1000)
      expect(after.length, w.mode).toBeGreaterThan(20)
      expect(
        after.filter((a) => a.status < 200 || a.status >= 300).map((a) => `${a.op} ${a.status}`),
        w.mode,
      ).toEqual([])
    }

    const check = await expectNoneLost(base, ledger, community.readers)
    const api = await readApiCounts(
      base,
      community.books,
      community.readers.map((r) => r.id),
    )
    await expectPgCountsAgree(pgs.url('shelfwise'), api)
    const exit = await server.stop('SIGTERM')
    expect(exit.code).toBe(0)

    console.log(
      `\n[figures] outage (PostgreSQL): ${JSON.stringify({
        outages: figures,
        writesAcknowledged: ledger.totalAcknowledged,
        foundAfterOutages: check.found,
        unanswered: ledger.unanswered,
        requests: ledger.answers.length,
      })}`,
    )
  })
})
