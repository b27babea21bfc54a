import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. Who sees a reader's reading log (issue 24, point 3, decision 0055):
// - users.reading_log, the account's default: 'public' (everyone, the spec's behaviour and every
//   existing reader's), 'followers' (the readers who follow them) or 'private' (only them);
// - reading_entries.visibility, one book's override of it (null: the default).

export async function up(db: Kysely<any>, _t: ColumnTypes): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('reading_log', 'text', (c) => c.notNull().defaultTo('public').check(sql`reading_log in ('public', 'followers', 'private')`))
    .execute()
  await db.schema
    .alterTable('reading_entries')
    .addColumn('visibility', 'text', (c) => c.check(sql`visibility in ('public', 'followers', 'private')`))
    .execute()
}
