import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. A review an import brings may have no stars (issue 21, point 4, decision 0029):
// `reviews.rating` may be null. Its check (1 to 5) stays, and holds for every rating given; a review
// written in the app still needs one (the contracts say so). Such a review is in no average: the
// rating ledger counts rated reviews only.
// PostgreSQL drops the column's NOT NULL. SQLite cannot: the table is made again with the same
// columns, rows, indexes and triggers (no table refers to reviews, and dropping it fires no trigger),
// once, at the start after an upgrade: 18 s for the bench's 1,000,000 reviews on a busy machine.

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  if (t.dialect === 'postgres') {
    await sql`alter table reviews alter column rating drop not null`.execute(db)
    return
  }
  // One transaction (SQLite runs DDL in one; the migrator does not open one there): a stop half-way
  // leaves the table as it was, and a table already made again (the stop came after the commit) is left as it is.
  await db.transaction().execute(async (trx) => {
    const schema = await sql<{ type: string; name: string; sql: string | null }>`
      select type, name, sql from sqlite_master where tbl_name = 'reviews' order by type = 'table' desc, name
    `.execute(trx)
    const table = schema.rows.find((r) => r.type === 'table')?.sql
    if (!table || !/^CREATE TABLE "reviews" \(/.test(table)) throw new Error('reviews: the table is not as the migrations left it')
    if (!/"rating" integer not null/.test(table)) return
    const made = table.replace(/"rating" integer not null/, '"rating" integer').replace(/^CREATE TABLE "reviews" \(/, 'CREATE TABLE "reviews_new" (')
    const rest = schema.rows.filter((r) => r.type !== 'table' && r.sql !== null).map((r) => r.sql!)
    await sql.raw(made).execute(trx)
    await sql`insert into reviews_new select * from reviews`.execute(trx)
    await sql`drop table reviews`.execute(trx)
    await sql`alter table reviews_new rename to reviews`.execute(trx)
    // Indexes made after the rows are in: one sort each, not an update per row.
    for (const statement of rest) await sql.raw(statement).execute(trx)
  })
}
