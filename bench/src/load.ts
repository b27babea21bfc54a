// The load generator, run as its own process (pinned to its own core by bench.ts):
// `node load.ts <spec.json>` loads one call with autocannon and prints its figures as JSON.
// Latencies are taken from autocannon's per-response event (fractions of a millisecond), because
// its histogram keeps whole milliseconds only.
import { readFileSync } from 'node:fs'
import autocannon from 'autocannon'

export interface LoadSpec {
  url: string
  connections: number
  /** Seconds. */
  duration: number
  method: 'GET' | 'POST' | 'PUT'
  /** Paths used in turn, one per request. */
  paths: string[]
  /** Bearer tokens used in turn, alongside the paths (a write's reader). */
  tokens?: string[]
  /** Bodies used in turn, alongside the paths ('' for none). */
  bodies?: string[]
  /** Methods used in turn, alongside the paths, when requests of one load differ (a write, then a read). */
  methods?: ('GET' | 'POST' | 'PUT')[]
  /** Requests per second per connection at most (autocannon's connectionRate); as fast as answered without it. */
  rate?: number
  headers?: Record<string, string>
}

export interface LoadResult {
  requests: number
  seconds: number
  rps: number
  p50: number
  p90: number
  p99: number
  max: number
  errors: number
  statuses: Record<string, number>
}

const percentile = (sorted: Float64Array, p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0)

async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  let next = 0
  const times: number[] = []
  const statuses: Record<string, number> = {}
  let finish!: (r: autocannon.Result) => void
  let fail!: (e: unknown) => void
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve
    fail = reject
  })
  const instance = autocannon(
    {
      url: spec.url,
      connections: spec.connections,
      duration: spec.duration,
      method: spec.method,
      ...(spec.rate ? { connectionRate: spec.rate } : {}),
      headers: { 'content-type': 'application/json', ...spec.headers },
      requests: [
        {
          setupRequest: (req) => {
            const i = next++
            const headers = { ...req.headers }
            // An empty token in the list: that request goes without one.
            const token = spec.tokens?.length ? spec.tokens[i % spec.tokens.length] : undefined
            if (token) headers.authorization = `Bearer ${token}`
            // A request without a body says no content type (as browsers send a like): Fastify refuses an empty JSON body.
            const body = spec.bodies?.length ? spec.bodies[i % spec.bodies.length] : undefined
            if (!body) delete headers['content-type']
            return {
              ...req,
              method: spec.methods?.length ? spec.methods[i % spec.methods.length]! : spec.method,
              path: spec.paths[i % spec.paths.length]!,
              headers,
              ...(body !== undefined ? { body } : {}),
            }
          },
        },
      ],
    },
    (err, result) => (err ? fail(err) : finish(result)),
  )
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    times.push(ms)
    statuses[status] = (statuses[status] ?? 0) + 1
  })
  const result = await done
  const sorted = Float64Array.from(times).sort()
  const ok = Object.entries(statuses)
    .filter(([s]) => Number(s) < 400)
    .reduce((n, [, c]) => n + c, 0)
  return {
    requests: times.length,
    seconds: result.duration,
    rps: ok / result.duration,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
    errors: result.errors + result.timeouts + (times.length - ok),
    statuses,
  }
}

if (import.meta.main) {
  const spec = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as LoadSpec
  process.stdout.write(`${JSON.stringify(await runLoad(spec))}\n`)
}
