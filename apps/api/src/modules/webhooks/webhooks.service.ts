import { randomBytes } from 'node:crypto'
import { v7 as uuidv7 } from 'uuid'
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  type CreatedWebhook,
  type PagingQuery,
  type Webhook,
  type WebhookDelivery,
  type WebhookInput,
} from '@shelfwise/contracts'
import { nowIso, type Db } from '#/db/portable.ts'
import { badRequest, conflict, notFound } from '#/errors.ts'
import type { Events } from '#/events.ts'
import { TOPICS, type Changes } from '#/changes.ts'
import { cutPage, decodeKeyset, encodeCursor, rowsToRead, type Page } from '#/paging.ts'
import type { Actor } from '#/security/actor.ts'
import { pointsToPrivate } from '#/modules/webhooks/webhooks.addresses.ts'
import {
  countDeliveries,
  countWebhooks,
  deleteOwnWebhook,
  enableOwnWebhook,
  findOwnWebhook,
  insertDeliveries,
  insertWebhook,
  listDeliveries,
  listWorkingHooks,
  listWebhooks,
} from '#/modules/webhooks/webhooks.repository.ts'
import { createWebhooksWorker, type WebhooksWorkerDeps } from '#/modules/webhooks/webhooks.worker.ts'

export interface WebhooksDeps {
  db: Db
  /** Hooks may point to loopback and private addresses (tests only). */
  allowPrivate: boolean
  /** How often this instance looks for due deliveries (ms); 0: it never does. */
  pollMs: number
  /** What changed, told by the database: a reader's hooks are kept until they change (decision 0064). */
  changes?: Changes
  /** For tests: a resolver of host names, a clock, a sender. */
  resolve?: (host: string) => Promise<string[]>
  worker?: Partial<Omit<WebhooksWorkerDeps, 'db' | 'allowPrivate'>>
}

/** A secret of 32 random bytes, hex, prefixed so a reader recognises it. */
const newSecret = () => `whsec_${randomBytes(32).toString('hex')}`

export const createWebhooksService = ({ db, allowPrivate, pollMs, resolve, changes, worker: workerDeps = {} }: WebhooksDeps) => {
  const worker = createWebhooksWorker({ db, allowPrivate, ...workerDeps })

  // Every reading, review and progress write asks which hooks its reader has; hooks change rarely, so
  // the answer is kept per reader until the database tells their hooks changed (decision 0064, "Webhooks").
  const keptHooks = changes?.kept<{ id: string; events: string }[]>({ max: 20_000 })
  /**
   * Read in the write's own transaction (on its connection, so a pool full of writes waiting for one
   * more connection cannot deadlock); a load shared with another request's transaction that failed is
   * read again in this one.
   */
  const workingHooksOf = (trx: Db, userId: string) =>
    keptHooks
      ? keptHooks.get(TOPICS.readerHooks(userId), () => listWorkingHooks(trx, userId)).catch(() => listWorkingHooks(trx, userId))
      : listWorkingHooks(trx, userId)

  /** The events' listener: one delivery per working hook of the reader that wants the event, in the change's transaction (the outbox). */
  const events: Events = {
    async emit(trx, userId, event, data) {
      const hooks = (await workingHooksOf(trx, userId)).filter((h) => h.events.includes(`,${event},`))
      if (!hooks.length) return
      const createdAt = nowIso()
      await insertDeliveries(
        trx,
        hooks.map((h) => {
          const id = uuidv7()
          return { id, webhookId: h.id, userId, event, createdAt, payload: JSON.stringify({ id, event, createdAt, data }) }
        }),
      )
    },
  }

  return {
    events,

    /** Registers a hook for the caller; its secret is in this answer only. */
    async create(actor: Actor, input: WebhookInput): Promise<CreatedWebhook> {
      const url = new URL(input.url)
      if (!allowPrivate && (await pointsToPrivate(url, resolve))) throw badRequest(WEBHOOK_MESSAGES.privateUrl)
      const secret = newSecret()
      return db.transaction().execute(async (trx) => {
        // Counted in the insert's transaction; on PostgreSQL two racing creates may pass together once, which the bound tolerates.
        if ((await countWebhooks(trx, actor.id)) >= WEBHOOK_LIMITS.hooksPerReader) throw conflict(WEBHOOK_MESSAGES.tooMany)
        const hook = await insertWebhook(trx, { id: uuidv7(), userId: actor.id, url: url.href, events: input.events, secret, createdAt: nowIso() })
        return { ...hook, secret }
      })
    },

    /** The caller's hooks, without their secrets. */
    list: (actor: Actor): Promise<Webhook[]> => listWebhooks(db, actor.id),

    /** Deletes one of the caller's hooks and its log; 404 for an absent one or another's. */
    async remove(actor: Actor, id: string): Promise<void> {
      const gone = await db.transaction().execute((trx) => deleteOwnWebhook(trx, actor.id, id))
      if (!gone) throw notFound(WEBHOOK_MESSAGES.notFound)
    },

    /** Turns one of the caller's hooks back on after it was disabled; answers it; 404 for an absent one or another's. */
    async enable(actor: Actor, id: string): Promise<Webhook> {
      if (!(await enableOwnWebhook(db, actor.id, id))) throw notFound(WEBHOOK_MESSAGES.notFound)
      return (await findOwnWebhook(db, actor.id, id))!
    },

    /** One sweep of the delivery log now (tests): answers how many settled deliveries older than the log's days it deleted. */
    sweepLog: () => worker.sweepOnce(),

    /** A hook's delivery log, newest first, paged; 404 for an absent hook or another's. */
    async deliveries(actor: Actor, id: string, q: PagingQuery): Promise<Page<WebhookDelivery>> {
      if (!(await findOwnWebhook(db, actor.id, id))) throw notFound(WEBHOOK_MESSAGES.notFound)
      const after = q.cursor ? decodeKeyset(q.cursor, ['instant', 'id'] as const) : undefined
      const [total, rows] = await Promise.all([
        countDeliveries(db, id),
        listDeliveries(db, id, { ...(after ? { after: { createdAt: after[0], id: after[1] } } : {}), limit: rowsToRead(q.limit ?? WEBHOOK_LOG_DEFAULT) }),
      ])
      const page = cutPage(rows, q.limit ?? WEBHOOK_LOG_DEFAULT, (last) => encodeCursor([last.createdAt, last._id]))
      return { items: page.rows, total, ...(page.next ? { nextCursor: page.next } : {}) }
    },

    /** One round of delivery work now (tests, the bench): answers how many deliveries it claimed. */
    deliverDue: (limit?: number) => worker.runOnce(limit),

    /** This instance's part in delivering: answers its stop. */
    startWorking(log: { error(obj: object, msg: string): void }): () => Promise<void> {
      if (pollMs <= 0) return async () => {}
      return worker.start(pollMs, log)
    },
  }
}

/** Deliveries a log page shows when the caller names no limit (a log can grow long). */
const WEBHOOK_LOG_DEFAULT = 50

export type WebhooksService = ReturnType<typeof createWebhooksService>
