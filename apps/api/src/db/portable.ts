import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely'
import type { Database } from '#/db/schema.ts'

// The only file besides connect.ts that may look at which database is underneath.

export type DialectName = 'sqlite' | 'postgres'
export type Db = Kysely<Database>

export const dialectOf = (db: Kysely<any>): DialectName =>
  db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite'

/**
 * An aggregate of a text column as a JSON array sorted by the column ('[]' for no rows), so a row can
 * carry a short list without a second query. Read the result with `jsonArrayValue`.
 */
export const sortedJsonArray = (db: Kysely<any>, column: RawBuilder<unknown>): RawBuilder<unknown> =>
  dialectOf(db) === 'postgres'
    ? sql`coalesce(json_agg(${column} order by ${column}), '[]'::json)`
    : sql`json_group_array(${column} order by ${column})`

/** The value of a `sortedJsonArray` column: SQLite gives JSON text, pg has already parsed it. */
export const jsonArrayValue = <T>(value: unknown): T[] =>
  typeof value === 'string' ? (JSON.parse(value) as T[]) : ((value as T[] | null) ?? [])

/** Column types that differ between the dialects, handed to every migration. */
export interface ColumnTypes {
  dialect: DialectName
  timestamp: 'timestamptz' | 'text'
  double: 'double precision' | 'real'
}

export const columnTypes = (dialect: DialectName): ColumnTypes =>
  dialect === 'postgres'
    ? { dialect, timestamp: 'timestamptz', double: 'double precision' }
    : { dialect, timestamp: 'text', double: 'real' }

/** A timestamp as the API sends it, whichever driver read it. */
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

/** True when an error means the database cannot be reached right now. */
export const isConnectionError = (err: unknown): boolean => {
  const e = err as { code?: string; message?: string }
  return ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND', '53300', '57P01', '57P02', '57P03', '08006', '08001', '08003', '08004'].includes(e?.code ?? '')
    // "…is not queryable": a transaction's rollback on a connection its server just dropped;
    // "Query read timeout": no answer within the pool's query timeout (a frozen server, a dead network).
    || /Connection terminated|timeout exceeded when trying to connect|is not queryable|Query read timeout/i.test(e?.message ?? '')
}
