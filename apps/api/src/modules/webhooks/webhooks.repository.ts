import { sql } from 'kysely'
import { WEBHOOK_EVENTS, type Webhook, type WebhookDelivery, type WebhookEvent } from '@shelfwise/contracts'
import { dialectOf, rowCount, toIso, type Db } from '#/db/portable.ts'

// The webhooks' SQL (decision 0048): hooks, and their deliveries, which are the outbox rows and the log at once.

const eventsText = (events: readonly WebhookEvent[]) => `,${events.join(',')},`
const eventsOf = (text: string): WebhookEvent[] => WEBHOOK_EVENTS.filter((e) => text.includes(`,${e},`))

const hookColumns = ['id', 'url', 'events', 'createdAt', 'disabledAt', 'disabledReason'] as const

const toWebhook = (r: {
  id: string
  url: string
  events: string
  createdAt: string | Date
  disabledAt: string | Date | null
  disabledReason: string | null
}): Webhook => ({
  _id: r.id,
  url: r.url,
  events: eventsOf(r.events),
  createdAt: toIso(r.createdAt),
  disabledAt: r.disabledAt === null ? null : toIso(r.disabledAt),
  disabledReason: r.disabledReason,
})

export interface NewWebhook {
  id: string
  userId: string
  url: string
  events: readonly WebhookEvent[]
  secret: string
  createdAt: string
}

/** Stores a new hook. */
export async function insertWebhook(db: Db, h: NewWebhook): Promise<Webhook> {
  await db
    .insertInto('webhooks')
    .values({
      id: h.id,
      userId: h.userId,
      url: h.url,
      events: eventsText(h.events),
      secret: h.secret,
      createdAt: h.createdAt,
      disabledAt: null,
      disabledReason: null,
    })
    .execute()
  return toWebhook({ ...h, events: eventsText(h.events), disabledAt: null, disabledReason: null })
}

/** How many hooks a reader keeps. */
export const countWebhooks = (db: Db, userId: string): Promise<number> => rowCount(db.selectFrom('webhooks').where('userId', '=', userId))

/** A reader's hooks, oldest first (at most the per-reader bound). */
export async function listWebhooks(db: Db, userId: string): Promise<Webhook[]> {
  const rows = await db.selectFrom('webhooks').select(hookColumns).where('userId', '=', userId).orderBy('createdAt').orderBy('id').execute()
  return rows.map(toWebhook)
}

/** One of a reader's hooks, or undefined when absent or another's. */
export async function findOwnWebhook(db: Db, userId: string, id: string): Promise<Webhook | undefined> {
  const row = await db.selectFrom('webhooks').select(hookColumns).where('id', '=', id).where('userId', '=', userId).executeTakeFirst()
  return row && toWebhook(row)
}

/** Deletes one of a reader's hooks with its log; false when absent or another's. */
export async function deleteOwnWebhook(db: Db, userId: string, id: string): Promise<boolean> {
  await db
    .deleteFrom('webhookDeliveries')
    .where('webhookId', 'in', db.selectFrom('webhooks').select('id').where('id', '=', id).where('userId', '=', userId))
    .execute()
  const res = await db.deleteFrom('webhooks').where('id', '=', id).where('userId', '=', userId).executeTakeFirst()
  return Number(res.numDeletedRows) > 0
}

/** Turns one of a reader's hooks back on (a disabled one: it is sent the events from now on); false when absent or another's. */
export async function enableOwnWebhook(db: Db, userId: string, id: string): Promise<boolean> {
  const res = await db
    .updateTable('webhooks')
    .set({ disabledAt: null, disabledReason: null })
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst()
  return Number(res.numUpdatedRows) > 0
}

/** Deletes up to `limit` settled deliveries (delivered, or failed for good) made before `before`, oldest first; answers how many. */
export async function sweepDeliveries(db: Db, before: string, limit: number): Promise<number> {
  const res = await db
    .deleteFrom('webhookDeliveries')
    .where(
      'id',
      'in',
      db.selectFrom('webhookDeliveries').select('id').where('nextAttemptAt', 'is', null).where('createdAt', '<', before).orderBy('createdAt').limit(limit),
    )
    .executeTakeFirst()
  return Number(res.numDeletedRows)
}

