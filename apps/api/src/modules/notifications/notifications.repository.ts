import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type Selectable, type SqlBool } from 'kysely'
import type { Notification, NotificationTarget, NotificationType, UserSummary } from '@shelfwise/contracts'
import { NOTIFICATION_LIMITS } from '@shelfwise/contracts'
import { dialectOf, toIso, type Db } from '#/db/portable.ts'
import { precompile } from '#/db/precompiled.ts'
import type { Database } from '#/db/schema.ts'
import { summaryImage } from '#/db/user-summary.ts'

/**
 * A group that still has a reader in it (an emptied one is hidden, decision 0052, "Withdrawn"), written
 * as a literal: the partial index on the reader's live groups (migration 2026_12_19_0300) serves a
 * query only when its WHERE says `actor_count > 0` itself, which a bound parameter does not.
 */
export const hasActors = sql<SqlBool>`actor_count > 0`

// The notifications' rows (decision 0052): one group per recipient, kind and target while unread.

const columns = ['id', 'userId', 'type', 'targetType', 'targetId', 'bookId', 'parentId', 'title', 'actorCount', 'updatedAt', 'readAt'] as const

/** A group as read: its row's `columns`. */
export type NotificationRow = Pick<Selectable<Database['notifications']>, (typeof columns)[number]>

export interface GroupInput {
  id: string
  userId: string
  type: NotificationType
  target: NotificationTarget
  now: string
}

/** A new group's row: still empty (its first actor joins it next), or already counting that first one. */
const groupRow = (g: Omit<GroupInput, 'id' | 'userId'>, id: string, userId: string, actorCount = 0) => ({
  id,
  userId,
  type: g.type,
  targetType: g.target.type,
  targetId: g.target.id,
  bookId: g.target.bookId,
  parentId: g.target.parentId,
  title: g.target.title,
  actorCount,
  createdAt: g.now,
  updatedAt: g.now,
})

/** The id of the reader's unread group of this kind on this target (at most one: a partial unique index). */
const unreadGroup = (q: Pick<Db, 'selectFrom'>, g: Pick<GroupInput, 'userId' | 'type' | 'target'>) =>
  q
    .selectFrom('notifications')
    .select('id')
    .where('userId', '=', g.userId)
    .where('type', '=', g.type)
    .where('targetType', '=', g.target.type)
    .where('targetId', '=', g.target.id)
    .where('readAt', 'is', null)

/**
 * Whether the recipient turned this kind off, and their unread group of it on this target if there is
 * one: one read where notify made two or three (issue 26).
 */
export async function findGroupToJoin(trx: Db, g: Omit<GroupInput, 'id' | 'now'>): Promise<{ turnedOff: boolean; id: string | undefined }> {
  const row = await trx
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('notificationSettings').select('type').where('userId', '=', g.userId).where('type', '=', g.type)).as('turnedOff'),
      unreadGroup(eb, g).as('id'),
    ])
    .executeTakeFirstOrThrow()
  return { turnedOff: Boolean(row.turnedOff), id: row.id ?? undefined }
}

/**
 * The unread group of this kind on this target, made when there is none; answers its id and whether it
 * was new. `firstCounted`: a new group is made counting its first actor already (no update after).
 */
export async function ensureGroup(trx: Db, g: GroupInput, firstCounted = false): Promise<{ id: string; made: boolean }> {
  const made = await trx
    .insertInto('notifications')
    .values(groupRow(g, g.id, g.userId, firstCounted ? 1 : 0))
    .onConflict((oc) => oc.columns(['userId', 'type', 'targetType', 'targetId']).where('readAt', 'is', null).doNothing())
    .returning('id')
    .executeTakeFirst()
  if (made) return { id: g.id, made: true }
  const row = await unreadGroup(trx, g).executeTakeFirstOrThrow()
  return { id: row.id, made: false }
}

/** Adds a reader to a group once; answers whether they were new in it. */
export async function addActor(trx: Db, notificationId: string, actorId: string, now: string, signal?: RawBuilder<unknown>): Promise<boolean> {
  const r = await trx
    .insertInto('notificationActors')
    .values({ notificationId, actorId, createdAt: now })
    .onConflict((oc) => oc.doNothing())
    // The live signal (notifications.live.ts signalOf) goes with the row it is about, only when it was added.
    .returning(signal ? ['actorId', signal.as('told')] : ['actorId'])
    .executeTakeFirst()
  return r !== undefined
}

