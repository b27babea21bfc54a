import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. Imports held to limits the database keeps (issue 19):
// - imports.takeovers: how many times an instance took the job over after the one working on it
//   stopped without letting it go (its lease ran out); past a few, the job fails saying why, so a
//   file that stops the server cannot stop it at every start. `lease_holder` names the run that
//   holds the lease, so a run that froze past its lease finds out and stops. `current_line` is the
//   row being applied alone after a takeover: when the server stops on it again, that row fails.
// - imports.file_bytes: the file's size, counted in the reader's quota of kept imports.
// - One unsettled import per reader, by a unique index: two uploads at once cannot both be queued.
//   Readers who already have several (the race this closes) keep their oldest; the others fail.
// - import_allowances: what a reader's imports added to the catalogue and posted for everyone on a
//   day (UTC), so the daily caps hold across instances and restarts.

export async function up(db: Kysely<any>, _t: ColumnTypes): Promise<void> {
  await db.schema.alterTable('imports').addColumn('takeovers', 'integer', (c) => c.notNull().defaultTo(0)).execute()
  await db.schema.alterTable('imports').addColumn('lease_holder', 'text').execute()
  await db.schema.alterTable('imports').addColumn('current_line', 'integer').execute()
  await db.schema.alterTable('imports').addColumn('file_bytes', 'integer', (c) => c.notNull().defaultTo(0)).execute()

  const now = new Date().toISOString()
  await sql`
    update imports set status = 'failed', lease_until = null, file_text = null, finished_at = ${now}, updated_at = ${now},
      message = 'Stopped: another import of yours was running at the same time. Send this file again to finish it (nothing is added twice)'
    where status in ('queued', 'running') and exists (
      select 1 from imports o
      where o.user_id = imports.user_id and o.status in ('queued', 'running')
        and (o.created_at < imports.created_at or (o.created_at = imports.created_at and o.id < imports.id)))
  `.execute(db)
  await db.schema
    .createIndex('imports_one_unsettled_idx')
    .on('imports')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), 'in', ['queued', 'running'])
    .execute()
  // The imports whose time is up, for the sweep.
  await db.schema.createIndex('imports_finished_idx').on('imports').column('finished_at').where(sql.ref('finished_at'), 'is not', null).execute()

  await db.schema
    .createTable('import_allowances')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The day (UTC) as YYYY-MM-DD.
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('books', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reviews', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('import_allowances_pkey', ['user_id', 'day'])
    .execute()
  await db.schema.createIndex('import_allowances_day_idx').on('import_allowances').column('day').execute()
}
