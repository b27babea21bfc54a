import { sql, type Kysely, type SqlBool } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. Notifications are withdrawn when their cause goes (decision 0052, "Withdrawn"):
// an unlike, an unfollow or a deleted comment, post, review or thread finds the unread groups about
// its target, or about the things under it (a review's comments, a thread's posts, by `parent_id`),
// through these two partial indexes instead of reading every reader's notifications.

export async function up(db: Kysely<any>, _t: ColumnTypes): Promise<void> {
  await db.schema
    .createIndex('notifications_target_idx')
    .on('notifications')
    .columns(['target_type', 'target_id', 'type'])
    .where(sql.ref('read_at'), 'is', null)
    .execute()
  await db.schema
    .createIndex('notifications_parent_idx')
    .on('notifications')
    .columns(['target_type', 'parent_id'])
    .where(sql<SqlBool>`read_at is null and parent_id is not null`)
    .execute()
}
