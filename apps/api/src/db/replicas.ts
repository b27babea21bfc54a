import { isConnectionError } from '#/db/portable.ts'
import type { GuardedPool, GuardedClient } from '#/db/pg-guard.ts'
import { isReadOnlyStatement } from '#/db/statement-kind.ts'
import {
  currentScope,
  noteCommitted,
  parseWalPosition,
  positionNeeded,
  type PositionStore,
  type RequestScope,
  type WalPosition,
} from '#/db/read-your-writes.ts'

// Reads on streaming replicas (decision 0063). The query builder asks the pool for a connection per
// statement (or one for a whole transaction); the pool here hands back a connection that is bound
// to a server only when its first statement arrives: a read of a request goes to a replica that has
// replayed the request's own writes, anything else to the primary. A replica is polled a few times
// a second for how far it has replayed; one that fails, or falls further behind than the lag bound,
// is skipped until a poll finds it well again.

/** How often each replica (and the primary, to measure lag against) is asked for its WAL position. */
const POLL_EVERY_MS = 200
/** A replica further behind than this is skipped: its readers would see a past too old to pass as "now". */
const MAX_LAG_MS = 5000

/** The primary's position over the last while, to turn a replica's position into seconds of lag. */
interface Sample {
  at: number
  position: WalPosition
}

interface Replica {
  name: string
  pool: GuardedPool
  /** How far it had replayed at the last poll that answered. */
  replayed: WalPosition
  healthy: boolean
  lagMs: number
}

interface ReplicaStatus {
  name: string
  healthy: boolean
  lagMs: number
}

export interface RoutedPool extends GuardedPool {
  /** The replicas as the last poll found them (logs, tests). */
  status(): ReplicaStatus[]
  /** Resolves once a poll begun after this call has ended (tests). */
  polled(): Promise<void>
}

interface RouteOptions {
  primary: GuardedPool
  replicas: { name: string; pool: GuardedPool }[]
  store: PositionStore
  pollEveryMs?: number
  maxLagMs?: number
  now?: () => number
  /** Told when a replica leaves or rejoins the rotation. */
  onHealthChange?: (name: string, healthy: boolean, reason: string) => void
}

/** How a statement's text starts, for the transaction commands (begin, commit, rollback). */
const commandOf = (sql: string) => /^\s*(\w+)(\s+to\b)?/i.exec(sql)?.[0].toLowerCase().replace(/\s+/g, ' ') ?? ''

/** Whether a failed read on a replica should be tried on the primary: the replica is gone, or it cancelled the read to replay WAL. */
const isReplicaTrouble = (err: unknown) => {
  const code = (err as { code?: string })?.code
  return code === '40001' || (isConnectionError(err) && code !== '57014')
}

const CLASSIFIED_MAX = 2000

