import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. A reader's own shelves (issue 21, point 5, decision 0028).
// - shelves: a reader's named shelf, public or private (`is_public` 0 or 1); `name_key` is the name
//   as compared (case-folded by the bookshelves module), unique per reader. (id, user_id) is unique
//   too, so a placement can name both and never sit on another reader's shelf.
// - shelf_books: a book on a shelf, with its position there (1 first; Goodreads exports them) and
//   when it was put there. `user_id` is the shelf's reader, held by the foreign key to (id, user_id).
//   Indexes: a reader's shelves of a book (user_id, book_id, then the rest of the row: read from the
//   index alone, which SQLite's planner needs to prefer it); a reader's placements shelf by shelf in
//   their order (export, counts, the next position).

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('shelves')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('shelves_user_name_key', ['user_id', 'name_key'])
    .addUniqueConstraint('shelves_id_user_key', ['id', 'user_id'])
    .addCheckConstraint('shelves_is_public_check', sql`is_public in (0, 1)`)
    .execute()

  await db.schema
    .createTable('shelf_books')
    .addColumn('shelf_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('book_id', 'text', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('added_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('shelf_books_pkey', ['shelf_id', 'book_id'])
    .addForeignKeyConstraint('shelf_books_shelf_fkey', ['shelf_id', 'user_id'], 'shelves', ['id', 'user_id'], (fk) => fk.onDelete('cascade'))
    .addCheckConstraint('shelf_books_position_check', sql`position >= 1`)
    .execute()
  await db.schema.createIndex('shelf_books_user_book_idx').on('shelf_books').columns(['user_id', 'book_id', 'shelf_id', 'position', 'added_at']).execute()
  await db.schema.createIndex('shelf_books_user_shelf_position_idx').on('shelf_books').columns(['user_id', 'shelf_id', 'position', 'book_id']).execute()
}
