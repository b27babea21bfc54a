import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. Book discussions (issue 23, point 3, decisions 0043 and 0044).
// - discussions: a thread on a book (its work), with a title; `post_count` (posts not deleted) and
//   `last_activity_at` kept by the discussions module in the transaction of every post, so a book's
//   list reads newest activity first from one index. `user_id` null once its starter's account closed.
// - discussion_posts: the posts, the opening one included (`parent_id` null). A reply names a
//   top-level post; `root_id` is the top-level post's id (its own for a top-level post), so a thread
//   reads in order along (discussion_id, root_id, id): each post, then its replies (ids are UUIDv7,
//   ordered by time). `text` null and `deleted_at` set: a tombstone kept for its replies.
//   `position_kind` and `position_value`: how far into the book the post is (null: not said).

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('discussions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('book_id', 'text', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('post_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_activity_at', t.timestamp, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('discussions_book_activity_idx').on('discussions').columns(['book_id', 'last_activity_at desc', 'id desc']).execute()
  await db.schema.createIndex('discussions_user_idx').on('discussions').columns(['user_id', 'id']).execute()

  await db.schema
    .createTable('discussion_posts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('discussion_id', 'text', (c) => c.notNull().references('discussions.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('parent_id', 'text', (c) => c.references('discussion_posts.id').onDelete('cascade'))
    .addColumn('root_id', 'text', (c) => c.notNull())
    .addColumn('text', 'text')
    .addColumn('position_kind', 'text')
    .addColumn('position_value', 'integer')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('edited_at', t.timestamp)
    .addColumn('deleted_at', t.timestamp)
    .addCheckConstraint('discussion_posts_position_check', sql`(position_kind is null and position_value is null) or (position_kind in ('page', 'percent') and position_value >= 1) or (position_kind = 'finished' and position_value is null)`)
    .execute()
  await db.schema.createIndex('discussion_posts_thread_idx').on('discussion_posts').columns(['discussion_id', 'root_id', 'id']).execute()
  await db.schema.createIndex('discussion_posts_parent_idx').on('discussion_posts').columns(['parent_id']).execute()
  await db.schema.createIndex('discussion_posts_user_idx').on('discussion_posts').columns(['user_id', 'id']).execute()

  // Goodreads writes a hidden passage as <spoiler>…</spoiler>; Shelfwise's markup is ||…|| (decision
  // 0044). Reviews imported before this migration are converted once; the import converts from now on.
  await sql`update reviews set comment = replace(replace(comment, '<spoiler>', '||'), '</spoiler>', '||') where imported = 1 and comment like '%<spoiler>%'`.execute(db)
}
