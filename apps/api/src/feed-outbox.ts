import { v7 as uuidv7 } from 'uuid'
import { sql } from 'kysely'
import { dialectOf, nowIso, type Db } from '#/db/portable.ts'

// The followed feed's outbox (decision 0060), beside events.ts and shared like it: the changes that
// make feed activity (a read started, finished or stopped, a review, a comment, a new thread), a
// follow, and a reader's first feed read queue work here, in their own transaction, for the feed
// worker (modules/feed/feed.worker.ts).

export type FeedWorkKind = 'read' | 'review' | 'comment' | 'discussion' | 'follow' | 'build'

/** Queues feed work in the caller's transaction: an activity to fan out, a follow to backfill, an inbox to build. */
export async function enqueueFeedWork(db: Db, kind: FeedWorkKind, subjectId: string, itemId: string): Promise<void> {
  const at = nowIso()
  await db
    .insertInto('feedOutbox')
    // One build per reader queued at a time.
    .values({ id: kind === 'build' ? `build:${subjectId}` : uuidv7(), kind, subjectId, itemId, createdAt: at, leaseUntil: at })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
}

/** Queues the fan-out of a read (by its id) when it is an activity: started, finished or stopped, and not imported. */
export async function enqueueReadWork(db: Db, readId: string): Promise<void> {
  const at = nowIso()
  const stamp = dialectOf(db) === 'postgres' ? sql<string>`cast(${at} as timestamptz)` : sql<string>`${at}`
  await db
    .insertInto('feedOutbox')
    .columns(['id', 'kind', 'subjectId', 'itemId', 'createdAt', 'leaseUntil'])
    .expression((eb) =>
      eb
        .selectFrom('readThroughs')
        .select([sql<string>`${uuidv7()}`.as('id'), sql<string>`'read'`.as('kind'), 'userId', 'id', stamp.as('createdAt'), stamp.as('leaseUntil')])
        .where('id', '=', readId)
        .where('removedAt', 'is', null)
        // An imported read is history, not news (decision 0067).
        .where('imported', '=', 0)
        .where((w) => w.or([w('startedOn', 'is not', null), w('outcome', 'in', ['finished', 'stopped'])])),
    )
    .execute()
}
