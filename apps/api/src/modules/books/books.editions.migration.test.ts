import { describe, expect, it } from 'vitest'
import { v7 as uuidv7 } from 'uuid'
import { BookSchema, EditionListSchema, ReadingEntrySchema } from '@shelfwise/contracts'
import { buildApp } from '#/app.ts'
import { loadConfig } from '#/config.ts'
import { TEST_JWT_SECRET, testDialects } from '../../../test/support/context.ts'
import { bearer, tokenFor } from '../../../test/support/factories.ts'
import { atMigration, oldUserRow } from '../../../test/support/migration-db.ts'

// Migration 2026_11_30_0100 (decision 0027): every book already there becomes one work with one
// edition, nothing copied, and the API answers it so.

const BEFORE = '2026_11_29_0100_users_log_version'

describe.each(testDialects())('works and editions migration (%s)', (dialect) => {
  it('makes each existing book one work with one edition: editionCount 1, editionId its id, format null; reading entries name no edition', () =>
    atMigration(dialect, BEFORE, async ({ db: raw, appDb: db, url, dir, migrator }) => {
      const now = '2025-03-04T10:00:00.000Z'
      const user = oldUserRow(now)
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
    }))
})
