import { sql, type Kysely, type SqlBool } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. The followed feed (issue 23, point 6, decision 0050) reads each kind of
// activity of the people a reader follows newest first, one keyset query per kind: each needs a
// per-writer index in the feed's order (moment, then id), so a page reads a few rows per writer.
// - read_throughs: reads started (made), finished (their finishing moment) and stopped (last change);
//   the last two partial, as the feed asks for them.
// - discussions: threads by their starter, by creation.
// Reviews (reviews_user_created_idx) and comments (review_comments_user_created_idx) have theirs.

export async function up(db: Kysely<any>, _t: ColumnTypes): Promise<void> {
  await db.schema.createIndex('read_throughs_user_created_idx').on('read_throughs').columns(['user_id', 'created_at desc', 'id desc']).execute()
  await db.schema
    .createIndex('read_throughs_user_finished_at_idx')
    .on('read_throughs')
    .columns(['user_id', 'finished_at desc', 'id desc'])
    .where(sql<SqlBool>`outcome = 'finished' and removed_at is null`)
    .execute()
  await db.schema
    .createIndex('read_throughs_user_stopped_idx')
    .on('read_throughs')
    .columns(['user_id', 'updated_at desc', 'id desc'])
    .where(sql<SqlBool>`outcome = 'stopped' and removed_at is null`)
    .execute()
  await db.schema.createIndex('discussions_user_created_idx').on('discussions').columns(['user_id', 'created_at desc', 'id desc']).execute()
}
