import type { Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. A reader's private notes on a book (issue 21, point 6, decision 0031):
// Goodreads's "Private Notes", kept from an import and written back by the exports. Theirs alone:
// no answer shows them to anyone else, and they go with the account (the entry's row).

export async function up(db: Kysely<any>, _t: ColumnTypes): Promise<void> {
  await db.schema.alterTable('reading_entries').addColumn('private_notes', 'text').execute()
}
