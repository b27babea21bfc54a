import { sql, type Kysely, type SqlBool } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. Reports and moderation (issue 24, point 5, decision 0058).
// - reports: what a reader reported, why, and what the moderators decided (`status`, `outcome_note`,
//   `decided_by`, `decided_at`), which the reporter reads back. One open report per reader and item
//   (reports_open_key). The queue reads open ones oldest first (reports_status_idx); a reporter's
//   own newest first (reports_reporter_idx); the reports of one item along reports_target_idx.
// - hidden_items: what the moderators hid; every thread asks it about the page it shows.

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reporter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('outcome_note', 'text')
    .addColumn('decided_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addCheckConstraint('reports_target_type_check', sql`target_type in ('review', 'comment', 'post', 'discussion', 'profile', 'book')`)
    .addCheckConstraint('reports_status_check', sql`status in ('open', 'hidden', 'restored', 'dismissed')`)
    .execute()
  await db.schema
    .createIndex('reports_open_key')
    .on('reports')
    .columns(['reporter_id', 'target_type', 'target_id'])
    .unique()
    .where(sql<SqlBool>`status = 'open'`)
    .execute()
  await db.schema.createIndex('reports_status_idx').on('reports').columns(['status', 'created_at', 'id']).execute()
  await db.schema.createIndex('reports_reporter_idx').on('reports').columns(['reporter_id', 'created_at desc', 'id desc']).execute()
  await db.schema.createIndex('reports_target_idx').on('reports').columns(['target_type', 'target_id']).execute()
  await db.schema.createIndex('reports_decided_by_idx').on('reports').columns(['decided_by_user_id']).execute()

  await db.schema
    .createTable('hidden_items')
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('hidden_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('hidden_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('hidden_items_pkey', ['target_type', 'target_id'])
    .execute()
  await db.schema.createIndex('hidden_items_hidden_by_idx').on('hidden_items').columns(['hidden_by_user_id']).execute()
}
