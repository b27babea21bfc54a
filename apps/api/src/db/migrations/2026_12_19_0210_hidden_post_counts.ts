import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. Counts readers see leave out what the moderators hid (decision 0058, "Counts").
// A thread's `post_count` stays the count of its live posts (the thread goes when it reaches 0);
// `hidden_post_count` counts those of them the moderators hid, and a thread shows the difference.
// A review's `comment_count` leaves its hidden comments out directly (nothing else reads it). Posts and
// comments hidden before this migration are taken out of the counts here.

export async function up(db: Kysely<any>, _t: ColumnTypes): Promise<void> {
  await db.schema
    .alterTable('discussions')
    .addColumn('hidden_post_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  const hiddenPosts = sql`discussion_posts p join hidden_items h on h.target_type = 'post' and h.target_id = p.id`
  await sql`update discussions
    set hidden_post_count = (select count(*) from ${hiddenPosts} where p.discussion_id = discussions.id and p.deleted_at is null)
    where id in (select p.discussion_id from ${hiddenPosts})`.execute(db)
  const hiddenComments = sql`review_comments c join hidden_items h on h.target_type = 'comment' and h.target_id = c.id`
  await sql`update reviews
    set comment_count = comment_count - (select count(*) from ${hiddenComments} where c.review_id = reviews.id and c.deleted = 0)
    where id in (select c.review_id from ${hiddenComments})`.execute(db)
}