/** One more in the group: its count and its latest activity move. */
export async function bumpGroup(trx: Db, id: string, now: string, title: string | null): Promise<void> {
  await trx
    .updateTable('notifications')
    .set((eb) => ({ actorCount: eb('actorCount', '+', 1), updatedAt: now, ...(title !== null ? { title } : {}) }))
    .where('id', '=', id)
    .execute()
}

/**
 * The unread groups of this kind on this target for many recipients at once (a fan-out): one
 * multi-row insert that makes those missing (a racing writer's row is kept), then one read of them
 * all. Answers each recipient's group id.
 */
export async function ensureGroups(
  trx: Db,
  g: { ids: { id: string; userId: string }[]; type: NotificationType; target: NotificationTarget; now: string },
): Promise<{ id: string; userId: string }[]> {
  if (!g.ids.length) return []
  await trx
    .insertInto('notifications')
    .values(g.ids.map(({ id, userId }) => groupRow(g, id, userId)))
    .onConflict((oc) => oc.columns(['userId', 'type', 'targetType', 'targetId']).where('readAt', 'is', null).doNothing())
    .execute()
  return trx
    .selectFrom('notifications')
    .select(['id', 'userId'])
    .where(
      'userId',
      'in',
      g.ids.map((r) => r.userId),
    )
    .where('type', '=', g.type)
    .where('targetType', '=', g.target.type)
    .where('targetId', '=', g.target.id)
    .where('readAt', 'is', null)
    .execute()
}

/** Adds a reader to many groups, once each; answers the groups they were new in. */
export async function addActorToGroups(trx: Db, notificationIds: string[], actorId: string, now: string): Promise<string[]> {
  if (!notificationIds.length) return []
  const rows = await trx
    .insertInto('notificationActors')
    .values(notificationIds.map((notificationId) => ({ notificationId, actorId, createdAt: now })))
    .onConflict((oc) => oc.doNothing())
    .returning('notificationId')
    .execute()
  return rows.map((r) => r.notificationId)
}

/** One more in each of these groups: their counts and latest activity move. */
export async function bumpGroups(trx: Db, ids: string[], now: string, title: string | null): Promise<void> {
  if (!ids.length) return
  await trx
    .updateTable('notifications')
    .set((eb) => ({ actorCount: eb('actorCount', '+', 1), updatedAt: now, ...(title !== null ? { title } : {}) }))
    .where('id', 'in', ids)
    .execute()
}

/** Which of these readers turned this kind off. */
export async function listTurnedOffAmong(db: Db, userIds: readonly string[], type: string): Promise<Set<string>> {
  if (!userIds.length) return new Set()
  const rows = await db.selectFrom('notificationSettings').select('userId').where('type', '=', type).where('userId', 'in', userIds).execute()
  return new Set(rows.map((r) => r.userId))
}

/** What a withdrawal names: the groups of these kinds on this target, optionally of one recipient. */
export interface WithdrawKey {
  types: readonly NotificationType[]
  targetType: NotificationTarget['type']
  targetId: string
  recipientId?: string
}

/**
 * Takes a reader out of the unread groups a key names (their cause was taken back, decision 0052):
 * each loses them and one from its count. A group left with nobody is no longer listed, counted,
 * streamed or marked (every read of the reader's notifications asks `actor_count > 0`); its row stays
 * the unread group of its key, so a like racing this one joins it (deleting it would fail that like's
 * actor insert) and the next one to act brings it back. Read groups stay as the reader saw them.
 * Two statements whatever the number of groups.
 */
export async function removeActor(trx: Db, key: WithdrawKey, actorId: string): Promise<Touched[]> {
  return takeActorOut(trx, actorId, (eb) =>
    eb.and([
      eb('n.type', 'in', key.types),
      eb('n.targetType', '=', key.targetType),
      eb('n.targetId', '=', key.targetId),
      ...(key.recipientId !== undefined ? [eb('n.userId', '=', key.recipientId)] : []),
    ]),
  )
}

