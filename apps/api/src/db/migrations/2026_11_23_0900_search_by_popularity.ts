import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. Search examines the most-reviewed matches first (decision 0004, revised by
// issue 5): a word found in most books ('the', 'love') then costs a bounded amount of work instead of
// ranking every match. Both indexes also learn the filters' facets (language, category, each genre) as
// tokens such as 'xlfrench', 'xcclassic', 'xgsciencefiction', so the index itself narrows a search to
// its filters instead of checking every match against the books table.
//
// SQLite: FTS5 yields matches in document-number order, so document numbers now follow popularity:
// (32 − review-count bracket) · 2³² + a sequence number, the bracket being the bit length of the
// review count divided by 8 (0–7; 8–15; 16–31; …: a re-index costs ~5 plain updates, so the many
// books with a handful of reviews never move). A book whose count enters a higher bracket is
// re-indexed under a new number (at most ~14 times in its life). A 4-letter prefix index makes
// 'hobb' one lookup.
// PostgreSQL: an index on (total_reviews desc, id desc) lets the planner walk books by popularity.

/** The filters' facet tokens of a value: lower-case letters and digits only, e.g. 'Non-Fiction' → 'nonfiction'. */
const letters = (expr: string) => `lower(replace(replace(coalesce(${expr}, ''), ' ', ''), '-', ''))`

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await sql`create index books_popularity_idx on books (total_reviews desc, id desc)`.execute(db)
  if (t.dialect === 'postgres') await upPostgres(db)
  else await upSqlite(db)
}

// ---- SQLite ------------------------------------------------------------------------------------

const bracket = (count: string) => `(case ${[...Array(18).keys()].map((b) => `when ${count} < ${8 * 2 ** b} then ${b}`).join(' ')} else 18 end)`
const docNumber = (count: string, seq: string) => `((32 - ${bracket(count)}) * 4294967296 + ${seq})`
const facetsOf = (id: string, language: string, category: string) =>
  `'xl' || ${letters(language)} || ' xc' || ${letters(category)} || coalesce((select ' ' || group_concat('xg' || ${letters('genre')}, ' ') from book_genres where book_id = ${id}), '')`
const genresOf = (id: string) => `coalesce((select group_concat(genre, ' ') from book_genres where book_id = ${id}), '')`
const isbnOf = (expr: string) => `replace(coalesce(${expr}, ''), '-', '')`
const docOf = (id: string) => `(select doc_id from book_search_docs where book_id = ${id})`

/** The FTS5 row of one book, from the books table (for triggers on other tables and for rebuilds). */
const indexBookFrom = (id: string) => `
  insert into books_fts (rowid, title, author, genres, description, isbn, facets)
    select d.doc_id, b.title, b.author, ${genresOf('b.id')}, b.description, ${isbnOf('b.isbn')}, ${facetsOf('b.id', 'b.language', 'b.category')}
    from books b join book_search_docs d on d.book_id = b.id where b.id = ${id};`

/**
 * Numbers every book by popularity and fills the search index in one pass. Exported for the benchmark
 * generator, which loads books with the search triggers off and builds the index once at the end.
 */
export async function rebuildSqliteSearch(db: Kysely<any>): Promise<void> {
  await sql.raw(`delete from books_fts`).execute(db)
  await sql.raw(`delete from book_search_docs`).execute(db)
  await sql.raw(`insert into book_search_docs (doc_id, book_id)
    select ${docNumber('total_reviews', 'row_number() over (order by created_at, id)')}, id from books`).execute(db)
  await sql.raw(`update book_search_seq set n = (select count(*) from books)`).execute(db)
  await sql.raw(`insert into books_fts (rowid, title, author, genres, description, isbn, facets)
    select d.doc_id, b.title, b.author, ${genresOf('b.id')}, b.description, ${isbnOf('b.isbn')}, ${facetsOf('b.id', 'b.language', 'b.category')}
    from books b join book_search_docs d on d.book_id = b.id order by d.doc_id`).execute(db)
  await sql.raw(`insert into books_fts (books_fts) values ('optimize')`).execute(db)
}

