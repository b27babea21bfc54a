// npm run bench -- [--quick] [--db <sqlite file>] [--duration 10] [--connections 16] [--only <text>] [--identity] [--explain] [--round-trips] [--node-args='<V8 flags>'] [--import-rows 5000]
//
// Starts the real server on the generated data (its own process, pinned to core 0), warms it, then
// loads each hot call with autocannon from another process (pinned to core 1) and prints one table:
// requests/s, p50, p99, errors, and requests/s as a share of a bare node:http server answering the
// same bytes in the same run (pinned where the server was). Requests carry `Accept-Encoding: gzip,
// deflate, br` as browsers send it (--identity leaves it out). SQLite by default, PostgreSQL with
// DATABASE_URL=postgres://…; results also go to bench/out/<database>.json for the README's chart.
// Then the stall scenarios (stall.ts: costly searches and lists, the year storm; hostile.ts: the hostile
// import; streams.ts: live notification streams held open; `--only stall`, or `--only 'year storm'` /
// `--only hostile` / `--only 'open streams'` for one) and the import of a Goodreads export
// (imports.ts; `--only import`).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, existsSync, writeFileSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir, cpus } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { buildCalls, likePairs, progressPairs, readFixtures, SECRET, syncBodies, writePairs, type Budget, type Call, type MoreCalls } from './calls.ts'
import type { LoadResult, LoadSpec } from './load.ts'
import type { Sample } from './bare.ts'
import { BENCH_DIR, ROOT_DIR, describeTarget, flags, resolveTarget, serverEnv, wholeNumber, type Target } from './target.ts'
import { ms, printTextTable } from './table.ts'
import { printStallTable, stallScenarios, STALL_BUDGET_P99_MS, yearStormScenario, type ProbeResult, type StallRow, type StallScenario } from './stall.ts'
import { goodreadsExport, IMPORTER_PREFIX, readCatalogue, titleKey } from './goodreads.ts'
import {
  closeAccount,
  IMPORT_BUDGET,
  pollUntilDone,
  printImportTable,
  problemRowsOf,
  problemsOf,
  signUpReader,
  uploadExport,
  type ImportResult,
} from './imports.ts'
import { describeHostile, HARMS, type HostileBook, type HostileResult, type HostileSpec } from './hostile.ts'
import { runWebhookBacklog } from './webhooks.ts'
import { STREAMS_BUDGET, type StreamsResult, type StreamsSpec } from './streams.ts'
import { createDb, createRandom, createTokens, SERVER_ENTRY } from '../../apps/api/src/public.ts'

const NODE = process.execPath

export interface Row extends LoadResult {
  name: string
  ceiling?: number
  ratio?: number
  /** Requests/s of the second ceiling (bare-db.ts), and this call's share of it. */
  dbCeiling?: number
  dbRatio?: number
  budget: Budget
  pass: boolean
  /** The server's peak resident memory so far, right after this call's load (MB). */
  peakRssMb?: number
  /** p50 less the p50 of the call its budget names (ms), when both ran. */
  p50Over?: number
}

// ---- processes --------------------------------------------------------------------------------

const canPin = cpus().length >= 2 && spawnSync('taskset', ['-V']).status === 0
const pinned = (core: number, args: string[]): [string, string[]] => (canPin ? ['taskset', ['-c', String(core), ...args]] : [args[0]!, args.slice(1)])

function startProcess(core: number, args: string[], env: NodeJS.ProcessEnv = process.env, stdin: 'ignore' | 'pipe' = 'ignore'): ChildProcess {
  const [cmd, rest] = pinned(core, args)
  return spawn(cmd, rest, { cwd: ROOT_DIR, env, stdio: [stdin, 'pipe', 'pipe'] })
}

/** Runs a process to its end and answers its stdout; its stderr is passed on. */
function runProcess(core: number, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = startProcess(core, args)
    let out = ''
    child.stdout!.on('data', (d) => (out += d))
    child.stderr!.on('data', (d) => process.stderr.write(d))
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')} exited with ${code}`))))
  })
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (d) => {
      out += d
      if (out.includes('\n')) resolve(out.split('\n')[0]!)
    })
    child.on('exit', (code) => reject(new Error(`exited with ${code} before it was ready`)))
  })
}

/** Starts a process on core 1 (its stdout kept, its stderr passed on) and answers once it has printed its first line. */
async function startReady(args: string[]) {
  const child = startProcess(1, args, process.env, 'pipe')
  let out = ''
  child.stdout!.on('data', (d) => (out += d))
  child.stderr!.on('data', (d) => process.stderr.write(d))
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
  await firstLine(child)
  return { child, exited, lastLine: () => out.trim().split('\n').at(-1)! }
}

/** The /api/health probe, timing until its stdin ends. */
const startProbe = (base: string) => startReady([NODE, join(BENCH_DIR, 'src', 'stall.ts'), 'probe', base, 'stdin'])

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

/** Peak resident memory of a process so far (VmHWM), in MB. */
const peakRssMb = (pid: number): number => {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return m ? Number(m[1]) / 1024 : 0
}

/** Resident memory of a process now (VmRSS), in MB. */
const rssMb = (pid: number): number => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return m ? Number(m[1]) / 1024 : 0
}

// ---- HTTP helpers -----------------------------------------------------------------------------

interface Raw {
  status: number
  headers: Record<string, string>
  body: Buffer
}

function raw(base: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const h: Record<string, string> = {}
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') h[k] = v
        resolve({ status: res.statusCode ?? 0, headers: h, body: Buffer.concat(chunks) })
      })
    })
    req.on('error', reject)
    req.end(body)
  })
}

