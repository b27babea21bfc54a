import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. Device link (issue 25, point 5): the OAuth 2 device authorization grant
// (RFC 8628). A device asks for a code (`device_code`, kept as its SHA-256, and a short
// `user_code`); the signed-in reader approves it with scopes (`user_id`, `scopes`, `token_days`);
// the device's next poll receives a personal token made then (no token is stored here), and the
// code is used up. `last_polled_at` and `interval` answer slow_down.

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('device_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('device_code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_code', 'text', (c) => c.notNull().unique())
    .addColumn('client_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('scopes', 'text')
    .addColumn('token_days', 'integer')
    .addColumn('interval', 'integer', (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_polled_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addCheckConstraint('device_codes_status_check', sql.raw("status in ('pending', 'approved', 'denied', 'used')"))
    .execute()
  await db.schema.createIndex('device_codes_user_idx').on('device_codes').column('user_id').execute()
  await db.schema.createIndex('device_codes_expires_idx').on('device_codes').column('expires_at').execute()
}
