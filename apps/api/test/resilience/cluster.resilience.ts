import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookDrift, openPg, readRowCounts } from './support/counts.ts'
import { call, must, sleep } from './support/http.ts'
import { processAlive, redisAnswers, startCluster, type Cluster } from './support/cluster-process.ts'
import { RELAXED_LIMITS } from './support/server-process.ts'
import { freePort } from './support/free-port.ts'
import { findPgBin, startPrivatePostgres, type PrivatePostgres } from './support/private-postgres.ts'
import { tryConnect, noisyPng, multipartImage } from './support/slow-request.ts'
import { checkLedger, expectNoneLost, Ledger, runWriteLoad, setUpCommunity } from './support/write-load.ts'

// Several instances: `npm run cluster` (scripts/cluster/cluster.ts) starts three API processes on one
// PostgreSQL (a private one here) and the machine's Redis, behind nginx on loopback. Sessions, uploads,
// data and rate limits must be one service whichever instance answers, and stopping it stops all.

const INSTANCES = 3
const LOGIN_LIMIT_PER_ACCOUNT = 4
const REDIS_DB = 7

const pgBin = findPgBin()
const redisUp = await redisAnswers()
if (!redisUp) console.warn('\n*** Redis does not answer on 127.0.0.1:6379: the cross-instance rate limit test is SKIPPED ***\n')

const upstreamCounts = (prefix: string) => {
  const counts: Record<string, number> = {}
  for (const line of readFileSync(join(prefix, 'access.log'), 'utf8').split('\n')) {
    const addr = line.trim().split(' ').at(-2)
    if (addr && /^127\.0\.0\.1:\d+$/.test(addr)) counts[addr] = (counts[addr] ?? 0) + 1
  }
  return counts
}

/** A Server-Sent Events stream read over HTTP: `next` waits for its next `notification` event. */
async function openStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController()
  const res = await fetch(url, { headers, signal: controller.signal })
  expect(res.status, url).toBe(200)
  const got: unknown[] = []
  const state = { ended: false, lastId: '' }
  void (async () => {
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for await (const chunk of res.body!) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true })
        let cut: number
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut)
          buffer = buffer.slice(cut + 2)
          const data = block.split('\n').find((l) => l.startsWith('data: '))
          const id = block.split('\n').find((l) => l.startsWith('id: '))
          if (id) state.lastId = id.slice(4)
          if (block.includes('event: notification') && data) got.push(JSON.parse(data.slice(6)))
        }
      }
    } catch {
      // closed
    }
    state.ended = true
  })()
  return {
    state,
    async next(ms: number): Promise<any> {
      const until = Date.now() + ms
      while (!got.length) {
        if (Date.now() > until) throw new Error(`no notification on ${url} within ${ms} ms`)
        await sleep(20)
      }
      return got.shift()
    },
    close: () => controller.abort(),
  }
}

