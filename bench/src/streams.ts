// The open-streams scenario of `npm run bench` (issue 24): many live notification streams
// (`GET /api/me/notifications/stream`, Server-Sent Events) held open on the server at once while the
// stall probe times GET /api/health. Budget: the server's resident memory grows by at most 150 MB
// with them open, health p99 ≤ 50 ms, every stream opened and none dropped.
//
// `node streams.ts hold <spec.json>` is the holders' process (on the load generator's core): it
// opens the streams, prints one line once they are all open (or failed), keeps them until its stdin
// ends, then prints its figures as JSON.
import { request, type ClientRequest } from 'node:http'
import { readFileSync } from 'node:fs'

export interface StreamsSpec {
  base: string
  /** How many streams to open. */
  count: number
  /** Session tokens of distinct readers, used in turn (a reader may hold NOTIFICATION_LIMITS.streamsPerReader). */
  tokens: string[]
}

export interface StreamsResult {
  opened: number
  /** Streams that did not open: by status, or 'error'. */
  failed: Record<string, number>
  /** Streams the server ended while they were held. */
  dropped: number
  /** Notification events received on them meanwhile. */
  events: number
  /** Time to open them all. */
  openMs: number
}

/** Streams asked for at once while opening. */
const OPENING_AT_ONCE = 50

export const STREAMS_BUDGET = { rssGrowthMb: 150 } as const

async function hold(spec: StreamsSpec): Promise<void> {
  const held: ClientRequest[] = []
  const failed: Record<string, number> = {}
  let opened = 0
  let dropped = 0
  let events = 0
  let ending = false
  const openOne = (token: string) =>
    new Promise<void>((resolve) => {
      const req = request(
        `${spec.base}/api/me/notifications/stream`,
        { agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
        (res) => {
          if (res.statusCode !== 200) {
            failed[res.statusCode ?? 0] = (failed[res.statusCode ?? 0] ?? 0) + 1
            res.resume()
            return resolve()
          }
          let first = true
          res.setEncoding('utf8')
          res.on('data', (chunk: string) => {
            events += chunk.split('event: notification').length - 1
            // The stream's first bytes (its `retry:` line): it is open.
            if (first) {
              first = false
              opened++
              held.push(req)
              resolve()
            }
          })
          res.on('close', () => {
            if (!ending && !first) dropped++
            if (first) {
              failed.ended = (failed.ended ?? 0) + 1
              resolve()
            }
          })
        },
      )
      req.on('error', () => {
        if (ending) return
        failed.error = (failed.error ?? 0) + 1
        resolve()
      })
      req.end()
    })
  const t0 = performance.now()
  for (let i = 0; i < spec.count; i += OPENING_AT_ONCE)
    await Promise.all(Array.from({ length: Math.min(OPENING_AT_ONCE, spec.count - i) }, (_, j) => openOne(spec.tokens[(i + j) % spec.tokens.length]!)))
  const openMs = performance.now() - t0
  process.stdout.write(`${JSON.stringify({ opened, failed })}\n`)
  // Held until the bench says so (stdin ends).
  process.stdin.resume()
  await new Promise<void>((resolve) => process.stdin.on('end', resolve))
  ending = true
  for (const req of held) req.destroy()
  const result: StreamsResult = { opened, failed, dropped, events, openMs }
  process.stdout.write(`${JSON.stringify(result)}\n`)
}

if (import.meta.main && process.argv[2] === 'hold') await hold(JSON.parse(readFileSync(process.argv[3]!, 'utf8')) as StreamsSpec)
