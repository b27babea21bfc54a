import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. The full-text search index of books (DESIGN.md §5) and the indexes of the
// catalogue's sort orders. Both indexes are kept in step by the database itself (triggers), so every
// writer — the API, the seed, the test factories — keeps them current without knowing they exist.

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  // title sort is case-insensitive; rating sort breaks ties by review count.
  await sql`create index books_title_lower_idx on books (lower(title), id)`.execute(db)
  await sql`create index books_rating_reviews_idx on books (average_rating desc, total_reviews desc, id desc)`.execute(db)
  if (t.dialect === 'postgres') await upPostgres(db)
  else await upSqlite(db)
}

async function upSqlite(db: Kysely<any>): Promise<void> {
  // FTS5 needs integer rowids, and VACUUM may renumber the implicit rowids of books (text primary
  // key), so each book gets a stable document number here.
  await sql`create table book_search_docs (doc_id integer primary key, book_id text not null unique)`.execute(db)
  // Contentless: the text lives in books only; unicode61 folds case and diacritics ('bronte' finds 'Brontë').
  await sql`create virtual table books_fts using fts5(
    title, author, genres, description, isbn,
    content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='2 3'
  )`.execute(db)
  // The indexed vocabulary, for typo correction.
  await sql`create virtual table books_fts_vocab using fts5vocab(books_fts, 'row')`.execute(db)

  const docOf = (idExpr: string) => sql.raw(`(select doc_id from book_search_docs where book_id = ${idExpr})`)
  const genresOf = (idExpr: string) => sql.raw(`coalesce((select group_concat(genre, ' ') from book_genres where book_id = ${idExpr}), '')`)
  const isbnOf = (expr: string) => sql.raw(`replace(coalesce(${expr}, ''), '-', '')`)

  await sql`create trigger books_search_ai after insert on books begin
    insert into book_search_docs (book_id) values (new.id);
    insert into books_fts (rowid, title, author, genres, description, isbn)
      values (${docOf('new.id')}, new.title, new.author, ${genresOf('new.id')}, new.description, ${isbnOf('new.isbn')});
  end`.execute(db)
  await sql`create trigger books_search_au after update of title, author, description, isbn on books begin
    delete from books_fts where rowid = ${docOf('old.id')};
    insert into books_fts (rowid, title, author, genres, description, isbn)
      values (${docOf('new.id')}, new.title, new.author, ${genresOf('new.id')}, new.description, ${isbnOf('new.isbn')});
  end`.execute(db)
  // Before, not after: the book's genre rows cascade away with it and must find nothing to re-index.
  await sql`create trigger books_search_bd before delete on books begin
    delete from books_fts where rowid = ${docOf('old.id')};
    delete from book_search_docs where book_id = old.id;
  end`.execute(db)

  // A change of genres re-indexes the book it belongs to.
  const reindex = (idExpr: string) => sql.raw(`
    delete from books_fts where rowid = (select doc_id from book_search_docs where book_id = ${idExpr});
    insert into books_fts (rowid, title, author, genres, description, isbn)
      select d.doc_id, b.title, b.author,
        coalesce((select group_concat(g.genre, ' ') from book_genres g where g.book_id = b.id), ''),
        b.description, replace(coalesce(b.isbn, ''), '-', '')
      from books b join book_search_docs d on d.book_id = b.id where b.id = ${idExpr};`)
  await sql`create trigger book_genres_search_ai after insert on book_genres begin ${reindex('new.book_id')} end`.execute(db)
  await sql`create trigger book_genres_search_ad after delete on book_genres begin ${reindex('old.book_id')} end`.execute(db)
  await sql`create trigger book_genres_search_au after update on book_genres begin ${reindex('old.book_id')} ${reindex('new.book_id')} end`.execute(db)

  // Books that exist already.
  await sql`insert into book_search_docs (book_id) select id from books order by created_at, id`.execute(db)
  await sql`insert into books_fts (rowid, title, author, genres, description, isbn)
    select d.doc_id, b.title, b.author, ${genresOf('b.id')}, b.description, ${isbnOf('b.isbn')}
    from books b join book_search_docs d on d.book_id = b.id`.execute(db)
}

