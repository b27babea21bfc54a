import { closeSync, openSync, readSync } from 'node:fs'
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
  let drainingSince = 0
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
      drainingSince = now()
      for (const res of answering) if (!res.headersSent) res.shouldKeepAlive = false
    },
    closeIdle(at = now()) {
      for (const [socket, t] of sockets) {
        // The grace runs from the drain's start for a connection opened before it (as the comment above says).
        if (t.inFlight === 0 && (t.answered > 0 || at - Math.max(t.openedAt, drainingSince) > FIRST_REQUEST_GRACE_MS)) socket.destroy()
      }
    },
    get open() {
      return sockets.size
    },
  }
}

/** How much of a table is read at a time: the listening rows come first, and usually fit in the first read. */
const TABLE_CHUNK_BYTES = 16 * 1024

/**
 * How many connections the kernel has accepted on this port that no process has taken yet (Linux,
 * from /proc/net/tcp and tcp6: a listening socket's receive queue); undefined where that is not known.
 *
 * The kernel writes those tables as they are read, listening sockets first, then every connection
 * (under load, thousands in TIME_WAIT). Only the listening rows are read: the listener is closed
 * right after the last look, and a connection whose handshake completes between the look and the
 * close is reset (behind nginx, a POST then answers 502), so the look must be short. Reading a whole
 * table took milliseconds with the cluster test's connections; the head of it takes microseconds.
 */
export function acceptQueueLength(port: number, files = ['/proc/net/tcp', '/proc/net/tcp6']): number | undefined {
  let total: number | undefined
  for (const file of files) {
    const queue = listeningQueue(file, port)
    if (queue !== undefined) total = (total ?? 0) + queue
  }
  return total
}

/** The queue of the listening rows on `port` in one table; undefined when the table is missing or has none. */
function listeningQueue(file: string, port: number): number | undefined {
  let fd: number
  try {
    fd = openSync(file, 'r')
  } catch {
    return undefined
  }
  let found: number | undefined
  try {
    const buffer = Buffer.alloc(TABLE_CHUNK_BYTES)
    let rest = ''
    let header = true
    for (;;) {
      const n = readSync(fd, buffer, 0, buffer.length, null)
      const lines = (rest + buffer.toString('latin1', 0, n)).split('\n')
      rest = n === 0 ? '' : lines.pop()!
      for (const line of lines) {
        if (header) {
          header = false
          continue
        }
        // sl local_address rem_address st tx_queue:rx_queue …; state 0A is LISTEN.
        const fields = line.trim().split(/\s+/)
        if (fields.length < 5) continue
        // Past the listening rows: the rest are connections.
        if (fields[3] !== '0A') return found
        if (parseInt(fields[1]?.split(':')[1] ?? '', 16) !== port) continue
        found = (found ?? 0) + (parseInt(fields[4]?.split(':')[1] ?? '', 16) || 0)
      }
      if (n === 0) return found
    }
  } finally {
    closeSync(fd)
  }
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
