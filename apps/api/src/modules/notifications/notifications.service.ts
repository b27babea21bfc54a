import { createHash, randomBytes } from 'node:crypto'
import { v7 as uuidv7 } from 'uuid'
import {
  NOTIFICATION_LIMITS,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TYPES,
  type MarkReadInput,
  type Notification,
  type NotificationSettings,
  type NotificationSettingsInput,
  type NotificationTargetType,
  type NotificationType,
  type PagingQuery,
  type StreamTicket,
} from '@shelfwise/contracts'
import { nowIso, type Db } from '#/db/portable.ts'
import { unauthorized } from '#/errors.ts'
import { cutPage, decodeKeyset, encodeCursor, type Page } from '#/paging.ts'
import type { Actor } from '#/security/actor.ts'
import { createLiveBus, type LiveBus } from '#/modules/notifications/notifications.live.ts'
import {
  addActor,
  addActorToGroups,
  asNotification,
  bumpGroup,
  bumpGroups,
  countUnread,
  ensureGroup,
  ensureGroups,
  findGroupToJoin,
  findNotification,
  insertTicket,
  listChangedSince,
  listPage,
  listRecentActors,
  listTurnedOff,
  listTurnedOffAmong,
  markRead,
  removeActor,
  removeActorFromRecipient,
  removeGroupsAbout,
  setTurnedOff,
  takeTicket,
  type NotificationRow,
} from '#/modules/notifications/notifications.repository.ts'

// Notifications (issue 24, points 1 and 2, decisions 0052 and 0053).

/** What a source module says happened, in its own transaction. */
export interface NotifyInput {
  recipientId: string
  type: NotificationType
  /** The reader who acted; none for what the service itself did (an import finished, a report settled). */
  actorId?: string
  target: {
    type: NotificationTargetType
    id: string
    bookId?: string | null
    parentId?: string | null
    /** When absent and a book is named, the book's title. */
    title?: string | null
  }
  /** The caller already applied `canNotify`'s rule to this actor and recipient (in its own read): not asked again. */
  blocksChecked?: boolean
}

/**
 * Whether `actorId` may notify `recipientId`: the one place blocks will be checked (issue 24, point 4).
 * Until then everyone may.
 */
type CanNotify = (trx: Db, recipientId: string, actorId: string) => Promise<boolean>
const allowEveryone: CanNotify = async () => true
/** The same question for many recipients at once: those among `ids` the actor may not notify (one read). */
type RefusedAmong = (trx: Db, actorId: string, ids: readonly string[]) => Promise<Set<string>>
const refuseNobody: RefusedAmong = async () => new Set()

/** One actor's action told to many readers at once (the other participants of a thread). */
export interface NotifyManyInput {
  recipientIds: readonly string[]
  type: NotificationType
  actorId: string
  target: NotifyInput['target']
}

/** A cause taken back (an unlike, an unfollow, a deleted comment or post): who, of what kinds, on what. */
export interface WithdrawInput {
  actorId: string
  types: readonly NotificationType[]
  target: { type: NotificationTargetType; id: string }
  /** Only this reader's groups (when the cause told one reader). */
  recipientId?: string
}

/** A thing that went: its notifications, and those about the things under it (a review's comments, a thread's posts). */
export interface WithdrawAboutInput {
  type: NotificationTargetType
  id: string
  childType?: NotificationTargetType
}