async function upPostgres(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists unaccent`.execute(db)
  // unaccent() is only STABLE (its dictionary could change); with the dictionary named it is safe to
  // treat as immutable, which index expressions and stored vectors need.
  await sql`create or replace function shelfwise_unaccent(text) returns text
    language sql immutable parallel safe strict
    as $$ select public.unaccent('public.unaccent'::regdictionary, $1) $$`.execute(db)
  // Weights: A title, B author, C genres and ISBN, D description; type=title/author filter on them.
  await sql`create or replace function books_search_document(title text, author text, genres text, description text, isbn text)
    returns tsvector language sql immutable parallel safe
    as $$ select
      setweight(to_tsvector('simple', shelfwise_unaccent(coalesce(title, ''))), 'A') ||
      setweight(to_tsvector('simple', shelfwise_unaccent(coalesce(author, ''))), 'B') ||
      setweight(to_tsvector('simple', shelfwise_unaccent(coalesce(genres, '') || ' ' || replace(coalesce(isbn, ''), '-', ''))), 'C') ||
      setweight(to_tsvector('simple', shelfwise_unaccent(coalesce(description, ''))), 'D') $$`.execute(db)

  await sql`alter table books add column search_vector tsvector not null default ''::tsvector`.execute(db)
  await sql`create index books_search_vector_idx on books using gin (search_vector)`.execute(db)
  // Every indexed word, for typo correction; byte order so a prefix is an index range.
  await sql`create table book_search_terms (term text collate "C" primary key)`.execute(db)

  await sql`create or replace function books_search_refresh() returns trigger language plpgsql as $$
    begin
      new.search_vector := books_search_document(new.title, new.author,
        (select string_agg(genre, ' ') from book_genres where book_id = new.id), new.description, new.isbn);
      -- sorted, so two writers adding new words never wait on each other in opposite orders
      insert into book_search_terms (term) select lexeme from unnest(new.search_vector) order by 1 on conflict do nothing;
      return new;
    end $$`.execute(db)
  await sql`create trigger books_search_refresh before insert or update of title, author, description, isbn on books
    for each row execute function books_search_refresh()`.execute(db)

  // Genre rows change in sets (a book's genres are inserted together): one re-index per statement.
  await sql`create or replace function book_genres_search_refresh() returns trigger language plpgsql as $$
    declare ids text[];
    begin
      if tg_op = 'INSERT' then
        ids := array(select distinct book_id from new_rows);
        insert into book_search_terms (term)
          select distinct lexeme from new_rows, unnest(to_tsvector('simple', shelfwise_unaccent(genre))) order by 1
          on conflict do nothing;
      elsif tg_op = 'DELETE' then
        ids := array(select distinct book_id from old_rows);
      else
        ids := array(select book_id from old_rows union select book_id from new_rows);
        insert into book_search_terms (term)
          select distinct lexeme from new_rows, unnest(to_tsvector('simple', shelfwise_unaccent(genre))) order by 1
          on conflict do nothing;
      end if;
      update books b set search_vector = books_search_document(b.title, b.author,
          (select string_agg(g.genre, ' ') from book_genres g where g.book_id = b.id), b.description, b.isbn)
        where b.id = any(ids);
      return null;
    end $$`.execute(db)
  await sql`create trigger book_genres_search_ins after insert on book_genres referencing new table as new_rows
    for each statement execute function book_genres_search_refresh()`.execute(db)
  await sql`create trigger book_genres_search_del after delete on book_genres referencing old table as old_rows
    for each statement execute function book_genres_search_refresh()`.execute(db)
  await sql`create trigger book_genres_search_upd after update on book_genres referencing old table as old_rows new table as new_rows
    for each statement execute function book_genres_search_refresh()`.execute(db)

  // NULLS LAST is not PostgreSQL's default for a descending order (it is SQLite's).
  await sql`create index books_published_nulls_last_idx on books (published_date desc nulls last, id desc)`.execute(db)

  // Books that exist already.
  await sql`update books b set search_vector = books_search_document(b.title, b.author,
    (select string_agg(g.genre, ' ') from book_genres g where g.book_id = b.id), b.description, b.isbn)`.execute(db)
  await sql`insert into book_search_terms (term)
    select distinct lexeme from books, unnest(search_vector) order by 1 on conflict do nothing`.execute(db)
}
