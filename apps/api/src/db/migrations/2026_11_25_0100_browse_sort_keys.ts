import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. Browse's orders and filters straight off indexes (decision 0009):
// - Top Rated ranks by a confidence-weighted average, (5 × 3.5 + the ratings' sum) / (5 + their
//   count): five imaginary reviews of 3.5 stars, so one 5★ review does not lead. The expression is
//   indexed exactly as the queries spell it (books.repository.ts WEIGHTED_RATING), then the count
//   and the id, so the order pages by keyset like the others.
// - '501+ pages' and the other page ranges are counted off an index of page counts.
// - The categories books carry are probed one by one (a category index), for the filters' list.

export async function up(db: Kysely<any>, _t: ColumnTypes): Promise<void> {
  await sql`create index books_weighted_rating_idx on books (((average_rating * total_reviews + 17.5) / (total_reviews + 5)) desc, total_reviews desc, id desc)`.execute(db)
  await db.schema.createIndex('books_page_count_idx').on('books').column('page_count').execute()
  await db.schema.createIndex('books_category_idx').on('books').column('category').execute()
}
