import { open, type FileHandle } from 'node:fs/promises'
import { dirname } from 'node:path'
import { DatabaseSync, type StatementSync, type SQLInputValue } from 'node:sqlite'
import { foldText } from '#/db/name-keys.ts'
import { Worker } from 'node:worker_threads'
import {
  CompiledQuery,
  RawNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  SelectQueryNode,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely'

// One piece on purpose (over ~400 lines, issue 20): the driver's write path — one connection, the
// group commit that batches transactions (GROUP_*), and the checkpointer thread that keeps the WAL
// short — shares one queue and one connection state; split across files, each part would have to
// export that state for the others to change.
//
// Kysely's stock SQLite driver prepares every statement anew, which halves the throughput of a point
// read; this one keeps prepared statements by SQL text (queries are built with bindings, so the set
// of distinct texts is small and bounded).
const STATEMENT_CACHE_SIZE = 1000

export interface NodeSqliteOptions {
  /** A file path, or ':memory:'. */
  path: string
  /** Told each `pg_notify(channel, payload)` a statement called, once what it was part of has committed. */
  onNotify?: (channel: string, payload: string) => void
  /**
   * Makes what was written to a file durable, off the event loop (fdatasync on libuv's thread pool):
   * the WAL after each group's COMMIT, the directory once. Tests put a slow or failing one here.
   */
  syncFile?: (file: FileHandle) => Promise<void>
}

const datasync = (file: FileHandle) => file.datasync()

type Waiter = { resolve: () => void; reject: (err: unknown) => void }

type Prepared = { stmt: StatementSync; returnsRows: boolean }

const toSqlite = (v: unknown): SQLInputValue => {
  if (v === undefined || v === null) return null
  if (typeof v === 'boolean') return v ? 1 : 0
  if (v instanceof Date) return v.toISOString()
  return v as SQLInputValue
}

/** One node:sqlite connection with its statement cache. */
class NodeSqliteConnection {
  readonly db: DatabaseSync
  readonly #cache = new Map<string, Prepared>()

  constructor(db: DatabaseSync) {
    this.db = db
  }

  #prepare(sql: string): Prepared {
    let hit = this.#cache.get(sql)
    if (!hit) {
      const stmt = this.db.prepare(sql)
      hit = { stmt, returnsRows: stmt.columns().length > 0 }
      if (this.#cache.size >= STATEMENT_CACHE_SIZE) {
        const oldest = this.#cache.keys().next().value
        if (oldest !== undefined) this.#cache.delete(oldest)
      }
      this.#cache.set(sql, hit)
    }
    return hit
  }

  run<R>(compiled: CompiledQuery): QueryResult<R> {
    const { stmt, returnsRows } = this.#prepare(compiled.sql)
    const params = compiled.parameters.map(toSqlite)
    if (returnsRows) return { rows: stmt.all(...params) as R[] }
    const { changes, lastInsertRowid } = stmt.run(...params)
    return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) }
  }

  async *stream<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { stmt } = this.#prepare(compiled.sql)
    for (const row of stmt.iterate(...compiled.parameters.map(toSqlite))) yield { rows: [row as R] }
  }

  close() {
    this.#cache.clear()
    if (this.db.isOpen) this.db.close()
  }
}

/** At most this many write transactions share one COMMIT (and so one fsync)… */
const GROUP_MAX = 64
/** …the first of them waits at most about this long for the others (ms)… */
const GROUP_SPAN_MS = 20
/** …and the group waits idle (1 ms each) at most this many times for members it expects. */
const GROUP_IDLE_WAITS = 2

/** After this many group COMMITs on a file, checkpoints move to a thread of their own… */
const CHECKPOINTER_AFTER_COMMITS = 50
/** …which copies the WAL's new pages into the database file this often (ms)… */
const CHECKPOINT_EVERY_MS = 50
/** …while the writer checkpoints itself only if the WAL ever reaches this many pages. */
const WRITER_CHECKPOINT_PAGES = 10_000
/** SQLite's own default, back in force if that thread fails. */
const DEFAULT_CHECKPOINT_PAGES = 1000