export function routeReads({
  primary,
  replicas: given,
  store,
  pollEveryMs = POLL_EVERY_MS,
  maxLagMs = MAX_LAG_MS,
  now = Date.now,
  onHealthChange = () => {},
}: RouteOptions): RoutedPool {
  const replicas: Replica[] = given.map((r) => ({ ...r, replayed: 0n, healthy: false, lagMs: Infinity }))
  const samples: Sample[] = []
  let nextReplica = 0

  // Most statements have one of a few hundred fixed texts: each is classified once.
  const classified = new Map<string, boolean>()
  const isRead = (sql: string) => {
    let read = classified.get(sql)
    if (read === undefined) {
      read = isReadOnlyStatement(sql)
      if (classified.size >= CLASSIFIED_MAX) classified.clear()
      classified.set(sql, read)
    }
    return read
  }

  const setHealth = (replica: Replica, healthy: boolean, reason: string) => {
    if (replica.healthy === healthy) return
    replica.healthy = healthy
    onHealthChange(replica.name, healthy, reason)
  }

  /** A healthy replica that has replayed at least `needed`, taken in turn; undefined sends the read to the primary. */
  const pick = (needed: WalPosition): Replica | undefined => {
    for (let i = 0; i < replicas.length; i++) {
      const replica = replicas[(nextReplica + i) % replicas.length]!
      if (replica.healthy && replica.replayed >= needed) {
        nextReplica = (nextReplica + i + 1) % replicas.length
        return replica
      }
    }
    return undefined
  }

  const positionOf = async (pool: GuardedPool, sql: string): Promise<WalPosition | undefined> => {
    const client = await pool.connect()
    let broken = false
    try {
      const { rows } = (await client.query(sql)) as { rows: { lsn: string | null }[] }
      const lsn = rows[0]?.lsn
      return lsn ? parseWalPosition(lsn) : undefined
    } catch (err) {
      broken = true
      throw err
    } finally {
      client.release(broken)
    }
  }

  /** How long ago the primary was where the replica is now; Infinity when longer than the samples go back. */
  const lagOf = (replayed: WalPosition, at: number) => {
    for (let i = samples.length - 1; i >= 0; i--) if (samples[i]!.position <= replayed) return Math.max(0, at - samples[i]!.at)
    return Infinity
  }

  const pollOnce = async () => {
    let primaryAnswered = false
    try {
      const position = await positionOf(primary, 'select pg_current_wal_lsn()::text as lsn')
      if (position !== undefined) samples.push({ at: now(), position })
      primaryAnswered = true
    } catch {
      // The primary not answering says nothing of the replicas: they keep answering reads, their lag
      // as last measured (without new samples it would seem to grow by itself).
    }
    while (samples.length > 1 && samples[0]!.at < now() - maxLagMs * 2) samples.shift()
    await Promise.all(
      replicas.map(async (replica) => {
        try {
          // Null on a server that is not replaying WAL (say, one promoted to primary): not a replica of ours any more.
          const replayed = await positionOf(replica.pool, 'select pg_last_wal_replay_lsn()::text as lsn')
          if (replayed === undefined) return setHealth(replica, false, 'not a standby')
          if (replayed > replica.replayed) replica.replayed = replayed
          // Before the first sample of the primary, the lag is unknown: the replica waits for it.
          if (primaryAnswered || !samples.length) replica.lagMs = lagOf(replica.replayed, now())
          setHealth(replica, replica.lagMs <= maxLagMs, replica.lagMs <= maxLagMs ? 'caught up' : `more than ${maxLagMs} ms behind`)
        } catch (err) {
          setHealth(replica, false, (err as Error)?.message ?? 'poll failed')
        }
      }),
    )
  }

  let stopped = false
  /** Callers of polled(), each with the number of polls begun before it asked. */
  let waiters: { after: number; resolve: () => void }[] = []
  let begun = 0
  let timer: NodeJS.Timeout | undefined
  const loop = async () => {
    const number = ++begun
    await pollOnce()
    for (const w of waiters) if (w.after < number) w.resolve()
    waiters = waiters.filter((w) => w.after >= number)
    if (!stopped) timer = setTimeout(() => void loop(), pollEveryMs).unref()
  }
  void loop()

  /** Remembers the primary's position after a commit of the running request, read on the same connection. */
  const noteCommit = (scope: RequestScope, rows: { lsn?: string }[] | undefined) => {
    const lsn = rows?.[0]?.lsn
    if (lsn) noteCommitted(scope, parseWalPosition(lsn), store)
  }

  const connect = async (): Promise<GuardedClient> => {
    const scope = currentScope()
    let raw: GuardedClient | undefined
    let onReplica: Replica | undefined
    let inTransaction = false
    let wroteInTransaction = false
    let released = false

    const usePrimary = async () => {
      raw = await primary.connect()
      onReplica = undefined
      // From now on this request stays on the primary: it must not read an older past than it just saw.
      if (scope) scope.pinned = 'primary'
      return raw
    }
    const leaveReplica = (broken: boolean) => {
      raw?.release(broken)
      raw = undefined
    }

    /** A read: the request's replica if it still qualifies, another one if it has none, else the primary. */
    const bindForRead = async (): Promise<GuardedClient> => {
      if (scope && scope.pinned !== 'primary') {
        const needed = positionNeeded(scope, store)
        const pinned = scope.pinned && replicas.find((r) => r.name === scope.pinned)
        // A request keeps to one replica, so two reads of it never see the past move backwards.
        const replica = pinned ? (pinned.healthy && pinned.replayed >= needed ? pinned : undefined) : pick(needed)
        if (replica) {
          try {
            raw = await replica.pool.connect()
            onReplica = replica
            scope.pinned = replica.name
            return raw
          } catch (err) {
            setHealth(replica, false, (err as Error)?.message ?? 'connect failed')
          }
        }
      }
      return usePrimary()
    }

    const query = async (...args: unknown[]): Promise<unknown> => {
      const send = (client: GuardedClient, a: unknown[]) => (client.query as (...x: unknown[]) => Promise<unknown>)(...a)
      // A cursor (anything but text) goes to the primary, as does every statement after it.
      if (typeof args[0] !== 'string') {
        if (onReplica) leaveReplica(false)
        return send(raw ?? (await usePrimary()), args)
      }
      const sql = args[0]
      const read = isRead(sql)
      if (!raw) {
        if (read && !inTransaction) await bindForRead()
        else await usePrimary()
      } else if (onReplica && !read) {
        // A write after reads on the same connection (outside a transaction: the builder's transactions begin with BEGIN).
        leaveReplica(false)
        await usePrimary()
      }
      if (onReplica) {
        try {
          return await send(raw!, args)
        } catch (err) {
          if (!isReplicaTrouble(err)) throw err
          // Tried once more on the primary: the reader gets an answer, and the replica is out until a poll finds it well.
          if ((err as { code?: string }).code !== '40001') setHealth(onReplica, false, (err as Error)?.message ?? 'read failed')
          leaveReplica(true)
          return send(await usePrimary(), args)
        }
      }
      const client = raw!
      const command = commandOf(sql)
      if (command === 'begin' || command === 'start') {
        inTransaction = true
        wroteInTransaction = false
        return send(client, args)
      }
      if (command === 'commit' || command === 'end') {
        const wrote = inTransaction && wroteInTransaction
        inTransaction = false
        if (!wrote || !scope) return send(client, args)
        // The commit and the position after it in one round trip (the simple protocol runs both).
        const results = (await send(client, [`${sql}; select pg_current_wal_lsn()::text as lsn`])) as { rows?: { lsn?: string }[] }[]
        noteCommit(scope, results[1]?.rows)
        return results[0]
      }
      if (command === 'rollback' || command === 'abort') {
        inTransaction = false
        return send(client, args)
      }
      const result = await send(client, args)
      if (!read) {
        if (inTransaction) wroteInTransaction = true
        else if (scope) {
          // A write on its own commits as it ends: ask where the primary is now (one more short round trip).
          const { rows } = (await send(client, ['select pg_current_wal_lsn()::text as lsn'])) as { rows: { lsn?: string }[] }
          noteCommit(scope, rows)
        }
      }
      return result
    }

    return {
      query: query as GuardedClient['query'],
      release(destroy?: boolean) {
        if (released) return
        released = true
        raw?.release(destroy)
        raw = undefined
      },
      // Read by the query builder to cancel a statement: only a primary connection's id is any use there.
      get processID() {
        return onReplica ? undefined : (raw as unknown as { processID?: number } | undefined)?.processID
      },
    } as GuardedClient
  }

  return {
    connect,
    async end() {
      stopped = true
      clearTimeout(timer)
      await Promise.all([primary.end(), ...replicas.map((r) => r.pool.end())])
    },
    options: primary.options,
    Client: primary.Client,
    status: () => replicas.map(({ name, healthy, lagMs }) => ({ name, healthy, lagMs })),
    polled: () => new Promise<void>((resolve) => waiters.push({ after: begun, resolve })),
  }
}
