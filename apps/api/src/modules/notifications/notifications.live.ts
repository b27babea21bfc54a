import pg from 'pg'
import { sql, type RawBuilder } from 'kysely'
import { dialectOf, type Db } from '#/db/portable.ts'
import { listenOn, reconnects } from '#/db/reconnects.ts'

// How a new notification reaches the streams open for its reader on every instance (decision 0053).
// PostgreSQL: NOTIFY in the writing transaction (delivered at its commit, dropped with its rollback)
// to a channel every instance LISTENs on, over one dedicated connection; the payload is ids only and
// the stream reads the row. SQLite has one instance: the signal stays in the process. Either way a
// signal is a hint: a stream that misses one (the channel dropped) catches up from the table.

const CHANNEL = 'shelfwise_notifications'

/**
 * What a stream is told: a notification of its reader changed, or was taken back with its cause
 * (smaller, or gone: decision 0053, "Withdrawn"), or signals may have been missed.
 */
export type LiveSignal = { kind: 'changed' | 'withdrawn'; id: string } | { kind: 'resync' }
type Kind = 'changed' | 'withdrawn'
/** On the channel a withdrawal's payload ends in `:w` (an instance that reads only two parts takes it as a change). */
const payloadOf = (userId: string, id: string, kind: Kind) => (kind === 'withdrawn' ? `${userId}:${id}:w` : `${userId}:${id}`)
type LiveListener = (signal: LiveSignal) => void

export interface LiveBus {
  /** Tells the reader's streams, on every instance, that the notification changed; in the writer's transaction. */
  publish(trx: Db, userId: string, notificationId: string): Promise<void>
  /**
   * `publish` as an expression a write of the same transaction may return (PostgreSQL: its pg_notify,
   * told at commit), saving the statement of its own (issue 26: each is a round trip); undefined
   * where the signal is not SQL (SQLite's in-process bus): then call publish.
   */
  signalOf(userId: string, notificationId: string): RawBuilder<unknown> | undefined
  /** The same for many readers' notifications at once (a fan-out, or a withdrawal's groups): one statement whatever their number. */
  publishMany(trx: Db, changed: readonly { userId: string; id: string }[], kind?: Kind): Promise<void>
  /** Listens for one reader's signals; answers the unsubscribe. */
  subscribe(userId: string, listener: LiveListener): () => void
  /** Settles once signals flow (or the attempt failed: the streams then lean on their catch-up). */
  ready(): Promise<void>
  /** Whether signals flow now (PostgreSQL: the LISTEN connection is up). */
  readonly connected: boolean
  close(): Promise<void>
}

/**
 * SQLite: a write's transaction commits a moment after `publish` (group commit) and the stream reads
 * through another connection, so the signal is given again a few times; a stream sends a row only
 * when it changed, so a repeat costs one indexed read.
 */
const LOCAL_REPEATS_MS = [0, 20, 100, 400, 1500]

/** SQLite: the apps of one process on one database (tests' second instance) share their signals. */
const localListeners = new WeakMap<Db, Map<string, Set<LiveListener>>>()

export function createLiveBus(db: Db, databaseUrl: string): LiveBus {
  const isPostgres = dialectOf(db) === 'postgres'
  let shared = isPostgres ? undefined : localListeners.get(db)
  if (!isPostgres && !shared) localListeners.set(db, (shared = new Map()))
  const listeners = shared ?? new Map<string, Set<LiveListener>>()
  const tell = (userId: string, signal: LiveSignal) => {
    for (const l of listeners.get(userId) ?? []) l(signal)
  }
  const tellAll = (signal: LiveSignal) => {
    for (const set of listeners.values()) for (const l of set) l(signal)
  }
  const subscribeWith = (onFirst: () => void) => (userId: string, listener: LiveListener) => {
    onFirst()
    let set = listeners.get(userId)
    if (!set) listeners.set(userId, (set = new Set()))
    set.add(listener)
    return () => {
      set.delete(listener)
      if (!set.size) listeners.delete(userId)
    }
  }

  if (!isPostgres) {
    const timers = new Set<NodeJS.Timeout>()
    const publishLocal = (userId: string, id: string, kind: Kind) => {
      if (!listeners.has(userId)) return
      for (const ms of LOCAL_REPEATS_MS) {
        const t = setTimeout(() => {
          timers.delete(t)
          tell(userId, { kind, id })
        }, ms)
        timers.add(t)
      }
    }
    return {
      async publish(_trx, userId, id) {
        publishLocal(userId, id, 'changed')
      },
      signalOf: () => undefined,
      async publishMany(_trx, changed, kind = 'changed') {
        for (const c of changed) publishLocal(c.userId, c.id, kind)
      },
      subscribe: subscribeWith(() => {}),
      ready: async () => {},
      connected: true,
      async close() {
        for (const t of timers) clearTimeout(t)
        timers.clear()
      },
    }
  }

  let client: pg.Client | undefined
  let connecting: Promise<void> | undefined
  let connected = false
  let closed = false
  const reconnect = reconnects(() => connect())

  const connect = (): Promise<void> => {
    if (closed || connected || connecting) return connecting ?? Promise.resolve()
    const c = new pg.Client({ connectionString: databaseUrl })
    const lost = () => {
      if (client !== c) return
      client = undefined
      connected = false
      c.removeAllListeners('notification')
      void c.end().catch(() => {})
      reconnect.later()
    }
    c.on('error', lost)
    c.on('end', lost)
    c.on('notification', (msg) => {
      const [userId, id, flag] = (msg.payload ?? '').split(':')
      if (userId && id) tell(userId, { kind: flag === 'w' ? 'withdrawn' : 'changed', id })
    })
    client = c
    connecting = listenOn(c, CHANNEL)
      .then(() => {
        connecting = undefined
        if (closed) return void c.end().catch(() => {})
        connected = true
        // Signals sent while the channel was down are lost: every stream catches up from the table.
        if (reconnect.opened()) tellAll({ kind: 'resync' })
      })
      .catch(() => {
        connecting = undefined
        lost()
      })
    return connecting
  }

  return {
    async publish(trx, userId, id) {
      await sql`select pg_notify(${CHANNEL}, ${payloadOf(userId, id, 'changed')})`.execute(trx)
    },
    signalOf: (userId, id) => sql`pg_notify(${CHANNEL}, ${payloadOf(userId, id, 'changed')})`,
    async publishMany(trx, changed, kind = 'changed') {
      if (!changed.length) return
      const payloads = changed.map((c) => payloadOf(c.userId, c.id, kind))
      await sql`select pg_notify(${CHANNEL}, p) from unnest(${payloads}::text[]) as p`.execute(trx)
    },
    // The dedicated connection opens with the first stream, so an instance (or a test) without one holds none.
    subscribe: subscribeWith(() => void connect()),
    ready: () => connect(),
    get connected() {
      return connected
    },
    async close() {
      closed = true
      reconnect.stop()
      const c = client
      client = undefined
      connected = false
      await connecting?.catch(() => {})
      if (c) await c.end().catch(() => {})
    },
  }
}
