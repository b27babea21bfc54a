import type { Db } from '#/db/portable.ts'
import { startRounds } from '#/worker-rounds.ts'
import {
  claimDueDeliveries,
  disableWebhook,
  listHookTargets,
  settleAttempt,
  settleAttempts,
  sweepDeliveries,
  type AttemptOutcome,
  type ClaimedDelivery,
} from '#/modules/webhooks/webhooks.repository.ts'
import { sendAttempt, type Attempt, type AttemptResult } from '#/modules/webhooks/webhooks.sender.ts'

// The deliveries' background work (decision 0048): every instance claims due rows a few at a time
// under a lease, sends each attempt, and writes its outcome; a failed attempt is tried again after an
// exponentially growing, jittered wait, for a day from the event; then the hook is disabled.

/** How long a claimed attempt stays with its worker; past that any worker takes the row again. */
export const LEASE_MS = 60_000
/** An attempt's answer must come within this. */
const ATTEMPT_TIMEOUT_MS = 10_000
/** The first retry's wait; each next one doubles, up to RETRY_MAX_MS. */
export const RETRY_BASE_MS = 30_000
const RETRY_MAX_MS = 60 * 60_000
/** How long after its event a delivery is still tried. */
export const RETRY_WINDOW_MS = 24 * 60 * 60_000
/** How long the delivery log keeps a settled delivery. */
const WEBHOOK_LOG_DAYS = 30
/** How often an instance sweeps the log, and how many rows one sweep deletes at most (the rest next time). */
const SWEEP_EVERY_MS = 60 * 60_000
const SWEEP_BATCH = 1000
/** Attempts in flight at once on one instance. */
const CONCURRENCY = 8
/** Deliveries claimed, sent and settled together (one claim and one commit for them). */
const CLAIM_BATCH = 64

/** The wait before attempt `attempt + 1` after `attempt` failed: RETRY_BASE_MS doubling, capped, times a jitter from ½ to 1. */
const retryDelay = (attempt: number, random: () => number) => {
  const full = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.min(attempt - 1, 20))
  return Math.round(full / 2 + (full / 2) * random())
}

export interface WebhooksWorkerDeps {
  db: Db
  allowPrivate: boolean
  /** The clock (ms), injectable so tests move time without waiting. */
  now?: () => number
  random?: () => number
  send?: (a: Attempt) => Promise<AttemptResult>
  /**
   * Told when a hook is disabled after a day of failures, once. The hook's flag is what the web shows
   * today; this is where a notification to the reader goes once notifications exist.
   */
  onDisabled?: (userId: string, webhookId: string) => Promise<void>
  log?: { error(obj: object, msg: string): void }
}

export const createWebhooksWorker = ({
  db,
  allowPrivate,
  now = Date.now,
  random = Math.random,
  send = sendAttempt,
  onDisabled = async () => {},
  log,
}: WebhooksWorkerDeps) => {
  const iso = (ms: number) => new Date(ms).toISOString()

  /** One claimed attempt, sent: its outcome to write (a delivered one's moment is the batch's), and whether it failed for good. */
  const attempt = async (d: ClaimedDelivery, target: { url: string; secret: string } | undefined): Promise<{ outcome: AttemptOutcome; final?: string }> => {
    const base = { id: d.id, attempts: d.attempts }
    // The hook was disabled or deleted after the event: nothing is sent.
    if (!target) return { outcome: { ...base, status: null, error: 'the webhook was disabled', failedAt: iso(now()) } }
    const result = await send({
      url: target.url,
      deliveryId: d.id,
      secret: target.secret,
      body: d.payload,
      now: now(),
      timeoutMs: ATTEMPT_TIMEOUT_MS,
      allowPrivate,
    })
    const after = now()
    if (result.ok) return { outcome: { ...base, status: result.status, error: null, deliveredAt: '' } }
    const retryAt = after + retryDelay(d.attempts, random)
    if (retryAt <= Date.parse(d.createdAt) + RETRY_WINDOW_MS) return { outcome: { ...base, status: result.status, error: result.error, retryAt: iso(retryAt) } }
    return { outcome: { ...base, status: result.status, error: result.error, failedAt: iso(after) }, final: result.error ?? 'unknown' }
  }

  /**
   * Writes a batch's outcomes in one transaction with a few statements (on SQLite every statement
   * and commit holds the event loop), disabling the hooks whose delivery failed for good; answers
   * who to tell. Delivered ones are stamped with the moment the batch is written.
   */
  const settle = (claimed: ClaimedDelivery[], done: { outcome: AttemptOutcome; final?: string }[]) =>
    db.transaction().execute(async (trx) => {
      const at = iso(now())
      await settleAttempts(
        trx,
        done.filter((d) => d.final === undefined).map(({ outcome }) => (outcome.deliveredAt === '' ? { ...outcome, deliveredAt: at } : outcome)),
      )
      const disabled: { userId: string; webhookId: string }[] = []
      for (const [i, { outcome, final }] of done.entries()) {
        if (final === undefined || !(await settleAttempt(trx, outcome))) continue
        const webhookId = claimed[i]!.webhookId
        const reason = `Deliveries failed for a day, so this webhook was stopped (last error: ${final}). Delete it and add it again once the receiver works.`
        const userId = await disableWebhook(trx, webhookId, reason, outcome.failedAt!)
        if (userId) disabled.push({ userId, webhookId })
      }
      return disabled
    })

  /** Claims what is due (up to `limit`), sends it `CONCURRENCY` at a time, and writes the outcomes; answers how many were claimed. */
  const runOnce = async (limit = CONCURRENCY): Promise<number> => {
    const at = now()
    const claimed = await claimDueDeliveries(db, iso(at), iso(at + LEASE_MS), limit)
    if (!claimed.length) return 0
    const targets = await listHookTargets(db, [...new Set(claimed.map((d) => d.webhookId))])
    const done: { outcome: AttemptOutcome; final?: string }[] = new Array(claimed.length)
    let next = 0
    const lane = async () => {
      while (next < claimed.length) {
        const i = next++
        const d = claimed[i]!
        done[i] = await attempt(d, targets.get(d.webhookId))
      }
    }
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, claimed.length) }, lane))
    try {
      for (const { userId, webhookId } of await settle(claimed, done)) await onDisabled(userId, webhookId)
    } catch (err) {
      // Left claimed: due again when their lease ends (sent again, with the same ids: at least once).
      log?.error({ err }, 'webhook deliveries could not be settled')
    }
    return claimed.length
  }

  /** Deletes one batch of settled deliveries older than WEBHOOK_LOG_DAYS; answers how many. */
  const sweepOnce = () => sweepDeliveries(db, iso(now() - WEBHOOK_LOG_DAYS * 24 * 60 * 60_000), SWEEP_BATCH)

  /** Works until stopped: a batch after a batch while there is work, else a look every `pollMs`. Answers the stop. */
  const start = (pollMs: number, logger: { error(obj: object, msg: string): void }) => {
    // The first sweep comes one interval after start, so instances started together spread out.
    let swept = now()
    return startRounds(
      'the webhook worker',
      async (stopped) => {
        while (!stopped() && (await runOnce(CLAIM_BATCH)) > 0);
        // A full batch swept: the next round sweeps again; else wait an interval.
        if (!stopped() && now() - swept >= SWEEP_EVERY_MS && (await sweepOnce()) < SWEEP_BATCH) swept = now()
      },
      pollMs,
      logger,
    )
  }

  return { runOnce, sweepOnce, start }
}
