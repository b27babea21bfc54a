import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. The followed feed kept per reader (issue 23 point 6, issue 24, decision 0060):
// - feed_items: each reader's inbox, one row per activity of someone they follow, in the feed's
//   order (at desc, type rank desc, item id desc) along its primary key, so a page is one range read.
//   Only the key and the actor are kept: what a page shows is read again from where it is kept.
// - feed_owners: the readers whose inbox was built (until then their feed is read from the sources,
//   as before); `trimmed_at` orders the retention sweep; `complete_after`, when set, is the moment
//   before which the inbox may lack activities (a bounded build or backfill, a trim): pages past the
//   inbox's end read the sources from there. Null: the inbox holds all, so its end is the feed's.
// - feed_outbox: work to do, written in the transaction of the change that causes it (an activity
//   to fan out to the actor's followers, a follow to backfill, an inbox to build); a worker claims a
//   row by moving `lease_until` forward and deletes it when done, so a row whose worker died is taken
//   up again when its lease ends.
// Every reader following someone gets a build queued here: one set-based statement, the inboxes
// themselves are filled in the background.

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('feed_items')
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('at', t.timestamp, (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('feed_items_pkey', ['owner_id', 'at', 'rank', 'item_id'])
    .execute()
  await db.schema.createIndex('feed_items_actor_idx').on('feed_items').columns(['actor_id']).execute()

  await db.schema
    .createTable('feed_owners')
    .addColumn('owner_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('built_at', t.timestamp, (c) => c.notNull())
    .addColumn('trimmed_at', t.timestamp, (c) => c.notNull())
    .addColumn('complete_after', t.timestamp)
    .execute()
  await db.schema.createIndex('feed_owners_trimmed_idx').on('feed_owners').columns(['trimmed_at']).execute()

  await db.schema
    .createTable('feed_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('lease_until', t.timestamp, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('feed_outbox_kind_check', sql`kind in ('read', 'review', 'comment', 'discussion', 'follow', 'build')`)
    .execute()
  await db.schema.createIndex('feed_outbox_due_idx').on('feed_outbox').columns(['lease_until']).execute()
  await db.schema.createIndex('feed_outbox_subject_idx').on('feed_outbox').columns(['subject_id']).execute()

  const now = sql`cast(${new Date().toISOString()} as ${sql.raw(t.timestamp)})`
  await sql`insert into feed_outbox (id, kind, subject_id, item_id, created_at, lease_until, attempts)
    select 'build:' || follower_id, 'build', follower_id, follower_id, ${now}, ${now}, 0 from (select distinct follower_id from follows) f`.execute(db)
}
