import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. Comments on reviews may say how far into the book they are, as discussion posts
// do (issue 23, point 4, decisions 0043 and 0059): `position_kind` ('page', 'percent' or 'finished')
// and `position_value` (the page or percent; null for the ending), both null when not said. A column
// check each (SQLite adds no table check to an existing table); the contracts keep the pair whole.

export async function up(db: Kysely<any>, _t: ColumnTypes): Promise<void> {
  await db.schema
    .alterTable('review_comments')
    .addColumn('position_kind', 'text', (c) => c.check(sql`position_kind in ('page', 'percent', 'finished')`))
    .execute()
  await db.schema
    .alterTable('review_comments')
    .addColumn('position_value', 'integer', (c) => c.check(sql`position_value >= 1`))
    .execute()
}
