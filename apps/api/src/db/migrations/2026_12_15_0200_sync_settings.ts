import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. A reader's sync settings (issue 25, point 3, decision 0047): whether a device
// reporting the end of a book (100 %, the last page, the last second) finishes the read. One row per
// reader who changed a setting; no row means the defaults (off).

export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('sync_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('finish_at_end', 'integer', (c) => c.notNull().check(sql`finish_at_end in (0, 1)`))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute()
}
