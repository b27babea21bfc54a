import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { Migrator } from 'kysely/migration'
import type { Kysely } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import { createDb } from '#/db/connect.ts'
import { columnTypes, dialectOf } from '#/db/portable.ts'
import { migrations } from '#/db/migrations/index.ts'
import { testPgUrl, urlForDatabase, withAdmin } from './pg-admin.ts'

/**
 * An empty database of its own with a migrator over every migration, for the tests that migrate to
 * just before a migration, put rows there as they were, and then run it. `close` drops it.
 */
async function freshMigrationDb(dialect: 'sqlite' | 'postgres') {
  const dir = mkdtempSync(join(tmpdir(), 'shelfwise-migration-'))
  let pgName: string | undefined
  let url = join(dir, 'm.db')
  if (dialect === 'postgres') {
    pgName = `shelfwise_m_${randomBytes(6).toString('hex')}`
    await withAdmin((c) => c.query(`create database ${pgName}`))
    url = urlForDatabase(testPgUrl()!, pgName)
  }
  // `appDb` is the database as the running code opens it (with its plugins), for a test that asks the API after migrating.
  const appDb = createDb({ url, poolSize: 2 })
  const db = appDb.withoutPlugins() as Kysely<any>
  const t = columnTypes(dialectOf(db))
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => Object.fromEntries(Object.entries(migrations).map(([n, m]) => [n, { up: (d: Kysely<any>) => m.up(d, t) }])) },
  })
  return {
    db,
    appDb,
    url,
    dir,
    migrator,
    async close() {
      await db.destroy()
      if (pgName) await withAdmin((c) => c.query(`drop database if exists ${pgName} with (force)`))
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

type MigrationDb = Awaited<ReturnType<typeof freshMigrationDb>>

/**
 * A fresh database migrated up to `before` (its name), handed to `check`, and dropped after,
 * whatever `check` did.
 */
export async function atMigration(dialect: 'sqlite' | 'postgres', before: string, check: (m: MigrationDb) => Promise<void>) {
  const m = await freshMigrationDb(dialect)
  try {
    const { error } = await m.migrator.migrateTo(before)
    if (error) throw error
    await check(m)
  } finally {
    await m.close()
  }
}

/** The name of the migration just before `name`. */
export function migrationBefore(name: string) {
  const names = Object.keys(migrations).sort()
  return names[names.indexOf(name) - 1]!
}

/** An import's row as the early schemas hold it (settled, from Goodreads), with `more` over it. */
export const oldImportRow = (userId: string, at: string, more: Record<string, unknown> = {}) => ({
  id: uuidv7(),
  user_id: userId,
  source: 'goodreads',
  status: 'done',
  file_name: 'x.csv',
  header: '[]',
  total: 1,
  created_at: at,
  updated_at: at,
  ...more,
})

/** A reader's `users` row as the early schemas hold it (the columns later migrations add have defaults). */
export const oldUserRow = (at: string, name = 'R') => ({
  id: uuidv7(),
  name,
  username: `${name.toLowerCase()}${randomBytes(4).toString('hex')}`,
  email: `${uuidv7()}@x.example`,
  password_hash: 'x',
  user_type: 'Reader',
  created_at: at,
  updated_at: at,
})
