import { sql, type Kysely, type SqlBool } from 'kysely'

// Frozen once merged. A thread's page answers how many posts it lists, tombstones included (a deleted
// top-level post that keeps its replies). The thread keeps its count of live posts; the tombstones
// are counted on this partial index, which holds only them, instead of every post of the thread on
// every page (20,427 for the bench's biggest thread, most of the page's time).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('discussion_posts_tombstones_idx')
    .on('discussion_posts')
    .column('discussion_id')
    .where(sql<SqlBool>`deleted_at is not null`)
    .execute()
}
