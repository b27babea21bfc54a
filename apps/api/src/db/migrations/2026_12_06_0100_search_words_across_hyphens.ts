import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. PostgreSQL's text parser reads a hyphen before digits as a minus sign:
// 'Catch-22' became the words 'catch' and '-22', so neither a search for "catch 22" nor the import's
// title lookup (decision 0029) found the book there, and an import made a second "Catch-22" (SQLite's
// FTS5 tokenizer already splits at the hyphen). Each field's hyphens are read as spaces before it is
// split into words; every book's vector is rebuilt and its new words join the typo-correction terms.

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  if (t.dialect !== 'postgres') return
  await sql`create or replace function books_search_document(title text, author text, genres text, description text, isbn text)
    returns tsvector language sql immutable parallel safe
    as $$ select
      setweight(to_tsvector('simple', replace(shelfwise_unaccent(coalesce(title, '')), '-', ' ')), 'A') ||
      setweight(to_tsvector('simple', replace(shelfwise_unaccent(coalesce(author, '')), '-', ' ')), 'B') ||
      setweight(to_tsvector('simple', replace(shelfwise_unaccent(coalesce(genres, '') || ' ' || replace(coalesce(isbn, ''), '-', '')), '-', ' ')), 'C') ||
      setweight(to_tsvector('simple', replace(shelfwise_unaccent(coalesce(description, '')), '-', ' ')), 'D') $$`.execute(db)
  // Only the books whose vector changes: those with a hyphen in a field.
  await sql`update books b set search_vector = books_search_vector(b.id, b.title, b.author, b.description, b.isbn, b.language, b.category)
    where position('-' in b.title || ' ' || b.author || ' ' || coalesce(b.description, '')) > 0
       or exists (select 1 from book_genres g where g.book_id = b.id and position('-' in g.genre) > 0)`.execute(db)
  await sql`insert into book_search_terms (term)
    select distinct lexeme from books, unnest(search_vector) order by 1 on conflict do nothing`.execute(db)
}