async function json<T>(base: string, path: string, headers: Record<string, string> = {}): Promise<{ body: T; headers: Record<string, string> }> {
  const r = await raw(base, 'GET', path, headers)
  if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${r.body.toString().slice(0, 200)}`)
  return { body: JSON.parse(r.body.toString()) as T, headers: r.headers }
}

/** The path of the page `hops` pages after `path`, following Link rel="next". */
async function laterPage(base: string, path: string, hops: number): Promise<string> {
  let at = path
  for (let i = 0; i < hops; i++) {
    const { headers } = await json(base, at)
    const next = /<([^>]+)>;\s*rel="next"/.exec(headers.link ?? '')?.[1]
    if (!next) break
    at = next
  }
  return at
}

async function waitForHealth(base: string, server: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error('the server exited while starting')
    try {
      if ((await raw(base, 'GET', '/api/health', {})).status === 200) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('the server did not answer /api/health within 60 s')
}

// ---- the run ----------------------------------------------------------------------------------

/** The name of the personal access tokens the bench makes (a run revokes its own; one that crashed leaves them, the next run revokes those). */
const PAT_NAME = 'shelfwise bench'

/** A personal access token (read, reading:write; one day) made through the API with a reader's session token. */
async function makePersonalToken(base: string, session: string): Promise<{ id: string; token: string }> {
  const auth = { authorization: `Bearer ${session}` }
  const listed = await raw(base, 'GET', '/api/me/tokens?limit=100', auth)
  if (listed.status !== 200) throw new Error(`GET /api/me/tokens: ${listed.status} ${listed.body.toString().slice(0, 200)}`)
  for (const t of JSON.parse(listed.body.toString()) as { _id: string; name: string }[])
    if (t.name === PAT_NAME) await revokePersonalToken(base, session, t._id)
  const body = JSON.stringify({ name: PAT_NAME, scopes: ['read', 'reading:write'], expiresInDays: 1 })
  const made = await raw(base, 'POST', '/api/me/tokens', auth, body)
  if (made.status !== 201) throw new Error(`POST /api/me/tokens: ${made.status} ${made.body.toString().slice(0, 200)}`)
  const t = JSON.parse(made.body.toString()) as { _id: string; token: string }
  return { id: t._id, token: t.token }
}

async function revokePersonalToken(base: string, session: string, id: string): Promise<void> {
  const r = await raw(base, 'DELETE', `/api/me/tokens/${id}`, { authorization: `Bearer ${session}` })
  if (r.status !== 204) throw new Error(`DELETE /api/me/tokens/${id}: ${r.status}`)
}

const sampleAuthOf = (call: Call): Record<string, string> => (call.tokens ? { authorization: `Bearer ${call.tokens[0]}` } : {})

function printTable(rows: Row[], title: string) {
  const head = ['call', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'vs bare', 'vs db', 'budget', '']
  const cells = rows.map((r) => [
    r.name,
    Math.round(r.rps).toLocaleString('en-US'),
    ms(r.p50),
    ms(r.p99),
    String(r.errors),
    r.ratio === undefined ? '–' : r.ratio.toFixed(2),
    r.dbRatio === undefined ? '–' : r.dbRatio.toFixed(2),
    [
      r.budget.p99 !== undefined ? `p99≤${r.budget.p99}` : '',
      r.budget.ratio !== undefined ? `≥${r.budget.ratio}×bare` : '',
      r.budget.dbRatio !== undefined ? `≥${r.budget.dbRatio}×db` : '',
      r.budget.rps !== undefined ? `≥${r.budget.rps}/s` : '',
      r.budget.p50Over !== undefined
        ? `p50≤+${r.budget.p50Over.ms} (${r.p50Over === undefined ? 'baseline not run' : `${r.p50Over >= 0 ? '+' : ''}${r.p50Over.toFixed(2)}`})`
        : '',
    ]
      .filter(Boolean)
      .join(' ') || 'reported',
    Object.keys(r.budget).length === 0 ? '' : r.pass ? 'ok' : 'OVER',
  ])
  printTextTable(title, head, cells, 6)
}

/** The node options of the root package's start script: what `npm start` runs the server with. */
function startScriptNodeArgs(): string[] {
  const start: string = JSON.parse(readFileSync(join(ROOT_DIR, 'package.json'), 'utf8')).scripts.start
  const words = start.split(/\s+/)
  const from = words.indexOf('node')
  const to = words.indexOf('apps/api/src/server.ts')
  return from >= 0 && to > from ? words.slice(from + 1, to) : []
}

async function main() {
  const f = flags({
    quick: { type: 'boolean', default: false },
    db: { type: 'string' },
    duration: { type: 'string' },
    connections: { type: 'string' },
    only: { type: 'string' },
    identity: { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
    'round-trips': { type: 'boolean', default: false },
    'node-args': { type: 'string' },
    'import-rows': { type: 'string' },
  })
  if (f.explain) {
    const { explainHotCalls } = await import('./explain.ts')
    process.exitCode = (await explainHotCalls(resolveTarget(f.db))) ? 1 : 0
    return
  }
  if (f['round-trips']) {
    const { countRoundTrips } = await import('./explain.ts')
    await countRoundTrips(resolveTarget(f.db))
    return
  }
  const quick = f.quick === true
  const duration = wholeNumber('duration', f.duration, quick ? 1 : 10, 1)
  const connections = wholeNumber('connections', f.connections, 16, 1)
  const importRows = wholeNumber('import-rows', f['import-rows'], quick ? 500 : 5_000, 1)
  const target = resolveTarget(f.db)
  if (target.kind === 'sqlite' && !existsSync(target.path)) {
    console.error(`No data at ${target.path}: run \`npm run bench:data\` first (or pass --db / DATABASE_URL).`)
    process.exit(2)
  }
  const started = performance.now()
  if (target.kind === 'postgres') await vacuumWithoutAutovacuum(target)
  const fx = await readFixtures(target)
  const tokens = createTokens(SECRET)
  const tokenOf = (w: { id: string; ver: number }) => tokens.sign(w.id, w.ver)

  const work = mkdtempSync(join(tmpdir(), 'shelfwise-bench-'))
  const port = 20_000 + Math.floor(Math.random() * 20_000)
  const base = `http://127.0.0.1:${port}`
  const env = serverEnv(target, port, work, SECRET, {
    // The write call measures throughput, not the limiter (whose check still runs on every request):
    // on small data a few writers make thousands of writes a minute, far past a reader's 120.
    RATE_LIMIT_WRITES_PER_USER: '1000000',
    // Likewise a reader's likes (the like that notifies, issue 24) and a personal token's requests
    // (progress sync, issue 25): each counted still, never refused.
    RATE_LIMIT_LIKES_PER_USER: '1000000',
    RATE_LIMIT_TOKEN_REQUESTS: '1000000',
    // Likewise the per-address limit on costly anonymous reads: the stall scenario measures whether
    // such reads hold the event loop, which a 429 would hide.
    RATE_LIMIT_COSTLY_READS_PER_IP: '1000000',
    // The webhook backlog is delivered to a receiver on 127.0.0.1.
    WEBHOOKS_ALLOW_PRIVATE: 'true',
  })
  // The server runs as `npm start` runs it (the V8 settings of the root start script);
  // --node-args='--max-semi-space-size=8' tries others instead (the report says which were used).
  const nodeArgs = f['node-args'] !== undefined ? f['node-args'].split(/\s+/).filter(Boolean) : startScriptNodeArgs()
  const server = startProcess(0, [NODE, ...nodeArgs, SERVER_ENTRY], env)
  server.stderr!.on('data', (d) => process.stderr.write(`[server] ${d}`))
  // Its log (warnings and errors) kept to look at after the run, the last run's only: a pipe nobody
  // reads fills at 64 KB, and the server's next log line would then wait for it.
  const serverLog = join(tmpdir(), 'shelfwise-bench-server.log')
  server.stdout!.pipe(createWriteStream(serverLog))
  console.log(`server log: ${serverLog}`)
  // Undone before the server stops (the personal tokens the run made).
  const cleanups: (() => Promise<unknown>)[] = []
  const cleanup = async () => {
    for (const undo of cleanups.splice(0)) await undo().catch((err: Error) => console.error(`cleanup: ${err.message}`))
    await stop(server)
    rmSync(work, { recursive: true, force: true })
  }
  process.on('SIGINT', () => void cleanup().then(() => process.exit(130)))

  try {
    await waitForHealth(base, server)
    const encoding: Record<string, string> = f.identity ? {} : { 'accept-encoding': 'gzip, deflate, br' }
    const later = {
      books: await laterPage(base, '/api/books?limit=24', 10),
      reviews: await laterPage(base, `/api/reviews/book/${fx.topBook}?limit=20`, 20),
      ...(fx.library ? { library: await laterPage(base, `/api/users/${fx.library.id}/library?status=read&limit=24`, 10) } : {}),
    }
    const writeBudget = quick ? 5_000 : Math.max(60_000, duration * 6_000)
    const writes = writePairs(fx, writeBudget, tokenOf)
    // "The book's average right afterwards": a few writes, each followed at once by a read of its book.
    const checked = await checkAverages(base, writes, 20)
    // Issue 25: personal access tokens made through the API (revoked at the end), for the sync's
    // readers (the first 20 writers) and the library reader.
    const syncReaders = fx.writers.slice(0, 20)
    const patOwners = [...syncReaders, ...(fx.library ? [fx.library] : [])]
    const pats = await Promise.all(patOwners.map((r) => makePersonalToken(base, tokenOf(r))))
    const revokePats = () => Promise.all(pats.map((p, i) => revokePersonalToken(base, tokenOf(patOwners[i]!), p.id)))
    cleanups.push(revokePats)
    const more: MoreCalls = {
      ...(fx.notified ? { notifiedToken: tokenOf(fx.notified) } : {}),
      likes: likePairs(fx, quick ? 5_000 : Math.max(60_000, duration * 6_000), tokenOf),
      ...(fx.library ? { libraryPersonalToken: pats.at(-1)!.token } : {}),
      progress: progressPairs(fx, tokenOf),
      sync: syncBodies(
        fx,
        pats.slice(0, syncReaders.length).map((p) => p.token),
      ),
    }
    const calls = buildCalls(
      fx,
      later,
      { paths: writes.paths.slice(20), tokens: writes.tokens.slice(20), bodies: writes.bodies.slice(20) },
      tokenOf(fx.feedReader),
      fx.library ? tokenOf(fx.library) : undefined,
      more,
    ).filter((c) => !f.only || c.name.includes(f.only))

    console.error(
      `${describeTarget(target)}: ${fx.counts.books.toLocaleString('en-US')} books, ${fx.counts.reviews.toLocaleString('en-US')} reviews, ${fx.counts.users.toLocaleString('en-US')} readers`,
    )
    console.error(canPin ? 'Server and bare node:http pinned to core 0, autocannon to core 1 (taskset).' : 'Not pinned (taskset missing or a single core).')
    const rows: Row[] = []
    let writesUsed = 20
    for (const call of calls) {
      const headers = { ...encoding }
      // Warm-up: every path of the call a few times (JIT, statement cache, page cache).
      const warm = call.method === 'GET' ? Math.min(call.paths.length, 200) : 0
      for (let i = 0; i < (quick ? 20 : 200); i++) {
        const path = call.paths[i % Math.max(1, warm)]!
        if (call.method === 'GET') await raw(base, 'GET', path, { ...headers, ...sampleAuthOf(call) })
      }
      const spec: LoadSpec = {
        url: base,
        connections,
        duration,
        method: call.method,
        paths: call.paths,
        headers,
        ...(call.tokens ? { tokens: call.tokens } : {}),
        ...(call.bodies ? { bodies: call.bodies } : {}),
      }
      // The bytes a bare server must answer: the call's own response, recorded now.
      const sampleAuth: Record<string, string> = call.tokens ? { authorization: `Bearer ${call.tokens[0]}` } : {}
      const sampleResponse = call.noBare
        ? undefined
        : call.method === 'GET' || call.method === 'PUT'
          ? await raw(base, 'GET', call.paths[0]!, { ...headers, ...sampleAuth })
          : await raw(base, 'GET', `/api/reviews/recent?limit=1`, headers).then((r) => ({ ...r, status: 201 }))
      const specFile = join(work, 'spec.json')
      writeFileSync(specFile, JSON.stringify(spec))
      process.stderr.write(`${call.name} …`)
      const result = JSON.parse(await runProcess(1, [NODE, join(BENCH_DIR, 'src', 'load.ts'), specFile])) as LoadResult
      if (call.method === 'POST') writesUsed += result.requests + connections
      let ceiling: number | undefined
      // The same requests (method, paths, tokens, bodies), so the load generator does the same work.
      if (sampleResponse && (!quick || call.name === 'book by id'))
        ceiling = await bareCeiling(sampleResponse, { ...spec, duration: Math.max(1, Math.round(duration / 2)) }, work)
      const ratio = ceiling ? result.rps / ceiling : undefined
      const b = call.budget
      // The second ceiling, for the calls whose budget names it: the same requests to a bare server reading the row.
      // For a write, the transaction of as many statements (reported, not budgeted).
      const dbCeiling =
        b.dbRatio !== undefined || (call.writeStatements !== undefined && !quick)
          ? await dbCeilingOf(target, { ...spec, duration: Math.max(1, Math.round(duration / 2)) }, work, call.writeStatements)
          : undefined
      const dbRatio = dbCeiling ? result.rps / dbCeiling : undefined
      // The p50 against another call's of this run (left out of the verdict when that call did not run).
      const baseline = b.p50Over ? rows.find((r) => r.name === b.p50Over!.call) : undefined
      const pass =
        result.errors === 0 &&
        (b.p99 === undefined || result.p99 <= b.p99) &&
        (baseline === undefined || result.p50 - baseline.p50 <= b.p50Over!.ms) &&
        (b.ratio === undefined || (ratio ?? 0) >= b.ratio) &&
        (b.dbRatio === undefined || (dbRatio ?? 0) >= b.dbRatio) &&
        (b.rps === undefined || result.rps >= b.rps)
      const peak = peakRssMb(server.pid!)
      rows.push({
        ...result,
        name: call.name,
        ...(ceiling ? { ceiling } : {}),
        ...(ratio !== undefined ? { ratio } : {}),
        ...(dbCeiling !== undefined && dbRatio !== undefined ? { dbCeiling, dbRatio } : {}),
        ...(baseline ? { p50Over: result.p50 - baseline.p50 } : {}),
        budget: b,
        pass,
        peakRssMb: peak,
      })
      process.stderr.write(
        `\r${call.name}: ${Math.round(result.rps)} req/s, p99 ${ms(result.p99)} ms${ceiling ? `, bare ${Math.round(ceiling)} req/s` : ''}${dbCeiling ? `, bare+db ${Math.round(dbCeiling)} req/s` : ''}, server RSS ${rssMb(server.pid!).toFixed(0)} MB (peak ${peak.toFixed(0)})\n`,
      )
    }
    // The stall scenarios: all of them without --only or with --only stall, else those whose name starts with it.
    const stallSeconds = quick ? 2 : duration
    const wanted = (name: string) => !f.only || f.only === 'stall' || name.startsWith(f.only)
    const storm =
      fx.yearReader && wanted('year storm')
        ? yearStormScenario(fx.yearReader, { writer: (await signUpReader(base)).token, reader: tokenOf(fx.yearReader) }, quick, Date.now().toString(36))
        : undefined
    // Issue 24: live streams held open, first of the stall scenarios: the server's memory is then the
    // call load's, not yet grown by the costly reads and imports (whose room would hide the streams' growth).
    const streamRows = wanted('open streams') ? [await runOpenStreams(base, work, fx.readers.map(tokenOf), quick ? 100 : 1_000, stallSeconds, server.pid!)] : []
    const stallRows = [
      ...streamRows,
      ...(await runStall(
        base,
        work,
        stallSeconds,
        [...stallScenarios(quick, (seed) => createRandom(seed).next), ...(storm ? [storm] : [])].filter((s) => wanted(s.name)),
      )),
    ]
    const imports = !f.only || f.only === 'import' ? [await runImport(base, target, importRows)] : []
    // The budget's peak memory is the load's; five 10 MB uploads at once (below) are reported on their own.
    const rss = peakRssMb(server.pid!)
    // After the import scenario, so that no hostile job still running can disturb its budget.
    if (wanted('hostile import')) stallRows.push(await runHostileImport(base, target, work, stallSeconds, quick, server.pid!))
    // Last: its backlog drains at full speed on the server's core (decision 0048).
    if (wanted('webhook backlog'))
      stallRows.push(await runWebhookBacklog({ base, target, quick, reader: await signUpReader(base), startProbe, closeAccount: (b, r) => closeAccount(b, r) }))
    const afterWrites = await checkTotals(base, target, writes.paths.slice(0, writesUsed))
    const title =
      `Shelfwise bench — ${describeTarget(target)} — ${fx.counts.books.toLocaleString('en-US')} books, ${fx.counts.reviews.toLocaleString('en-US')} reviews at start — ` +
      `${connections} connections × ${duration} s per call${f.identity ? ', no compression asked' : ', Accept-Encoding: gzip, deflate, br'}${nodeArgs.length ? `, server run with ${nodeArgs.join(' ')}` : ''}`
    if (rows.length) printTable(rows, title)
    if (stallRows.length) printStallTable(stallRows, `Stall — ${describeTarget(target)} — GET /api/health asked one at a time while costly anonymous reads run`)
    if (imports.length)
      printImportTable(
        imports,
        `Import — ${describeTarget(target)} — ${fx.counts.books.toLocaleString('en-US')} books — a new reader's Goodreads export, polled every 100 ms, GET /api/health asked one at a time meanwhile`,
      )
    console.log(`\nserver peak RSS (VmHWM): ${rss.toFixed(0)} MB (budget ≤ 300 MB: ${rss <= 300 ? 'ok' : 'OVER'})`)
    console.log(
      `averages right after a write: ${checked.ok}/${checked.of} books showed the new count and exact average at once; after the load, ${afterWrites.ok}/${afterWrites.of} written books match their reviews (count, average)`,
    )
    console.log(canPin ? 'pinning: server and bare node:http on core 0, autocannon on core 1 (taskset -c)' : 'pinning: none (taskset missing or one core)')
    console.log(
      `took ${((performance.now() - started) / 1000).toFixed(0)} s; load average now: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
    )
    mkdirSync(join(BENCH_DIR, 'out'), { recursive: true })
    const out = {
      date: new Date().toISOString(),
      target: describeTarget(target),
      kind: target.kind,
      counts: fx.counts,
      connections,
      duration,
      compression: !f.identity,
      nodeArgs,
      rssMb: rss,
      rows,
      stall: stallRows,
      imports,
      checked,
      afterWrites,
    }
    writeFileSync(join(BENCH_DIR, 'out', `${target.kind}${quick ? '-quick' : ''}.json`), `${JSON.stringify(out, null, 2)}\n`)
    const failed = [
      ...rows.filter((r) => r.errors > 0).map((r) => r.name),
      ...stallRows.filter((r) => r.errors > 0).map((r) => `stall: ${r.name}`),
      ...imports
        .filter((r) => r.problems.length || r.health.errors)
        .map((r) => `import: ${[...r.problems, ...(r.health.errors ? [`${r.health.errors} health probes failed`] : [])].join('; ')}`),
    ]
    if (failed.length) {
      console.log(`errors in: ${failed.join(', ')}`)
      process.exitCode = 1
    }
  } finally {
    await cleanup()
  }
}

/**
 * Each stall scenario: its attack loads (autocannon, core 1) and the /api/health probe (core 1) run
 * together for `seconds`; the probe's timings make the row.
 */
async function runStall(base: string, work: string, seconds: number, scenarios: StallScenario[]): Promise<StallRow[]> {
  const rows: StallRow[] = []
  for (const scenario of scenarios) {
    const started = performance.now()
    process.stderr.write(`stall: ${scenario.name} …`)
    const attacks = scenario.attacks.map((a, i) => {
      const file = join(work, `stall-${i}.json`)
      // The attack lasts a second longer than the probe, so the probe never runs unloaded.
      const spec: LoadSpec = {
        url: base,
        connections: a.connections,
        duration: seconds + 1,
        method: 'GET',
        paths: a.paths,
        headers: {},
        ...(a.methods ? { methods: a.methods } : {}),
        ...(a.tokens ? { tokens: a.tokens } : {}),
        ...(a.bodies ? { bodies: a.bodies } : {}),
        ...(a.rate ? { rate: a.rate } : {}),
      }
      writeFileSync(file, JSON.stringify(spec))
      return runProcess(1, [NODE, join(BENCH_DIR, 'src', 'load.ts'), file]).then((out) => JSON.parse(out) as LoadResult)
    })
    // The attackers fill the server's queue first.
    await new Promise((r) => setTimeout(r, 300))
    const probed = JSON.parse(await runProcess(1, [NODE, join(BENCH_DIR, 'src', 'stall.ts'), 'probe', base, String(seconds)])) as ProbeResult
    const results = await Promise.all(attacks)
    const attackStatuses: Record<string, number> = {}
    for (const r of results) for (const [s, n] of Object.entries(r.statuses)) attackStatuses[s] = (attackStatuses[s] ?? 0) + n
    const attackRequests = results.reduce((n, r) => n + r.requests, 0)
    const errors =
      probed.errors +
      Object.entries(attackStatuses)
        .filter(([s]) => Number(s) >= 500)
        .reduce((n, [, c]) => n + c, 0)
    // Labelled attackers are told apart in the row's detail, with the 429s (the bench lifts the limit, so none are expected).
    const detail = scenario.attacks.some((a) => a.label)
      ? [
          `429s: ${attackStatuses['429'] ?? 0}`,
          ...scenario.attacks.map(
            (a, i) => `${a.label ?? `attack ${i + 1}`} ${results[i]!.requests.toLocaleString('en-US')}${statusesOf(results[i]!.statuses, '200')}`,
          ),
        ].join('; ')
      : undefined
    rows.push({
      ...probed,
      errors,
      name: scenario.name,
      attackStatuses,
      attackRequests,
      ...(detail ? { detail } : {}),
      pass: errors === 0 && probed.p99 <= STALL_BUDGET_P99_MS,
    })
    await settle(base)
    process.stderr.write(
      `\rstall: ${scenario.name}: health p99 ${probed.p99.toFixed(1)} ms (max ${probed.max.toFixed(1)}), ${attackRequests} attack answers; took ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
    )
  }
  return rows
}

