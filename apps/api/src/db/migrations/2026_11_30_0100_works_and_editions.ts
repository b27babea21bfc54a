import { sql, type Kysely, type SqlBool } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. Works and editions (issue 21, point 1, decision 0027).
//
// A work is the existing `books` row: its id, ratings, reviews, genres and reading entries stay as
// they are. The edition it shows (its primary edition) keeps living in the row's edition fields
// (isbn, page_count, publisher, published_date, language, edition, cover_image), to which this adds
// `format` and `audio_seconds`, and `edition_count` (1 + its other editions), kept by the books
// module, the editions' one writer. Every other edition is a row of `editions`; the primary edition
// has none (its id is the work's). Every existing book is thus one work with one edition: nothing is
// copied, every column added is null or 1.
//
// An ISBN names one edition in the whole catalogue: `editions.isbn` is held as an ISBN-13 (an ISBN-10
// given is stored as its ISBN-13) under its own unique index, and the books module checks it against
// `books.isbn` in the same transaction. `unclaimed_isbn`: an edition an import attached shows its ISBN
// but holds it against nobody, as a book an import made does (decision 0023).
//
// A reader's reading entry may name the edition they read (`edition_id`, null for the work's shown
// edition) and the copies they own (`owned_format`, `owned_copies`).

const FORMATS = "('hardcover', 'paperback', 'ebook', 'audiobook')"

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .alterTable('books')
    .addColumn('format', 'text', (c) => c.check(sql.raw(`format is null or format in ${FORMATS}`)))
    .execute()
  await db.schema.alterTable('books').addColumn('audio_seconds', 'integer').execute()
  await db.schema.alterTable('books').addColumn('edition_count', 'integer', (c) => c.notNull().defaultTo(1)).execute()

  await db.schema
    .createTable('editions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('book_id', 'text', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('isbn', 'text')
    .addColumn('unclaimed_isbn', 'text')
    .addColumn('format', 'text')
    .addColumn('page_count', 'integer')
    .addColumn('audio_seconds', 'integer')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('publisher', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('published_date', 'text')
    .addColumn('edition', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover_image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addCheckConstraint('editions_format_check', sql.raw(`format is null or format in ${FORMATS}`))
    .execute()
  // A work's editions in the order they were added (ids are time-ordered UUIDv7).
  await db.schema.createIndex('editions_book_idx').on('editions').columns(['book_id', 'id']).execute()
  await db.schema.createIndex('editions_isbn_key').unique().on('editions').column('isbn').where(sql.raw<SqlBool>('isbn is not null')).execute()
  await db.schema
    .createIndex('editions_unclaimed_isbn_idx')
    .on('editions')
    .column('unclaimed_isbn')
    .where(sql.raw<SqlBool>('unclaimed_isbn is not null'))
    .execute()
  // The editions a reader added, for their export and for clearing them when the account closes.
  await db.schema
    .createIndex('editions_created_by_idx')
    .on('editions')
    .columns(['created_by_user_id', 'id'])
    .where(sql.raw<SqlBool>('created_by_user_id is not null'))
    .execute()

  await db.schema
    .alterTable('reading_entries')
    .addColumn('edition_id', 'text', (c) => c.references('editions.id').onDelete('set null'))
    .execute()
  await db.schema
    .alterTable('reading_entries')
    .addColumn('owned_format', 'text', (c) => c.check(sql.raw(`owned_format is null or owned_format in ${FORMATS}`)))
    .execute()
  await db.schema
    .alterTable('reading_entries')
    .addColumn('owned_copies', 'integer', (c) => c.check(sql.raw('owned_copies is null or owned_copies >= 1')))
    .execute()
  // An edition removed sets its readers' entries back to the work's shown edition (the foreign key):
  // found through this index, not by reading every entry.
  await db.schema
    .createIndex('reading_entries_edition_idx')
    .on('reading_entries')
    .column('edition_id')
    .where(sql.raw<SqlBool>('edition_id is not null'))
    .execute()
}
