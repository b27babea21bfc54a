import { FEED_ITEM_TYPES } from '@shelfwise/contracts'
import { sql } from 'kysely'
import { dialectOf, nowIso, rowCount, toIso, type Db } from '#/db/portable.ts'
import { yieldToLoop } from '#/work-gate.ts'
import { currentRows, feedPage, rankOf, type ActivityRow, type FeedKey } from '#/modules/feed/feed.repository.ts'

// Each reader's followed feed kept as an inbox (decision 0060). A change that makes feed activity
// writes one outbox row in its own transaction; a worker expands it to the actor's followers'
// inboxes, a bounded batch of followers per statement, then deletes the row. A page is one range
// read of the inbox, its rows then checked against where they are kept, so what stopped being shown
// (an unfollow, a deletion, a privacy change) leaves the page at once.

/**
 * Followers whose inboxes one statement fills: on SQLite a statement holds the event loop (1,000
 * followers a statement stalled it up to ~400 ms under load), so fewer there.
 */
const fanoutBatch = (db: Db) => (dialectOf(db) === 'postgres' ? 1_000 : 100)
/** Activities a build or a follow's backfill copies into an inbox: each followed reader's newest, at most. */
export const BACKFILL_ITEMS = 200
/** What an inbox keeps: its newest rows; older pages are read from the sources (decision 0060, "Retention"). */
const INBOX_KEEP = 1_000

import type { FeedWorkKind } from '#/feed-outbox.ts'

export interface FeedWork {
  id: string
  kind: FeedWorkKind
  subjectId: string
  itemId: string
  attempts: number
}

/** Claims up to `limit` due rows until `leaseUntil`; on PostgreSQL rows another worker is claiming are skipped. */
export async function claimFeedWork(db: Db, now: string, leaseUntil: string, limit: number): Promise<FeedWork[]> {
  const due = () => db.selectFrom('feedOutbox').select('id').where('leaseUntil', '<=', now).orderBy('leaseUntil').limit(limit)
  // A look first, reading only: an idle worker's poll never takes SQLite's write lock.
  const ids = (await due().execute()).map((r) => r.id)
  if (!ids.length) return []
  const claim = db.updateTable('feedOutbox').set((eb) => ({ leaseUntil, attempts: eb('attempts', '+', 1) }))
  const rows = await (
    dialectOf(db) === 'postgres' ? claim.where('id', 'in', due().forUpdate().skipLocked()) : claim.where('id', 'in', ids).where('leaseUntil', '<=', now)
  )
    .returning(['id', 'kind', 'subjectId', 'itemId', 'attempts'])
    .execute()
  return rows.map((r) => ({ ...r, attempts: Number(r.attempts) }))
}

export async function deleteFeedWork(db: Db, ids: string[]): Promise<void> {
  if (ids.length) await db.deleteFrom('feedOutbox').where('id', 'in', ids).execute()
}

const timestamp = (db: Db, at: string) => (dialectOf(db) === 'postgres' ? sql<string>`cast(${at} as timestamptz)` : sql<string>`${at}`)

/**
 * Copies `rows` (one actor's activities) into the inboxes of the actor's followers, FANOUT_BATCH
 * followers per statement along the followers' index, yielding to the event loop between statements.
 */
export async function fanOut(db: Db, actorId: string, rows: ActivityRow[]): Promise<void> {
  if (!rows.length) return
  const FANOUT_BATCH = fanoutBatch(db)
  let after: { createdAt: string; followerId: string } | undefined
  for (;;) {
    const batch = await db
      .selectFrom('follows')
      .select(['followerId', 'createdAt'])
      .where('followeeId', '=', actorId)
      .$if(after !== undefined, (q) =>
        q.where((eb) =>
          eb.or([eb('createdAt', '<', after!.createdAt), eb.and([eb('createdAt', '=', after!.createdAt), eb('followerId', '<', after!.followerId)])]),
        ),
      )
      .orderBy('createdAt', 'desc')
      .orderBy('followerId', 'desc')
      .limit(FANOUT_BATCH)
      .execute()
    if (!batch.length) return
    const ids = batch.map((b) => b.followerId)
    for (const r of rows) {
      await db
        .insertInto('feedItems')
        .columns(['ownerId', 'at', 'rank', 'itemId', 'actorId'])
        .expression((eb) =>
          eb
            .selectFrom('follows')
            .select([
              'followerId',
              timestamp(db, r.at).as('at'),
              sql<number>`${sql.lit(rankOf(r.type))}`.as('rank'),
              sql<string>`${r.id}`.as('itemId'),
              sql<string>`${actorId}`.as('actorId'),
            ])
            .where('followeeId', '=', actorId)
            .where('followerId', 'in', ids),
        )
        .onConflict((oc) => oc.columns(['ownerId', 'at', 'rank', 'itemId']).doNothing())
        .execute()
    }
    if (batch.length < FANOUT_BATCH) return
    const last = batch.at(-1)!
    after = { createdAt: toIso(last.createdAt), followerId: last.followerId }
    await yieldToLoop()
  }
}

