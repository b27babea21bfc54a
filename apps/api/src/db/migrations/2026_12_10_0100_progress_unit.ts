import { sql, type Kysely } from 'kysely'
import type { ColumnTypes } from '../portable.ts'

// Frozen once merged. The unit a reader reports a book's progress in (issue 22, point 3, decision
// 0039): pages, percent or minutes (an audiobook), kept on their entry so the choice follows them to
// every device; null until they choose (the app then offers pages, or percent for a book without a
// page count).

export async function up(db: Kysely<any>, _t: ColumnTypes): Promise<void> {
  await db.schema
    .alterTable('reading_entries')
    .addColumn('progress_unit', 'text', (c) => c.check(sql`progress_unit in ('pages', 'percent', 'minutes')`))
    .execute()
}