/** Takes an actor out of every unread group of one recipient (a block between them, decision 0057). */
export async function removeActorFromRecipient(trx: Db, recipientId: string, actorId: string): Promise<Touched[]> {
  return takeActorOut(trx, actorId, (eb) => eb('n.userId', '=', recipientId))
}

type GroupFilter = (eb: ExpressionBuilder<Database & { n: Database['notifications'] }, 'n'>) => Expression<SqlBool>

/**
 * The unread groups `which` names that hold the actor lose them and one from their count: two
 * statements, the groups named by a subquery (never an id list the size of a reader's notifications).
 * The count moves first, while the actor's rows still say which groups held them. Answers the groups
 * that changed (their readers' live streams are told: a smaller count, or gone).
 */
async function takeActorOut(trx: Db, actorId: string, which: GroupFilter): Promise<Touched[]> {
  const groups = trx.selectFrom('notifications as n').select('n.id').where('n.readAt', 'is', null).where(which)
  const touched = await trx
    .updateTable('notifications')
    .set((eb) => ({ actorCount: eb('actorCount', '-', 1) }))
    .where('id', 'in', groups)
    .where('id', 'in', trx.selectFrom('notificationActors').select('notificationId').where('actorId', '=', actorId))
    .returning(['id', 'userId'])
    .execute()
  if (touched.length) await trx.deleteFrom('notificationActors').where('actorId', '=', actorId).where('notificationId', 'in', groups).execute()
  return touched
}

/** A group a withdrawal changed, and its reader. */
export interface Touched {
  id: string
  userId: string
}

/**
 * Removes the unread groups about a thing that went (a deleted comment, post, review or thread), and
 * those about the things under it (`parentId`: a review's comments, a thread's posts). Read ones stay.
 */
export async function removeGroupsAbout(
  trx: Db,
  target: { type: NotificationTarget['type']; id: string; childType?: NotificationTarget['type'] },
): Promise<Touched[]> {
  const gone = await trx
    .selectFrom('notifications')
    .select(['id', 'userId'])
    .where('readAt', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('targetType', '=', target.type), eb('targetId', '=', target.id)]),
        ...(target.childType ? [eb.and([eb('targetType', '=', target.childType), eb('parentId', '=', target.id)])] : []),
      ]),
    )
    .execute()
  // Their actors go with them (the key cascades).
  if (gone.length)
    await trx
      .deleteFrom('notifications')
      .where(
        'id',
        'in',
        gone.map((r) => r.id),
      )
      .execute()
  return gone
}

/** Whether the reader turned this kind off. */
export async function listTurnedOff(db: Db, userId: string): Promise<string[]> {
  return (await db.selectFrom('notificationSettings').select('type').where('userId', '=', userId).execute()).map((r) => r.type)
}

export async function setTurnedOff(trx: Db, userId: string, off: string[], on: string[]): Promise<void> {
  if (on.length) await trx.deleteFrom('notificationSettings').where('userId', '=', userId).where('type', 'in', on).execute()
  if (off.length)
    await trx
      .insertInto('notificationSettings')
      .values(off.map((type) => ({ userId, type })))
      .onConflict((oc) => oc.doNothing())
      .execute()
}

/** A page of the reader's notifications with each one's most recent readers, and how many they have in all. */
export interface NotificationPage {
  rows: NotificationRow[]
  actors: Map<string, UserSummary[]>
  total: number
}

/**
 * A page of the reader's notifications, latest activity first, in one statement (decision 0052,
 * "Reading the list"): the groups of the page, each joined with its most recent readers (at most
 * NOTIFICATION_LIMITS.actorsShown, read in order from the group's index of recent readers, never all
 * of a large group's), and the reader's kept count of listed groups (migration 2026_12_20_0600). A
 * one-row source is what everything joins to, so a page past the end still answers the total. One
 * round trip on PostgreSQL; nothing is read that grows with the reader's notifications.
 */