/** Puts `rows` into one reader's inbox (a build, a follow's backfill), a statement per BACKFILL_ITEMS. */
export async function fillInbox(db: Db, ownerId: string, rows: ActivityRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BACKFILL_ITEMS) {
    await db
      .insertInto('feedItems')
      .values(rows.slice(i, i + BACKFILL_ITEMS).map((r) => ({ ownerId, at: r.at, rank: rankOf(r.type), itemId: r.id, actorId: r.userId })))
      .onConflict((oc) => oc.columns(['ownerId', 'at', 'rank', 'itemId']).doNothing())
      .execute()
  }
}

/** The moment before which a bounded copy of `rows` (at most `bound`, feed order) may have left activities out; none when it took all. */
export const horizonOf = (rows: ActivityRow[], bound: number): string | null => (rows.length >= bound ? rows.at(-1)!.at : null)

/** Moves the moment before which a reader's inbox may lack activities later, to `at` (never earlier). */
export async function raiseHorizon(db: Db, ownerId: string, at: string | null): Promise<void> {
  if (at === null) return
  const stamp = timestamp(db, at)
  await db
    .updateTable('feedOwners')
    .set({ completeAfter: stamp })
    .where('ownerId', '=', ownerId)
    .where((eb) => eb.or([eb('completeAfter', 'is', null), eb('completeAfter', '<', stamp)]))
    .execute()
}

/** Builds a reader's inbox from the sources (the read-time feed's newest BACKFILL_ITEMS) and marks it built. */
export async function buildInbox(db: Db, ownerId: string): Promise<void> {
  const { rows } = await feedPage(db, ownerId, undefined, BACKFILL_ITEMS, 0)
  await fillInbox(db, ownerId, rows)
  const at = nowIso()
  await db
    .insertInto('feedOwners')
    .values({ ownerId, builtAt: at, trimmedAt: at, completeAfter: horizonOf(rows, BACKFILL_ITEMS) })
    .onConflict((oc) => oc.column('ownerId').doNothing())
    .execute()
}

/** Whether a reader's inbox is built, and the moment before which it may lack activities. */
export async function inboxState(db: Db, ownerId: string): Promise<{ completeAfter: string | null } | undefined> {
  const row = await db.selectFrom('feedOwners').select('completeAfter').where('ownerId', '=', ownerId).executeTakeFirst()
  return row && { completeAfter: row.completeAfter === null ? null : toIso(row.completeAfter) }
}

/** Keeps a reader's INBOX_KEEP newest rows, deleting the older ones. */
export async function trimInbox(db: Db, ownerId: string, keep = INBOX_KEEP): Promise<void> {
  const edge = await db
    .selectFrom('feedItems')
    .select(['at', 'rank', 'itemId'])
    .where('ownerId', '=', ownerId)
    .orderBy('at', 'desc')
    .orderBy('rank', 'desc')
    .orderBy('itemId', 'desc')
    .offset(keep)
    .limit(1)
    .executeTakeFirst()
  if (!edge) return
  const key = { at: toIso(edge.at), rank: Number(edge.rank), id: edge.itemId }
  // Pages past the kept rows are read from the sources, from just after the newest row let go.
  await raiseHorizon(db, ownerId, new Date(Date.parse(key.at) + 1).toISOString())
  await db
    .deleteFrom('feedItems')
    .where('ownerId', '=', ownerId)
    .where((eb) =>
      eb.or([
        eb('at', '<', key.at),
        eb.and([eb('at', '=', key.at), eb.or([eb('rank', '<', key.rank), eb.and([eb('rank', '=', key.rank), eb('itemId', '<=', key.id)])])]),
      ]),
    )
    .execute()
  await db.updateTable('feedOwners').set({ trimmedAt: nowIso() }).where('ownerId', '=', ownerId).execute()
}

/** The readers whose inboxes were trimmed longest ago (before `before`), at most `limit`. */
export async function listOwnersToTrim(db: Db, before: string, limit: number): Promise<string[]> {
  return (await db.selectFrom('feedOwners').select('ownerId').where('trimmedAt', '<', before).orderBy('trimmedAt').limit(limit).execute()).map((r) => r.ownerId)
}

/** How many rows a reader's inbox holds, counting at most `cap`: one index range read. */
export async function countInbox(db: Db, ownerId: string, cap: number): Promise<number> {
  return rowCount(db.selectFrom(db.selectFrom('feedItems').select('itemId').where('ownerId', '=', ownerId).limit(cap).as('f')))
}

/** Times a page reads more of the inbox when rows of it dropped out on the check. */
const REFILLS = 3

/**
 * A page of a built inbox: the first `limit` activities after `key` that still stand, checked against
 * the sources in a few statements per read (at most 1 + REFILLS reads of the inbox). Before
 * `completeAfter` (rows trimmed away, or older than a bounded build or backfill) the rest of the page
 * comes from the sources.
 */
