import { isConnectionError, type Db } from '#/db/portable.ts'
import { startRounds } from '#/worker-rounds.ts'
import { yieldToLoop } from '#/work-gate.ts'
import { activitiesOfRow, newestOfWriter } from '#/modules/feed/feed.repository.ts'
import {
  BACKFILL_ITEMS,
  buildInbox,
  claimFeedWork,
  deleteFeedWork,
  fanOut,
  fillInbox,
  horizonOf,
  inboxState,
  raiseHorizon,
  listOwnersToTrim,
  trimInbox,
  type FeedWork,
} from '#/modules/feed/feed.inbox.ts'

// The feed's background work (decision 0060), run the way webhook deliveries are (decision 0048):
// every instance claims due outbox rows a few at a time under a lease, does each, and deletes it.
// A row whose instance stopped is due again when its lease ends; the work is idempotent (inbox rows
// are inserted or left as they are), so doing a row twice only costs time.

/** How long a claimed row stays with its worker; past that any worker takes it again. */
export const LEASE_MS = 60_000
/** Rows claimed at once. */
const CLAIM_BATCH = 16
/** A row that failed this many times is dropped (logged): a page of the feed still reads the sources past the inbox. */
const MAX_ATTEMPTS = 8
/** How often an inbox is trimmed to its kept size at most, and how many one round trims. */
const TRIM_EVERY_MS = 60 * 60_000
const TRIM_BATCH = 20

export interface FeedWorkerDeps {
  db: Db
  now?: () => number
  log?: { error(obj: object, msg: string): void }
}

export const createFeedWorker = ({ db, now = Date.now, log }: FeedWorkerDeps) => {
  const iso = (ms: number) => new Date(ms).toISOString()

  /** Does one row's work. */
  const work = async (w: FeedWork) => {
    if (w.kind === 'build') return buildInbox(db, w.subjectId)
    if (w.kind === 'follow') {
      // A reader whose inbox is not built yet gets it built whole (the new follow is in it).
      if (!(await inboxState(db, w.subjectId))) return buildInbox(db, w.subjectId)
      // Only while the follow stands: an unfollow before the worker came leaves nothing behind.
      const follows = await db
        .selectFrom('follows')
        .select('followerId')
        .where('followerId', '=', w.subjectId)
        .where('followeeId', '=', w.itemId)
        .executeTakeFirst()
      if (!follows) return
      const rows = await newestOfWriter(db, w.itemId, BACKFILL_ITEMS)
      await fillInbox(db, w.subjectId, rows)
      // Past the backfill's oldest, the followed reader's older activities are read from the sources.
      return raiseHorizon(db, w.subjectId, horizonOf(rows, BACKFILL_ITEMS))
    }
    return fanOut(db, w.subjectId, await activitiesOfRow(db, w.subjectId, w.kind, w.itemId))
  }

  /** Claims what is due (up to `limit`) and works it through; answers how many rows were claimed. */
  const runOnce = async (limit = CLAIM_BATCH): Promise<number> => {
    const at = now()
    const claimed = await claimFeedWork(db, iso(at), iso(at + LEASE_MS), limit)
    const done: string[] = []
    for (const w of claimed) {
      try {
        await work(w)
        done.push(w.id)
      } catch (err) {
        if (isConnectionError(err)) throw err
        log?.error({ err, feedWork: w.id, kind: w.kind }, 'feed work failed')
        // Left claimed: due again when its lease ends, until it has failed too often.
        if (w.attempts >= MAX_ATTEMPTS) done.push(w.id)
      }
      await yieldToLoop()
    }
    await deleteFeedWork(db, done)
    return claimed.length
  }

  /** Everything due now, done (tests, and a start's catching up). */
  const drain = async () => {
    while ((await runOnce()) > 0);
  }

  /** Trims the inboxes trimmed longest ago (at most TRIM_BATCH); answers how many. */
  const trimOnce = async (): Promise<number> => {
    const owners = await listOwnersToTrim(db, iso(now() - TRIM_EVERY_MS), TRIM_BATCH)
    for (const owner of owners) {
      await trimInbox(db, owner)
      await yieldToLoop()
    }
    return owners.length
  }

  /** Works until stopped: a batch after a batch while there is work, else a look every `pollMs`. Answers the stop. */
  const start = (pollMs: number, logger: { error(obj: object, msg: string): void }) =>
    startRounds(
      'the feed worker',
      async (stopped) => {
        while (!stopped() && (await runOnce()) > 0);
        if (!stopped()) await trimOnce()
      },
      pollMs,
      logger,
    )

  return { runOnce, drain, trimOnce, start }
}
