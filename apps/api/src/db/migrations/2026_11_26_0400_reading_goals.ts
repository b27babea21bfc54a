import { sql, type Kysely, type SqlBool } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. A reader's year in numbers (issue 15, decision 0021).
// - reading_goals: a reader's targets for a year, in books, pages or both.
// - read_throughs_finished_idx: a reader's finished reads by their date, for the stats of a year
//   (a range of finished_on) and the list of years, without reading their other reads.

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('reading_goals')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('books', 'integer')
    .addColumn('pages', 'integer')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('reading_goals_pkey', ['user_id', 'year'])
    .addCheckConstraint('reading_goals_targets_check', sql`(books is null or books > 0) and (pages is null or pages > 0)`)
    .execute()
  await db.schema
    .createIndex('read_throughs_finished_idx')
    .on('read_throughs')
    .columns(['user_id', 'finished_on', 'book_id'])
    .where(sql<SqlBool>`outcome = 'finished' and removed_at is null`)
    .execute()
}
