import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. The notes of an import's rows (issue 21, point 4, decision 0029): what the
// import noted of each row, each of a kind (book_created, rating_rounded, waiting_for_you, …) with its
// message, so the report counts every kind and lists its rows. A row's notes go with it (the foreign
// key cascades: a sweep or a closed account deleting rows deletes their notes). The index serves both
// the count of each kind in an import and a page of the rows with one kind, in file order.
// Rows kept from before get one note from their message: a book made, a row waiting, a row that could
// not be read, or anything else as `other` (such imports are removed within 30 days anyway).

export async function up(db: Kysely<any>, _t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('import_row_notes')
    .addColumn('import_id', 'text', (c) => c.notNull())
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_row_notes_pkey', ['import_id', 'line', 'position'])
    .addForeignKeyConstraint('import_row_notes_row_fkey', ['import_id', 'line'], 'import_rows', ['import_id', 'line'], (fk) => fk.onDelete('cascade'))
    .execute()
  await db.schema.createIndex('import_row_notes_kind_idx').on('import_row_notes').columns(['import_id', 'kind', 'line']).execute()
  await sql`
    insert into import_row_notes (import_id, line, position, kind, message)
    select import_id, line, 0,
      case
        when message like 'Added to the catalogue%' then 'book_created'
        when outcome = 'needs_review' then 'waiting_for_you'
        when outcome = 'failed' and data is null then 'unreadable'
        else 'other'
      end,
      message
    from import_rows where message is not null
  `.execute(db)
}
