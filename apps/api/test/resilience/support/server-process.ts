import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'

// The real server as a child process (`node apps/api/src/server.ts`), so a test can SIGKILL or SIGTERM it.

export const repoRoot = resolve(import.meta.dirname, '../../../../..')
const serverEntry = resolve(repoRoot, 'apps/api/src/server.ts')

export interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
}

export interface ServerProcess {
  url: string
  port: number
  pid: number
  child: ChildProcess
  /** Everything the process printed so far. */
  output: () => string
  /** Resolves once the process has ended. */
  exited: Promise<Exit>
  /** True while the process runs. */
  alive: () => boolean
  /** Sends a signal and waits for the end; SIGKILL after `graceMs`. */
  stop: (signal?: NodeJS.Signals, graceMs?: number) => Promise<Exit>
}

// Settings a developer's shell might carry that would point the test server somewhere else.
const CLEARED = ['DATABASE_URL', 'JWT_SECRET', 'UPLOADS_DIR', 'REDIS_URL', 'PORT', 'HOST', 'DATA_DIR', 'CORS_ORIGINS', 'TRUST_PROXY', 'LOG_PRETTY']

export function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env }
  for (const k of CLEARED) delete base[k]
  return { ...base, LOG_LEVEL: 'warn', ...env }
}

/**
 * Spawns a project script with Node 24 and resolves once what it printed satisfies `ready`, or
 * rejects (with everything it printed) when it exits first or takes longer than `timeoutMs` (then
 * it gets `timeoutSignal`). The child never outlives the test runner.
 */
export function spawnUntilReady<T>(
  entry: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  { what, timeoutMs, timeoutSignal = 'SIGKILL' }: { what: string; timeoutMs: number; timeoutSignal?: NodeJS.Signals },
  ready: (out: string, child: ChildProcess, exited: Promise<Exit>, output: () => string) => T | undefined,
): Promise<T> {
  const child = spawn(process.execPath, [entry, ...args], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  const exited = new Promise<Exit>((r) => child.once('exit', (code, signal) => r({ code, signal })))
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)
  void exited.then(() => process.removeListener('exit', killOnExit))
  child.stdout!.on('data', (c: Buffer) => {
    out += c.toString()
  })
  child.stderr!.on('data', (c: Buffer) => {
    out += c.toString()
  })

  return new Promise((resolvePromise, reject) => {
    let settled = false
    const timer = setTimeout(() => {
      child.kill(timeoutSignal)
      reject(new Error(`${what} did not start within ${timeoutMs} ms:\n${out}`))
    }, timeoutMs)
    const onData = () => {
      if (settled) return
      const value = ready(out, child, exited, () => out)
      if (value === undefined) return
      settled = true
      clearTimeout(timer)
      resolvePromise(value)
    }
    // Listeners run in the order they were added: `out` already holds this chunk.
    child.stdout!.on('data', onData)
    void exited.then(({ code, signal }) => {
      clearTimeout(timer)
      if (!settled) reject(new Error(`${what} exited (${code ?? signal}) before it was ready:\n${out}`))
    })
  })
}

/** Starts the server and resolves once it prints "running at http://…". */
export function startServer(env: Record<string, string>, { timeoutMs = 60_000 } = {}): Promise<ServerProcess> {
  return spawnUntilReady(serverEntry, [], childEnv({ PORT: '0', HOST: '127.0.0.1', ...env }), { what: 'server', timeoutMs }, (out, child, exited, output) => {
    const m = /running at (http:\/\/\S+)/.exec(out)
    if (!m) return undefined
    const url = m[1]!.replace('localhost', '127.0.0.1')
    const server: ServerProcess = {
      url,
      port: Number(new URL(url).port),
      pid: child.pid!,
      child,
      output,
      exited,
      alive: () => child.exitCode === null && child.signalCode === null,
      stop: async (signal = 'SIGTERM', graceMs = 20_000) => {
        if (!server.alive()) return exited
        child.kill(signal)
        const force = setTimeout(() => child.kill('SIGKILL'), graceMs)
        const result = await exited
        clearTimeout(force)
        return result
      },
    }
    return server
  })
}

/** Limits high enough that a load test measures durability, not the rate limiter. */
export const RELAXED_LIMITS: Record<string, string> = {
  RATE_LIMIT_AUTH_PER_IP: '1000000',
  RATE_LIMIT_AUTH_PER_ACCOUNT: '1000000',
  RATE_LIMIT_WRITES_PER_USER: '1000000',
  RATE_LIMIT_COSTLY_READS_PER_IP: '1000000',
  // The load follows, likes, comments and reports far faster than a person could (issue 24's limits).
  RATE_LIMIT_FOLLOWS_PER_USER: '1000000',
  RATE_LIMIT_LIKES_PER_USER: '1000000',
  RATE_LIMIT_COMMENTS_PER_USER: '1000000',
  RATE_LIMIT_REPORTS_PER_USER: '1000000',
}
