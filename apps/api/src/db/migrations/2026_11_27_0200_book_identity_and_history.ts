import { sql, type Kysely, type SqlBool } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. A book's identity and its history (issue 19, decision 0023).
// - books.unclaimed_isbn: the ISBN a book made by an import came with. It is shown as the book's
//   ISBN but holds it against nobody (books_isbn_key covers `isbn` only), so the real book can still
//   be added by hand; it moves to `isbn` when the importer saves the book through the edit form and
//   no other book holds that ISBN. Looked up for the duplicates check and for the importer's
//   later imports.
// - book_edits: every change of a book's field, one row per field: who (cleared, not deleted, when
//   their account closes), when, the value before and after. Link fields (author_username,
//   publisher_username, listed_by_username) keep user ids, turned into usernames when read, so a
//   closed account's name leaves the history with the account.

const FIELDS = [
  'title',
  'author',
  'author_username',
  'publisher',
  'publisher_username',
  'listed_by_username',
  'description',
  'coverImage',
  'publishedDate',
  'language',
  'edition',
  'pageCount',
  'amazonLink',
  'isbn',
  'genre',
  'category',
]

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema.alterTable('books').addColumn('unclaimed_isbn', 'text').execute()
  await db.schema.createIndex('books_unclaimed_isbn_idx').on('books').column('unclaimed_isbn')
    .where(sql.raw<SqlBool>('unclaimed_isbn is not null')).execute()

  await db.schema
    .createTable('book_edits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('book_id', 'text', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('old_value', 'text')
    .addColumn('new_value', 'text')
    .addColumn('edited_at', t.timestamp, (c) => c.notNull())
    .addCheckConstraint('book_edits_field_check', sql.raw(`field in (${FIELDS.map((f) => `'${f}'`).join(', ')})`))
    .execute()
  // A book's history, newest first (ids are time-ordered UUIDv7).
  await db.schema.createIndex('book_edits_book_idx').on('book_edits').columns(['book_id', 'id']).execute()
  // A reader's own edits, for their export, and for clearing them when the account closes.
  await db.schema.createIndex('book_edits_user_idx').on('book_edits').columns(['user_id', 'id']).execute()
}
