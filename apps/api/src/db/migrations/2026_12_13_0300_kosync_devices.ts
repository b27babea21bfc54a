import type { Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. Devices and KOReader progress sync (issue 25, point 4, decision 0047).
//
// - devices: a reader's e-reader with its own sign-in for the kosync protocol, made on the site: a
//   generated username (unique) and password shown once. KOReader sends the password's MD5 as
//   x-auth-key; only the SHA-256 of that MD5 is kept (`key_hash`), never the password.
// - kosync_progress: the last position KOReader reported per reader and document hash (its
//   `progress` string is KOReader's own, handed back as it came), for GET /kosync/syncs/progress.

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('devices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_used_at', t.timestamp)
    .execute()
  await db.schema.createIndex('devices_user_idx').on('devices').columns(['user_id', 'id']).execute()

  await db.schema
    .createTable('kosync_progress')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('progress', 'text', (c) => c.notNull())
    .addColumn('percentage', t.double, (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text')
    .addColumn('timestamp', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('kosync_progress_pkey', ['user_id', 'document'])
    .execute()
}
