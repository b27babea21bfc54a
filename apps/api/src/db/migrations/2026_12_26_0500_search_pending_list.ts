import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. PostgreSQL only: the search index's pending list kept short (decision 0074).
// Every change of a book's rating counters is a new version of its row in every index (the counters
// are indexed for the rating and popularity orders), the search index included; a GIN index gathers
// new entries in a pending list, up to 4 MB by default, and every search reads all of it. Measured on
// the bench data after a 5,000-row import: 228 pending pages, and a title lookup read ~245 pages in
// 2.3–3.2 ms; with the list emptied, 15–20 pages in 0.25–0.5 ms. At 256 kB (32 pages) the writer
// that fills it moves it into the index, a little at a time, and a search reads at most 32 pages.

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  if (t.dialect !== 'postgres') return
  await sql`alter index books_search_vector_idx set (gin_pending_list_limit = 256)`.execute(db)
}
