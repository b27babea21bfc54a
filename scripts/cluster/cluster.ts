// `npm run cluster [-- --instances N] [--port P]`: N Shelfwise API processes (3 unless told) on one
// PostgreSQL and one Redis, behind nginx on http://127.0.0.1:P (8080 unless told). Every instance
// shares the JWT secret and the uploads folder. Ctrl-C or SIGTERM stops nginx (finishing what it
// proxies), then drains the instances, and removes nginx's temporary folder.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { accessSync, chmodSync, constants, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'

const repoRoot = resolve(import.meta.dirname, '../..')
const serverEntry = join(repoRoot, 'apps/api/src/server.ts')
const template = join(import.meta.dirname, 'nginx.conf.template')

const say = (line: string) => console.log(`[cluster] ${line}`)
const fail = (line: string): never => {
  console.error(`[cluster] ${line}`)
  process.exit(1)
}

const { values: opts } = parseArgs({
  options: {
    instances: { type: 'string', default: '3' },
    port: { type: 'string', default: '8080' },
    help: { type: 'boolean', default: false },
  },
})
if (opts.help) {
  console.log(`npm run cluster [-- --instances N] [--port P]

Starts N API instances (default 3) on PostgreSQL and Redis behind nginx on 127.0.0.1:P (default 8080).
  DATABASE_URL  postgres://… (default: database shelfwise_cluster on postgres@127.0.0.1:5432, made if missing)
  REDIS_URL     shared rate-limit counters (default redis://127.0.0.1:6379)
  JWT_SECRET    shared signing secret (default: one kept in DATA_DIR/secret)
  UPLOADS_DIR   shared uploads folder (default DATA_DIR/uploads)
  DATA_DIR      the cluster's folder (default ./data/cluster)
  SEED_DEMO     fill an empty database with the demo community (default true here)
Other settings (LOG_LEVEL, RATE_LIMIT_*…) reach every instance as they are.`)
  process.exit(0)
}
const instances = Number(opts.instances)
const port = Number(opts.port)
if (!Number.isInteger(instances) || instances < 1 || instances > 32) fail(`--instances must be a whole number from 1 to 32, not "${opts.instances}"`)
if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`--port must be a port number, not "${opts.port}"`)

function findNginx(): string {
  const candidates = [process.env.NGINX, '/usr/sbin/nginx', '/usr/bin/nginx', ...(process.env.PATH ?? '').split(':').map((d) => join(d, 'nginx'))]
  for (const c of candidates) {
    if (!c) continue
    try {
      accessSync(c, constants.X_OK)
      return c
    } catch {
      // next
    }
  }
  return fail("nginx is not installed: apt-get install -y nginx (Debian's package; the cluster runs it in the foreground, it needs no service)")
}

const portIsFree = (p: number) =>
  new Promise<boolean>((r) => {
    const s = net
      .createServer()
      .once('error', () => r(false))
      .listen(p, '127.0.0.1', () => s.close(() => r(true)))
  })

