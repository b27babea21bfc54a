import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { Migrator } from 'kysely/migration'
import type { Kysely } from 'kysely'
import { createDb } from '#/db/connect.ts'
import { columnTypes, dialectOf } from '#/db/portable.ts'
import { migrations } from '#/db/migrations/index.ts'
import { testPgUrl, urlForDatabase, withAdmin } from './pg-admin.ts'

/**
 * An empty database of its own with a migrator over every migration, for the tests that migrate to
 * just before a migration, put rows there as they were, and then run it. `close` drops it.
 */
export async function freshMigrationDb(dialect: 'sqlite' | 'postgres') {
  const dir = mkdtempSync(join(tmpdir(), 'shelfwise-migration-'))
  let pgName: string | undefined
  let url = join(dir, 'm.db')
  if (dialect === 'postgres') {
    pgName = `shelfwise_m_${randomBytes(6).toString('hex')}`
    await withAdmin((c) => c.query(`create database ${pgName}`))
    url = urlForDatabase(testPgUrl()!, pgName)
  }
  const db = createDb({ url, poolSize: 2 }).withoutPlugins() as Kysely<any>
  const t = columnTypes(dialectOf(db))
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => Object.fromEntries(Object.entries(migrations).map(([n, m]) => [n, { up: (d: Kysely<any>) => m.up(d, t) }])) },
  })
  return {
    db,
    migrator,
    async close() {
      await db.destroy()
      if (pgName) await withAdmin((c) => c.query(`drop database if exists ${pgName} with (force)`))
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