const pageQuery = (db: Db, userId: string, after: { updatedAt: string; id: string } | undefined, limit: number) =>
  db
    .with('page', (qc) => {
      let q = qc.selectFrom('notifications').select(columns).where('userId', '=', userId).where(hasActors)
      if (after) {
        const { updatedAt, id } = after
        q = q.where((eb) => eb.or([eb('updatedAt', '<', updatedAt), eb.and([eb('updatedAt', '=', updatedAt), eb('id', '<', id)])]))
      }
      return q.orderBy('updatedAt', 'desc').orderBy('id', 'desc').limit(limit)
    })
    .selectFrom(sql`(select 1)`.as('one'))
    .leftJoin('notificationCounts as counted', (j) => j.on('counted.userId', '=', userId))
    .leftJoin('page', (j) => j.onTrue())
    // Each group's most recent readers, read from its index in order (at most actorsShown of them, a
    // literal: SQLite runs the statement faster than with the limit bound). PostgreSQL plans and runs
    // a lateral join for less than the filter SQLite needs (it has no lateral joins): about 0.37 ms
    // of server time against 0.5.
    .$call((q) =>
      dialectOf(db) === 'postgres'
        ? q.leftJoinLateral(
            (eb) =>
              eb
                .selectFrom('notificationActors as recent')
                .select(['recent.notificationId', 'recent.actorId', 'recent.createdAt'])
                .whereRef('recent.notificationId', '=', 'page.id')
                .orderBy('recent.createdAt', 'desc')
                .orderBy('recent.actorId')
                .limit(sql.lit(NOTIFICATION_LIMITS.actorsShown))
                .as('na'),
            (j) => j.onTrue(),
          )
        : q.leftJoin('notificationActors as na', (j) =>
            j
              .onRef('na.notificationId', '=', 'page.id')
              .on('na.actorId', 'in', (eb) =>
                eb
                  .selectFrom('notificationActors as recent')
                  .select('recent.actorId')
                  .whereRef('recent.notificationId', '=', 'page.id')
                  .orderBy('recent.createdAt', 'desc')
                  .orderBy('recent.actorId')
                  .limit(sql.lit(NOTIFICATION_LIMITS.actorsShown)),
              ),
          ),
    )
    .leftJoin('users as u', 'u.id', 'na.actorId')
    .select([
      'counted.listed as total',
      ...columns.map((c) => `page.${c}` as const),
      'u.id as actorId',
      'u.name as actorName',
      'u.username as actorUsername',
      summaryImage('u').as('actorImage'),
    ])
    .orderBy('page.updatedAt', 'desc')
    .orderBy('page.id', 'desc')
    .orderBy('na.createdAt', 'desc')
    .orderBy('na.actorId')

// Built once per dialect (db/precompiled.ts): building this query cost more than SQLite takes to run it.
const firstPage = precompile(2, (db, userId: string, limit: number) => pageQuery(db, userId, undefined, limit))
const pageAfter = precompile(4, (db, userId: string, updatedAt: string, id: string, limit: number) => pageQuery(db, userId, { updatedAt, id }, limit))

export async function listPage(db: Db, userId: string, o: { after?: { updatedAt: string; id: string }; limit: number }): Promise<NotificationPage> {
  const rows = o.after ? await pageAfter.all(db, userId, o.after.updatedAt, o.after.id, o.limit) : await firstPage.all(db, userId, o.limit)
  const page: NotificationRow[] = []
  const actors = new Map<string, UserSummary[]>()
  for (const r of rows) {
    if (r.id === null) continue
    let shown = actors.get(r.id)
    if (!shown) {
      shown = []
      actors.set(r.id, shown)
      page.push({
        id: r.id,
        userId: r.userId!,
        type: r.type!,
        targetType: r.targetType!,
        targetId: r.targetId!,
        bookId: r.bookId,
        parentId: r.parentId,
        title: r.title,
        actorCount: r.actorCount!,
        updatedAt: r.updatedAt!,
        readAt: r.readAt,
      })
    }
    if (r.actorId !== null) shown.push({ _id: r.actorId, name: r.actorName!, username: r.actorUsername!, profileImage: r.actorImage! })
  }
  return { rows: page, actors, total: Number(rows[0]?.total ?? 0) }
}

