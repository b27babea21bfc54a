import { AsyncLocalStorage } from 'node:async_hooks'
import { TransactionBuilder } from 'kysely'
import { afterEach } from 'vitest'
import pg from 'pg'

// Every suite runs with this guard (vitest setupFiles): on PostgreSQL a transaction holds one pooled
// connection, and its rows' locks, until its COMMIT; if code inside it asks the pool for another
// connection (a read through `db` instead of `trx`, or a transaction of its own), then under load every
// connection can end up held by a transaction waiting for a row that the one needing a connection
// holds: nothing moves until the pool's 5-second timeout answers 503 (a review edit did this, 79 of 80
// edits failing). Such a call fails at once here, and the test that reached it fails afterwards with
// where it came from, even when the code caught the error (an import's worker fails the row and goes on).
// POOL_GUARD_TRACE=1 also prints each at once.

// With isolate: false (vitest.config.ts) a worker runs this file again before each of its test
// files, in the same process: the prototypes are patched once, and every file's afterEach reads the
// one list the patches fill (patched again per file, each call went through one layer per file run).
const GUARD = Symbol.for('shelfwise.test.poolGuard')
const shared = globalThis as { [GUARD]?: string[] }
const installed = shared[GUARD] !== undefined
const caught = (shared[GUARD] ??= [])

if (!installed) {
  const inside = new AsyncLocalStorage<{ open: boolean }>()

  type Execute = TransactionBuilder<unknown>['execute']
  const execute: Execute = TransactionBuilder.prototype.execute
  TransactionBuilder.prototype.execute = function (this: TransactionBuilder<unknown>, callback: Parameters<Execute>[0]) {
    return execute.call(this, (trx) => {
      // Closed when the callback settles, so work it only schedules for later (after the COMMIT) is free.
      const mark = { open: true }
      return inside.run(mark, () => callback(trx)).finally(() => (mark.open = false))
    })
  } as Execute

  const connect = pg.Pool.prototype.connect
  pg.Pool.prototype.connect = function (this: pg.Pool, ...args: unknown[]) {
    if (inside.getStore()?.open) {
      // Deep enough to reach the app's frames below the query builder's and the driver's.
      const limit = Error.stackTraceLimit
      Error.stackTraceLimit = 60
      const err = new Error(
        'A pooled connection was asked for inside a transaction: read and write through the transaction (trx), or move the call after its COMMIT',
      )
      Error.stackTraceLimit = limit
      caught.push(err.stack ?? err.message)
      if (typeof args[0] === 'function') return void (args[0] as (e: Error) => void)(err)
      if (process.env.POOL_GUARD_TRACE) console.error(err.stack)
      return Promise.reject(err)
    }
    return (connect as (...a: unknown[]) => unknown).apply(this, args)
  } as typeof pg.Pool.prototype.connect
}

afterEach(() => {
  const seen = caught.splice(0)
  if (seen.length) throw new Error(`${seen.length} pooled connection(s) asked for inside a transaction; the first:\n${seen[0]}`)
})
