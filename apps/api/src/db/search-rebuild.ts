import { sql, type Kysely } from 'kysely'

// The search index built in one pass, for the benchmark's generator, which loads books with the search
// triggers off. It fills the index exactly as the triggers of migrations 2026_11_23_0900 and
// 2026_11_24_0910 keep it (those migrations are frozen and keep their own copy): a migration that
// changes what the index holds changes this file too, and search-rebuild.test.ts compares the two.

/** A facet's token: lower-case letters and digits only, e.g. 'Non-Fiction' → 'nonfiction'. */
const letters = (expr: string) => `lower(replace(replace(coalesce(${expr}, ''), ' ', ''), '-', ''))`

// ---- SQLite ------------------------------------------------------------------------------------

/** The review-count bracket of a book: the bit length of its count divided by 8 (0–7 → 0, 8–15 → 1, …). */
const bracket = (count: string) => `(case ${[...Array(18).keys()].map((b) => `when ${count} < ${8 * 2 ** b} then ${b}`).join(' ')} else 18 end)`
/** FTS5 yields matches in document order: the most-reviewed brackets first, then by sequence. */
const docNumber = (count: string, seq: string) => `((32 - ${bracket(count)}) * 4294967296 + ${seq})`
const facetsOf = (id: string, language: string, category: string) =>
  `'xl' || ${letters(language)} || ' xc' || ${letters(category)} || coalesce((select ' ' || group_concat('xg' || ${letters('genre')}, ' ') from book_genres where book_id = ${id}), '')`
const genresOf = (id: string) => `coalesce((select group_concat(genre, ' ') from book_genres where book_id = ${id}), '')`
const isbnOf = (expr: string) => `replace(coalesce(${expr}, ''), '-', '')`

/** The books columns each search row carries, under the same names. */
const SEARCH_KEY_COLUMNS = ['title', 'author', 'isbn', 'average_rating', 'total_reviews', 'page_count', 'published_date'].join(', ')

/** Numbers every book by popularity and fills the FTS5 index; then `fillSearchKeys`. */
export async function rebuildSqliteSearch(db: Kysely<any>): Promise<void> {
  const numberBooks = `insert into book_search_docs (doc_id, book_id)
    select ${docNumber('total_reviews', 'row_number() over (order by created_at, id)')}, id from books`
  const indexBooks = `insert into books_fts (rowid, title, author, genres, description, isbn, facets)
    select d.doc_id, b.title, b.author, ${genresOf('b.id')}, b.description, ${isbnOf('b.isbn')}, ${facetsOf('b.id', 'b.language', 'b.category')}
    from books b join book_search_docs d on d.book_id = b.id order by d.doc_id`
  await sql.raw(`delete from books_fts`).execute(db)
  await sql.raw(`delete from book_search_docs`).execute(db)
  await sql.raw(numberBooks).execute(db)
  await sql.raw(`update book_search_seq set n = (select count(*) from books)`).execute(db)
  await sql.raw(indexBooks).execute(db)
  await sql.raw(`insert into books_fts (books_fts) values ('optimize')`).execute(db)
}

/** Copies every book's keys into its search row (SQLite). */
export async function fillSearchKeys(db: Kysely<any>): Promise<void> {
  await sql
    .raw(`update book_search_docs set (${SEARCH_KEY_COLUMNS}) = (select ${SEARCH_KEY_COLUMNS} from books b where b.id = book_search_docs.book_id)`)
    .execute(db)
}

// ---- PostgreSQL --------------------------------------------------------------------------------

/** Every book's search vector (facets included) and the words the index knows. */
export async function rebuildPostgresSearch(db: Kysely<any>): Promise<void> {
  await sql`update books b set search_vector = books_search_vector(b.id, b.title, b.author, b.description, b.isbn, b.language, b.category)`.execute(db)
  await sql`insert into book_search_terms (term)
    select distinct lexeme from books, unnest(search_vector) order by 1 on conflict do nothing`.execute(db)
}
