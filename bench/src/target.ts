import { mkdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'

// Which database the generator fills and the benchmark serves: `--db <sqlite file>`, else
// DATABASE_URL (postgres://… or a file path), else the benchmark's own SQLite file.

export const BENCH_DIR = resolve(import.meta.dirname, '..')
export const ROOT_DIR = resolve(BENCH_DIR, '..')
const DEFAULT_SQLITE = join(BENCH_DIR, 'data', 'shelfwise-bench.db')

export type Target = { kind: 'sqlite'; path: string; url: string } | { kind: 'postgres'; url: string }

export function resolveTarget(dbFlag: string | undefined, env = process.env): Target {
  const given = dbFlag ?? env.DATABASE_URL
  if (given && /^postgres(ql)?:\/\//i.test(given)) return { kind: 'postgres', url: given }
  const path = resolve(given ? given.replace(/^(sqlite|file):(\/\/)?/i, '') : DEFAULT_SQLITE)
  mkdirSync(dirname(path), { recursive: true })
  return { kind: 'sqlite', path, url: path }
}

/** A password-free description of the target, for printing. */
export const describeTarget = (t: Target): string =>
  t.kind === 'sqlite' ? `SQLite ${t.path}` : `PostgreSQL ${t.url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')}`

/** Parses flags the same way in every script: numbers as numbers, unknown flags refused. */
export function flags<T extends Record<string, { type: 'string' | 'boolean'; default?: string | boolean }>>(options: T) {
  // npm passes everything after `--` on; a lone `--` is skipped.
  const args = process.argv.slice(2).filter((a) => a !== '--')
  return parseArgs({ args, options, strict: true, allowPositionals: false }).values
}

/** A whole number from a flag, or a clear message and exit. */
export function wholeNumber(name: string, value: string | undefined, fallback: number, min = 0): number {
  if (value === undefined) return fallback
  const n = Number(value.replaceAll('_', '').replaceAll(',', ''))
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name}: must be a whole number of at least ${min}, got "${value}"`)
    process.exit(2)
  }
  return n
}

/**
 * The environment a benchmark starts the server with: the target database, the bench's signing
 * secret, a free port on loopback, no demo community, quiet logs, its own data folder, production mode.
 */
export function serverEnv(target: Target, port: number, dataDir: string, secret: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: target.url,
    JWT_SECRET: secret,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    ...extra,
  }
}

/** Waits until the server at `base` answers /api/health (the web tools' servers), at most 60 s. */
export async function serverUp(base: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`the server at ${base} did not start within 60 s`)
}
