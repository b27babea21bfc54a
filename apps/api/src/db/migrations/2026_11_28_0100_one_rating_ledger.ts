import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. One engine for a book's rating counters and average (issue 20, decision 0024):
// the books module's rating ledger (books.ratings.repository.ts), which reviews and the reading log
// reach through the books service. The triggers of migration 2026_11_26_0200 that kept the lone
// ratings' counters, and the one that cleared a reader's lone rating when they wrote a review, go:
// the reading service now does both, in the same transactions. The counters they kept are right
// and stay as they are.

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  if (t.dialect === 'postgres') {
    await sql`drop trigger if exists reading_entries_lone_rating on reading_entries`.execute(db)
    await sql`drop function if exists reading_entries_lone_rating()`.execute(db)
    await sql`drop trigger if exists reviews_supersede_lone_rating on reviews`.execute(db)
    await sql`drop function if exists reviews_supersede_lone_rating()`.execute(db)
    return
  }
  for (const name of ['reading_entries_lone_rating_ai', 'reading_entries_lone_rating_ad', 'reading_entries_lone_rating_au', 'reviews_supersede_lone_rating'])
    await sql`drop trigger if exists ${sql.id(name)}`.execute(db)
}
