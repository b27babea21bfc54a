import type { Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. The followers and following lists page newest follow first, ties broken by the
// other person's id: one index per side, in exactly that order, serves the list, its keyset and its count.

export async function up(db: Kysely<any>, _t: ColumnTypes): Promise<void> {
  await db.schema.dropIndex('follows_followee_idx').execute()
  await db.schema.createIndex('follows_followee_created_idx').on('follows').columns(['followee_id', 'created_at desc', 'follower_id desc']).execute()
  await db.schema.createIndex('follows_follower_created_idx').on('follows').columns(['follower_id', 'created_at desc', 'followee_id desc']).execute()
}
