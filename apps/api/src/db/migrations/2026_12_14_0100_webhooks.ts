import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. Signed webhooks (issue 25, point 6, decisions 0048 and 0049).
// - webhooks: a reader's registered URLs; `events` is the list of events as ',a,b,' (so one event is
//   found with a LIKE), `secret` signs every delivery; `disabled_at` is set after a day of failures.
// - webhook_deliveries: the outbox. A change writes one row per hook that wants its event, in the
//   change's transaction; workers claim due rows by moving `next_attempt_at` past a lease, so a row
//   whose worker died is due again when the lease ends. `next_attempt_at` is null once the row is
//   settled (delivered, or failed for good), which keeps the due index small.

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('disabled_at', t.timestamp)
    .addColumn('disabled_reason', 'text')
    .execute()
  await db.schema.createIndex('webhooks_user_idx').on('webhooks').columns(['user_id', 'created_at']).execute()

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webhook_id', 'text', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', t.timestamp)
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('delivered_at', t.timestamp)
    .addColumn('failed_at', t.timestamp)
    .addCheckConstraint('webhook_deliveries_event_check', sql`event in ('reading.progress', 'read.finished', 'review.published', 'library.changed')`)
    .execute()
  // The rows still to deliver, earliest first, for the workers that claim them.
  await db.schema
    .createIndex('webhook_deliveries_due_idx')
    .on('webhook_deliveries')
    .columns(['next_attempt_at'])
    .where(sql.ref('next_attempt_at'), 'is not', null)
    .execute()
  // A hook's log, newest first.
  await db.schema.createIndex('webhook_deliveries_hook_idx').on('webhook_deliveries').columns(['webhook_id', 'created_at desc', 'id desc']).execute()
  await db.schema.createIndex('webhook_deliveries_user_idx').on('webhook_deliveries').columns(['user_id']).execute()
}