/**
 * Issue 24: `count` live notification streams held open by a process on core 1 (streams.ts), at most
 * 4 a reader (the server keeps 5), while the probe times /api/health for `seconds`. The server's
 * resident memory is read before they open and while they are open.
 */
async function runOpenStreams(base: string, work: string, readerTokens: string[], count: number, seconds: number, serverPid: number): Promise<StallRow> {
  const started = performance.now()
  const tokens = readerTokens.slice(0, Math.ceil(count / 4))
  const streams = Math.min(count, tokens.length * 4)
  const name = `open streams: ${streams.toLocaleString('en-US')} live notification streams (${tokens.length} readers) held open`
  process.stderr.write(`stall: ${name} …`)
  await settle(base)
  const before = rssMb(serverPid)
  const file = join(work, 'streams.json')
  writeFileSync(file, JSON.stringify({ base, count: streams, tokens } satisfies StreamsSpec))
  const holder = await startReady([NODE, join(BENCH_DIR, 'src', 'streams.ts'), 'hold', file])
  const open = rssMb(serverPid)
  const probe = await startProbe(base)
  await new Promise((r) => setTimeout(r, seconds * 1000))
  probe.child.stdin!.end()
  if ((await probe.exited) !== 0) throw new Error('the health probe exited with an error')
  const after = rssMb(serverPid)
  holder.child.stdin!.end()
  if ((await holder.exited) !== 0) throw new Error('the stream holders exited with an error')
  const result = JSON.parse(holder.lastLine()) as StreamsResult
  const probed = JSON.parse(probe.lastLine()) as ProbeResult
  const growth = Math.max(open, after) - before
  const failed = Object.entries(result.failed)
  const detail =
    `${result.opened.toLocaleString('en-US')}/${streams.toLocaleString('en-US')} open in ${(result.openMs / 1000).toFixed(1)} s` +
    `${failed.length ? ` (not opened: ${failed.map(([s, n]) => `${n}×${s}`).join(' ')})` : ''}, ${result.dropped} dropped; ` +
    `server RSS ${before.toFixed(0)} MB before, ${open.toFixed(0)} once open, ${after.toFixed(0)} after the probe: ` +
    `${growth >= 0 ? '+' : ''}${growth.toFixed(0)} MB (budget ≤ ${STREAMS_BUDGET.rssGrowthMb}: ${growth <= STREAMS_BUDGET.rssGrowthMb ? 'ok' : 'over'})`
  await settle(base)
  process.stderr.write(
    `\rstall: ${name}: health p99 ${probed.p99.toFixed(1)} ms (max ${probed.max.toFixed(1)}), ${detail}; took ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  )
  return {
    ...probed,
    name,
    attackStatuses: { 200: result.opened, ...result.failed },
    attackRequests: streams,
    detail,
    pass: probed.errors === 0 && result.opened === streams && result.dropped === 0 && growth <= STREAMS_BUDGET.rssGrowthMb && probed.p99 <= STALL_BUDGET_P99_MS,
  }
}

/** Statuses other than `usual`, as ' (3×201 1×409)', or nothing. */
const statusesOf = (statuses: Record<string, number>, usual: string) => {
  const others = Object.entries(statuses).filter(([s]) => s !== usual)
  return others.length ? ` (${others.map(([s, n]) => `${n}×${s}`).join(' ')})` : ''
}

/** Lets the server finish what attackers left in flight: health answered within 5 ms again (10 s at most). */
async function settle(base: string) {
  for (let i = 0; i < 100; i++) {
    const t0 = performance.now()
    await raw(base, 'GET', '/api/health', {})
    if (performance.now() - t0 < 5) break
    await new Promise((r) => setTimeout(r, 100))
  }
}

/**
 * A PostgreSQL server vacuums its tables by itself (autovacuum); one that does not (this machine's:
 * /etc/postgresql/15/main/conf.d/90-ci.conf) keeps the dead row versions of every earlier run. After
 * a few imports the bench's books held 29,640 of them and the 5,000-row import took 14.6 s instead of
 * 11.3 s. There the bench vacuums first, as autovacuum would have between runs, and says so.
 */
async function vacuumWithoutAutovacuum(target: Target) {
  const db = createDb({ url: target.url, poolSize: 1 }).withoutPlugins()
  try {
    const { rows } = await sql<{ autovacuum: string }>`show autovacuum`.execute(db)
    if (rows[0]?.autovacuum !== 'off') return
    const t0 = performance.now()
    await sql`vacuum`.execute(db)
    console.log(`autovacuum is off on this server: the database vacuumed first, as autovacuum would have (${ms(performance.now() - t0)} ms)`)
  } finally {
    await db.destroy()
  }
}

/**
 * The hostile import (hostile.ts): five readers signed up for it send files built to hurt and ask for
 * their imports' rows as CSV for `seconds`, from their own process (core 1), while the probe process
 * (core 1) times /api/health from before the first upload until every job taken has finished.
 * Afterwards their accounts are closed (their imports and reading log go with them; outside the probe).
 */
async function runHostileImport(base: string, target: Target, work: string, seconds: number, quick: boolean, serverPid: number): Promise<StallRow> {
  const started = performance.now()
  const book = await hostileBook(target)
  const readers = await Promise.all(HARMS.map(() => signUpReader(base)))
  const name = `hostile import: ${readers.length} readers, files built to hurt, then rows.csv`
  process.stderr.write(`stall: ${name} …`)
  const spec: HostileSpec = { base, seconds, waitSeconds: quick ? 20 : 120, quick, book, tokens: readers.map((r) => r.token) }
  const file = join(work, 'hostile.json')
  writeFileSync(file, JSON.stringify(spec))
  // The attackers build their files first ("ready"), then the probe starts, then the attack.
  const attacker = await startReady([NODE, join(BENCH_DIR, 'src', 'hostile.ts'), 'attack', file])
  const probe = await startProbe(base)
  attacker.child.stdin!.end('go\n')
  try {
    if ((await attacker.exited) !== 0) throw new Error('the hostile import attackers exited with an error')
  } finally {
    probe.child.stdin!.end()
  }
  if ((await probe.exited) !== 0) throw new Error('the health probe exited with an error')
  const result = JSON.parse(attacker.lastLine()) as HostileResult
  const probed = JSON.parse(probe.lastLine()) as ProbeResult
  const attackStatuses: Record<string, number> = {}
  for (const u of result.uploads) attackStatuses[u.status] = (attackStatuses[u.status] ?? 0) + 1
  for (const [s, n] of Object.entries(result.rowsCsv.statuses)) attackStatuses[s] = (attackStatuses[s] ?? 0) + n
  // A 5xx, or a job that ended 'failed' (the job met an error it did not expect), is an error of the run.
  const failedJobs = result.jobs.filter((j) => j.status === 'failed').length
  const errors =
    probed.errors +
    failedJobs +
    Object.entries(attackStatuses)
      .filter(([s]) => Number(s) >= 500)
      .reduce((n, [, c]) => n + c, 0)
  const notes = [
    ...result.uploads.map(
      (u) =>
        `reader ${u.reader + 1}: ${u.file} (${(u.bytes / 1024 / 1024).toFixed(1)} MB): ${u.status} in ${Math.round(u.ms)} ms${u.message ? ` — ${u.message}` : ''}`,
    ),
    ...result.jobs.map(
      (j) =>
        `reader ${j.reader + 1}: ${j.file}: job ${j.status}, ${j.processed.toLocaleString('en-US')}/${j.total.toLocaleString('en-US')} rows (${j.failed.toLocaleString('en-US')} failed)` +
        `${j.ms === null ? '' : ` in ${(j.ms / 1000).toFixed(1)} s`}`,
    ),
  ]
  const row: StallRow = {
    ...probed,
    errors,
    name,
    attackStatuses,
    attackRequests: result.uploads.length + result.rowsCsv.requests,
    detail: `${describeHostile(result)}; server peak RSS ${peakRssMb(serverPid).toFixed(0)} MB`,
    notes,
    pass: errors === 0 && result.unfinished === 0 && probed.p99 <= STALL_BUDGET_P99_MS,
  }
  // The readers' accounts are closed, a job still running with them (it stops on its next batch), so
  // that no job is left for the next run's server to take up.
  await Promise.all(readers.map((r) => closeAccount(base, r)))
  await settle(base)
  process.stderr.write(
    `\rstall: ${name}: health p99 ${probed.p99.toFixed(1)} ms (max ${probed.max.toFixed(1)}), ${describeHostile(result)}; took ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  )
  return row
}