/** The reader's working hooks and the events each wants (',a,b,'): at most WEBHOOK_LIMITS.hooksPerReader rows. */
export async function listWorkingHooks(db: Db, userId: string): Promise<{ id: string; events: string }[]> {
  return db.selectFrom('webhooks').select(['id', 'events']).where('userId', '=', userId).where('disabledAt', 'is', null).orderBy('id').execute()
}

export interface NewDelivery {
  id: string
  webhookId: string
  userId: string
  event: WebhookEvent
  payload: string
  createdAt: string
}

/** Queues deliveries, due at once. */
export async function insertDeliveries(db: Db, rows: NewDelivery[]): Promise<void> {
  if (!rows.length) return
  await db
    .insertInto('webhookDeliveries')
    .values(rows.map((r) => ({ ...r, nextAttemptAt: r.createdAt, lastStatus: null, lastError: null, deliveredAt: null, failedAt: null })))
    .execute()
}

const deliveryColumns = ['id', 'event', 'createdAt', 'attempts', 'nextAttemptAt', 'lastStatus', 'lastError', 'deliveredAt', 'failedAt'] as const

const toDelivery = (r: {
  id: string
  event: string
  createdAt: string | Date
  attempts: number
  nextAttemptAt: string | Date | null
  lastStatus: number | null
  lastError: string | null
  deliveredAt: string | Date | null
  failedAt: string | Date | null
}): WebhookDelivery => ({
  _id: r.id,
  event: r.event as WebhookEvent,
  createdAt: toIso(r.createdAt),
  state: r.deliveredAt !== null ? 'delivered' : r.failedAt !== null ? 'failed' : 'pending',
  attempts: Number(r.attempts),
  lastStatus: r.lastStatus === null ? null : Number(r.lastStatus),
  lastError: r.lastError,
  nextAttemptAt: r.nextAttemptAt === null ? null : toIso(r.nextAttemptAt),
  deliveredAt: r.deliveredAt === null ? null : toIso(r.deliveredAt),
})

/** How many deliveries a hook's log holds. */
export const countDeliveries = (db: Db, webhookId: string): Promise<number> => rowCount(db.selectFrom('webhookDeliveries').where('webhookId', '=', webhookId))

/** A hook's deliveries, newest first, after a delivery (its creation time and id). */
export async function listDeliveries(
  db: Db,
  webhookId: string,
  opts: { after?: { createdAt: string; id: string }; limit?: number },
): Promise<WebhookDelivery[]> {
  let q = db.selectFrom('webhookDeliveries').select(deliveryColumns).where('webhookId', '=', webhookId)
  const after = opts.after
  if (after) q = q.where((eb) => eb.or([eb('createdAt', '<', after.createdAt), eb.and([eb('createdAt', '=', after.createdAt), eb('id', '<', after.id)])]))
  q = q.orderBy('createdAt', 'desc').orderBy('id', 'desc')
  if (opts.limit !== undefined) q = q.limit(opts.limit)
  return (await q.execute()).map(toDelivery)
}

export interface ClaimedDelivery {
  id: string
  webhookId: string
  userId: string
  payload: string
  createdAt: string
  /** The attempt this claim makes (1 for the first). */
  attempts: number
}

/**
 * Claims up to `limit` due deliveries for one attempt each: their next attempt moves to `leaseUntil`,
 * so no other worker takes them until then (PostgreSQL skips rows another worker is claiming; SQLite
 * writes one transaction at a time), and a worker that dies leaves them due again at that moment.
 */
export async function claimDueDeliveries(db: Db, now: string, leaseUntil: string, limit: number): Promise<ClaimedDelivery[]> {
  const due = () =>
    db
      .selectFrom('webhookDeliveries')
      .select('id')
      .where('nextAttemptAt', 'is not', null)
      .where('nextAttemptAt', '<=', now)
      .orderBy('nextAttemptAt')
      .limit(limit)
  // A look first, reading only: an idle worker's poll never takes SQLite's write lock.
  const ids = (await due().execute()).map((r) => r.id)
  if (!ids.length) return []
  const claim = db.updateTable('webhookDeliveries').set((eb) => ({ nextAttemptAt: leaseUntil, attempts: eb('attempts', '+', 1) }))
  const rows = await (
    dialectOf(db) === 'postgres'
      ? // Rows another worker is claiming are skipped, not waited for.
        claim.where('id', 'in', due().forUpdate().skipLocked())
      : // One writer at a time: the rows looked at are still due unless this same process claimed them meanwhile.
        claim.where('id', 'in', ids).where('nextAttemptAt', '<=', now)
  )
    .returning(['id', 'webhookId', 'userId', 'payload', 'createdAt', 'attempts'])
    .execute()
  return rows.map((r) => ({ ...r, createdAt: toIso(r.createdAt), attempts: Number(r.attempts) }))
}

