import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. A review an import brought (issue 22, point 8, decision 0036) is marked
// `imported` (0 or 1): it keeps the day it was written in its place on the book and the reader's
// profile, and stays out of the community's Recent Reviews. Those are read newest first from a
// partial index of the reviews written here, so a library of old reviews is never walked through.
// Reviews imported before this migration stay unmarked: nothing tells them apart.

export async function up(db: Kysely<any>, _t: ColumnTypes): Promise<void> {
  await db.schema
    .alterTable('reviews')
    .addColumn('imported', 'integer', (c) => c.notNull().defaultTo(0).check(sql`imported in (0, 1)`))
    .execute()
  await db.schema
    .createIndex('reviews_written_here_created_idx')
    .on('reviews')
    .columns(['created_at desc', 'id desc'])
    .where(sql.ref('imported'), '=', 0)
    .execute()
}
