import { CamelCasePlugin, type CompiledQuery, type Compilable, type Kysely } from 'kysely'
import { dialectOf, type DialectName, type Db } from '#/db/portable.ts'
import { prepareOnPostgres } from '#/db/prepared.ts'

// Building and compiling a Kysely query costs more than SQLite takes to run a point read, so the
// hottest queries are built once per dialect and then run with new parameter values. A query is
// built with marker strings in place of its arguments; the compiled parameters holding a marker are
// swapped for the call's values. Only for arguments used as plain bound values (not arrays, not
// inspected by the builder).

const MARK = '\u0000shelfwise-arg-'

// Their rows also skip Kysely's result plugins. The only one the app uses (db/connect.ts) is the
// CamelCasePlugin, which works out each column's camelCase name again on every row: ~4 µs a row of
// 22 columns, more than SQLite takes to read it. A precompiled query instead gets, on its first
// rows, a function that builds each row as an object literal with the camelCase keys written out.
class CamelCase extends CamelCasePlugin {
  name(column: string): string {
    return this.camelCase(column)
  }

  row(row: Record<string, unknown>): Record<string, unknown> {
    return this.mapRow(row)
  }
}
const camel = new CamelCase()

/** A nested object or array is mapped the way the plugin maps it (pg parses json columns). */
const nested = (v: unknown) => (typeof v === 'object' && v !== null && !(v instanceof Date) ? camel.row({ v }).v : v)

type RowMapper = (row: Record<string, unknown>) => unknown

function rowMapper(columns: string[]): RowMapper {
  // The keys are our own queries' column names, quoted as JSON string literals.
  const fields = columns.map((c) => `${JSON.stringify(camel.name(c))}: nested(row[${JSON.stringify(c)}])`)
  return new Function('nested', `return (row) => ({ ${fields.join(', ')} })`)(nested) as RowMapper
}

const unplugged = new WeakMap<Kysely<any>, Kysely<any>>()
const withoutPlugins = (db: Kysely<any>) => {
  let bare = unplugged.get(db)
  if (!bare) {
    bare = db.withoutPlugins()
    unplugged.set(db, bare)
  }
  return bare
}

export interface Precompiled<A extends unknown[], R> {
  /** Every row. */
  all(db: Db, ...args: A): Promise<R[]>
  /** The first row, or undefined. */
  first(db: Db, ...args: A): Promise<R | undefined>
}

/** `arity` arguments follow `db` in `build` (given explicitly: a rest parameter has no length). */
export function precompile<A extends unknown[], R>(arity: number, build: (db: Db, ...args: A) => Compilable<R>): Precompiled<A, R> {
  const byDialect = new Map<DialectName, { query: CompiledQuery<R>; slots: (number | undefined)[]; map?: RowMapper }>()
  const compiled = (db: Db) => {
    const dialect = dialectOf(db)
    let hit = byDialect.get(dialect)
    if (!hit) {
      const markers = Array.from({ length: arity }, (_, i) => `${MARK}${i}`) as unknown as A
      const query = build(db, ...markers).compile()
      // Where each argument goes among the bound parameters; constants keep their value.
      const slots = query.parameters.map((p) => (typeof p === 'string' && p.startsWith(MARK) ? Number(p.slice(MARK.length)) : undefined))
      hit = { query, slots }
      byDialect.set(dialect, hit)
      if (dialect === 'postgres') prepareOnPostgres(query.sql)
    }
    return hit
  }
  const run = async (db: Db, args: A): Promise<R[]> => {
    const entry = compiled(db)
    const { query, slots } = entry
    const parameters = query.parameters.map((p, i) => (slots[i] === undefined ? p : args[slots[i]]))
    const { rows } = await withoutPlugins(db).executeQuery<Record<string, unknown>>({ ...query, parameters })
    if (!rows.length) return []
    const map = (entry.map ??= rowMapper(Object.keys(rows[0]!)))
    return rows.map(map) as R[]
  }
  return {
    all: (db, ...args) => run(db, args),
    first: async (db, ...args) => (await run(db, args))[0],
  }
}
