import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { Migrator } from 'kysely/migration'
import type { Kysely } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import { BookSchema, EditionListSchema, ReadingEntrySchema } from '@shelfwise/contracts'
import { buildApp } from '#/app.ts'
import { loadConfig } from '#/config.ts'
import { createDb } from '#/db/connect.ts'
import { columnTypes, dialectOf } from '#/db/portable.ts'
import { migrations } from '#/db/migrations/index.ts'
import { TEST_JWT_SECRET, testDialects } from '../../../test/support/context.ts'
import { bearer, tokenFor } from '../../../test/support/factories.ts'
import { testPgUrl, urlForDatabase, withAdmin } from '../../../test/support/pg-admin.ts'

// Migration 2026_11_30_0100 (decision 0027): every book already there becomes one work with one
// edition, nothing copied, and the API answers it so.

const BEFORE = '2026_11_29_0100_users_log_version'

describe.each(testDialects())('works and editions migration (%s)', (dialect) => {
  it('makes each existing book one work with one edition: editionCount 1, editionId its id, format null; reading entries name no edition', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shelfwise-editions-'))
    let pgName: string | undefined
    let url = join(dir, 'm.db')
    if (dialect === 'postgres') {
      pgName = `shelfwise_e_${randomBytes(6).toString('hex')}`
      await withAdmin((c) => c.query(`create database ${pgName}`))
      url = urlForDatabase(testPgUrl()!, pgName)
    }
    const db = createDb({ url, poolSize: 2 })
    const raw = db.withoutPlugins() as Kysely<any>
    const t = columnTypes(dialectOf(raw))
    const migrator = new Migrator({
      db: raw,
      provider: { getMigrations: async () => Object.fromEntries(Object.entries(migrations).map(([n, m]) => [n, { up: (d: Kysely<any>) => m.up(d, t) }])) },
    })
    try {
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined()
      const now = '2025-03-04T10:00:00.000Z'
      const user = {
        id: uuidv7(),
        name: 'R',
        username: `r${randomBytes(3).toString('hex')}`,
        email: `${uuidv7()}@x.example`,
        password_hash: 'x',
        user_type: 'Reader',
        created_at: now,
        updated_at: now,
      }
      await raw.insertInto('users').values(user).execute()
      const book = { id: uuidv7(), title: 'Persuasion', author: 'Jane Austen', isbn: '9780141439686', page_count: 249, created_at: now, updated_at: now }
      await raw.insertInto('books').values(book).execute()
      await raw.insertInto('reading_entries').values({ user_id: user.id, book_id: book.id, status: 'read', created_at: now, updated_at: now }).execute()

      expect((await migrator.migrateToLatest()).error).toBeUndefined()
      const app = await buildApp({
        config: loadConfig({ DATA_DIR: dir, DATABASE_URL: url, SEED_DEMO: 'false', LOG_LEVEL: 'silent' }),
        db,
        jwtSecret: TEST_JWT_SECRET,
      })
      try {
        const got = await app.inject({ method: 'GET', url: `/api/books/${book.id}` })
        expect(BookSchema.parse(got.json())).toMatchObject({
          _id: book.id,
          workId: book.id,
          editionId: book.id,
          editionCount: 1,
          format: null,
          isbn: '9780141439686',
          pageCount: 249,
        })
        const editions = await app.inject({ method: 'GET', url: `/api/books/${book.id}/editions` })
        expect(EditionListSchema.parse(editions.json()).map((e) => [e._id, e.primary])).toEqual([[book.id, true]])
        const entry = await app.inject({ method: 'GET', url: `/api/books/${book.id}/reading`, headers: bearer(tokenFor(user.id)) })
        expect(ReadingEntrySchema.parse(entry.json())).toMatchObject({ status: 'read', editionId: null, owned: null })
        expect(await raw.selectFrom('editions').selectAll().execute()).toEqual([])
      } finally {
        await app.close()
      }
    } finally {
      await db.destroy()
      if (pgName) await withAdmin((c) => c.query(`drop database if exists ${pgName} with (force)`))
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