/** The database URL, making `shelfwise_cluster` on the local server when none is given. */
async function databaseUrl(): Promise<string> {
  const given = process.env.DATABASE_URL
  if (given) {
    if (!/^postgres(ql)?:\/\//i.test(given)) fail('DATABASE_URL must be a postgres:// URL: instances on separate processes share one PostgreSQL')
    return given
  }
  const url = 'postgres://postgres@127.0.0.1:5432/shelfwise_cluster'
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' })
  try {
    await admin.connect()
    const { rowCount } = await admin.query(`select 1 from pg_database where datname = 'shelfwise_cluster'`)
    if (!rowCount) {
      await admin.query('create database shelfwise_cluster')
      say('made the database shelfwise_cluster on 127.0.0.1:5432')
    }
  } catch (err) {
    fail(`no DATABASE_URL, and the local PostgreSQL (127.0.0.1:5432) could not make shelfwise_cluster: ${(err as Error).message}`)
  } finally {
    await admin.end().catch(() => {})
  }
  return url
}

/** The shared signing secret: JWT_SECRET, or one kept in the cluster's folder so tokens survive a restart. */
function jwtSecret(dataDir: string): string {
  if (process.env.JWT_SECRET) return process.env.JWT_SECRET
  const file = join(dataDir, 'secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  const secret = randomBytes(48).toString('base64url')
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

const hidePassword = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@')

interface Child {
  name: string
  proc: ChildProcess
  exited: Promise<number | null>
}

const children: Child[] = []
let stopping = false
const alive = (c: Child) => c.proc.exitCode === null && c.proc.signalCode === null

/** Starts a child in its own process group (so a terminal's Ctrl-C reaches only us, and we stop them in order), prefixing its output. */
function startChild(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv, onLine?: (line: string) => void): Child {
  const proc = spawn(cmd, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  const forward = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) => {
    let buf = ''
    stream.on('data', (chunk: Buffer) => {
      buf += chunk.toString()
      let nl: number
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl)
        buf = buf.slice(nl + 1)
        if (line.trim()) out.write(`[${name}] ${line}\n`)
        onLine?.(line)
      }
    })
  }
  forward(proc.stdout!, process.stdout)
  forward(proc.stderr!, process.stderr)
  const exited = new Promise<number | null>((r) => proc.once('exit', (code, signal) => r(code ?? (signal ? 128 : null))))
  const child = { name, proc, exited }
  children.push(child)
  void exited.then((code) => {
    if (stopping) return
    if (name === 'nginx') {
      say(`nginx exited unexpectedly (${code}): stopping everything`)
      void stop(1)
      return
    }
    // One instance stopping (a crash, or an operator's SIGTERM) is what nginx is there for: the others carry on.
    const left = children.filter((c) => c.name !== 'nginx' && alive(c))
    say(`${name} exited (${code}); ${left.length ? `nginx sends its requests to the other ${left.length}` : 'none left: stopping'}`)
    if (!left.length) void stop(1)
  })
  return child
}

function startInstance(n: number, env: NodeJS.ProcessEnv): Promise<{ child: Child; url: string }> {
  return new Promise((resolvePromise, reject) => {
    let settled = false
    const child = startChild(`api-${n}`, process.execPath, [serverEntry], env, (line) => {
      const m = /running at (http:\/\/\S+)/.exec(line)
      if (m && !settled) {
        settled = true
        resolvePromise({ child, url: m[1]!.replace('localhost', '127.0.0.1') })
      }
    })
    void child.exited.then((code) => {
      if (!settled) reject(new Error(`api-${n} exited (${code}) before it was ready`))
    })
  })
}

async function waitForHealth(url: string, timeoutMs: number) {
  const end = Date.now() + timeoutMs
  for (;;) {
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) })
      if (res.ok) return
    } catch {
      // not yet
    }
    if (Date.now() > end) throw new Error(`${url}/api/health did not answer within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

let prefix: string | undefined

/** nginx first (it finishes the requests it is proxying), then every instance drains; then the temporary folder goes. */
async function stop(code: number): Promise<never> {
  if (stopping) return new Promise<never>(() => {})
  stopping = true
  const wait = async (c: Child, graceMs: number) => {
    const timer = setTimeout(() => c.proc.kill('SIGKILL'), graceMs)
    const result = await c.exited
    clearTimeout(timer)
    return result
  }
  const nginx = children.find((c) => c.name === 'nginx')
  if (nginx && alive(nginx)) {
    nginx.proc.kill('SIGQUIT') // graceful: stop listening, finish the requests in flight
    if ((await wait(nginx, 10_000)) !== 0) code = 1
  }
  const apis = children.filter((c) => c.name !== 'nginx')
  for (const c of apis) if (alive(c)) c.proc.kill('SIGTERM')
  // An instance that stopped on its own earlier counts too: a crash makes the whole run unclean.
  const codes = await Promise.all(apis.map((c) => wait(c, 20_000)))
  if (codes.some((c) => c !== 0)) code = 1
  if (prefix) rmSync(prefix, { recursive: true, force: true })
  say(code === 0 ? 'stopped cleanly' : 'stopped (not every process exited cleanly)')
  process.exit(code)
}

let firstSignalAt = 0
const onSignal = (signal: NodeJS.Signals) => {
  if (firstSignalAt) {
    // npm forwards the terminal's Ctrl-C, so one press can arrive twice; a later press stops at once.
    if (Date.now() - firstSignalAt < 1000) return
    say(`${signal} again: killing everything now`)
    for (const c of children) c.proc.kill('SIGKILL')
    if (prefix) rmSync(prefix, { recursive: true, force: true })
    process.exit(1)
  }
  firstSignalAt = Date.now()
  say(`${signal}: stopping nginx, then draining the instances`)
  void stop(0)
}
process.on('SIGINT', onSignal)
process.on('SIGTERM', onSignal)
process.on('SIGHUP', onSignal)
// Whatever ends this process, its children go with it.
process.on('exit', () => {
  for (const c of children) if (alive(c)) c.proc.kill('SIGKILL')
})

async function main() {
  const nginxBin = findNginx()
  if (!(await portIsFree(port))) fail(`127.0.0.1:${port} is taken: pick another with -- --port P`)
  const dataDir = resolve(process.env.DATA_DIR ?? join(repoRoot, 'data/cluster'))
  const url = await databaseUrl()
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
  const uploadsDir = resolve(process.env.UPLOADS_DIR ?? join(dataDir, 'uploads'))
  mkdirSync(uploadsDir, { recursive: true })
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: url,
    REDIS_URL: redisUrl,
    JWT_SECRET: jwtSecret(dataDir),
    UPLOADS_DIR: uploadsDir,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    // nginx sets X-Forwarded-For to the client's address, so rate limits count real clients.
    TRUST_PROXY: 'true',
    // On PostgreSQL the server seeds only when asked: the cluster asks (its demo password is kept in DATA_DIR).
    SEED_DEMO: process.env.SEED_DEMO ?? 'true',
  }

  // The first instance migrates (and seeds an empty database) alone; the others start together.
  const first = await startInstance(1, env)
  const rest = await Promise.all(Array.from({ length: instances - 1 }, (_, i) => startInstance(i + 2, env)))
  const apis = [first, ...rest]

  prefix = mkdtempSync(join(tmpdir(), 'shelfwise-nginx-'))
  // Run as root, nginx's workers drop to an unprivileged user, which must reach the temp folders here.
  if (process.getuid?.() === 0) chmodSync(prefix, 0o755)
  const servers = apis.map((a) => `    server ${new URL(a.url).host} max_fails=1 fail_timeout=5s;`).join('\n')
  const listen = `127.0.0.1:${port}`
  writeFileSync(
    join(prefix, 'nginx.conf'),
    readFileSync(template, 'utf8').replaceAll('{{PREFIX}}', prefix).replaceAll('{{LISTEN}}', listen).replaceAll('{{SERVERS}}', servers),
  )
  startChild('nginx', nginxBin, ['-p', `${prefix}/`, '-c', join(prefix, 'nginx.conf'), '-e', 'stderr'], process.env)
  const front = `http://${listen}`
  await waitForHealth(front, 10_000)

  console.log(`
Shelfwise cluster is running at ${front}  (nginx, least_conn → ${instances} instance${instances === 1 ? '' : 's'})
${apis.map((a, i) => `  api-${i + 1} ${a.url} (pid ${a.child.proc.pid})`).join('\n')}
  PostgreSQL: ${hidePassword(url)}
  Redis:      ${redisUrl}
  uploads:    ${uploadsDir}
  nginx:      ${join(prefix, 'nginx.conf')} (access log beside it)
Ctrl-C stops everything.
`)
}

main().catch((err: Error) => {
  console.error(`[cluster] ${err.message}`)
  void stop(1)
})
