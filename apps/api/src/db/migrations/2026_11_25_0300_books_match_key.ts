import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. PostgreSQL only: an index that finds the books with the same title and author
// as one about to be added (GET /api/books/duplicates, decision 0011) in one lookup, whatever their
// letter case, accents and punctuation. The key of a text is its words as the search index reads them
// (the 'simple' parser over the unaccented text), distinct and sorted. The words' index alone made a
// title and author of very common words ('The', 'Love') cost a recheck of most of the catalogue.
// SQLite reads the FTS5 index instead, where the same query stays a few milliseconds.

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  if (t.dialect !== 'postgres') return
  await sql`create or replace function books_match_key(t text) returns text
    language sql immutable parallel safe
    as $$ select array_to_string(tsvector_to_array(to_tsvector('simple', shelfwise_unaccent(coalesce(t, '')))), ' ') $$`.execute(db)
  await sql`create index books_match_key_idx on books (books_match_key(title), books_match_key(author))`.execute(db)
}
