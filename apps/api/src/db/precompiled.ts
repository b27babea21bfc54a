import type { CompiledQuery, Compilable, Kysely } from 'kysely'
import { dialectOf, type DialectName } from '#/db/portable.ts'

// Building and compiling a Kysely query costs more than SQLite takes to run a point read, so the
// hottest queries are built once per dialect and then run with new parameter values. A query is
// built with marker strings in place of its arguments; the compiled parameters holding a marker are
// swapped for the call's values. Only for arguments used as plain bound values (not arrays, not
// inspected by the builder).

const MARK = '\u0000shelfwise-arg-'

export interface Precompiled<A extends unknown[], R> {
  /** Every row. */
  all(db: Kysely<any>, ...args: A): Promise<R[]>
  /** The first row, or undefined. */
  first(db: Kysely<any>, ...args: A): Promise<R | undefined>
}

/** `arity` arguments follow `db` in `build` (given explicitly: a rest parameter has no length). */
export function precompile<A extends unknown[], R>(arity: number, build: (db: Kysely<any>, ...args: A) => Compilable<R>): Precompiled<A, R> {
  const byDialect = new Map<DialectName, { query: CompiledQuery<R>; slots: (number | undefined)[] }>()
  const compiled = (db: Kysely<any>) => {
    const dialect = dialectOf(db)
    let hit = byDialect.get(dialect)
    if (!hit) {
      const markers = Array.from({ length: arity }, (_, i) => `${MARK}${i}`) as unknown as A
      const query = build(db, ...markers).compile()
      // Where each argument goes among the bound parameters; constants keep their value.
      const slots = query.parameters.map((p) => (typeof p === 'string' && p.startsWith(MARK) ? Number(p.slice(MARK.length)) : undefined))
      hit = { query, slots }
      byDialect.set(dialect, hit)
    }
    return hit
  }
  const run = async (db: Kysely<any>, args: A) => {
    const { query, slots } = compiled(db)
    const parameters = query.parameters.map((p, i) => (slots[i] === undefined ? p : args[slots[i]]))
    return (await db.executeQuery<R>({ ...query, parameters })).rows
  }
  return {
    all: (db, ...args) => run(db, args),
    first: async (db, ...args) => (await run(db, args))[0],
  }
}
