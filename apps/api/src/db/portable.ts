import { PostgresAdapter, sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely'
import type { Database } from '#/db/schema.ts'
import { foldText, postgresNameKey, sqliteNameKey } from '#/db/name-keys.ts'

// What differs between the two databases, in one place where it can be hidden; code whose SQL or concurrency must differ asks dialectOf itself.

export type DialectName = 'sqlite' | 'postgres'
/** The database or a transaction on it (Kysely's Transaction is a Kysely): what every repository function takes first. */
export type Db = Kysely<Database>

/** A row of what a query (a function of the database answering a select) answers. */
export type RowOf<Q extends (db: Db) => { execute(): Promise<unknown[]> }> = Awaited<ReturnType<ReturnType<Q>['execute']>>[number]

/** Runs `fn` in the caller's transaction when one is given (`on`), else in a transaction of its own (decision 0026). */
export const inTransaction = <T>(db: Db, on: Db | undefined, fn: (trx: Db) => Promise<T>): Promise<T> => (on ? fn(on) : db.transaction().execute(fn))

export const dialectOf = (db: Kysely<any>): DialectName => (db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite')

/**
 * An aggregate of a text column as a JSON array sorted by the column ('[]' for no rows), so a row can
 * carry a short list without a second query. Read the result with `jsonArrayValue`.
 */
export const sortedJsonArray = (db: Kysely<any>, column: RawBuilder<unknown>): RawBuilder<unknown> =>
  dialectOf(db) === 'postgres' ? sql`coalesce(json_agg(${column} order by ${column}), '[]'::json)` : sql`json_group_array(${column} order by ${column})`

/** The value of a `sortedJsonArray` column: SQLite gives JSON text, pg has already parsed it. */
export const jsonArrayValue = <T>(value: unknown): T[] => (typeof value === 'string' ? (JSON.parse(value) as T[]) : ((value as T[] | null) ?? []))

// The SQLite key is a few kilobytes of SQL: each spelling is built once.
const nameKeys = new Map<string, string>()
function nameKeyOfExpr(db: Kysely<any>, expr: string): string {
  const dialect = dialectOf(db)
  let key = nameKeys.get(`${dialect}:${expr}`)
  if (key === undefined) {
    key = dialect === 'postgres' ? postgresNameKey(expr) : sqliteNameKey(expr)
    nameKeys.set(`${dialect}:${expr}`, key)
  }
  return key
}

/**
 * A person's name column folded for comparison (letter case and accents ignored), spelled exactly as
 * the name-key indexes are (name-keys.ts), so a comparison on it is served by them.
 * `column` is trusted SQL (a column name), never input: compare it with `nameKeyOf(db, value)`.
 */
export const nameKey = (db: Kysely<any>, column: string): RawBuilder<string> => sql.raw<string>(nameKeyOfExpr(db, column))

/** A value folded the way `nameKey` folds a column; the value is bound, never spliced in. */
export function nameKeyOf(db: Kysely<any>, value: string): RawBuilder<string> {
  const [before = '', after = ''] = nameKeyOfExpr(db, '\u0000').split('\u0000')
  return sql<string>`${sql.raw(before)}${value}${sql.raw(after)}`
}

/**
 * A text column folded for search and order, letter case and accents ignored, where no index is to
 * serve it (a reader's own rows): SQLite's shelfwise_fold (one call a row), PostgreSQL's name key.
 * `column` is trusted SQL; compare it with `foldedOf(db, value)`.
 */
export const folded = (db: Kysely<any>, column: string): RawBuilder<string> =>
  sql.raw<string>(dialectOf(db) === 'postgres' ? postgresNameKey(column) : `shelfwise_fold(${column})`)

/** A value folded as `folded` folds a column; bound, never spliced in. */
export const foldedOf = (db: Kysely<any>, value: string): RawBuilder<string> =>
  dialectOf(db) === 'postgres' ? sql<string>`lower(shelfwise_unaccent(${value}::text))` : sql<string>`${foldText(value)}`

/** Column types that differ between the dialects, handed to every migration. */
export interface ColumnTypes {
  dialect: DialectName
  timestamp: 'timestamptz' | 'text'
  double: 'double precision' | 'real'
}

export const columnTypes = (dialect: DialectName): ColumnTypes =>
  dialect === 'postgres' ? { dialect, timestamp: 'timestamptz', double: 'double precision' } : { dialect, timestamp: 'text', double: 'real' }

/**
 * The query's rows locked until the transaction ends, so transactions that lock the same row take
 * turns: FOR NO KEY UPDATE on PostgreSQL (rows referencing them can still be inserted); on SQLite
 * every write transaction already runs alone.
 */
export const lockedForWrite = <Q extends { forNoKeyUpdate(): Q }>(db: Kysely<any>, query: Q): Q =>
  dialectOf(db) === 'postgres' ? query.forNoKeyUpdate() : query

/**
 * The query's rows locked as `lockedForWrite` locks them, but FOR UPDATE on PostgreSQL: an insert of
 * a row referencing them waits too (it takes a key share lock), as before a row goes.
 */
export const lockedForUpdate = <Q extends { forUpdate(): Q }>(db: Kysely<any>, query: Q): Q => (dialectOf(db) === 'postgres' ? query.forUpdate() : query)

/** A timestamp as the API sends it, whichever driver read it. */
/**
 * How many rows `qb` (a FROM with its WHERE, nothing selected) stands for: one count(*), read as a
 * number whichever type the driver gives it (PostgreSQL's bigint comes as a string).
 */
export async function rowCount<DB, TB extends keyof DB>(qb: SelectQueryBuilder<DB, TB, object>): Promise<number> {
  const row = await (qb as SelectQueryBuilder<any, any, object>).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()
  return Number(row.n)
}

export const toIso = (v: string | Date): string => (v instanceof Date ? v.toISOString() : v)

/** Now, as every table stores it. */
export const nowIso = (): string => new Date().toISOString()

/** True when an error is a unique-constraint violation, on either database. */
export const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; errcode?: string; message?: string }
  return e?.code === '23505' || (e?.code === 'ERR_SQLITE_ERROR' && /UNIQUE constraint failed/i.test(e.message ?? ''))
}

/** True when an error is a foreign-key violation, on either database. */
export const isForeignKeyViolation = (err: unknown): boolean => {
  const e = err as { code?: string; message?: string }
  return e?.code === '23503' || (e?.code === 'ERR_SQLITE_ERROR' && /FOREIGN KEY constraint failed/i.test(e.message ?? ''))
}

/** True when an error means the database cannot answer right now: unreachable, or a statement cancelled as too slow. */
export const isConnectionError = (err: unknown): boolean => {
  const e = err as { code?: string; message?: string }
  return (
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'EPIPE',
      'EHOSTUNREACH',
      'ENETUNREACH',
      'EAI_AGAIN',
      'ENOTFOUND',
      '53300',
      '57P01',
      '57P02',
      '57P03',
      '08006',
      '08001',
      '08003',
      '08004',
      // A statement cancelled by statement_timeout (or by an operator): the database is too busy to answer in time.
      '57014',
    ].includes(e?.code ?? '') ||
    // "…is not queryable": a transaction's rollback on a connection its server just dropped;
    // "Query read timeout": no answer within the pool's query timeout (a frozen server, a dead network).
    /Connection terminated|timeout exceeded when trying to connect|is not queryable|Query read timeout/i.test(e?.message ?? '')
  )
}