async function upSqlite(db: Kysely<any>): Promise<void> {
  for (const name of ['books_search_ai', 'books_search_au', 'books_search_bd', 'book_genres_search_ai', 'book_genres_search_ad', 'book_genres_search_au']) {
    await sql.raw(`drop trigger if exists ${name}`).execute(db)
  }
  await sql`drop table if exists books_fts_vocab`.execute(db)
  await sql`drop table if exists books_fts`.execute(db)
  // The last sequence number handed out: document numbers never repeat.
  await sql`create table book_search_seq (n integer not null)`.execute(db)
  await sql`insert into book_search_seq (n) values (0)`.execute(db)
  await sql`create virtual table books_fts using fts5(
    title, author, genres, description, isbn, facets,
    content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='2 3 4'
  )`.execute(db)
  await sql`create virtual table books_fts_vocab using fts5vocab(books_fts, 'row')`.execute(db)

  const newDoc = `${docNumber('new.total_reviews', '(select n from book_search_seq)')}`
  await sql.raw(`create trigger books_search_ai after insert on books begin
    update book_search_seq set n = n + 1;
    insert into book_search_docs (doc_id, book_id) values (${newDoc}, new.id);
    insert into books_fts (rowid, title, author, genres, description, isbn, facets)
      values (${docOf('new.id')}, new.title, new.author, ${genresOf('new.id')}, new.description, ${isbnOf('new.isbn')}, ${facetsOf('new.id', 'new.language', 'new.category')});
  end`).execute(db)
  // Every review moves total_reviews; only a change of text, facets or bracket re-indexes the book.
  const moved = `${bracket('old.total_reviews')} <> ${bracket('new.total_reviews')}`
  await sql.raw(`create trigger books_search_au after update of title, author, description, isbn, language, category, total_reviews on books
    when old.title is not new.title or old.author is not new.author or old.description is not new.description
      or old.isbn is not new.isbn or old.language is not new.language or old.category is not new.category or ${moved}
  begin
    delete from books_fts where rowid = ${docOf('old.id')};
    update book_search_seq set n = n + 1 where ${moved};
    update book_search_docs set doc_id = ${newDoc} where book_id = new.id and ${moved};
    insert into books_fts (rowid, title, author, genres, description, isbn, facets)
      values (${docOf('new.id')}, new.title, new.author, ${genresOf('new.id')}, new.description, ${isbnOf('new.isbn')}, ${facetsOf('new.id', 'new.language', 'new.category')});
  end`).execute(db)
  // Before, not after: the book's genre rows cascade away with it and must find nothing to re-index.
  await sql.raw(`create trigger books_search_bd before delete on books begin
    delete from books_fts where rowid = ${docOf('old.id')};
    delete from book_search_docs where book_id = old.id;
  end`).execute(db)
  const reindex = (id: string) => `delete from books_fts where rowid = ${docOf(id)}; ${indexBookFrom(id)}`
  await sql.raw(`create trigger book_genres_search_ai after insert on book_genres begin ${reindex('new.book_id')} end`).execute(db)
  await sql.raw(`create trigger book_genres_search_ad after delete on book_genres begin ${reindex('old.book_id')} end`).execute(db)
  await sql.raw(`create trigger book_genres_search_au after update on book_genres begin ${reindex('old.book_id')} ${reindex('new.book_id')} end`).execute(db)

  await rebuildSqliteSearch(db)
}

// ---- PostgreSQL --------------------------------------------------------------------------------

/** Every book's search vector, facets included; exported for the benchmark generator's one-pass build. */
export async function rebuildPostgresSearch(db: Kysely<any>): Promise<void> {
  await sql`update books b set search_vector = books_search_vector(b.id, b.title, b.author, b.description, b.isbn, b.language, b.category)`.execute(db)
  await sql`insert into book_search_terms (term)
    select distinct lexeme from books, unnest(search_vector) order by 1 on conflict do nothing`.execute(db)
}

async function upPostgres(db: Kysely<any>): Promise<void> {
  // The whole vector of a book: its words (weights A–D, as before) and its facets (weight D, never
  // asked for by a words query).
  await sql.raw(`create or replace function books_search_vector(book_id text, title text, author text, description text, isbn text, language text, category text)
    returns tsvector language sql stable
    as $$ select books_search_document(title, author,
        (select string_agg(g.genre, ' ') from book_genres g where g.book_id = $1), description, isbn)
      || setweight(to_tsvector('simple', 'xl' || ${letters('language')} || ' xc' || ${letters('category')}
        || coalesce((select ' ' || string_agg('xg' || ${letters('g.genre')}, ' ') from book_genres g where g.book_id = $1), '')), 'D') $$`).execute(db)

  await sql`create or replace function books_search_refresh() returns trigger language plpgsql as $$
    begin
      new.search_vector := books_search_vector(new.id, new.title, new.author, new.description, new.isbn, new.language, new.category);
      -- sorted, so two writers adding new words never wait on each other in opposite orders
      insert into book_search_terms (term) select lexeme from unnest(new.search_vector) order by 1 on conflict do nothing;
      return new;
    end $$`.execute(db)
  await sql`drop trigger if exists books_search_refresh on books`.execute(db)
  await sql`create trigger books_search_refresh before insert or update of title, author, description, isbn, language, category on books
    for each row execute function books_search_refresh()`.execute(db)

  await sql`create or replace function book_genres_search_refresh() returns trigger language plpgsql as $$
    declare ids text[];
    begin
      if tg_op = 'INSERT' then
        ids := array(select distinct book_id from new_rows);
      elsif tg_op = 'DELETE' then
        ids := array(select distinct book_id from old_rows);
      else
        ids := array(select book_id from old_rows union select book_id from new_rows);
      end if;
      update books b set search_vector = books_search_vector(b.id, b.title, b.author, b.description, b.isbn, b.language, b.category)
        where b.id = any(ids);
      if tg_op <> 'DELETE' then
        insert into book_search_terms (term)
          select distinct lexeme from books b, unnest(b.search_vector) where b.id = any(ids) order by 1
          on conflict do nothing;
      end if;
      return null;
    end $$`.execute(db)

  await rebuildPostgresSearch(db)
}
