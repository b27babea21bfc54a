import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. Keeps the sum of a book's ratings beside its count, so every review change
// moves the average by one relative UPDATE and the average is exact (sum / count), never recounted.

export async function up(db: Kysely<any>, _t: ColumnTypes): Promise<void> {
  await db.schema.alterTable('books').addColumn('rating_sum', 'integer', (c) => c.notNull().defaultTo(0)).execute()
  // One-time backfill of rows made before this column existed; from now on only relative updates touch it.
  await sql`
    update books set
      rating_sum = coalesce((select sum(r.rating) from reviews r where r.book_id = books.id), 0),
      total_reviews = (select count(*) from reviews r where r.book_id = books.id)
  `.execute(db)
  await sql`
    update books set average_rating = case when total_reviews > 0 then rating_sum * 1.0 / total_reviews else 0 end
  `.execute(db)
}