export async function inboxPage(db: Db, readerId: string, completeAfter: string | null, key: FeedKey | undefined, limit: number): Promise<ActivityRow[]> {
  const kept: ActivityRow[] = []
  let from = key
  for (let round = 0; round <= REFILLS; round++) {
    const want = (limit - kept.length) * (round === 0 ? 1 : 2)
    const rows = await db
      .selectFrom('feedItems')
      .select(['at', 'rank', 'itemId'])
      .where('ownerId', '=', readerId)
      // Only where the inbox lacks nothing: older pages come from the sources.
      .$if(completeAfter !== null, (q) => q.where('at', '>=', completeAfter!))
      .$if(from !== undefined, (q) =>
        q.where((eb) =>
          eb.or([
            eb('at', '<', from!.at),
            eb.and([eb('at', '=', from!.at), eb.or([eb('rank', '<', from!.rank), eb.and([eb('rank', '=', from!.rank), eb('itemId', '<', from!.id)])])]),
          ]),
        ),
      )
      .orderBy('at', 'desc')
      .orderBy('rank', 'desc')
      .orderBy('itemId', 'desc')
      .limit(want)
      .execute()
    const current = await currentRows(
      db,
      readerId,
      rows.map((r) => ({ rank: Number(r.rank), itemId: r.itemId })),
    )
    for (const r of rows) {
      const at = toIso(r.at)
      const row = current.get(`${FEED_ITEM_TYPES[Number(r.rank)]}:${r.itemId}`)
      // A row whose moment moved (a stopped read edited again) shows at its new moment, from its newer inbox row.
      if (row && row.at === at && kept.length < limit) kept.push(row)
    }
    if (kept.length >= limit) return kept
    const last = rows.at(-1)
    if (rows.length < want) {
      // The inbox ends here: the feed too, unless it may lack older activities; those are read where they are kept.
      if (completeAfter === null) return kept
      const after = last ? { at: toIso(last.at), rank: Number(last.rank), id: last.itemId } : from
      const older = await feedPage(db, readerId, after, limit - kept.length, 0)
      return [...kept, ...older.rows]
    }
    from = { at: toIso(last!.at), rank: Number(last!.rank), id: last!.itemId }
  }
  return kept
}

/** What a follower's inbox would hold of their followed readers' activities since `from`, one select a kind. */
function inboxSourcesSince(db: Db, since: string) {
  const from = timestamp(db, since)
  return [
    sql`select f.follower_id, t.created_at, ${sql.lit(rankOf('started'))}, t.id, t.user_id from follows f join read_throughs t on t.user_id = f.followee_id
        where t.created_at >= ${from} and t.started_on is not null and t.removed_at is null and t.imported = 0`,
    sql`select f.follower_id, t.finished_at, ${sql.lit(rankOf('finished'))}, t.id, t.user_id from follows f join read_throughs t on t.user_id = f.followee_id
        where t.finished_at >= ${from} and t.outcome = 'finished' and t.removed_at is null and t.imported = 0`,
    sql`select f.follower_id, t.updated_at, ${sql.lit(rankOf('dnf'))}, t.id, t.user_id from follows f join read_throughs t on t.user_id = f.followee_id
        where t.updated_at >= ${from} and t.outcome = 'stopped' and t.removed_at is null and t.imported = 0`,
    sql`select f.follower_id, r.created_at, ${sql.lit(rankOf('review'))}, r.id, r.user_id from follows f join reviews r on r.user_id = f.followee_id
        where r.created_at >= ${from} and r.imported = 0`,
    sql`select f.follower_id, c.created_at, ${sql.lit(rankOf('comment'))}, c.id, c.user_id from follows f join review_comments c on c.user_id = f.followee_id
        where c.created_at >= ${from} and c.deleted = 0`,
    sql`select f.follower_id, d.created_at, ${sql.lit(rankOf('discussion'))}, d.id, d.user_id from follows f join discussions d on d.user_id = f.followee_id
        where d.created_at >= ${from}`,
  ]
}

/** The rows `fillAllInboxesSince(db, since)` would write (duplicates included), counted without writing: a bulk load sizes its window by it. */
export async function countAllInboxRowsSince(db: Db, since: string): Promise<number> {
  let total = 0
  for (const select of inboxSourcesSince(db, since)) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from (${select}) as x`.execute(db)
    total += Number(rows[0]!.n)
  }
  return total
}

/**
 * Fills every follower's inbox at once with their followed readers' activities since `since`, and
 * marks the inboxes built, lacking nothing from `since` on (older pages read the sources): set-based,
 * one statement a kind, for a bulk load (the bench's data) where nothing runs meanwhile. The caller
 * bounds the rows by its choice of `since` (see countAllInboxRowsSince).
 */
export async function fillAllInboxesSince(db: Db, since: string): Promise<void> {
  for (const select of inboxSourcesSince(db, since))
    await sql`insert into feed_items (owner_id, at, rank, item_id, actor_id) ${select} on conflict do nothing`.execute(db)
  const now = timestamp(db, nowIso())
  await sql`insert into feed_owners (owner_id, built_at, trimmed_at, complete_after)
    select distinct follower_id, ${now}, ${now}, ${timestamp(db, since)} from follows where true on conflict do nothing`.execute(db)
}
