import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. Two indexes of books no query reads any more, dropped (decision 0075): every
// new version of a book's row (each rating given or reviewed moves its counters) was written into
// them too. books_rating_idx (average_rating desc, id desc) repeats the head of
// books_rating_reviews_idx, which serves the minimum-rating filter alike; books_title_idx (title, id)
// was the first title order, replaced by books_title_lower_idx. On PostgreSQL a 5,000-row import
// on the bench data went from 11.3 to 10.5 s with these two and two more dropped (those two stay:
// the year filter and the rating filter read them).
//
// PostgreSQL's autovacuum also vacuums books sooner: its counters change with every rating, and by
// default a table is vacuumed once a fifth of its rows are dead versions (20,000 of 100,000 books).
// On a server without autovacuum the bench data held 29,640 dead versions of books after a few
// imports and the import took 14.6 s; vacuumed, 11.3 s. At 2 % of the rows they stay under ~2,000.

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await sql`drop index if exists books_rating_idx`.execute(db)
  await sql`drop index if exists books_title_idx`.execute(db)
  if (t.dialect !== 'postgres') return
  await sql`alter table books set (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02)`.execute(db)
}
