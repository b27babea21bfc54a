import { sql, type Kysely, type SqlBool } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. Merge proposals (issue 21, point 7, decision 0030):
// - origin: 'reader' (a reader proposed it; every proposal made before this) or 'import' (suggested
//   when an import finished, for a duplicate the import would otherwise have made).
// - work_id: for kind edition, the work both editions belong to, so the book page finds the
//   proposals about its own editions ("this may be a duplicate") without asking each edition's work;
//   null for kind work, whose two ids are works themselves.

export async function up(db: Kysely<any>, _t: ColumnTypes): Promise<void> {
  await db.schema
    .alterTable('merge_proposals')
    .addColumn('origin', 'text', (c) => c.notNull().defaultTo('reader').check(sql.raw("origin in ('reader', 'import')")))
    .execute()
  await db.schema.alterTable('merge_proposals').addColumn('work_id', 'text').execute()
  await sql`
    update merge_proposals
    set work_id = coalesce((select e.book_id from editions e where e.id = merge_proposals.first_id), first_id)
    where kind = 'edition'
  `.execute(db)
  await db.schema
    .createIndex('merge_proposals_work_idx')
    .on('merge_proposals')
    .columns(['work_id', 'id'])
    .where(sql.raw<SqlBool>('work_id is not null'))
    .execute()
  // A book page asks for the open proposals naming its work.
  await db.schema.createIndex('merge_proposals_first_idx').on('merge_proposals').columns(['first_id', 'id']).execute()
  await db.schema.createIndex('merge_proposals_second_idx').on('merge_proposals').columns(['second_id', 'id']).execute()
}
