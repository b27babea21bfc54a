import type pg from 'pg'

// PostgreSQL: a LISTEN connection that is lost (the notifications' and the changes' channels) is
// opened again after a wait that grows with each attempt that fails, so a database that is away is
// not called on in a tight loop; the first attempt that opens makes the next loss wait the least again.

/** The waits between attempts, the last repeated. */
const RECONNECT_MS = [250, 1000, 2000, 5000]

export interface Reconnects {
  /** Calls `connect` again after the next wait, unless a call is already waiting or it is stopped. */
  later(): void
  /** The connection opened: answers whether it had been lost or failed to open since it last opened (signals may have been missed). */
  opened(): boolean
  /** No call any more, the waiting one cancelled (the channel closes). */
  stop(): void
}

/** Opens the dedicated connection and listens on `channel`; settles once notifications flow. */
export async function listenOn(c: pg.Client, channel: string): Promise<void> {
  await c.connect()
  await c.query(`LISTEN ${channel}`)
}

export function reconnects(connect: () => unknown): Reconnects {
  let attempt = 0
  let retry: NodeJS.Timeout | undefined
  let stopped = false
  return {
    later() {
      if (stopped || retry) return
      const wait = RECONNECT_MS[Math.min(attempt++, RECONNECT_MS.length - 1)]
      retry = setTimeout(() => {
        retry = undefined
        void connect()
      }, wait)
    },
    opened() {
      const failed = attempt > 0
      attempt = 0
      return failed
    },
    stop() {
      stopped = true
      clearTimeout(retry)
    },
  }
}
