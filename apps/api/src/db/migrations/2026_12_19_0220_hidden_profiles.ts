import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. A profile the moderators hid (decision 0058, "Hidden profiles"): `profile_hidden`
// is kept by their decision, in its transaction, so the profile's answer needs no other read; the
// decision also moves `profile_version`, so kept answers of the profile are made again. Profiles
// hidden before this migration are marked here.

export async function up(db: Kysely<any>, _t: ColumnTypes): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('profile_hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`update users set profile_hidden = 1, profile_version = profile_version + 1
    where id in (select target_id from hidden_items where target_type = 'profile')`.execute(db)
}