describe.skipIf(!pgBin)(`npm run cluster: ${INSTANCES} instances behind nginx`, () => {
  let pgs: PrivatePostgres
  let cluster: Cluster
  const dataDir = mkdtempSync(join(tmpdir(), 'shelfwise-cluster-'))
  const figures: Record<string, unknown> = {}

  beforeAll(async () => {
    pgs = await startPrivatePostgres('shelfwise')
    const port = await freePort(18000, 2000)
    cluster = await startCluster(['--instances', String(INSTANCES), '--port', String(port)], {
      DATABASE_URL: pgs.url('shelfwise'),
      // A database index of its own, so this run's sign-ups never count against anyone else's limits on 127.0.0.1.
      REDIS_URL: `redis://127.0.0.1:6379/${REDIS_DB}`,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      // The load follows, likes and writes far faster than a person (the other resilience suites' limits);
      // the per-account sign-in limit stays low: one test below meets it.
      ...RELAXED_LIMITS,
      RATE_LIMIT_AUTH_PER_ACCOUNT: String(LOGIN_LIMIT_PER_ACCOUNT),
    })
  })
  afterAll(async () => {
    if (cluster && cluster.child.exitCode === null) {
      cluster.child.kill('SIGTERM')
      await Promise.race([cluster.exited, sleep(30_000)])
    }
    for (const i of cluster?.instances ?? []) if (processAlive(i.pid)) process.kill(i.pid, 'SIGKILL')
    await pgs?.destroy()
    rmSync(dataDir, { recursive: true, force: true })
    console.log(`\n[figures] cluster: ${JSON.stringify(figures)}`)
  })

  it('starts every instance, each on its own port, and nginx on loopback', () => {
    expect(cluster.instances).toHaveLength(INSTANCES)
    expect(new Set(cluster.instances.map((i) => i.url)).size).toBe(INSTANCES)
    expect(new URL(cluster.url).hostname).toBe('127.0.0.1')
    expect(readFileSync(join(cluster.prefix, 'nginx.conf'), 'utf8')).toMatch(/least_conn;[\s\S]*proxy_set_header X-Forwarded-For \$remote_addr;/)
  })

  it('accepts a session made on one instance on every other, and through nginx', async () => {
    const [a, b, c] = cluster.instances.map((i) => i.url)
    const email = `cluster-${Date.now()}@resilience.example`
    const signUp = await must(a!, 'POST', '/api/auth/register', {
      json: { name: 'Cluster Reader', username: `cl${Date.now()}`, email, password: 'resilient-reader-7', userType: 'Reader' },
    })
    for (const base of [b!, c!, cluster.url]) {
      const me = await must(base, 'GET', '/api/users/me', { token: signUp.token })
      expect(me._id).toBe(signUp.user._id)
    }
    // Signed in through nginx, the token opens the session on an instance reached directly.
    const login = await must(cluster.url, 'POST', '/api/auth/login', { json: { email, password: 'resilient-reader-7' } })
    expect((await must(c!, 'GET', '/api/users/me', { token: login.token }))._id).toBe(signUp.user._id)
    // Signing out on one instance ends the session on all of them.
    expect((await call(b!, 'POST', '/api/auth/logout', { token: login.token })).status).toBe(204)
    for (const base of [a!, c!]) expect((await call(base, 'GET', '/api/users/me', { token: login.token })).status).toBe(401)
  })

  it('serves an image uploaded through one instance from every other, and through nginx', async () => {
    const [a, b, c] = cluster.instances.map((i) => i.url)
    const reader = await must(a!, 'POST', '/api/auth/register', {
      json: { name: 'Uploader', username: `up${Date.now()}`, email: `up-${Date.now()}@resilience.example`, password: 'resilient-reader-7', userType: 'Reader' },
    })
    const upload = multipartImage(await noisyPng(400), reader.token)
    // Through nginx too, which buffers the body and passes it on whole.
    for (const via of [b!, cluster.url]) {
      const { imageUrl } = await must(via, 'POST', '/api/upload', { body: new Uint8Array(upload.body), headers: upload.headers })
      const sizes: number[] = []
      for (const base of [a!, b!, c!, cluster.url]) {
        const res = await fetch(base + imageUrl)
        expect(res.status, `${imageUrl} from ${base}`).toBe(200)
        expect(res.headers.get('content-type')).toBe('image/webp')
        sizes.push((await res.arrayBuffer()).byteLength)
      }
      expect(new Set(sizes).size).toBe(1)
    }
  })

  it('brings a like made through one instance to live streams open on another and through nginx within 2 s (decision 0053)', async () => {
    const [a, b, c] = cluster.instances.map((i) => i.url)
    const stamp = Date.now()
    const writer = await must(a!, 'POST', '/api/auth/register', {
      json: { name: 'Streamed', username: `st${stamp}`, email: `st-${stamp}@resilience.example`, password: 'resilient-reader-7', userType: 'Reader' },
    })
    const fan = await must(b!, 'POST', '/api/auth/register', {
      json: { name: 'Fan', username: `fan${stamp}`, email: `fan-${stamp}@resilience.example`, password: 'resilient-reader-7', userType: 'Reader' },
    })
    const book = await must(a!, 'POST', '/api/books', {
      token: writer.token,
      json: { title: 'Streamed Book', author: 'A. Uthor', genres: ['Fiction'], year: 2001 },
    })
    const review = await must(a!, 'POST', `/api/reviews/book/${book._id}`, { token: writer.token, json: { rating: 5, comment: 'Live' } })
    // One stream on instance a with the bearer header, one through nginx with a ticket (as a browser opens it).
    const direct = await openStream(`${a}/api/me/notifications/stream`, { authorization: `Bearer ${writer.token}` })
    const { ticket } = await must(b!, 'POST', '/api/me/notifications/ticket', { token: writer.token })
    const proxied = await openStream(`${cluster.url}/api/me/notifications/stream?ticket=${encodeURIComponent(ticket)}`, {})
    try {
      await sleep(300)
      const sent = Date.now()
      await must(c!, 'PUT', `/api/reviews/${review._id}/like`, { token: fan.token })
      const [one, two] = await Promise.all([direct.next(2000), proxied.next(2000)])
      const took = Date.now() - sent
      for (const n of [one, two]) expect(n).toMatchObject({ type: 'review_like', count: 1, target: { id: review._id } })
      expect(took).toBeLessThan(2000)
      figures.liveNotification = { ms: took }
    } finally {
      direct.close()
      proxied.close()
    }
  })

  it.skipIf(!redisUp)('counts a sign-in limit across instances (through Redis)', async () => {
    const urls = cluster.instances.map((i) => i.url)
    const email = `limit-${Date.now()}@resilience.example`
    await must(urls[0]!, 'POST', '/api/auth/register', {
      json: { name: 'Limited', username: `lim${Date.now()}`, email, password: 'resilient-reader-7', userType: 'Reader' },
    })
    // Wrong passwords, each to the next instance: no instance alone sees more than two of them.
    const statuses: number[] = []
    let retryAfter: string | null = null
    for (let i = 0; i <= LOGIN_LIMIT_PER_ACCOUNT; i++) {
      const res = await fetch(`${urls[i % urls.length]}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'not-the-password' }),
      })
      statuses.push(res.status)
      if (res.status === 429) retryAfter = res.headers.get('retry-after')
    }
    expect(statuses).toEqual([...Array(LOGIN_LIMIT_PER_ACCOUNT).fill(401), 429])
    expect(Number(retryAfter)).toBeGreaterThan(0)
    figures.loginLimitAcrossInstances = { limit: LOGIN_LIMIT_PER_ACCOUNT, statuses }
  })

  it('keeps every write acknowledged by any instance, readable through every other, and nginx spreads the load', async () => {
    const urls = cluster.instances.map((i) => i.url)
    const ledger = new Ledger()
    const community = await setUpCommunity(cluster.url, ledger, { readers: 8, books: 8 })
    const bases = [cluster.url, ...urls]
    let turn = 0
    let stopped = false
    const load = runWriteLoad({ base: () => bases[turn++ % bases.length]!, ledger, community, clients: 6, seed: 23, stopped: () => stopped })
    await sleep(3000)
    stopped = true
    await load
    expect(ledger.answers.filter((a) => a.status < 200 || a.status >= 300).map((a) => `${a.op} ${a.status}`)).toEqual([])
    // Read back through the last instance only.
    const check = await expectNoneLost(urls.at(-1)!, ledger, community.readers)
    const conn = await openPg(pgs.url('shelfwise'))
    try {
      expect(bookDrift(await readRowCounts(conn.query))).toEqual([])
    } finally {
      await conn.close()
    }
    const spread = upstreamCounts(cluster.prefix)
    expect(Object.keys(spread).sort()).toEqual(urls.map((u) => new URL(u).host).sort())
    figures.load = { writesAcknowledged: ledger.totalAcknowledged, found: check.found, requests: ledger.answers.length, nginxRequestsPerInstance: spread }
  })

  it('loses no request when one instance is stopped with SIGTERM under load through nginx', async () => {
    const ledger = new Ledger()
    const community = await setUpCommunity(cluster.url, ledger, { readers: 6, books: 6 })
    let stopped = false
    const load = runWriteLoad({ base: () => cluster.url, ledger, community, clients: 6, seed: 29, stopped: () => stopped })
    await sleep(1000)
    const victim = cluster.instances.at(-1)!
    // A live stream open on the instance that stops (decision 0053): ended by its drain, then
    // reopened through nginx with Last-Event-ID, it gets the like made while it was away.
    const stamp = Date.now()
    const [writer, fan] = await Promise.all(
      ['sw', 'sf'].map((p) =>
        must(cluster.url, 'POST', '/api/auth/register', {
          json: { name: p, username: `${p}${stamp}`, email: `${p}-${stamp}@resilience.example`, password: 'resilient-reader-7', userType: 'Reader' },
        }),
      ),
    )
    await must(cluster.url, 'PUT', `/api/users/follow/${writer.user._id}`, { token: fan.token })
    const stream = await openStream(`${victim.url}/api/me/notifications/stream`, {
      authorization: `Bearer ${writer.token}`,
      'last-event-id': new Date(stamp - 60_000).toISOString(),
    })
    expect(await stream.next(2000)).toMatchObject({ type: 'follow', count: 1 })
    process.kill(victim.pid, 'SIGTERM')
    const endBy = Date.now() + 5000
    while (!stream.state.ended && Date.now() < endBy) await sleep(20)
    expect(stream.state.ended).toBe(true)
    const other = await must(cluster.url, 'POST', '/api/auth/register', {
      json: { name: 'so', username: `so${stamp}`, email: `so-${stamp}@resilience.example`, password: 'resilient-reader-7', userType: 'Reader' },
    })
    await must(cluster.url, 'PUT', `/api/users/follow/${writer.user._id}`, { token: other.token })
    const again = await openStream(`${cluster.url}/api/me/notifications/stream`, {
      authorization: `Bearer ${writer.token}`,
      'last-event-id': stream.state.lastId,
    })
    try {
      let n = await again.next(2000)
      while (n.count < 2) n = await again.next(2000)
      expect(n).toMatchObject({ type: 'follow', count: 2 })
    } finally {
      again.close()
    }
    await sleep(1000)
    stopped = true
    await load
    expect(processAlive(victim.pid)).toBe(false)
    expect(cluster.output()).toMatch(/api-3 exited \(0\); nginx sends its requests to the other 2/)
    expect(ledger.answers.filter((a) => a.status < 200 || a.status >= 300).map((a) => `${a.op} ${a.status} ${a.error ?? a.message ?? ''}`)).toEqual([])
    const check = await checkLedger(cluster.url, ledger, community.readers)
    expect(check.mismatches).toEqual([])
    figures.instanceStoppedUnderLoad = { requests: ledger.answers.length, failed: 0, writesAcknowledged: ledger.totalAcknowledged, found: check.found }
  })

  it('stops nginx and every instance on SIGTERM, and removes its temporary folder', async () => {
    const port = Number(new URL(cluster.url).port)
    cluster.child.kill('SIGTERM')
    const exit = await cluster.exited
    expect(exit).toEqual({ code: 0, signal: null })
    expect(cluster.output()).toMatch(/stopped cleanly/)
    for (const i of cluster.instances) expect(processAlive(i.pid)).toBe(false)
    expect(await tryConnect(port)).toBe('ECONNREFUSED')
    expect(existsSync(cluster.prefix)).toBe(false)
  })
})
