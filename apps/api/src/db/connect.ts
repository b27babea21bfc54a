import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { CamelCasePlugin, Kysely, PostgresDialect, type LogEvent } from 'kysely'
import pg from 'pg'
import { guardPool } from '#/db/pg-guard.ts'
import { createMemoryPositionStore } from '#/db/read-your-writes.ts'
import { routeReads } from '#/db/replicas.ts'
import { NodeSqliteDialect } from '#/db/sqlite-dialect.ts'
import type { Database } from '#/db/schema.ts'
import type { DialectName } from '#/db/portable.ts'

// The one place the dialect is chosen: a postgres:// URL means PostgreSQL, anything else a SQLite file.

const INT8 = 20
const NUMERIC = 1700

const dialectOfUrl = (url: string): DialectName => (/^postgres(ql)?:\/\//i.test(url) ? 'postgres' : 'sqlite')

export interface DbOptions {
  /** postgres://… or a SQLite file path (or ':memory:'). */
  url: string
  poolSize?: number
  /**
   * PostgreSQL only: a query with no answer after this long fails (and the request answers 503), so
   * a frozen server or a dead network cannot hold requests. Off for migrations and seeding, which may run long.
   */
  queryTimeoutMs?: number
  /**
   * PostgreSQL only: the server cancels a statement that runs longer than this (error 57014, answered
   * 503), so one slow query cannot hold a connection and its request. Keep it below queryTimeoutMs,
   * so a statement that is merely long is ended by the server, which frees the connection, and the
   * client's own timeout is left for a server that does not answer at all. Off for migrations and seeding.
   */
  statementTimeoutMs?: number
  /** Told the text of every statement run (the SQL snapshot tests read each dialect's statements this way). */
  onQuery?: (sql: string) => void
  /**
   * PostgreSQL only: streaming replicas of `url` (decision 0063). A request's reads go to one that has
   * replayed the request's own writes; writes, transactions and work outside requests go to `url`.
   */
  replicaUrls?: string[]
  /** Told when a replica leaves the rotation (down, or too far behind) or rejoins it. */
  onReplicaHealth?: (replica: string, healthy: boolean, reason: string) => void
}

/** A replica's name in logs: its host and port, never its credentials. */
const serverName = (url: string) => {
  try {
    const u = new URL(url)
    return `${u.hostname}:${u.port || 5432}`
  } catch {
    return 'replica'
  }
}

export function createDb({ url, poolSize = 10, queryTimeoutMs, statementTimeoutMs, onQuery, replicaUrls = [], onReplicaHealth }: DbOptions): Kysely<Database> {
  const plugins = [new CamelCasePlugin()]
  const log = onQuery ? (event: LogEvent) => onQuery(event.query.sql) : undefined
  if (dialectOfUrl(url) === 'postgres') {
    const listeners = new Set<NoticeListener>()
    // Each server gets a pool of its own with the same settings and guard.
    const poolOf = (connectionString: string, { writes }: { writes: boolean }) => {
      const pool = new pg.Pool({
        connectionString,
        max: poolSize,
        // Also bounds the wait for a free connection when every one is stuck on an unresponsive server.
        connectionTimeoutMillis: 5000,
        idleTimeoutMillis: 30_000,
        ...(queryTimeoutMs ? { query_timeout: queryTimeoutMs } : {}),
        // Sent as a setting of each new connection: it holds for every statement on it.
        ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {}),
        // Counts and averages arrive as numbers, not strings.
        types: {
          getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
            oid === INT8 || oid === NUMERIC ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
        },
      })
      // An idle client losing its server must not crash the process; the next query reports it.
      pool.on('error', () => {})
      pool.on('connect', (client) => {
        // Nor may a checked-out one (its socket can die between two queries of a transaction): its query
        // already failed with the error (answered 503), and the pool drops a broken client on release.
        client.on('error', () => {})
        if (!writes) return
        // What this connection's own writes tell (decision 0064): the change triggers also notify a
        // channel named after the writing backend, which only that backend listens on, and PostgreSQL
        // hands a session its own notifications before the COMMIT's answer: so this process knows of
        // its own change before the write resolves, and its next read cannot meet a value kept from before.
        client.on('notification', (msg) => {
          if (msg.channel.startsWith(OWN_CHANNEL_PREFIX)) for (const l of listeners) l(CHANGES_CHANNEL, msg.payload ?? '')
        })
        const pid = (client as unknown as { processID?: number }).processID
        if (pid) client.query(`LISTEN ${OWN_CHANNEL_PREFIX}${pid}`).catch(() => {})
      })
      return guardPool(pool)
    }
    const primary = poolOf(url, { writes: true })
    const pool = replicaUrls.length
      ? routeReads({
          primary,
          replicas: replicaUrls.map((r) => ({ name: serverName(r), pool: poolOf(r, { writes: false }) })),
          store: createMemoryPositionStore(),
          ...(onReplicaHealth ? { onHealthChange: onReplicaHealth } : {}),
        })
      : primary
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins, ...(log ? { log } : {}) })
    ownChanges.set(db, listeners)
    return db
  }
  if (replicaUrls.length) throw new Error('Read replicas need PostgreSQL: DATABASE_URL is a SQLite file')
  const path = url.replace(/^(sqlite|file):(\/\/)?/i, '')
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const listeners = new Set<NoticeListener>()
  const onNotify = (channel: string, payload: string) => {
    for (const l of listeners) l(channel, payload)
  }
  const db = new Kysely<Database>({ dialect: new NodeSqliteDialect({ path, onNotify }), plugins, ...(log ? { log } : {}) })
  ownChanges.set(db, listeners)
  return db
}

/** The channel the change triggers tell every instance on (migration 2026_12_23_0500_changes_told)… */
export const CHANGES_CHANNEL = 'shelfwise_changes'
/** …and, on PostgreSQL, the prefix of the channel each also tells the writing backend alone on (its pid follows). */
const OWN_CHANNEL_PREFIX = 'shelfwise_self_'

type NoticeListener = (channel: string, payload: string) => void
const ownChanges = new WeakMap<object, Set<NoticeListener>>()

/**
 * Listens to what this process's own writes on this database tell (decision 0064), once their
 * transaction commits and before the write resolves to its caller: on SQLite every `pg_notify` our
 * driver runs; on PostgreSQL the change triggers' signals on the writing connection's own channel.
 * Answers the unsubscribe; undefined for a database this process did not open with createDb.
 */
export function listenToOwnChanges(db: object, listener: NoticeListener): (() => void) | undefined {
  const listeners = ownChanges.get(db)
  if (!listeners) return undefined
  listeners.add(listener)
  return () => listeners.delete(listener)
}