export interface NotificationsDeps {
  db: Db
  /** The database's URL: PostgreSQL's live signals need a connection of their own. */
  databaseUrl: string
  canNotify?: CanNotify
  /** What `canNotify` answers, for a fan-out's recipients at once; must agree with it. */
  refusedAmong?: RefusedAmong
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

export const createNotificationsService = ({ db, databaseUrl, canNotify = allowEveryone, refusedAmong = refuseNobody }: NotificationsDeps) => {
  const live: LiveBus = createLiveBus(db, databaseUrl)

  const present = async (rows: NotificationRow[], on: Db = db): Promise<Notification[]> => {
    const actors = await listRecentActors(
      on,
      rows.map((r) => r.id),
    )
    return rows.map((r) => asNotification(r, actors.get(r.id) ?? []))
  }

  /**
   * Records that something happened to the recipient's things, in the caller's transaction: joins the
   * unread group of the same kind on the same target, or starts one, and tells the recipient's live
   * streams at commit. Nothing for a reader's own action, a kind they turned off, or an actor
   * `canNotify` refuses.
   */
  async function notify(trx: Db, input: NotifyInput): Promise<void> {
    const { recipientId, actorId, type } = input
    if (actorId === recipientId) return
    if (actorId !== undefined && !input.blocksChecked && !(await canNotify(trx, recipientId, actorId))) return
    const target = await targetOf(trx, input.target)
    // Turned off, and the group to join, in one read; a group is made only when there is none.
    const found = await findGroupToJoin(trx, { userId: recipientId, type, target })
    if (found.turnedOff) return
    const now = nowIso()
    const group =
      found.id !== undefined ? { id: found.id, made: false } : await ensureGroup(trx, { id: uuidv7(), userId: recipientId, type, target, now }, true)
    // A reader counts once in a group: liking, taking back and liking again tells nobody twice. A
    // group just made already counts its first reader (a racing writer's group, found instead, does not).
    // The live signal rides on the actor's row where the bus can say it in SQL (one statement less).
    const signal = actorId === undefined ? undefined : live.signalOf(recipientId, group.id)
    if (actorId !== undefined && !(await addActor(trx, group.id, actorId, now, signal))) return
    if (!group.made) await bumpGroup(trx, group.id, now, target.title)
    if (!signal) await live.publish(trx, recipientId, group.id)
  }

  /** The target as kept: a named book's title when none is given. */
  const targetOf = async (trx: Db, t: NotifyInput['target']) => {
    const bookId = t.bookId ?? null
    let title = t.title ?? null
    if (title === null && bookId !== null) {
      title = (await trx.selectFrom('books').select('title').where('id', '=', bookId).executeTakeFirst())?.title ?? null
    }
    return { type: t.type, id: t.id, bookId, parentId: t.parentId ?? null, title }
  }

  /**
   * `notify` for many recipients of one action at once (a reply told to a thread's participants),
   * with the same rules and the same rows as calling it for each, in a bounded number of statements
   * whatever their number: the refused and those who turned the kind off are read once, the groups
   * made in one insert and read in one select, the actor joins them in one insert, the counts move in
   * one update, and the live signals go in one statement.
   */
  async function notifyMany(trx: Db, input: NotifyManyInput): Promise<void> {
    const { actorId, type } = input
    const wanted = [...new Set(input.recipientIds)].filter((id) => id !== actorId)
    if (!wanted.length) return
    const refused = await refusedAmong(trx, actorId, wanted)
    const off = await listTurnedOffAmong(
      trx,
      wanted.filter((id) => !refused.has(id)),
      type,
    )
    const told = wanted.filter((id) => !refused.has(id) && !off.has(id))
    if (!told.length) return
    const now = nowIso()
    const target = await targetOf(trx, input.target)
    const groups = await ensureGroups(trx, { ids: told.map((userId) => ({ id: uuidv7(), userId })), type, target, now })
    const joined = new Set(
      await addActorToGroups(
        trx,
        groups.map((g) => g.id),
        actorId,
        now,
      ),
    )
    const changed = groups.filter((g) => joined.has(g.id))
    await bumpGroups(
      trx,
      changed.map((g) => g.id),
      now,
      target.title,
    )
    await live.publishMany(trx, changed)
  }

  /** Takes an actor out of the unread groups their taken-back action was told in (decision 0052, "Withdrawn"). */
  const withdraw = async (trx: Db, input: WithdrawInput): Promise<void> => {
    const touched = await removeActor(
      trx,
      { types: input.types, targetType: input.target.type, targetId: input.target.id, ...(input.recipientId ? { recipientId: input.recipientId } : {}) },
      input.actorId,
    )
    // Their readers' live streams learn it at commit (decision 0053, "Withdrawn"): a smaller group, or one gone.
    await live.publishMany(trx, touched, 'withdrawn')
  }

  /** Removes the unread notifications about a thing that went, and about the things under it. */
  const withdrawAbout = async (trx: Db, input: WithdrawAboutInput): Promise<void> => {
    await live.publishMany(trx, await removeGroupsAbout(trx, input), 'withdrawn')
  }

  /**
   * A block between two readers (decision 0057): each leaves the other's unread groups, so neither
   * sees the other there any more; a group left with nobody disappears as after an unlike. Read
   * groups stay as their reader saw them (decision 0052, "Withdrawn").
   */
  const withdrawBetween = async (trx: Db, a: string, b: string): Promise<void> => {
    await live.publishMany(trx, [...(await removeActorFromRecipient(trx, a, b)), ...(await removeActorFromRecipient(trx, b, a))], 'withdrawn')
  }

  return {
    notify,
    notifyMany,
    withdraw,
    withdrawAbout,
    withdrawBetween,
    live,

    /** The reader's notifications, latest activity first, paged. */
    async list(actor: Actor, q: PagingQuery): Promise<Page<Notification>> {
      const after = q.cursor ? decodeKeyset(q.cursor, ['instant', 'id'] as const) : undefined
      const { rows, actors, total } = await listPage(db, actor.id, {
        ...(after ? { after: { updatedAt: after[0], id: after[1] } } : {}),
        // One more than the page holds, to know whether another follows (paging.ts, rowsToRead).
        limit: (q.limit ?? DEFAULT_PAGE) + 1,
      })
      const page = cutPage(rows, q.limit ?? DEFAULT_PAGE, (last) => encodeCursor([new Date(last.updatedAt).toISOString(), last.id]))
      return { items: page.rows.map((r) => asNotification(r, actors.get(r.id) ?? [])), total, ...(page.next ? { nextCursor: page.next } : {}) }
    },

    unreadCount: async (actor: Actor) => ({ count: await countUnread(db, actor.id) }),

    /** Marks the named notifications read, or all when none are named; another's ids change nothing. */
    markRead: async (actor: Actor, input: MarkReadInput) => ({
      marked: await db.transaction().execute((trx) => markRead(trx, actor.id, input?.ids, nowIso())),
    }),

    async settings(actor: Actor): Promise<NotificationSettings> {
      const off = new Set(await listTurnedOff(db, actor.id))
      return Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, !off.has(t)])) as NotificationSettings
    },

    async putSettings(actor: Actor, input: NotificationSettingsInput): Promise<NotificationSettings> {
      const entries = Object.entries(input).filter(([, v]) => v !== undefined) as [NotificationType, boolean][]
      await db.transaction().execute((trx) =>
        setTurnedOff(
          trx,
          actor.id,
          entries.filter(([, on]) => !on).map(([t]) => t),
          entries.filter(([, on]) => on).map(([t]) => t),
        ),
      )
      return this.settings(actor)
    },

    /** A single-use ticket for the live stream, short-lived; only its hash is kept. */
    async ticket(actor: Actor): Promise<StreamTicket> {
      const ticket = `swt_${randomBytes(24).toString('base64url')}`
      const now = nowIso()
      const expiresAt = new Date(Date.now() + NOTIFICATION_LIMITS.ticketSeconds * 1000).toISOString()
      await db.transaction().execute((trx) => insertTicket(trx, sha256(ticket), actor.id, expiresAt, now))
      return { ticket, expiresAt }
    },

    /** The reader a ticket was made for, using it up; 401 for an unknown, used or expired one. */
    async useTicket(ticket: string): Promise<string> {
      const userId = await takeTicket(db, sha256(ticket), nowIso())
      if (!userId) throw unauthorized(NOTIFICATION_MESSAGES.ticketInvalid)
      return userId
    },

    /** One of the reader's notifications as sent, or undefined (another's, or gone). */
    async one(userId: string, id: string): Promise<Notification | undefined> {
      const row = await findNotification(db, userId, id)
      return row ? (await present([row]))[0] : undefined
    },

    /** The reader's unread count (a stream's withdrawn event carries it). */
    unreadOf: (userId: string) => countUnread(db, userId),

    /** The reader's notifications changed since `since` (a reconnecting stream's replay), oldest first. */
    async changedSince(userId: string, since: string, limit: number): Promise<Notification[]> {
      return present(await listChangedSince(db, userId, since, limit))
    },
  }
}

/** Notifications a page shows when the caller names no limit. */
const DEFAULT_PAGE = 20

export type NotificationsService = ReturnType<typeof createNotificationsService>
export type Notify = NotificationsService['notify']

export type NotifyMany = NotificationsService['notifyMany']
export type Withdraw = NotificationsService['withdraw']
export type WithdrawAbout = NotificationsService['withdrawAbout']
export type WithdrawBetween = NotificationsService['withdrawBetween']

/** Nobody is told: for services built without notifications (tests of one module). */
export const noNotify: Notify = async () => {}
export const noNotifyMany: NotifyMany = async () => {}
export const noWithdraw: Withdraw = async () => {}
export const noWithdrawAbout: WithdrawAbout = async () => {}
export const noWithdrawBetween: WithdrawBetween = async () => {}
