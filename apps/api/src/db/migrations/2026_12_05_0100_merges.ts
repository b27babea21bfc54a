import { sql, type Kysely, type SqlBool } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. Readers fix duplicates (issue 21, point 7, decision 0030).
//
// - users.role: 'reader' (everyone) or 'moderator' (set with `npm run moderator -- add EMAIL`).
// - editions.merged_into: an edition merged into another printing of its work keeps its row (its id
//   keeps answering) and names the edition it is now (an edition's id, or the work's own id for the
//   work's shown edition); lists leave it out.
// - merge_proposals: a reader's proposal that two books are one work, or two editions one printing;
//   at most one open proposal per pair and kind (`pair_key`: the two ids sorted, joined by a space).
// - book_merges: what an applied proposal moved, per module (`moved`, JSON), so a revert puts back
//   exactly that; `work_id` is the surviving work (the survivor itself for a work merge), for the
//   "a later merge involves these books" check.
// - read_throughs and shelf_books are found by book for a merge (each had indexes led by the reader only).

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('reader').check(sql.raw("role in ('reader', 'moderator')")))
    .execute()

  await db.schema.alterTable('editions').addColumn('merged_into', 'text').execute()
  await db.schema
    .createIndex('editions_merged_into_idx')
    .on('editions')
    .column('merged_into')
    .where(sql.raw<SqlBool>('merged_into is not null'))
    .execute()

  await db.schema
    .createTable('merge_proposals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('first_id', 'text', (c) => c.notNull())
    .addColumn('second_id', 'text', (c) => c.notNull())
    .addColumn('pair_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('proposed_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addCheckConstraint('merge_proposals_kind_check', sql.raw("kind in ('work', 'edition')"))
    .addCheckConstraint('merge_proposals_status_check', sql.raw("status in ('open', 'applied', 'reverted')"))
    .addCheckConstraint('merge_proposals_two_check', sql.raw('first_id <> second_id'))
    .execute()
  await db.schema
    .createIndex('merge_proposals_open_pair_key')
    .unique()
    .on('merge_proposals')
    .columns(['kind', 'pair_key'])
    .where(sql.raw<SqlBool>("status = 'open'"))
    .execute()
  // The list: open ones first, newest first within each (ids are time-ordered UUIDv7).
  await db.schema.createIndex('merge_proposals_status_idx').on('merge_proposals').columns(['status', 'id']).execute()
  await db.schema.createIndex('merge_proposals_proposer_idx').on('merge_proposals').column('proposed_by_user_id').execute()

  await db.schema
    .createTable('book_merges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('proposal_id', 'text', (c) => c.notNull().unique().references('merge_proposals.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('survivor_id', 'text', (c) => c.notNull())
    .addColumn('absorbed_id', 'text', (c) => c.notNull())
    .addColumn('work_id', 'text', (c) => c.notNull())
    .addColumn('moved', 'text', (c) => c.notNull())
    .addColumn('applied_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('applied_at', t.timestamp, (c) => c.notNull())
    .addColumn('reverted_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reverted_at', t.timestamp)
    .addCheckConstraint('book_merges_kind_check', sql.raw("kind in ('work', 'edition')"))
    .execute()
  for (const column of ['survivor_id', 'absorbed_id', 'work_id']) {
    await db.schema.createIndex(`book_merges_${column.replace('_id', '')}_idx`).on('book_merges').columns([column, 'id']).execute()
  }
  for (const column of ['applied_by_user_id', 'reverted_by_user_id']) {
    await db.schema.createIndex(`book_merges_${column.replace('_user_id', '')}_idx`).on('book_merges').column(column).execute()
  }

  await db.schema.createIndex('read_throughs_book_idx').on('read_throughs').column('book_id').execute()
  await db.schema.createIndex('shelf_books_book_idx').on('shelf_books').column('book_id').execute()
}