// The checkpointer's whole program (a worker thread): its own connection, a PASSIVE checkpoint on a
// timer. PASSIVE never waits for the writer, and the writer never waits for it.
const CHECKPOINTER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const { DatabaseSync } = require('node:sqlite')
const db = new DatabaseSync(workerData.path, { timeout: 5000 })
// A checkpoint syncs the WAL before it copies pages and the database file after.
db.exec('PRAGMA synchronous = FULL')
const timer = setInterval(() => {
  try {
    db.exec('PRAGMA wal_checkpoint(PASSIVE)')
  } catch {
    // A failing checkpoint changes nothing; the writer's own, at the WAL's size limit, remain.
  }
}, workerData.everyMs)
parentPort.once('message', () => {
  clearInterval(timer)
  db.close()
  parentPort.close()
})
`

/** The functions our queries call that SQLite lacks: shelfwise_fold (name-keys.ts foldText). */
function withFunctions(db: DatabaseSync): void {
  db.function('shelfwise_fold', { deterministic: true }, (v) => (typeof v === 'string' ? foldText(v) : v))
}

// Statements that only read: Kysely's SELECT nodes, and raw SQL that starts with SELECT.
const RAW_READ = /^\s*select\b/i
const onlyReads = (compiled: CompiledQuery): boolean => SelectQueryNode.is(compiled.query) || (RawNode.is(compiled.query) && RAW_READ.test(compiled.sql))

/** Kysely's handle for one use of the database: a statement, or a whole transaction. */
class Handle implements DatabaseConnection {
  readonly #driver: NodeSqliteDriver
  /** Set while this handle holds the write connection (from BEGIN to its savepoint's end). */
  release: (() => void) | undefined
  inTransaction = false

  constructor(driver: NodeSqliteDriver) {
    this.#driver = driver
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (this.inTransaction) return this.#driver.writer.run<R>(compiled)
    return this.#driver.runAlone<R>(compiled)
  }

  streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiled.query)) throw new Error('Only SELECT queries can be streamed on SQLite')
    if (this.inTransaction) return this.#driver.writer.stream<R>(compiled)
    return this.#driver.streamAlone<R>(compiled)
  }
}

/**
 * Two connections to the file: one writes, one reads.
 *
 * Writes: the write connection is held by one transaction at a time (a queue), so a transaction that
 * awaits never interleaves with another's statements. Group commit: each transaction runs in a
 * SAVEPOINT of one outer BEGIN IMMEDIATE; when it ends it hands the connection on and waits for the
 * group's COMMIT, which runs once the event loop has taken in the requests already received (see
 * #scheduleFlush), and then for the fsync of the WAL (decision 0061): with synchronous=FULL,
 * node:sqlite ran that fsync inside the COMMIT on the only thread, blocking every request for its
 * length; now the COMMIT only writes the WAL (synchronous=NORMAL) and the fsync runs on libuv's thread
 * pool (#whenSynced) while the next groups run. A transaction's promise still resolves only after its
 * COMMIT and that fsync; a failed COMMIT rejects every member of the group, a failed fsync every
 * write waiting for it and every later one. Checkpoints run on a thread of their own once a file sees
 * steady writes (see #startCheckpointer).
 *
 * Reads outside a transaction go to the read connection (WAL: it sees committed data only, never a
 * pending group's rows) without waiting for the write queue: node:sqlite runs a statement to its end
 * synchronously, so nothing can interleave with it. Committed includes a group whose fsync is still
 * running: another reader may see a row a few milliseconds before it is on disk (and lose it to a
 * power cut in that window; a crash of the process alone loses nothing, the WAL is in the kernel's
 * cache). Decision 0061 says why that is acceptable: its writer was not answered yet, and any write
 * made after seeing it lands later in the same WAL, so it is durable only with it. A statement
 * outside a transaction that writes takes the write connection and commits the pending group first,
 * and is answered after the fsync that covers both. ':memory:' has no second connection: there, reads outside a transaction
 * queue and commit the group first too.
 */
class NodeSqliteDriver implements Driver {
  readonly #options: NodeSqliteOptions
  writer!: NodeSqliteConnection
  #reader: NodeSqliteConnection | undefined
  #queue: Promise<void> = Promise.resolve()
  #outerOpen = false
  #group: Waiter[] = []
  #flushTimer: NodeJS.Immediate | NodeJS.Timeout | undefined
  /** The pending #flushTimer is an idle wait (a timeout), not a turn (an immediate). */
  #idleWait = false
  #groupSince = 0
  #groupSeen = 0
  #idleWaits = 0
  /** The size of the last group committed by #onTurn. */
  #expected = 0
  #commits = 0
  #checkpointer: Worker | undefined
  /** A file on disk (not ':memory:'): its COMMITs are answered only after the WAL's fsync. */
  #onDisk = false
  readonly #syncFile: (file: FileHandle) => Promise<void>
  /** The WAL, opened at the first sync and held until destroy. */
  #wal: FileHandle | undefined
  /** Committed (visible) writes whose answer waits for the next fsync of the WAL. */
  #unsynced: Waiter[] = []
  /** The fsync loop while one runs. */
  #syncing: Promise<void> | undefined
  /** The error of a failed fsync: from then on every write fails (see #syncLoop). */
  #syncFailure: unknown
  /**
   * PostgreSQL's NOTIFY, here: `pg_notify(channel, payload)` in a statement is told to onNotify once
   * its transaction commits (the group's COMMIT, when the read connection sees the rows), and never
   * when it rolls back. The open transaction's, the group's, and a lone statement's.
   */
  #txNotes: [string, string][] | undefined
  #groupNotes: [string, string][] = []
  #looseNotes: [string, string][] = []

  constructor(options: NodeSqliteOptions) {
    this.#options = options
    this.#syncFile = options.syncFile ?? datasync
  }

  async init() {
    const { path } = this.#options
    const writer = new DatabaseSync(path, { timeout: 5000 })
    this.#onDisk = path !== ':memory:' && !path.startsWith('file::memory:')
    writer.exec('PRAGMA journal_mode = WAL')
    // NORMAL in WAL mode: a COMMIT writes the WAL without syncing it, and this driver syncs it itself
    // off the event loop before anyone hears of the COMMIT (#whenSynced). Checkpoints still sync the
    // WAL before and the database file after. In memory there is nothing to sync.
    writer.exec(`PRAGMA synchronous = ${this.#onDisk ? 'NORMAL' : 'FULL'}`)
    writer.exec('PRAGMA foreign_keys = ON')
    writer.exec('PRAGMA busy_timeout = 5000')
    writer.exec('PRAGMA cache_size = -32000')
    writer.exec('PRAGMA temp_store = MEMORY')
    withFunctions(writer)
    writer.function('pg_notify', (channel, payload) => {
      const note: [string, string] = [String(channel), String(payload)]
      if (this.#txNotes) this.#txNotes.push(note)
      else this.#looseNotes.push(note)
      return null
    })
    this.writer = new NodeSqliteConnection(writer)
    if (this.#onDisk) {
      // Opened after the writer, so the file is already in WAL mode.
      const reader = new DatabaseSync(path, { timeout: 5000, readOnly: true })
      reader.exec('PRAGMA busy_timeout = 5000')
      reader.exec('PRAGMA cache_size = -32000')
      reader.exec('PRAGMA temp_store = MEMORY')
      withFunctions(reader)
      this.#reader = new NodeSqliteConnection(reader)
    }
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new Handle(this)
  }

  async releaseConnection(connection: DatabaseConnection) {
    const handle = connection as Handle
    const release = handle.release
    handle.release = undefined
    release?.()
  }

  /** Waits for the write connection; answers the function that hands it on. */
  #lock(): Promise<() => void> {
    const previous = this.#queue
    let release!: () => void
    this.#queue = new Promise<void>((resolve) => (release = resolve))
    let done = false
    return previous.then(() => () => {
      if (done) return
      done = true
      release()
    })
  }

  /** A statement outside a transaction. */
  async runAlone<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const reads = onlyReads(compiled)
    if (this.#reader && reads) return this.#reader.run<R>(compiled)
    if (!reads) this.#refuseAfterSyncFailure()
    const release = await this.#lock()
    let result: QueryResult<R>
    try {
      this.#flushNow()
      result = this.writer.run<R>(compiled)
    } finally {
      // Autocommit: what the statement notified is committed with it (or was never written).
      const notes = this.#looseNotes
      this.#looseNotes = []
      release()
      this.#tell(notes)
    }
    // Its own COMMIT (autocommit) is answered after the WAL's fsync too.
    if (!reads && this.#onDisk) await new Promise<void>((resolve, reject) => this.#whenSynced([{ resolve, reject }]))
    return result
  }

  async *streamAlone<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (this.#reader) {
      yield* this.#reader.stream<R>(compiled)
      return
    }
    const release = await this.#lock()
    try {
      this.#flushNow()
      yield* this.writer.stream<R>(compiled)
    } finally {
      release()
    }
  }

  async beginTransaction(connection: DatabaseConnection) {
    const handle = connection as Handle
    this.#refuseAfterSyncFailure()
    handle.release = await this.#lock()
    if (!this.#outerOpen) {
      this.#exec('begin immediate')
      this.#outerOpen = true
    }
    this.#exec('savepoint shelfwise_tx')
    this.#txNotes = []
    handle.inTransaction = true
  }

  async commitTransaction(connection: DatabaseConnection) {
    const handle = connection as Handle
    this.#exec('release shelfwise_tx')
    handle.inTransaction = false
    if (this.#txNotes?.length) this.#groupNotes.push(...this.#txNotes)
    this.#txNotes = undefined
    const durable = new Promise<void>((resolve, reject) => this.#group.push({ resolve, reject }))
    if (this.#group.length >= GROUP_MAX) this.#flushNow()
    else this.#scheduleFlush()
    // The next transaction may run (and join this group) while this one waits for the COMMIT.
    await this.releaseConnection(handle)
    await durable
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    const handle = connection as Handle
    // Nothing to undo when the savepoint already ended (a COMMIT that failed after its release).
    if (!handle.inTransaction) return
    handle.inTransaction = false
    this.#txNotes = undefined
    try {
      this.#exec('rollback to shelfwise_tx')
      this.#exec('release shelfwise_tx')
    } catch (err) {
      // SQLite rolled the whole outer transaction back (an I/O error, a full disk): the others'
      // work in it is gone too, so none of them may be told it was committed.
      if (!this.writer.db.isTransaction) this.#failGroup(err)
      else throw err
    }
    // Nothing of anyone else's is waiting: close the outer transaction too.
    if (!this.#group.length && this.#outerOpen) {
      this.#exec('rollback')
      this.#outerOpen = false
    }
  }

  /**
   * Commits the group on a later turn of the event loop, so that the requests already received run
   * their transactions into it first: after one turn (setImmediate, which takes in the I/O that
   * arrived meanwhile without idling), again while the group keeps growing, and, while it is smaller
   * than the last group, after up to GROUP_IDLE_WAITS idle waits of a millisecond for the rest of
   * that crowd (whose requests are on their way). Bounded by GROUP_MAX members and GROUP_SPAN_MS from
   * its first one; a lone write after a lone write waits one turn.
   */
  #scheduleFlush() {
    if (this.#flushTimer) {
      // An idle wait ends as soon as the expected members are in.
      if (this.#idleWait && this.#group.length >= this.#expected) {
        clearTimeout(this.#flushTimer as NodeJS.Timeout)
        this.#nextTurn()
      }
      return
    }
    this.#groupSince = performance.now()
    this.#groupSeen = this.#group.length
    this.#idleWaits = 0
    this.#nextTurn()
  }

  #nextTurn() {
    this.#idleWait = false
    this.#flushTimer = setImmediate(this.#onTurn)
  }

  #onTurn = () => {
    this.#flushTimer = undefined
    const size = this.#group.length
    // Committed meanwhile (a full group, or a write outside a transaction).
    if (!size) return
    const grew = size > this.#groupSeen
    this.#groupSeen = size
    if (size < GROUP_MAX && performance.now() - this.#groupSince < GROUP_SPAN_MS) {
      if (grew) return this.#nextTurn()
      if (size < this.#expected && this.#idleWaits < GROUP_IDLE_WAITS) {
        this.#idleWaits++
        this.#idleWait = true
        this.#flushTimer = setTimeout(this.#onTurn, 1)
        return
      }
    }
    // The next group is expected about as large as this one (a crowd of writers stays a while).
    this.#expected = size
    // Behind whoever holds or waits for the write connection: their transactions join this COMMIT.
    void this.#lock().then((release) => {
      try {
        this.#flushNow()
      } finally {
        release()
      }
    })
  }

  /** Commits the pending group now; only while holding the write connection. */
  #flushNow() {
    if (!this.#outerOpen) return
    const group = this.#group
    const notes = this.#groupNotes
    this.#group = []
    this.#groupNotes = []
    this.#outerOpen = false
    try {
      this.#exec('commit')
    } catch (err) {
      try {
        if (this.writer.db.isTransaction) this.#exec('rollback')
      } catch {
        // nothing more can be done: the error below reaches every member
      }
      for (const g of group) g.reject(err)
      return
    }
    // Told at the COMMIT, as PostgreSQL tells listeners: the read connection sees the rows from now on.
    this.#tell(notes)
    if (this.#onDisk) this.#whenSynced(group)
    else for (const g of group) g.resolve()
    if (++this.#commits === CHECKPOINTER_AFTER_COMMITS && this.#reader) this.#startCheckpointer()
  }

  /**
   * A checkpoint copies the WAL's pages into the database file and syncs it: run by the writer (SQLite
   * does it on the COMMIT that takes the WAL past 1,000 pages), it blocked the only thread for longer
   * than the COMMIT itself (3.4–3.9 → 8.7–9.6 ms per group of 16 reviews, measured). Only files that
   * see real write traffic get the thread; tests and tools stay single-threaded.
   */
  #startCheckpointer() {
    let worker: Worker
    try {
      worker = new Worker(CHECKPOINTER_SOURCE, { eval: true, workerData: { path: this.#options.path, everyMs: CHECKPOINT_EVERY_MS } })
    } catch {
      return
    }
    // It never keeps the process alive; a checkpoint cut short is safe (SQLite redoes it).
    worker.unref()
    // Failing or ending, it hands checkpoints back to the writer at SQLite's default.
    worker.on('error', () => {})
    worker.once('exit', () => {
      if (this.#checkpointer === worker) this.#checkpointer = undefined
      if (this.writer.db.isOpen) this.#exec(`PRAGMA wal_autocheckpoint = ${DEFAULT_CHECKPOINT_PAGES}`)
    })
    this.#checkpointer = worker
    this.#exec(`PRAGMA wal_autocheckpoint = ${WRITER_CHECKPOINT_PAGES}`)
  }

  /**
   * Answers committed writes once the WAL is on disk: one fsync at a time on libuv's thread pool, and
   * the writes committed while it runs share the next one (an fsync syncs every page of the file written
   * before it began). The event loop goes on meanwhile: the next groups run and commit.
   */
  #whenSynced(waiters: Waiter[]) {
    if (this.#syncFailure !== undefined) {
      for (const w of waiters) w.reject(this.#syncFailure)
      return
    }
    this.#unsynced.push(...waiters)
    this.#syncing ??= this.#syncLoop()
  }

  async #syncLoop() {
    while (this.#unsynced.length) {
      const batch = this.#unsynced
      this.#unsynced = []
      try {
        this.#wal ??= await this.#openWal()
        await this.#syncFile(this.#wal)
      } catch (err) {
        // After a failed fsync the kernel may have dropped the pages it could not write and report the
        // next fsync as a success; and a WAL frame lost breaks every frame after it. So nothing committed
        // from now on could honestly be called durable: every waiting write and every later one fails
        // (PostgreSQL stops for the same reason) until the server restarts and SQLite recovers the WAL.
        this.#syncFailure = err
        for (const w of [...batch, ...this.#unsynced]) w.reject(err)
        this.#unsynced = []
        break
      }
      for (const w of batch) w.resolve()
    }
    this.#syncing = undefined
  }

  /**
   * The WAL file, and its directory synced once so that the file's name is durable too. SQLite keeps
   * the same file while any connection is open (a checkpoint restarts it from the start or leaves it;
   * it is removed only when the last connection closes), so the handle stays right until destroy.
   */
  async #openWal(): Promise<FileHandle> {
    const path = this.#options.path
    const dir = await open(dirname(path), 'r')
    try {
      await this.#syncFile(dir)
    } finally {
      await dir.close()
    }
    return open(`${path}-wal`, 'r')
  }

  #refuseAfterSyncFailure() {
    if (this.#syncFailure !== undefined)
      throw new Error('The database refuses writes: an fsync of its write-ahead log failed, so none could be promised durable (restart the server)', {
        cause: this.#syncFailure,
      })
  }

  #failGroup(err: unknown) {
    const group = this.#group
    this.#group = []
    this.#groupNotes = []
    this.#outerOpen = false
    for (const g of group) g.reject(err)
  }

  #exec(sql: string) {
    this.writer.db.exec(sql)
  }

  #tell(notes: [string, string][]) {
    const onNotify = this.#options.onNotify
    if (!onNotify) return
    for (const [channel, payload] of notes) {
      try {
        onNotify(channel, payload)
      } catch {
        // A listener's failure is its own: the write it follows has committed.
      }
    }
  }

  async destroy() {
    if (!this.writer) return
    // Whatever is pending goes to disk before the file closes.
    if (this.#flushTimer) {
      if (this.#idleWait) clearTimeout(this.#flushTimer as NodeJS.Timeout)
      else clearImmediate(this.#flushTimer as NodeJS.Immediate)
    }
    this.#flushTimer = undefined
    const release = await this.#lock()
    try {
      this.#flushNow()
    } finally {
      release()
    }
    // The last groups' answers wait for their fsync; the file closes after it.
    await this.#syncing
    await this.#wal?.close()
    this.#wal = undefined
    const checkpointer = this.#checkpointer
    if (checkpointer) {
      const exited = new Promise((resolve) => checkpointer.once('exit', resolve))
      checkpointer.postMessage('stop')
      await exited
    }
    // The writer last: the last connection to close checkpoints the WAL, and only the writer can.
    this.#reader?.close()
    this.writer.close()
  }
}

// Kysely serialises whole connection uses behind its own lock when an adapter says it has one
// connection; this driver does that itself (see NodeSqliteDriver), and must, so that reads need not
// wait for writes and a committed transaction can hand the connection on before its group's COMMIT.
class NodeSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true
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
    return new NodeSqliteAdapter()
  }
  createIntrospector(db: Kysely<any>) {
    return new SqliteIntrospector(db)
  }
}
