import type { Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. The followed-users feed reads a month of reviews and reads of every person a
// reader follows (~19,000 rows for a reader following 500 at 1M reviews) and groups them by book:
// with the book (and rating) in the per-reader time indexes, it reads those indexes alone instead of
// looking up every row. Same names, more columns; the profile lists keep their order.

export async function up(db: Kysely<any>, _t: ColumnTypes): Promise<void> {
  await db.schema.dropIndex('reviews_user_created_idx').execute()
  await db.schema.createIndex('reviews_user_created_idx').on('reviews').columns(['user_id', 'created_at desc', 'id desc', 'book_id', 'rating']).execute()
  await db.schema.dropIndex('reads_user_read_idx').execute()
  await db.schema.createIndex('reads_user_read_idx').on('reads').columns(['user_id', 'read_at desc', 'book_id']).execute()
}
