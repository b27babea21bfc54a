import { describe, expect, it } from 'vitest'
import { v7 as uuidv7 } from 'uuid'
import { testDialects } from '../../../test/support/context.ts'
import { atMigration } from '../../../test/support/migration-db.ts'

// Migration 2026_12_20_0100 (decision 0058, "Hidden books"): books the moderators hid before it are
// marked hidden, and only those, so the lists leave them out from the first request after it; the
// catalogue's version moves, so no list kept before it is answered again.

describe.each(testDialects())('hidden books migration (%s)', (dialect) => {
  it('marks books hidden before it, and only those, and moves the catalogue’s version', () =>
    atMigration(dialect, '2026_12_19_0300_notification_totals', async ({ db, migrator }) => {
      const now = '2026-12-19T10:00:00.000Z'
      const book = (title: string) => ({ id: uuidv7(), title, author: 'A. Writer', created_at: now, updated_at: now })
      const [hidden, shown, restored] = [book('Hidden'), book('Shown'), book('Restored')]
      await db.insertInto('books').values([hidden, shown, restored]).execute()
      // A profile hidden under a book's id changes nothing: only a book's own decision counts.
      await db
        .insertInto('hidden_items')
        .values([
          { target_type: 'book', target_id: hidden.id, note: 'n', hidden_at: now },
          { target_type: 'profile', target_id: restored.id, note: 'n', hidden_at: now },
        ])
        .execute()
      const edits = async () => Number((await db.selectFrom('catalogue_edits').select('edits').where('id', '=', 1).executeTakeFirstOrThrow()).edits)
      const before = await edits()
      expect((await migrator.migrateToLatest()).error).toBeUndefined()
      const rows = await db.selectFrom('books').select(['id', 'hidden']).execute()
      expect(Object.fromEntries(rows.map((r) => [r.id, Number(r.hidden)]))).toEqual({ [hidden.id]: 1, [shown.id]: 0, [restored.id]: 0 })
      expect(await edits()).toBe(before + 1)
    }))
})