const unreadOf = precompile(1, (db, userId: string) =>
  db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .where(hasActors),
)

/** The reader's unread groups: a count of the unread entries of the partial index on listed groups (migration 2026_12_19_0300). */
export async function countUnread(db: Db, userId: string): Promise<number> {
  return Number((await unreadOf.first(db, userId))?.n ?? 0)
}

/** The reader's notifications changed at or after `since`, oldest first (a reconnecting stream's replay). */
export async function listChangedSince(db: Db, userId: string, since: string, limit: number): Promise<NotificationRow[]> {
  return (await db
    .selectFrom('notifications')
    .select(columns)
    .where('userId', '=', userId)
    .where('updatedAt', '>=', since)
    .where(hasActors)
    .orderBy('updatedAt', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute()) as NotificationRow[]
}

/** One of the reader's notifications (undefined for another's). */
export async function findNotification(db: Db, userId: string, id: string): Promise<NotificationRow | undefined> {
  return (await db.selectFrom('notifications').select(columns).where('id', '=', id).where('userId', '=', userId).where(hasActors).executeTakeFirst()) as
    NotificationRow | undefined
}

/** Marks the reader's unread notifications read (the named ones, or all); answers how many. */
export async function markRead(trx: Db, userId: string, ids: string[] | undefined, now: string): Promise<number> {
  let q = trx.updateTable('notifications').set({ readAt: now }).where('userId', '=', userId).where('readAt', 'is', null).where(hasActors)
  if (ids) q = q.where('id', 'in', ids)
  const r = await q.executeTakeFirst()
  return Number(r.numUpdatedRows)
}

/** The most recent readers of each notification (at most NOTIFICATION_LIMITS.actorsShown each). */
export async function listRecentActors(db: Db, ids: string[]): Promise<Map<string, UserSummary[]>> {
  const byId = new Map<string, UserSummary[]>()
  if (!ids.length) return byId
  const ranked = db
    .selectFrom('notificationActors')
    .select([
      'notificationId',
      'actorId',
      'createdAt',
      sql<number>`row_number() over (partition by notification_id order by created_at desc, actor_id)`.as('rank'),
    ])
    .where('notificationId', 'in', ids)
    .as('ranked')
  const rows = await db
    .selectFrom(ranked)
    .innerJoin('users', 'users.id', 'ranked.actorId')
    .select(['ranked.notificationId', 'users.id', 'users.name', 'users.username', summaryImage('users').as('profileImage')])
    .where('ranked.rank', '<=', NOTIFICATION_LIMITS.actorsShown)
    .orderBy('ranked.notificationId')
    .orderBy('ranked.rank')
    .execute()
  for (const r of rows) {
    const list = byId.get(r.notificationId) ?? []
    list.push({ _id: r.id, name: r.name, username: r.username, profileImage: r.profileImage })
    byId.set(r.notificationId, list)
  }
  return byId
}

/** A row as the API sends it. */
export const asNotification = (r: NotificationRow, actors: UserSummary[]): Notification => ({
  _id: r.id,
  type: r.type as NotificationType,
  actors,
  count: r.actorCount,
  target: { type: r.targetType as NotificationTarget['type'], id: r.targetId, bookId: r.bookId, title: r.title, parentId: r.parentId },
  createdAt: toIso(r.updatedAt),
  readAt: r.readAt === null ? null : toIso(r.readAt),
})

export async function insertTicket(trx: Db, hash: string, userId: string, expiresAt: string, now: string): Promise<void> {
  // Expired tickets of the reader go as a new one is made: the table stays as small as its use.
  await trx.deleteFrom('notificationTickets').where('userId', '=', userId).where('expiresAt', '<', now).execute()
  await trx.insertInto('notificationTickets').values({ hash, userId, expiresAt }).execute()
}

/** Uses a ticket up: answers its reader when it existed and had not expired. */
export async function takeTicket(db: Db, hash: string, now: string): Promise<string | undefined> {
  const row = await db.deleteFrom('notificationTickets').where('hash', '=', hash).returning(['userId', 'expiresAt']).executeTakeFirst()
  if (!row || toIso(row.expiresAt) <= now) return undefined
  return row.userId
}
