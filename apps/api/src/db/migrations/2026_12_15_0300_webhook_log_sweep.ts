import { sql, type Kysely } from 'kysely'

// Frozen once merged. The webhook delivery log is kept WEBHOOK_LOG_DAYS (decision 0048): the workers
// delete settled rows older than that, a batch at a time, oldest first, found by this index.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('webhook_deliveries_settled_idx')
    .on('webhook_deliveries')
    .columns(['created_at'])
    .where(sql.ref('next_attempt_at'), 'is', null)
    .execute()
}
