import { sql, type Kysely, type SqlBool } from 'kysely'

// Frozen once merged. The followed feed's "started" source (decision 0050) asks for the reads of the
// people a reader follows that have a start date and are not removed. Its index held every read, so
// where few reads have a start date (imported reads mostly have none) a page walked every read of
// every followed reader to find them: 53,081 reads and ~250 ms for the bench's feedreader, none of
// them started. Partial, as the finished and stopped sources' indexes are, it holds only the reads
// the source can show.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('read_throughs_user_created_idx').execute()
  await db.schema
    .createIndex('read_throughs_user_started_idx')
    .on('read_throughs')
    .columns(['user_id', 'created_at desc', 'id desc'])
    .where(sql<SqlBool>`started_on is not null and removed_at is null`)
    .execute()
}
