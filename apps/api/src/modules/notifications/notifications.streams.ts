import type { ServerResponse } from 'node:http'
import { NOTIFICATION_EVENT, NOTIFICATION_LIMITS, NOTIFICATION_WITHDRAWN_EVENT, type Notification, type NotificationWithdrawn } from '@shelfwise/contracts'
import type { LiveBus, LiveSignal } from '#/modules/notifications/notifications.live.ts'

// The live streams open on this instance (decision 0053): Server-Sent Events, one per tab. Each
// sends its reader's notifications as they change; its event id is the item's `createdAt` (its
// latest activity), so a client reconnecting with Last-Event-ID gets from the table what changed
// since, whichever instance it reaches and however long it was away. A notification taken back with
// its cause (unread, so its group went or lost its last reader) is told as `event: withdrawn` with the
// reader's unread count then; a group that only got smaller is sent again with its count.

export interface StreamSource {
  /** One of the reader's notifications as sent (undefined: another's, or gone). */
  one(userId: string, id: string): Promise<Notification | undefined>
  /** What changed at or after `since`, oldest first. */
  changedSince(userId: string, since: string, limit: number): Promise<Notification[]>
  /** The reader's unread count now. */
  unreadOf(userId: string): Promise<number>
}

export interface StreamsOptions {
  /** A comment line this often keeps proxies and idle timers from closing a quiet stream. */
  heartbeatMs?: number
}

/** Instances' clocks differ a little: a replay starts this much before the last event's time (the client keeps one copy per id). */
const REPLAY_MARGIN_MS = 5000
/** The most a replay sends at once; a reader away longer reloads the list anyway. */
const REPLAY_MAX = 100
/** The items a stream remembers as sent (to skip a repeated signal), the oldest forgotten first. */
const REMEMBERED_MAX = 500
/** What a browser waits before reconnecting after a drop (the `retry:` field). */
const RETRY_MS = 2000

interface OpenStream {
  userId: string
  close(): void
}

const isInstant = (v: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(v) && !Number.isNaN(Date.parse(v))

export function createStreams(bus: LiveBus, source: StreamSource, { heartbeatMs = 20_000 }: StreamsOptions = {}) {
  const open = new Set<OpenStream>()
  let closing = false

  return {
    /** How many streams this instance holds open. */
    get size() {
      return open.size
    },

    /** Serves one stream on `res` (whose request was answered by nobody else) until either side closes it. */
    async serve(userId: string, res: ServerResponse, headers: Record<string, string | string[] | number | undefined>, lastEventId: string | undefined) {
      if (closing) {
        res
          .writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' })
          .end(JSON.stringify({ message: 'The server is restarting', code: 'unavailable' }))
        return
      }
      // A reader's streams are capped: one more closes their oldest (a tab long forgotten).
      const mine = [...open].filter((s) => s.userId === userId)
      if (mine.length >= NOTIFICATION_LIMITS.streamsPerReader) mine[0]!.close()

      res.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // nginx passes each event on as it comes instead of buffering the answer.
        'x-accel-buffering': 'no',
      })
      // The idle timeout of the connection does not apply: the heartbeat keeps it alive, and a drain ends it.
      const socket = res.socket as { setTimeout?: (ms: number) => unknown } | null
      if (typeof socket?.setTimeout === 'function') socket.setTimeout(0)
      res.write(`retry: ${RETRY_MS}\n\n`)

      const sent = new Map<string, string>()
      // Without Last-Event-ID the client has just read its list: the stream starts now (less the margin).
      let cursor = lastEventId !== undefined && isInstant(lastEventId) ? lastEventId : new Date().toISOString()
      let chain = Promise.resolve()
      let ended = false

      const versionOf = (n: Notification) => `${n.createdAt}|${n.count}|${n.readAt ?? ''}`
      const send = (n: Notification) => {
        const version = versionOf(n)
        if (sent.get(n._id) === version) return
        sent.delete(n._id)
        sent.set(n._id, version)
        if (sent.size > REMEMBERED_MAX) sent.delete(sent.keys().next().value!)
        if (n.createdAt > cursor) cursor = n.createdAt
        res.write(`id: ${n.createdAt}\nevent: ${NOTIFICATION_EVENT}\ndata: ${JSON.stringify(n)}\n\n`)
      }
      // A withdrawal's signal for a notification the reader no longer has (gone, or emptied). Told once
      // per id until it comes back changed; a signal repeated (SQLite) or from several writes sends
      // nothing more, nor does a read that still sees the row as it was sent (a lagging read). Only a
      // withdrawal's signal can tell it: a new row's signal may arrive before its commit is visible.
      const withdrawn = new Set<string>()
      const sendWithdrawn = async (id: string) => {
        if (withdrawn.has(id)) return
        withdrawn.add(id)
        if (withdrawn.size > REMEMBERED_MAX) withdrawn.delete(withdrawn.values().next().value!)
        const event: NotificationWithdrawn = { ids: [id], unreadCount: await source.unreadOf(userId) }
        if (!ended) res.write(`event: ${NOTIFICATION_WITHDRAWN_EVENT}\ndata: ${JSON.stringify(event)}\n\n`)
      }
      const catchUp = async () => {
        const since = new Date(Date.parse(cursor) - REPLAY_MARGIN_MS).toISOString()
        for (const n of await source.changedSince(userId, since, REPLAY_MAX)) send(n)
      }
      // One piece of work at a time, in order; a failed read (the database away a moment) waits for the next signal or heartbeat.
      const enqueue = (work: () => Promise<void>) => {
        chain = chain.then(() => (ended ? undefined : work())).catch(() => {})
      }
      const onSignal = (signal: LiveSignal) => {
        if (signal.kind === 'resync') return enqueue(catchUp)
        enqueue(async () => {
          const n = await source.one(userId, signal.id)
          if (!n) return signal.kind === 'withdrawn' ? sendWithdrawn(signal.id) : undefined
          if (withdrawn.has(n._id) && sent.get(n._id) === versionOf(n)) return
          withdrawn.delete(n._id)
          send(n)
        })
      }

      const unsubscribe = bus.subscribe(userId, onSignal)
      const heartbeat = setInterval(() => {
        res.write(': ping\n\n')
        // While the channel is down, each heartbeat catches up from the table instead.
        if (!bus.connected) enqueue(catchUp)
      }, heartbeatMs)
      const stream: OpenStream = {
        userId,
        close: () => {
          if (ended) return
          ended = true
          clearInterval(heartbeat)
          unsubscribe()
          open.delete(stream)
          res.end()
        },
      }
      open.add(stream)
      res.once('close', stream.close)
      // Listening before the replay: nothing written between the two is missed.
      enqueue(async () => {
        await bus.ready()
        await catchUp()
      })
    },

    /** Ends a reader's streams (their browsers reconnect, and must sign in again if they cannot). */
    endFor(userId: string) {
      for (const s of [...open]) if (s.userId === userId) s.close()
    },

    /** Ends every stream (a drain or a shutdown); browsers reconnect, to another instance, with Last-Event-ID. */
    closeAll() {
      closing = true
      for (const s of [...open]) s.close()
    },
  }
}

export type Streams = ReturnType<typeof createStreams>
