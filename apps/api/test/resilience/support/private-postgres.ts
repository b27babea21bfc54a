import { execFile, execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { freePort } from './free-port.ts'

// A PostgreSQL server of the test's own (initdb into a temporary folder, its own port and socket
// folder), so a test can stop and start it. The machine's shared server on 5432 is never touched.

const run = promisify(execFile)

/** Debian's server binaries (initdb, pg_ctl, postgres), newest version first; PG_BIN overrides. */
export function findPgBin(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN
  for (const v of [18, 17, 16, 15, 14, 13]) {
    const dir = `/usr/lib/postgresql/${v}/bin`
    if (existsSync(join(dir, 'initdb'))) return dir
  }
  return undefined
}

/**
 * Whether a suite that needs a private PostgreSQL runs: when the server binaries are here. Without
 * them REQUIRE_POSTGRES=1 fails at once; otherwise a loud notice says `suite` is skipped.
 */
export function privatePostgresRuns(suite: string): boolean {
  if (findPgBin()) return true
  if (process.env.REQUIRE_POSTGRES === '1') throw new Error('REQUIRE_POSTGRES=1 but the PostgreSQL server binaries (initdb, pg_ctl) are not installed')
  console.warn(`\n*** PostgreSQL server binaries not found: ${suite} is SKIPPED ***\n`)
  return false
}

/** A private PostgreSQL, started, holding one empty database named `database`. */
export async function startPrivatePostgres(database: string): Promise<PrivatePostgres> {
  const pgs = await createPrivatePostgres()
  await pgs.start()
  await pgs.createDatabase(database)
  return pgs
}

// initdb refuses to run as root: then every server command runs as the postgres user.
const asRoot = process.getuid?.() === 0

async function pgCommand(bin: string, tool: string, args: string[]) {
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args]
  return run(cmd, argv, { timeout: 60_000 })
}

export interface PrivatePostgres {
  port: number
  /** A postgres:// URL of one database on this server. */
  url: (database: string) => string
  start: () => Promise<void>
  /** fast: sessions are ended cleanly; immediate: like a crash, recovery replays the WAL on the next start. */
  stop: (mode: 'fast' | 'immediate') => Promise<void>
  /** SIGSTOP to the server and every backend: it keeps its sockets but answers nothing, as behind a dead network. */
  freeze: () => void
  thaw: () => void
  /** SIGKILL to the postmaster, as a crash of the machine's server would; resolves once its backends have gone too. */
  kill: () => Promise<void>
  createDatabase: (name: string) => Promise<void>
  destroy: () => Promise<void>
}

async function createPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = findPgBin()
  if (!bin) throw new Error('PostgreSQL server binaries not found (apt-get install postgresql, or set PG_BIN)')
  const base = ownedTempDir('shelfwise-pg-')
  const data = join(base, 'data')
  await pgCommand(bin, 'initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync', '--no-instructions'])
  return serverIn(bin, base, data, await freePort(55432, 2000))
}

/**
 * A streaming replica of `primary` (decision 0063): `pg_basebackup -R` copies its data into a folder
 * of its own and writes the settings that make the copy a standby following the primary's WAL; it
 * listens on a port of its own. Not started: call start().
 */
export async function createStreamingReplica(primary: PrivatePostgres): Promise<PrivatePostgres> {
  const bin = findPgBin()!
  const base = ownedTempDir('shelfwise-pg-replica-')
  const data = join(base, 'data')
  await pgCommand(bin, 'pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    data,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
    '--no-sync',
  ])
  return serverIn(bin, base, data, await freePort(primary.port + 1, 2000))
}

function ownedTempDir(prefix: string) {
  const base = mkdtempSync(join(tmpdir(), prefix))
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString())
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString())
    chownSync(base, uid, gid)
  }
  return base
}

async function serverIn(bin: string, base: string, data: string, port: number): Promise<PrivatePostgres> {
  const options = `-p ${port} -k ${base} -c listen_addresses=127.0.0.1 -c shared_buffers=16MB -c max_connections=60 -c fsync=on`
  let running = false
  let frozen: number[] = []
  const serverPids = () => {
    const main = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0])
    const children = execFileSync('pgrep', ['-P', String(main)])
      .toString()
      .split('\n')
      .filter(Boolean)
      .map(Number)
    return [main, ...children]
  }
  // If the runner dies, the server must not outlive it.
  const killOnExit = () => {
    if (!running) return
    for (const pid of frozen) process.kill(pid, 'SIGCONT')
    try {
      execFileSync(
        asRoot ? 'runuser' : join(bin, 'pg_ctl'),
        asRoot ? ['-u', 'postgres', '--', join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop'] : ['-D', data, '-m', 'immediate', 'stop'],
        { stdio: 'ignore' },
      )
    } catch {
      // already gone
    }
  }
  process.once('exit', killOnExit)

  const self: PrivatePostgres = {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async start() {
      await pgCommand(bin, 'pg_ctl', ['-D', data, '-o', options, '-l', join(base, 'server.log'), '-w', '-t', '60', 'start'])
      running = true
    },
    async stop(mode) {
      await pgCommand(bin, 'pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop'])
      running = false
    },
    freeze() {
      frozen = serverPids()
      for (const pid of frozen) process.kill(pid, 'SIGSTOP')
    },
    thaw() {
      for (const pid of frozen) process.kill(pid, 'SIGCONT')
      frozen = []
    },
    async kill() {
      const pids = serverPids()
      process.kill(pids[0]!, 'SIGKILL')
      running = false
      // The backends notice their postmaster's death and end; a start before that finds the old shared memory in use.
      const alive = (pid: number) => {
        try {
          process.kill(pid, 0)
          return true
        } catch {
          return false
        }
      }
      for (let i = 0; i < 200 && pids.some(alive); i++) await new Promise((r) => setTimeout(r, 50))
    },
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: self.url('postgres') })
      await client.connect()
      try {
        await client.query(`create database ${name}`)
      } finally {
        await client.end()
      }
    },
    async destroy() {
      if (frozen.length) self.thaw()
      if (running) await self.stop('immediate').catch(() => {})
      process.removeListener('exit', killOnExit)
      rmSync(base, { recursive: true, force: true })
    },
  }
  return self
}
