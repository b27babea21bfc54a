import { sql, type Kysely, type SqlBool } from 'kysely'

// Frozen once merged. The followed feed reads each kind of activity in time windows (decision 0050,
// "Bounded reads"):
// - Started reads get a partial index of their own, as finished and stopped reads have: its index
//   held every read, so where few reads have a start date (imported reads mostly have none) a page
//   walked every read of every followed reader to find them (53,081 reads, ~250 ms, for the bench's
//   feedreader, none of them started).
// - Threads and comments get an index by time alone. For a short window PostgreSQL reads the window's
//   few rows along it and checks each writer against the reader's follows, instead of one probe per
//   followed reader (threads: a sequential scan of every thread, 7.8 ms, became 0.08 ms). Reviews
//   have theirs (reviews_created_idx). SQLite keeps the per-writer indexes (a query-plan test).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('read_throughs_user_created_idx').execute()
  await db.schema
    .createIndex('read_throughs_user_started_idx')
    .on('read_throughs')
    .columns(['user_id', 'created_at desc', 'id desc'])
    .where(sql<SqlBool>`started_on is not null and removed_at is null`)
    .execute()
  await db.schema.createIndex('discussions_created_idx').on('discussions').columns(['created_at desc', 'id desc']).execute()
  await db.schema.createIndex('review_comments_created_idx').on('review_comments').columns(['created_at desc', 'id desc']).execute()
}
