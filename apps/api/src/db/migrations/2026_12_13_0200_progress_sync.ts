import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. Progress sync (issue 25, point 3, decision 0047).
//
// - sync_inbox: a book a reader's device named (an ISBN, an ASIN, a KOReader document hash) that the
//   server could not place, one row per reader and identifier, with the last position sent
//   (`payload`, the sync's JSON). Bound by the reader, it keeps `book_id`: later syncs naming the
//   identifier go straight to that book, and the list shows only the rows still unbound.
// - sync_requests: the answer given to each Idempotency-Key of a reader's sync, kept a day, so a
//   replay answers the same and changes nothing; `request_hash` tells a key reused for another body.

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('sync_inbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('device', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('book_id', 'text', (c) => c.references('books.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addCheckConstraint('sync_inbox_kind_check', sql.raw("kind in ('isbn', 'asin', 'kosync')"))
    .addUniqueConstraint('sync_inbox_identifier_key', ['user_id', 'kind', 'identifier'])
    .execute()
  await db.schema.createIndex('sync_inbox_user_idx').on('sync_inbox').columns(['user_id', 'id']).execute()
  await db.schema.createIndex('sync_inbox_book_idx').on('sync_inbox').column('book_id').execute()

  await db.schema
    .createTable('sync_requests')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('sync_requests_pkey', ['user_id', 'idempotency_key'])
    .execute()
  await db.schema.createIndex('sync_requests_created_idx').on('sync_requests').column('created_at').execute()
}
