import { DatabaseSync, type StatementSync, type SQLInputValue } from 'node:sqlite'
import {
  CompiledQuery, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, SelectQueryNode,
  type DatabaseConnection, type Dialect, type Driver, type Kysely, type QueryResult,
} from 'kysely'

// Kysely's stock SQLite driver prepares every statement anew, which halves the throughput of a point
// read; this one keeps prepared statements by SQL text (queries are built with bindings, so the set
// of distinct texts is small and bounded).
const STATEMENT_CACHE_SIZE = 1000

export interface NodeSqliteOptions {
  /** A file path, or ':memory:'. */
  path: string
}

type Prepared = { stmt: StatementSync; returnsRows: boolean }

const toSqlite = (v: unknown): SQLInputValue => {
  if (v === undefined || v === null) return null
  if (typeof v === 'boolean') return v ? 1 : 0
  if (v instanceof Date) return v.toISOString()
  return v as SQLInputValue
}

class NodeSqliteConnection implements DatabaseConnection {
  readonly #db: DatabaseSync
  readonly #cache = new Map<string, Prepared>()

  constructor(db: DatabaseSync) {
    this.#db = db
  }

  #prepare(sql: string): Prepared {
    let hit = this.#cache.get(sql)
    if (!hit) {
      const stmt = this.#db.prepare(sql)
      hit = { stmt, returnsRows: stmt.columns().length > 0 }
      if (this.#cache.size >= STATEMENT_CACHE_SIZE) {
        const oldest = this.#cache.keys().next().value
        if (oldest !== undefined) this.#cache.delete(oldest)
      }
      this.#cache.set(sql, hit)
    }
    return hit
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const { stmt, returnsRows } = this.#prepare(compiled.sql)
    const params = compiled.parameters.map(toSqlite)
    if (returnsRows) return { rows: stmt.all(...params) as R[] }
    const { changes, lastInsertRowid } = stmt.run(...params)
    return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) }
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiled.query)) throw new Error('Only SELECT queries can be streamed on SQLite')
    const { stmt } = this.#prepare(compiled.sql)
    for (const row of stmt.iterate(...compiled.parameters.map(toSqlite))) yield { rows: [row as R] }
  }

  clearCache() {
    this.#cache.clear()
  }
}

/** One connection, handed to one caller at a time, so a transaction never interleaves with other work. */
class NodeSqliteDriver implements Driver {
  readonly #options: NodeSqliteOptions
  #db?: DatabaseSync
  #connection?: NodeSqliteConnection
  #queue: Promise<void> = Promise.resolve()
  #release?: () => void

  constructor(options: NodeSqliteOptions) {
    this.#options = options
  }

  async init() {
    const db = new DatabaseSync(this.#options.path, { timeout: 5000 })
    db.exec('PRAGMA journal_mode = WAL')
    db.exec('PRAGMA synchronous = FULL')
    db.exec('PRAGMA foreign_keys = ON')
    db.exec('PRAGMA busy_timeout = 5000')
    db.exec('PRAGMA cache_size = -32000')
    db.exec('PRAGMA temp_store = MEMORY')
    this.#db = db
    this.#connection = new NodeSqliteConnection(db)
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue
    let release!: () => void
    this.#queue = new Promise<void>((resolve) => (release = resolve))
    await previous
    this.#release = release
    return this.#connection!
  }

  async releaseConnection() {
    const release = this.#release
    this.#release = undefined
    release?.()
  }

  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'))
  }

  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'))
  }

  async destroy() {
    this.#connection?.clearCache()
    if (this.#db?.isOpen) this.#db.close()
  }
}

export class NodeSqliteDialect implements Dialect {
  readonly #options: NodeSqliteOptions
  constructor(options: NodeSqliteOptions) {
    this.#options = options
  }
  createDriver() {
    return new NodeSqliteDriver(this.#options)
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler()
  }
  createAdapter() {
    return new SqliteAdapter()
  }
  createIntrospector(db: Kysely<any>) {
    return new SqliteIntrospector(db)
  }
}
