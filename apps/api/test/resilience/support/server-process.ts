import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'

// The real server as a child process (`node apps/api/src/server.ts`), so a test can SIGKILL or SIGTERM it.

export const repoRoot = resolve(import.meta.dirname, '../../../../..')
export const serverEntry = resolve(repoRoot, 'apps/api/src/server.ts')

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

/** Starts the server and resolves once it prints "running at http://…". */
export function startServer(env: Record<string, string>, { timeoutMs = 60_000 } = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: childEnv({ PORT: '0', HOST: '127.0.0.1', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  const exited = new Promise<Exit>((r) => child.once('exit', (code, signal) => r({ code, signal })))
  // The server must never outlive the test runner.
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)
  void exited.then(() => process.removeListener('exit', killOnExit))

  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`server did not start within ${timeoutMs} ms:\n${out}`))
    }, timeoutMs)
    const onData = (chunk: Buffer) => {
      out += chunk.toString()
      const m = /running at (http:\/\/\S+)/.exec(out)
      if (!m) return
      child.stdout!.removeListener('data', onData)
      child.stdout!.on('data', (c: Buffer) => { out += c.toString() })
      clearTimeout(timer)
      const url = m[1]!.replace('localhost', '127.0.0.1')
      const server: ServerProcess = {
        url,
        port: Number(new URL(url).port),
        pid: child.pid!,
        child,
        output: () => out,
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
      resolvePromise(server)
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (c: Buffer) => { out += c.toString() })
    void exited.then(({ code, signal }) => {
      clearTimeout(timer)
      reject(new Error(`server exited (${code ?? signal}) before it was ready:\n${out}`))
    })
  })
}

/** Limits high enough that a load test measures durability, not the rate limiter. */
export const RELAXED_LIMITS: Record<string, string> = {
  RATE_LIMIT_AUTH_PER_IP: '1000000',
  RATE_LIMIT_AUTH_PER_ACCOUNT: '1000000',
  RATE_LIMIT_WRITES_PER_USER: '1000000', RATE_LIMIT_COSTLY_READS_PER_IP: '1000000',
}
