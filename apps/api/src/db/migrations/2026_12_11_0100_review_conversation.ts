import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. Likes and comments on reviews (issue 23, decisions 0041 and 0042). A review
// keeps its like and comment counts beside it, moved in the transaction of each change. Comments
// are one level deep: `thread_id` is the top-level comment's id (its own for a top-level one), so a
// review's comments read in thread order along (review_id, thread_id, id). A deleted comment that
// still has replies stays as a tombstone (`deleted` 1, text and author cleared).

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .alterTable('reviews')
    .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('reviews')
    .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  // A book's reviews, most liked first.
  await db.schema.createIndex('reviews_book_likes_idx').on('reviews').columns(['book_id', 'likes desc', 'created_at desc', 'id desc']).execute()

  await db.schema
    .createTable('review_likes')
    .addColumn('review_id', 'text', (c) => c.notNull().references('reviews.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('review_likes_pkey', ['review_id', 'user_id'])
    .execute()
  // Who liked a review, newest first; a reader's likes (export, deletion).
  await db.schema.createIndex('review_likes_review_created_idx').on('review_likes').columns(['review_id', 'created_at desc', 'user_id desc']).execute()
  await db.schema.createIndex('review_likes_user_created_idx').on('review_likes').columns(['user_id', 'created_at']).execute()

  await db.schema
    .createTable('review_comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('review_id', 'text', (c) => c.notNull().references('reviews.id').onDelete('cascade'))
    .addColumn('thread_id', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text', (c) => c.references('review_comments.id').onDelete('cascade'))
    // Null once deleted (a tombstone) or once its writer's account is closed.
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('text', 'text')
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0).check(sql`deleted in (0, 1)`))
    .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reply_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('edited_at', t.timestamp)
    .execute()
  await db.schema.createIndex('review_comments_thread_idx').on('review_comments').columns(['review_id', 'thread_id', 'id']).execute()
  await db.schema.createIndex('review_comments_parent_idx').on('review_comments').columns(['parent_id']).execute()
  await db.schema.createIndex('review_comments_user_created_idx').on('review_comments').columns(['user_id', 'created_at']).execute()

  await db.schema
    .createTable('comment_likes')
    .addColumn('comment_id', 'text', (c) => c.notNull().references('review_comments.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('comment_likes_pkey', ['comment_id', 'user_id'])
    .execute()
  await db.schema.createIndex('comment_likes_user_created_idx').on('comment_likes').columns(['user_id', 'created_at']).execute()
}
