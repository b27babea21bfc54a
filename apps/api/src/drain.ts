import { readFileSync } from 'node:fs'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { Server as NetServer, type Socket } from 'node:net'

// A drain that loses nothing a client already sent. Node's own `server.close()` also closes every
// connection it calls idle, and a connection the kernel accepted a moment ago, whose request is
// still unread in its buffer, counts as idle: behind nginx (a new connection per request) that
// request was sent and then cut, and nginx answers 502 without passing a POST on. So the listener is
// closed on its own, once the kernel holds no accepted connection the process has not taken yet;
// each open connection then gets the time to send its request, every answer carries
// `Connection: close`, and only a connection that has been answered and sits idle is closed early.

/** A connection that has sent nothing yet gets this long after the drain began to send its request. */
const FIRST_REQUEST_GRACE_MS = 2000
/** The longest the listener stays open waiting for the kernel's queue of new connections to empty. */
const QUEUE_WAIT_MS = 1000

interface Tracked {
  openedAt: number
  inFlight: number
  answered: number
}

export interface ConnectionWatch {
  /** From now on every answer closes its connection. */
  startDraining(): void
  /** Closes the connections that have been answered and wait idle, and those that never sent a request in time. */
  closeIdle(now?: number): void
  /** Connections still open. */
  readonly open: number
}

export function watchConnections(server: Server, now: () => number = Date.now): ConnectionWatch {
  const sockets = new Map<Socket, Tracked>()
  const answering = new Set<ServerResponse>()
  let draining = false
  server.on('connection', (socket: Socket) => {
    sockets.set(socket, { openedAt: now(), inFlight: 0, answered: 0 })
    socket.once('close', () => sockets.delete(socket))
  })
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const tracked = sockets.get(req.socket)
    if (tracked) tracked.inFlight++
    answering.add(res)
    if (draining) res.shouldKeepAlive = false
    res.once('close', () => {
      answering.delete(res)
      if (!tracked) return
      tracked.inFlight--
      tracked.answered++
    })
  })
  return {
    startDraining() {
      draining = true
      for (const res of answering) if (!res.headersSent) res.shouldKeepAlive = false
    },
    closeIdle(at = now()) {
      for (const [socket, t] of sockets) {
        if (t.inFlight === 0 && (t.answered > 0 || at - t.openedAt > FIRST_REQUEST_GRACE_MS)) socket.destroy()
      }
    },
    get open() {
      return sockets.size
    },
  }
}

/**
 * How many connections the kernel has accepted on this port that no process has taken yet (Linux,
 * from /proc/net/tcp and tcp6: a listening socket's receive queue); undefined where that is not known.
 */
export function acceptQueueLength(port: number, files = ['/proc/net/tcp', '/proc/net/tcp6']): number | undefined {
  let total: number | undefined
  for (const file of files) {
    let text: string
    try {
      text = readFileSync(file, 'latin1')
    } catch {
      continue
    }
    for (const line of text.split('\n')) {
      // sl local_address rem_address st tx_queue:rx_queue …; state 0A is LISTEN.
      const fields = line.trim().split(/\s+/)
      if (fields[3] !== '0A') continue
      if (parseInt(fields[1]?.split(':')[1] ?? '', 16) !== port) continue
      total = (total ?? 0) + (parseInt(fields[4]?.split(':')[1] ?? '', 16) || 0)
    }
  }
  return total
}

/**
 * Stops listening without touching the open connections. It first lets the event loop take every
 * connection the kernel has queued (closing a listener resets those), then closes in the same turn
 * as the last look at the queue.
 */
export async function closeListener(server: Server, port: number): Promise<void> {
  const until = Date.now() + QUEUE_WAIT_MS
  for (;;) {
    // setImmediate runs after the poll phase, where the loop accepts what the kernel queued.
    await new Promise((resolve) => setImmediate(resolve))
    if (!acceptQueueLength(port) || Date.now() > until) break
  }
  // net's close, not http's: http's would also cut the connections whose request is not read yet.
  NetServer.prototype.close.call(server)
}