/** The hooks of claimed deliveries: where to send and how to sign; a disabled or deleted hook is absent. */
export async function listHookTargets(db: Db, ids: string[]): Promise<Map<string, { url: string; secret: string }>> {
  if (!ids.length) return new Map()
  const rows = await db.selectFrom('webhooks').select(['id', 'url', 'secret']).where('id', 'in', ids).where('disabledAt', 'is', null).execute()
  return new Map(rows.map((r) => [r.id, { url: r.url, secret: r.secret }]))
}

/** The outcome of one attempt, written only while the claim is still this attempt's. */
export interface AttemptOutcome {
  id: string
  attempts: number
  status: number | null
  error: string | null
  /** Delivered at this moment. */
  deliveredAt?: string
  /** Failed for good at this moment. */
  failedAt?: string
  /** Tried again at this moment. */
  retryAt?: string
}

/** Writes an attempt's outcome; false when another claim has taken the row since (the lease ran out). */
export async function settleAttempt(db: Db, o: AttemptOutcome): Promise<boolean> {
  const res = await db
    .updateTable('webhookDeliveries')
    .set({
      lastStatus: o.status,
      lastError: o.error,
      nextAttemptAt: o.retryAt ?? null,
      deliveredAt: o.deliveredAt ?? null,
      failedAt: o.failedAt ?? null,
    })
    .where('id', '=', o.id)
    .where('attempts', '=', o.attempts)
    .where('deliveredAt', 'is', null)
    .where('failedAt', 'is', null)
    .executeTakeFirst()
  return Number(res.numUpdatedRows) > 0
}

/**
 * Writes the outcomes of many attempts: those alike (the same status, error and moments, as a batch
 * of deliveries that all answered 2xx is) in one statement each, so a batch costs a few statements.
 * Each row is written only while its claim is still the attempt's.
 */
export async function settleAttempts(db: Db, outcomes: AttemptOutcome[]): Promise<void> {
  const groups = new Map<string, AttemptOutcome[]>()
  for (const o of outcomes) {
    const key = JSON.stringify([o.attempts, o.status, o.error, o.deliveredAt ?? null, o.failedAt ?? null, o.retryAt ?? null])
    groups.set(key, [...(groups.get(key) ?? []), o])
  }
  for (const group of groups.values()) {
    const o = group[0]!
    await db
      .updateTable('webhookDeliveries')
      .set({ lastStatus: o.status, lastError: o.error, nextAttemptAt: o.retryAt ?? null, deliveredAt: o.deliveredAt ?? null, failedAt: o.failedAt ?? null })
      .where(
        'id',
        'in',
        group.map((g) => g.id),
      )
      .where('attempts', '=', o.attempts)
      .where('deliveredAt', 'is', null)
      .where('failedAt', 'is', null)
      .execute()
  }
}

/**
 * Disables a hook (once) and settles its deliveries still to go as failed: answers the reader's id
 * when this call disabled it, undefined when it was disabled already or is gone.
 */
export async function disableWebhook(db: Db, id: string, reason: string, at: string): Promise<string | undefined> {
  const row = await db
    .updateTable('webhooks')
    .set({ disabledAt: at, disabledReason: reason })
    .where('id', '=', id)
    .where('disabledAt', 'is', null)
    .returning('userId')
    .executeTakeFirst()
  if (!row) return undefined
  await db
    .updateTable('webhookDeliveries')
    .set({ nextAttemptAt: null, failedAt: at, lastError: sql<string>`coalesce(last_error, ${'the webhook was disabled'})` })
    .where('webhookId', '=', id)
    .where('nextAttemptAt', 'is not', null)
    .execute()
  return row.userId
}
