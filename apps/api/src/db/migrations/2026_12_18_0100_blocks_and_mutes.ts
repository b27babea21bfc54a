import type { Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. Blocks and mutes (issue 24, point 4, decision 0057).
// - blocks: one row per (blocker, blocked); read both ways by the one rule that asks whether a block
//   stands between two readers (the primary key one way, blocks_blocked_idx the other), and by the
//   moderators' "blocked by many" list (blocks_blocked_idx).
// - user_mutes, book_mutes, muted_words: what a reader keeps out of their feed and discussions; only
//   they ever read these rows.

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('blocks')
    .addColumn('blocker_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('blocks_pkey', ['blocker_id', 'blocked_id'])
    .execute()
  await db.schema.createIndex('blocks_blocked_idx').on('blocks').columns(['blocked_id', 'blocker_id']).execute()
  await db.schema.createIndex('blocks_blocker_created_idx').on('blocks').columns(['blocker_id', 'created_at desc', 'blocked_id desc']).execute()

  await db.schema
    .createTable('user_mutes')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('muted_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('user_mutes_pkey', ['user_id', 'muted_id'])
    .execute()
  await db.schema.createIndex('user_mutes_muted_idx').on('user_mutes').columns(['muted_id']).execute()

  await db.schema
    .createTable('book_mutes')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('book_id', 'text', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('book_mutes_pkey', ['user_id', 'book_id'])
    .execute()
  await db.schema.createIndex('book_mutes_book_idx').on('book_mutes').columns(['book_id']).execute()

  await db.schema
    .createTable('muted_words')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('word', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('muted_words_pkey', ['user_id', 'word'])
    .execute()
}