/** A catalogue book with an ISBN (not one a bench reader added): the hostile rows name it, so they create no book. */
async function hostileBook(target: Target): Promise<HostileBook> {
  const db = createDb({ url: target.url, poolSize: 1 }).withoutPlugins()
  try {
    const { rows } = await sql<HostileBook>`select isbn, title, author from books where isbn is not null and isbn <> ''
      and (created_by_user_id is null or created_by_user_id not in (select id from users where username like ${`${IMPORTER_PREFIX}%`}))
      order by id limit 1`.execute(db)
    if (!rows[0]) throw new Error('no catalogue book has an ISBN')
    return rows[0]
  } finally {
    await db.destroy()
  }
}

/**
 * The import scenario: a Goodreads export made from the served catalogue, sent by a reader who signs
 * up for it, polled until done while the probe process (core 1) times /api/health. A job that fails,
 * or a row that fails or waits, is an error of the run (the rows are listed).
 */
async function runImport(base: string, target: Target, rows: number): Promise<ImportResult> {
  const catalogue = await readCatalogue(target)
  const file = goodreadsExport(catalogue, rows)
  const reader = await signUpReader(base)
  const name = `Goodreads, ${file.rows.toLocaleString('en-US')} rows`
  process.stderr.write(`import: ${name} …`)
  const probe = await startProbe(base)
  const t0 = performance.now()
  let uploadMs = 0
  let wallMs = 0
  let done: Awaited<ReturnType<typeof pollUntilDone>>
  try {
    const started = await uploadExport(base, reader.token, file.csv)
    uploadMs = performance.now() - t0
    done = await pollUntilDone(base, reader.token, started._id, Math.max(120_000, rows * 40))
    wallMs = performance.now() - t0
  } finally {
    probe.child.stdin!.end()
  }
  const code = await probe.exited
  if (code !== 0) throw new Error(`the health probe exited with ${code}`)
  const health = JSON.parse(probe.lastLine()) as ProbeResult
  const { job, polls } = done
  // The books the import created: the file's new ones, and no book the catalogue already had.
  const db = createDb({ url: target.url, poolSize: 1 }).withoutPlugins()
  const [booksAfter, created] = await Promise.all([
    sql<{ n: number }>`select count(*) as n from books`.execute(db).then((r) => Number(r.rows[0]!.n)),
    sql<{
      title: string
      author: string
    }>`select b.title, b.author from books b join users u on u.id = b.created_by_user_id where u.username = ${reader.username}`
      .execute(db)
      .then((r) => r.rows),
  ]).finally(() => db.destroy())
  const known = new Set(catalogue.map((b) => titleKey(b.title)))
  const duplicates = created.filter((b) => known.has(titleKey(b.title)))
  const problems = problemsOf(job, file, booksAfter - catalogue.length, duplicates)
  const rowsPerSecond = file.rows / (wallMs / 1000)
  const result: ImportResult = {
    name,
    rows: file.rows,
    mix: file.mix,
    bytes: Buffer.byteLength(file.csv),
    wallMs,
    uploadMs,
    serverMs: job.finishedAt ? Date.parse(job.finishedAt) - Date.parse(job.createdAt) : null,
    rowsPerSecond,
    status: job.status,
    counts: { imported: job.imported, unchanged: job.unchanged, needsReview: job.needsReview, failed: job.failed, skipped: job.skipped },
    booksCreated: booksAfter - catalogue.length,
    duplicates,
    polls,
    health,
    problems,
    problemRows: problems.length ? await problemRowsOf(base, reader.token, job._id) : [],
    pass: !problems.length && health.errors === 0 && rowsPerSecond >= IMPORT_BUDGET.rowsPerSecond && health.p99 <= IMPORT_BUDGET.healthP99,
  }
  process.stderr.write(
    `\rimport: ${name}: ${job.status} in ${(wallMs / 1000).toFixed(2)} s (${Math.round(rowsPerSecond)} rows/s), health p99 ${health.p99.toFixed(1)} ms (max ${health.max.toFixed(1)})\n`,
  )
  return result
}

