import type { Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. A version of each reader's reading log, beside profile_version (issue 20,
// point 6, decision 0026): the reading module adds one to it in the same transaction as every write
// to the reader's log (entries, reads, progress, ratings given without a review, goals, imports), so
// a memo on any instance keyed by it (a year's figures, a library page) sees a write made on any
// other at once. Its value means nothing in itself: only that it changed.

export async function up(db: Kysely<any>, _t: ColumnTypes): Promise<void> {
  await db.schema.alterTable('users').addColumn('log_version', 'integer', (c) => c.notNull().defaultTo(0)).execute()
}
