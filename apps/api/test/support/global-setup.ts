import { randomBytes } from 'node:crypto'
import { createDb } from '#/db/connect.ts'
import { migrateToLatest } from '#/db/migrate.ts'
import type { TestProject } from 'vitest/node'
import { testPgUrl, urlForDatabase, withAdmin } from './pg-admin.ts'

// With TEST_DATABASE_URL set, one migrated template database is made per run; each test file
// clones it (fast) and drops its clone. CI sets REQUIRE_POSTGRES=1 so a missing server fails the run.
export async function setup(project: TestProject) {
  const base = testPgUrl()
  if (!base) {
    if (process.env.REQUIRE_POSTGRES === '1') throw new Error('REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set')
    console.warn('\n*** TEST_DATABASE_URL is not set: the PostgreSQL half of the database tests is SKIPPED ***\n')
    project.provide('pgTemplate', '')
    return
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
    await withAdmin((c) => c.query(`drop database if exists ${name} with (force)`))
  }
}
