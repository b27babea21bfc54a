import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. Imports of a reader's library from a Goodreads or StoryGraph export (issue 14,
// decision 0020).
// - imports: one per file sent. The file's text is kept until its rows are read (so a restart goes
//   on where it stopped), then dropped; the header stays for the download of rows that did not
//   import. The counts are kept here, moved with every batch and every row the reader resolves.
//   `lease_until` is how long the instance working on it holds it: past that, any instance takes it.
// - import_rows: every row of the file with its fate; `data` is the row as read (JSON), `fields` the
//   row's cells as they were in the file (JSON), `candidates` the ids of the books it may be.

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_text', 'text')
    .addColumn('header', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('imported', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unchanged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('needs_review', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text')
    .addColumn('lease_until', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('finished_at', t.timestamp)
    .addCheckConstraint('imports_status_check', sql`status in ('queued', 'running', 'done', 'failed')`)
    .addCheckConstraint('imports_source_check', sql`source in ('goodreads', 'storygraph')`)
    .execute()
  await db.schema.createIndex('imports_user_idx').on('imports').columns(['user_id', 'created_at desc', 'id desc']).execute()
  // The jobs still to do, for the instances that look for them.
  await db.schema
    .createIndex('imports_unfinished_idx')
    .on('imports')
    .columns(['status', 'created_at'])
    .where(sql.ref('status'), 'in', ['queued', 'running'])
    .execute()

  await db.schema
    .createTable('import_rows')
    .addColumn('import_id', 'text', (c) => c.notNull().references('imports.id').onDelete('cascade'))
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('data', 'text')
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('book_id', 'text', (c) => c.references('books.id').onDelete('set null'))
    .addColumn('candidates', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('message', 'text')
    .addPrimaryKeyConstraint('import_rows_pkey', ['import_id', 'line'])
    .addCheckConstraint('import_rows_outcome_check', sql`outcome in ('pending', 'imported', 'unchanged', 'needs_review', 'failed', 'skipped')`)
    .execute()
  await db.schema.createIndex('import_rows_outcome_idx').on('import_rows').columns(['import_id', 'outcome', 'line']).execute()
  await db.schema.createIndex('import_rows_book_idx').on('import_rows').column('book_id').execute()
}
