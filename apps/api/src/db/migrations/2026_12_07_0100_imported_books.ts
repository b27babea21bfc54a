import { sql, type Kysely, type SqlBool } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. The reader whose import made a book (issue 21, point 3, decision 0032): "Books
// your imports added" lists them, and only an import sets it. `unclaimed_isbn` could not say it (a
// book made without an ISBN has none, and a claimed one moves it to `isbn`), nor `created_by_user_id`
// (a book added by hand has one too). Books made before are found by their unclaimed ISBN, or by an
// import row that says it made the book.

export async function up(db: Kysely<any>, _t: ColumnTypes): Promise<void> {
  await db.schema
    .alterTable('books')
    .addColumn('imported_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute()
  await db.schema
    .createIndex('books_imported_by_idx')
    .on('books')
    .columns(['imported_by_user_id', 'id'])
    .where(sql.raw<SqlBool>('imported_by_user_id is not null'))
    .execute()
  await sql`
    update books set imported_by_user_id = created_by_user_id
    where created_by_user_id is not null
      and (unclaimed_isbn is not null
        or id in (select r.book_id from import_rows r
                  join imports i on i.id = r.import_id
                  join import_row_notes n on n.import_id = r.import_id and n.line = r.line
                  where n.kind = 'book_created' and r.book_id is not null and i.user_id = books.created_by_user_id))
  `.execute(db)
}
