import { describe, expect, it } from 'vitest'
import { atMigration, migrationBefore, oldImportRow, oldUserRow } from '../../../test/support/migration-db.ts'
import { v7 as uuidv7 } from 'uuid'
import { testDialects } from '../../../test/support/context.ts'

// Migration 2026_12_07_0100 (decision 0032) on a database that already holds books imports made:
// those are found by their unclaimed ISBN or by the import row that says it made them, and nothing
// a reader added by hand is taken for an import's.

const IMPORTED = '2026_12_07_0100_imported_books'
const BEFORE = migrationBefore(IMPORTED)

describe.each(testDialects())('books imports made: migration (%s)', (dialect) => {
  it("marks the books earlier imports made as their importer's, and no other book", () =>
    atMigration(dialect, BEFORE, async ({ db, migrator }) => {
      const at = '2026-11-20T10:00:00.000Z'
      const [reader, other] = [oldUserRow(at), oldUserRow(at)]
      await db.insertInto('users').values([reader, other]).execute()
      const book = (title: string, createdBy: string, unclaimed: string | null = null) => ({
        id: uuidv7(),
        title,
        author: 'A',
        created_by_user_id: createdBy,
        listed_by_user_id: createdBy,
        unclaimed_isbn: unclaimed,
        created_at: at,
        updated_at: at,
      })
      const withIsbn = book('Made with an ISBN', reader.id, '9780141439587')
      const withoutIsbn = book('Made without an ISBN', reader.id)
      const byHand = book('Added by hand', reader.id)
      const matched = book('Matched, made by another', other.id)
      await db.insertInto('books').values([withIsbn, withoutIsbn, byHand, matched]).execute()
      const job = oldImportRow(reader.id, at, { total: 2 })
      await db.insertInto('imports').values(job).execute()
      const importId = job.id
      const row = (line: number, bookId: string, kind: string) => ({
        rowValues: { import_id: importId, line, title: 'T', author: 'A', data: null, fields: '[]', outcome: 'imported', book_id: bookId, message: null },
        note: { import_id: importId, line, position: 0, kind, message: 'm' },
      })
      // The reader's import made one book and found the other reader's.
      const rows = [row(2, withoutIsbn.id, 'book_created'), row(3, matched.id, 'matched_by_title')]
      await db
        .insertInto('import_rows')
        .values(rows.map((r) => r.rowValues))
        .execute()
      await db
        .insertInto('import_row_notes')
        .values(rows.map((r) => r.note))
        .execute()

      expect((await migrator.migrateTo(IMPORTED)).error).toBeUndefined()

      const marked = await db.selectFrom('books').select(['title', 'imported_by_user_id']).orderBy('title').execute()
      expect(marked.map((b) => [b.title, b.imported_by_user_id])).toEqual([
        ['Added by hand', null],
        ['Made with an ISBN', reader.id],
        ['Made without an ISBN', reader.id],
        ['Matched, made by another', null],
      ])
    }))
})
