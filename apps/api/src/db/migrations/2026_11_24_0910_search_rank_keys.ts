import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. SQLite only: the search side table (book_search_docs, one row per book in
// document-number order) also carries what a search reads of each match — the title, author and ISBN
// it scores, the rating and review count it ranks by, the pages and publication date it filters on —
// so examining a match is one step along that small table (its rows lie in the index's own order)
// instead of two random lookups into books, whose rows are spread over a file much larger than the
// page cache ('love' + Romance + French examines ~300 matches). Kept in step by triggers: a book's
// row is filled when its search row is made, and rewritten when one of those columns changes (every
// review moves the rating and the count). PostgreSQL reads books directly (its index is on books).

/** The books columns copied, under the same names. */
export const SEARCH_KEY_COLUMNS = ['title', 'author', 'isbn', 'average_rating', 'total_reviews', 'page_count', 'published_date'] as const

const columns = SEARCH_KEY_COLUMNS.join(', ')

/**
 * Copies every book's keys into its search row. Exported for the benchmark generator, which builds
 * the search rows with the triggers off.
 */
export async function fillSearchKeys(db: Kysely<any>): Promise<void> {
  await sql.raw(`update book_search_docs set (${columns}) = (select ${columns} from books b where b.id = book_search_docs.book_id)`).execute(db)
}

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  if (t.dialect === 'postgres') return
  await db.schema.alterTable('book_search_docs').addColumn('title', 'text', (c) => c.notNull().defaultTo('')).execute()
  await db.schema.alterTable('book_search_docs').addColumn('author', 'text', (c) => c.notNull().defaultTo('')).execute()
  await db.schema.alterTable('book_search_docs').addColumn('isbn', 'text').execute()
  await db.schema.alterTable('book_search_docs').addColumn('average_rating', 'real', (c) => c.notNull().defaultTo(0)).execute()
  await db.schema.alterTable('book_search_docs').addColumn('total_reviews', 'integer', (c) => c.notNull().defaultTo(0)).execute()
  await db.schema.alterTable('book_search_docs').addColumn('page_count', 'integer').execute()
  await db.schema.alterTable('book_search_docs').addColumn('published_date', 'text').execute()
  // A search row is made by the books triggers (and the search rebuild) after the book row exists.
  await sql.raw(`create trigger book_search_docs_keys_ai after insert on book_search_docs begin
    update book_search_docs set (${columns}) = (select ${columns} from books b where b.id = new.book_id) where doc_id = new.doc_id;
  end`).execute(db)
  await sql.raw(`create trigger books_search_keys_au after update of ${columns} on books begin
    update book_search_docs set ${SEARCH_KEY_COLUMNS.map((c) => `${c} = new.${c}`).join(', ')} where book_id = new.id;
  end`).execute(db)
  await fillSearchKeys(db)
}
