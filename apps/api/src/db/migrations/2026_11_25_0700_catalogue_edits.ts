import type { Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. A count of the catalogue's corrections and removals (PUT and DELETE
// /books/{id}, a removed credit), bumped in the same transaction. The shared search memos are kept
// under the catalogue's version, which was the newest book's id: that changes when a book is added,
// but not when one is edited or deleted. With this count beside it, an edit or a deletion made on any
// instance shows in every instance's searches, facets and counts at once. One row; its value means
// nothing in itself, only that it changed.

export async function up(db: Kysely<any>, _t: ColumnTypes): Promise<void> {
  await db.schema.createTable('catalogue_edits')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('edits', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.insertInto('catalogue_edits').values({ id: 1, edits: 0 }).execute()
}
