import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. GET /books?sort=published orders by coalesce(published_date, '') desc, id desc
// (a book without a date sorts as '', after every date), one row-value keyset on both databases;
// this index serves that order, and replaces the NULLS LAST index 2026_11_22_1300 made on PostgreSQL.

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await sql`create index books_published_key_idx on books (coalesce(published_date, '') desc, id desc)`.execute(db)
  if (t.dialect === 'postgres') await sql`drop index if exists books_published_nulls_last_idx`.execute(db)
}
