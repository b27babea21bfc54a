import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { createDb } from '#/db/connect.ts'
import { migrateToLatest } from '#/db/migrate.ts'
import type { TestProject } from 'vitest/node'
import { testPgUrl, urlForDatabase, withAdmin } from './pg-admin.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated SQLite database file of this run: each SQLite test context starts from a copy. */
    sqliteTemplate: string
  }
}

/**
 * Migrates one SQLite file for the whole run (every migration, about 1.5 s on a busy machine, once
 * instead of once per suite), then writes it out whole with VACUUM INTO: one file, no WAL beside it,
 * which a suite copies in milliseconds (test/support/context.ts).
 */
async function makeSqliteTemplate(): Promise<{ file: string; remove: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'shelfwise-tpl-'))
  const migrated = join(dir, 'migrated.db')
  const file = join(dir, 'template.db')
  const db = createDb({ url: migrated, poolSize: 1 })
  try {
    await migrateToLatest(db)
  } finally {
    await db.destroy()
  }
  const raw = new DatabaseSync(migrated)
  try {
    raw.exec(`VACUUM INTO '${file.replaceAll("'", "''")}'`)
  } finally {
    raw.close()
  }
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

// With TEST_DATABASE_URL set, one migrated template database is made per run; each test file
// clones it (fast) and drops its clone. CI sets REQUIRE_POSTGRES=1 so a missing server fails the run.
// SQLite likewise: one migrated file per run, copied by each suite.
export async function setup(project: TestProject) {
  const sqlite = await makeSqliteTemplate()
  project.provide('sqliteTemplate', sqlite.file)
  const base = testPgUrl()
  if (!base) {
    if (process.env.REQUIRE_POSTGRES === '1') throw new Error('REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set')
    console.warn('\n*** TEST_DATABASE_URL is not set: the PostgreSQL half of the database tests is SKIPPED ***\n')
    project.provide('pgTemplate', '')
    return sqlite.remove
  }
  const name = `shelfwise_tpl_${randomBytes(4).toString('hex')}`
  await withAdmin((c) => c.query(`create database ${name}`))
  const db = createDb({ url: urlForDatabase(base, name), poolSize: 1 })
  try {
    await migrateToLatest(db)
  } finally {
    await db.destroy()
  }
  project.provide('pgTemplate', name)
  return async () => {
    sqlite.remove()
    await withAdmin((c) => c.query(`drop database if exists ${name} with (force)`))
  }
}
