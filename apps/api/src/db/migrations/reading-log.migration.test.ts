import { describe, expect, it } from 'vitest'
import { atMigration, oldUserRow } from '../../../test/support/migration-db.ts'
import { sql } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import { testDialects } from '../../../test/support/context.ts'

// The reading log's migration moves the spec's wishlist and reads rows over without inventing dates.

const BEFORE = '2026_11_25_0700_catalogue_edits'

// A book's row as the schema before the reading log holds it.
const bookRow = (at: string) => ({ id: uuidv7(), title: 'T', author: 'A', created_at: at, updated_at: at })

describe.each(testDialects())('reading log migration (%s)', (dialect) => {
  it('moves more reads than one batch holds, each once', () =>
    atMigration(dialect, BEFORE, async ({ db, migrator }) => {
      const now = '2025-03-04T10:00:00.000Z'
      const users = Array.from({ length: 3 }, () => oldUserRow(now))
      await db.insertInto('users').values(users).execute()
      const books = Array.from({ length: 900 }, () => bookRow(now))
      for (let i = 0; i < books.length; i += 300)
        await db
          .insertInto('books')
          .values(books.slice(i, i + 300))
          .execute()
      // 3 readers × 900 books = 2,700 reads: three batches, two of their edges inside one reader's rows.
      for (const u of users) {
        for (let i = 0; i < books.length; i += 300) {
          await db
            .insertInto('reads')
            .values(books.slice(i, i + 300).map((b) => ({ user_id: u.id, book_id: b.id, read_at: now })))
            .execute()
        }
      }
      expect((await migrator.migrateToLatest()).error).toBeUndefined()
      const moved = await db.selectFrom('read_throughs').select(['user_id', 'book_id']).execute()
      expect(moved).toHaveLength(2700)
      expect(new Set(moved.map((r) => `${r.user_id} ${r.book_id}`)).size).toBe(2700)
    }))

  it('a wish becomes Want to Read, a read becomes a read finished on its day with no start, and a book on both lists stays on both', () =>
    atMigration(dialect, BEFORE, async ({ db, migrator }) => {
      const now = '2025-03-04T22:30:00.000Z'
      const user = oldUserRow(now, 'Ann')
      await db.insertInto('users').values(user).execute()
      const [wished, read, both] = [bookRow(now), bookRow(now), bookRow(now)]
      await db.insertInto('books').values([wished, read, both]).execute()
      await db
        .insertInto('wishlist')
        .values([
          { user_id: user.id, book_id: wished.id, added_at: now },
          { user_id: user.id, book_id: both.id, added_at: now },
        ])
        .execute()
      await db
        .insertInto('reads')
        .values([
          { user_id: user.id, book_id: read.id, read_at: now },
          { user_id: user.id, book_id: both.id, read_at: '2024-12-31T23:59:00.000Z' },
        ])
        .execute()

      expect((await migrator.migrateToLatest()).error).toBeUndefined()
      const entries = await db.selectFrom('reading_entries').select(['book_id', 'status']).execute()
      expect(Object.fromEntries(entries.map((e) => [e.book_id, e.status]))).toEqual({ [wished.id]: 'want', [read.id]: 'read', [both.id]: 'want' })
      const reads = await db.selectFrom('read_throughs').select(['book_id', 'started_on', 'finished_on', 'outcome']).orderBy('finished_on').execute()
      expect(reads).toEqual([
        { book_id: both.id, started_on: null, finished_on: '2024-12-31', outcome: 'finished' },
        { book_id: read.id, started_on: null, finished_on: '2025-03-04', outcome: 'finished' },
      ])
      const wishlist = await db.selectFrom('wishlist').select('book_id').execute()
      expect(wishlist.map((w) => w.book_id).sort()).toEqual([wished.id, both.id].sort())
      expect(Number((await sql<{ n: number }>`select count(*) as n from reads`.execute(db)).rows[0]!.n)).toBe(2)
    }))
})
