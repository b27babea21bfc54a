import { sql, type Kysely, type SqlBool } from 'kysely'

// Frozen once merged. The entries that carry a visibility of their own (decision 0055: a per-book
// override of the reader's default), by reader: few against a whole log, so the count of a profile's
// shown books reads these instead of checking each read (reading.privacy.ts, countShownReads).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('reading_entries_user_visibility_idx')
    .on('reading_entries')
    .columns(['user_id', 'visibility', 'book_id'])
    .where(sql<SqlBool>`visibility is not null`)
    .execute()
}
