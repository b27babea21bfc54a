import { sql, type Kysely } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. The reading log (issue 13, decision 0018).
// - reading_entries: one per reader and book: a status (want, reading, read, paused, dnf or none) and
//   the reader's rating given without a review (a review's rating is the review's).
// - read_throughs: the reader's reads of the book. Dates are text as the reader gave them (YYYY,
//   YYYY-MM or YYYY-MM-DD), never moments; `outcome` says finished or stopped even when the day is
//   not known; `finished_at` is the moment used to order Recently Read; `removed_at` marks a read
//   taken off by 'Remove from Recently Read', kept so it can be brought back.
// - progress_updates: each progress a reader reported, for the open read's history.
// The spec's wishlist and reads tables stay, as projections the reading service rewrites in the
// same transaction: the wishlist is the Want to Read shelf, reads the books with a finished read.
//
// Existing rows move over without invented dates: a wishlist row becomes status 'want'; a reads row
// becomes status 'read' with one read finished on the day (UTC) it was marked and no start. A book on
// both lists stays on both (read before, wanted again): status 'want', with its finished read.

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('reading_entries')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('book_id', 'text', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('status', 'text')
    .addColumn('rating', 'integer')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('reading_entries_pkey', ['user_id', 'book_id'])
    .addCheckConstraint('reading_entries_status_check', sql`status is null or status in ('want', 'reading', 'read', 'paused', 'dnf')`)
    .addCheckConstraint('reading_entries_rating_check', sql`rating is null or rating between 1 and 5`)
    .execute()
  await db.schema.createIndex('reading_entries_book_idx').on('reading_entries').column('book_id').execute()
  // The library, all statuses and one status, newest change first.
  await db.schema.createIndex('reading_entries_user_updated_idx').on('reading_entries').columns(['user_id', 'updated_at desc', 'book_id desc']).execute()
  await db.schema
    .createIndex('reading_entries_user_status_idx')
    .on('reading_entries')
    .columns(['user_id', 'status', 'updated_at desc', 'book_id desc'])
    .execute()

  await db.schema
    .createTable('read_throughs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('book_id', 'text', (c) => c.notNull())
    .addColumn('started_on', 'text')
    .addColumn('finished_on', 'text')
    .addColumn('stopped_on', 'text')
    .addColumn('outcome', 'text')
    .addColumn('finished_at', t.timestamp)
    .addColumn('progress_page', 'integer')
    .addColumn('progress_percent', t.double)
    .addColumn('progress_minutes', 'integer')
    .addColumn('removed_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addForeignKeyConstraint('read_throughs_entry_fkey', ['user_id', 'book_id'], 'reading_entries', ['user_id', 'book_id'], (c) => c.onDelete('cascade'))
    .addCheckConstraint('read_throughs_outcome_check', sql`outcome is null or outcome in ('finished', 'stopped')`)
    .execute()
  await db.schema.createIndex('read_throughs_entry_idx').on('read_throughs').columns(['user_id', 'book_id']).execute()

  await db.schema
    .createTable('progress_updates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('read_id', 'text', (c) => c.notNull().references('read_throughs.id').onDelete('cascade'))
    .addColumn('page', 'integer')
    .addColumn('percent', t.double)
    .addColumn('minutes', 'integer')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('progress_updates_read_idx').on('progress_updates').columns(['read_id', 'created_at']).execute()

  // Existing rows, without invented dates.
  await sql`insert into reading_entries (user_id, book_id, status, rating, created_at, updated_at)
    select user_id, book_id, 'want', null, added_at, added_at from wishlist`.execute(db)
  await sql`insert into reading_entries (user_id, book_id, status, rating, created_at, updated_at)
    select user_id, book_id, 'read', null, read_at, read_at from reads r
    where not exists (select 1 from wishlist w where w.user_id = r.user_id and w.book_id = r.book_id)`.execute(db)

  // Read a thousand rows at a time along the primary key (user_id, book_id), each batch starting after
  // the last one's key: every batch is one index range, however many rows the table holds.
  const iso = (v: string | Date) => (v instanceof Date ? v.toISOString() : v)
  for (let after: { user_id: string; book_id: string } | undefined; ; ) {
    let query = db.selectFrom('reads').select(['user_id', 'book_id', 'read_at'])
    if (after) query = query.where(sql<boolean>`(user_id, book_id) > (${after.user_id}, ${after.book_id})`)
    const rows = await query.orderBy('user_id').orderBy('book_id').limit(1000).execute()
    if (!rows.length) break
    await db
      .insertInto('read_throughs')
      .values(
        rows.map((r) => {
          const at = iso(r.read_at)
          return {
            id: uuidv7(),
            user_id: r.user_id,
            book_id: r.book_id,
            finished_on: at.slice(0, 10),
            outcome: 'finished',
            finished_at: r.read_at,
            created_at: r.read_at,
            updated_at: r.read_at,
          }
        }),
      )
      .execute()
    after = rows[rows.length - 1]!
  }
}
