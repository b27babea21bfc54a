import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. Personal access tokens (issue 25, point 1, decision 0045): a reader's named,
// scoped, expiring token for their own tools. Only the token's SHA-256 is kept (`token_hash`, unique:
// the lookup of every request); `hint` is its last four characters, shown in the list so a reader can
// tell two tokens apart. `scopes`: the granted scopes, space-separated in a fixed order (a small closed
// set, checked by the service; no join table for at most four words). A revoked token's row is
// deleted; `last_used_at` is written at most once a minute per token.

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('personal_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('hint', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_used_at', t.timestamp)
    .addCheckConstraint('personal_tokens_name_check', sql.raw('length(name) between 1 and 100'))
    .execute()
  // A reader's list, newest first (ids are time-ordered UUIDv7).
  await db.schema.createIndex('personal_tokens_user_idx').on('personal_tokens').columns(['user_id', 'id']).execute()
}