/** Requests/s of a ceiling server (`script` with `args`, pinned like the API server), loaded like the call was. */
async function ceilingOf(script: string, args: string[], spec: LoadSpec, work: string): Promise<number> {
  const bare = startProcess(0, [NODE, join(BENCH_DIR, 'src', script), ...args])
  try {
    const port = Number(await firstLine(bare))
    const specFile = join(work, `${script}-spec.json`)
    writeFileSync(specFile, JSON.stringify({ ...spec, url: `http://127.0.0.1:${port}` }))
    const result = JSON.parse(await runProcess(1, [NODE, join(BENCH_DIR, 'src', 'load.ts'), specFile])) as LoadResult
    return result.rps
  } finally {
    await stop(bare)
  }
}

/** Requests/s of a bare node:http server reading each asked book's row from the database, or writing a transaction of `writes` statements (bare-db.ts). */
const dbCeilingOf = (target: Target, spec: LoadSpec, work: string, writes?: number) =>
  ceilingOf('bare-db.ts', [target.kind === 'sqlite' ? target.path : target.url, ...(writes ? ['--writes', String(writes)] : [])], spec, work)

/** Requests/s of a bare node:http server answering `sample` (bare.ts). */
async function bareCeiling(sample: Raw, spec: LoadSpec, work: string): Promise<number> {
  const headers: Record<string, string> = {}
  for (const [k, v] of Object.entries(sample.headers))
    if (!['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(k)) headers[k] = v
  const file = join(work, 'sample.json')
  writeFileSync(file, JSON.stringify({ status: sample.status, headers, body: sample.body.toString('base64') } satisfies Sample))
  return ceilingOf('bare.ts', [file], spec, work)
}

interface Book {
  totalReviews: number
  /** Reviews and ratings without a review: the average is over both. */
  ratingsCount: number
  averageRating: number
}

/** Writes `n` reviews one by one, reading the book straight after each: count +1, average exact. */
async function checkAverages(base: string, writes: { paths: string[]; tokens: string[]; bodies: string[] }, n: number) {
  let ok = 0
  for (let i = 0; i < n; i++) {
    const bookPath = writes.paths[i]!.replace('/api/reviews/book/', '/api/books/')
    const before = (await json<Book>(base, bookPath)).body
    const r = await raw(base, 'POST', writes.paths[i]!, { authorization: `Bearer ${writes.tokens[i]}` }, writes.bodies[i])
    const rating = (JSON.parse(writes.bodies[i]!) as { rating: number }).rating
    const after = (await json<Book>(base, bookPath)).body
    // The API rounds averages to two places; the sum is recovered from the old count and average.
    const expected = (before.averageRating * before.ratingsCount + rating) / (before.ratingsCount + 1)
    if (r.status === 201 && after.totalReviews === before.totalReviews + 1 && Math.abs(after.averageRating - expected) <= 0.01) ok++
    else console.error(`average check failed for ${bookPath}: ${r.status}, ${JSON.stringify(before)} → ${JSON.stringify(after)} (rating ${rating})`)
  }
  return { ok, of: n }
}

/**
 * After the load: every written book's count and average, as the API answers them, against its review
 * rows and its readers' ratings without a review (which count in the average: the import brings some).
 */
async function checkTotals(base: string, target: Target, paths: string[]) {
  const ids = [...new Set(paths.map((p) => p.split('/').at(-1)!))].slice(0, 200)
  const db = createDb({ url: target.url, poolSize: 2 }).withoutPlugins()
  let ok = 0
  try {
    for (const id of ids) {
      // The ledger's rule (decision 0024; 0029 for a review an import brought without stars): the
      // rated reviews, and the ratings of readers with no rated review of the book (lone ratings).
      const lone = sql`from reading_entries e where e.book_id = ${id}
        and not exists (select 1 from reviews r where r.book_id = e.book_id and r.user_id = e.user_id and r.rating is not null)`
      const { rows } = await sql<{ n: number; s: number; ln: number; ls: number }>`
        select (select count(rating) from reviews where book_id = ${id}) as n, (select coalesce(sum(rating), 0) from reviews where book_id = ${id}) as s,
          (select count(e.rating) ${lone}) as ln, (select coalesce(sum(e.rating), 0) ${lone}) as ls`.execute(db)
      const book = (await json<Book>(base, `/api/books/${id}`)).body
      const n = Number(rows[0]!.n)
      const ratings = n + Number(rows[0]!.ln)
      const avg = ratings ? Math.round(((Number(rows[0]!.s) + Number(rows[0]!.ls)) / ratings) * 100) / 100 : 0
      if (book.totalReviews === n && Math.abs(book.averageRating - avg) < 0.001) ok++
    }
  } finally {
    await db.destroy()
  }
  return { ok, of: ids.length }
}

if (import.meta.main) await main()
