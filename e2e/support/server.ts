import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync } from 'node:fs'
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { outDir, repoRoot, serverEntry, serverLog, webDist } from './paths.ts'

export interface RunningServer {
  baseURL: string
  jwtSecret: string
  /** The demo account's password, made by the server at its first start and kept in its DATA_DIR. */
  demoPassword: string
  /** The server's DATA_DIR (its SQLite database): the moderator command runs on it (decision 0030). */
  dataDir: string
  stop: () => Promise<void>
}

const STARTUP_MS = 120_000

/**
 * Copies the built app into the run's own folder, so a rebuild of apps/web/dist while the suite runs
 * (someone else's `npm run build`) cannot swap the bundle under the browser. A copy taken in the
 * middle of a build is retried until every asset index.html names is there.
 */
async function snapshotWebBuild(target: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await rm(target, { recursive: true, force: true })
    try {
      await cp(webDist, target, { recursive: true })
      const html = await readFile(join(target, 'index.html'), 'utf8')
      // Every asset named by index.html or by a chunk (the lazy routes) must be in the copy.
      const chunks = (await readdir(join(target, 'assets'))).filter((f) => f.endsWith('.js'))
      const texts = [html, ...(await Promise.all(chunks.map((f) => readFile(join(target, 'assets', f), 'utf8'))))]
      const named = new Set(texts.flatMap((t) => [...t.matchAll(/assets\/([\w.-]+\.(?:js|css))/g)].map((m) => m[1]!)))
      const entry = /src="\/assets\/[^"]+\.js"/.test(html)
      if (entry && [...named].every((f) => existsSync(join(target, 'assets', f)))) return
    } catch {
      // index.html or an asset vanished mid-copy: a build is running; try again.
    }
    if (attempt >= 10) throw new Error(`could not copy a complete web build from ${webDist} (is a build running?)`)
    await new Promise((r) => setTimeout(r, 3000))
  }
}

/**
 * Starts the real server (`node apps/api/src/server.ts`) on a fresh SQLite folder with the demo
 * community and its own copy of the built app, on a free port of 127.0.0.1, and resolves once it
 * prints "running at http://…", with the demo password it made. `n` numbers the suite's servers
 * (one per worker) and names the log: server.log, server-2.log, …
 */
export async function startServer(n = 1): Promise<RunningServer> {
  const logFile = serverLog(n)
  const dataDir = await mkdtemp(join(tmpdir(), 'shelfwise-e2e-'))
  const jwtSecret = randomBytes(32).toString('base64url')
  const webCopy = join(dataDir, 'web')
  await snapshotWebBuild(webCopy).catch(async (err: unknown) => {
    await rm(dataDir, { recursive: true, force: true })
    throw err
  })
  mkdirSync(outDir, { recursive: true })
  const log = createWriteStream(logFile)
  const child: ChildProcess = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      UPLOADS_DIR: '',
      WEB_DIST: webCopy,
      SEED_DEMO: 'true',
      JWT_SECRET: jwtSecret,
      LOG_LEVEL: 'warn',
      LOG_PRETTY: 'false',
      // Every journey signs in from 127.0.0.1: the suite's own sign-ups must not meet the per-address limits.
      RATE_LIMIT_AUTH_PER_IP: '100000',
      RATE_LIMIT_AUTH_PER_ACCOUNT: '100000',
      RATE_LIMIT_WRITES_PER_USER: '100000',
      RATE_LIMIT_COSTLY_READS_PER_IP: '100000',
      // The webhooks journey delivers to a receiver on 127.0.0.1 (decision 0048).
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      RATE_LIMIT_COMMENTS_PER_USER: '100000',
      RATE_LIMIT_LIKES_PER_USER: '100000',
      RATE_LIMIT_FOLLOWS_PER_USER: '100000',
      RATE_LIMIT_REPORTS_PER_USER: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.pipe(log, { end: false })
  child.stderr!.pipe(log, { end: false })

  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  // If the runner itself is stopped (Ctrl-C), the server must not outlive it.
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    }
    process.off('exit', killOnExit)
    log.end()
    await rm(dataDir, { recursive: true, force: true })
  }

  try {
    const baseURL = await new Promise<string>((resolve, reject) => {
      let seen = ''
      let errors = ''
      const timer = setTimeout(() => reject(new Error(`the server did not start within ${STARTUP_MS / 1000} s; see ${logFile}`)), STARTUP_MS)
      child.stderr!.on('data', (chunk: Buffer) => {
        errors = (errors + chunk.toString()).slice(-4000)
      })
      child.stdout!.on('data', (chunk: Buffer) => {
        seen += chunk.toString()
        const m = /running at (http:\/\/[^\s]+)/.exec(seen)
        if (m) {
          clearTimeout(timer)
          resolve(m[1]!.replace(/\/$/, ''))
        }
      })
      child.once('exit', (code, signal) => {
        clearTimeout(timer)
        reject(new Error(`the server exited (${signal ?? code}) before it was ready:\n${errors || seen}`))
      })
    })
    // Seeded before the server listens, so the password is kept by now.
    const demoPassword = (await readFile(join(dataDir, 'demo-password'), 'utf8')).trim()
    return { baseURL, jwtSecret, demoPassword, dataDir, stop }
  } catch (err) {
    await stop()
    throw err
  }
}
