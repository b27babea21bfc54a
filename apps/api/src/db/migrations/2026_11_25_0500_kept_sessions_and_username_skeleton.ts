import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged.
//
// kept_tokens: a password change ends every other session but keeps the one that made it (decision
// 0003). That token's id is kept here with the token version the change set, until the token would
// have expired anyway; a deleted user's rows go with them.
//
// users_username_skeleton_idx: a new username that differs from a taken one only by look-alike
// characters or separators ('dem0', 'demo.') is refused. The skeleton drops '.', '_' and '-', folds
// the letter case, reads '1' and 'i' as 'l', '0' as 'o', 'rn' as 'm' and 'vv' as 'w'. The repository
// queries with this very expression (modules/users/usernames.ts), so both databases use the index.

const SKELETON = `replace(replace(replace(replace(replace(lower(replace(replace(replace(username, '.', ''), '_', ''), '-', '')), '1', 'l'), 'i', 'l'), '0', 'o'), 'rn', 'm'), 'vv', 'w')`

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema.createTable('kept_tokens')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_version', 'integer', (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('kept_tokens_user_idx').on('kept_tokens').column('user_id').execute()
  await sql.raw(`create index users_username_skeleton_idx on users (${SKELETON})`).execute(db)
}
