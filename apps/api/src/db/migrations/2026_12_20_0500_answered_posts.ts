import type { Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. The post a discussion reply answered (decision 0052, "Withdrawn"): a reply
// joins its top-level post's thread (`parent_id` is that post), but its writer's "replied to your
// post" notification is grouped on the post it answered, which may be another reply. Keeping that
// post lets deleting, hiding or editing the reply take back the right notification. Replies made
// before this migration answered as far as anyone knows their top-level post (null: `parent_id`).

export async function up(db: Kysely<any>, _t: ColumnTypes): Promise<void> {
  await db.schema.alterTable('discussion_posts').addColumn('answered_id', 'text').execute()
}
