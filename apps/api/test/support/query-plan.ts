import { CompiledQuery, sql } from 'kysely'
import type { Db, DialectName } from '#/db/portable.ts'

/**
 * The plan the database would run a compiled query with, one line per step. On PostgreSQL the
 * planner's named shortcuts are switched off for the call (sequential scans by default), so a plan on
 * a tiny test table shows whether an index can serve the query at all, as it must at 100k rows.
 */
export async function queryPlan(
  db: Db,
  dialect: DialectName,
  compiled: { sql: string; parameters: readonly unknown[] },
  pgOff: readonly ('enable_seqscan' | 'enable_bitmapscan' | 'enable_sort')[] = ['enable_seqscan'],
): Promise<string> {
  return db.connection().execute(async (conn) => {
    if (dialect === 'postgres') for (const setting of pgOff) await sql`set ${sql.raw(setting)} = off`.execute(conn)
    try {
      const prefix = dialect === 'postgres' ? 'explain ' : 'explain query plan '
      const res = await conn.executeQuery(CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]))
      return (res.rows as Record<string, unknown>[]).map((r) => String(r.detail ?? r['QUERY PLAN'] ?? r.queryPlan)).join('\n')
    } finally {
      if (dialect === 'postgres') for (const setting of pgOff) await sql`reset ${sql.raw(setting)}`.execute(conn)
    }
  })
}
