import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. Notifications (issue 24, points 1 and 2, decisions 0052 and 0053).
// - notifications: one row per recipient, kind and target while unread (a group); `actor_count` the
//   readers in the group (or the events, for kinds without a reader), `updated_at` its latest
//   activity, by which the list is ordered and a live stream replays what it missed. The partial
//   unique index keeps one unread group per (recipient, kind, target) even when two writes race.
// - notification_actors: who is in a group, newest first; a reader is in it once however often they act.
// - notification_settings: the kinds a reader turned off (a row each; none means all on).
// - notification_tickets: short-lived single-use tickets for a browser's EventSource (the hash only).

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('book_id', 'text')
    .addColumn('parent_id', 'text')
    .addColumn('title', 'text')
    .addColumn('actor_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('read_at', t.timestamp)
    .execute()
  // The reader's list, newest activity first; also the replay of a reconnecting stream.
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'updated_at desc', 'id desc']).execute()
  // One unread group per recipient, kind and target.
  await db.schema
    .createIndex('notifications_group_idx')
    .on('notifications')
    .columns(['user_id', 'type', 'target_type', 'target_id'])
    .unique()
    .where(sql.ref('read_at'), 'is', null)
    .execute()

  await db.schema
    .createTable('notification_actors')
    .addColumn('notification_id', 'text', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
    .addColumn('actor_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_actors_pk', ['notification_id', 'actor_id'])
    .execute()
  await db.schema.createIndex('notification_actors_recent_idx').on('notification_actors').columns(['notification_id', 'created_at desc']).execute()
  await db.schema.createIndex('notification_actors_actor_idx').on('notification_actors').columns(['actor_id']).execute()

  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_settings_pk', ['user_id', 'type'])
    .execute()

  await db.schema
    .createTable('notification_tickets')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('notification_tickets_user_idx').on('notification_tickets').columns(['user_id']).execute()
}
