import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, existsSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BookListSchema } from '@shelfwise/contracts'

// The README promise: `npm start` on a fresh data folder serves the API with the demo catalogue and
// prints the URL and a demo sign-in, whose password is made at the first start and kept in DATA_DIR.
// Runs the real server process on SQLite.

const serverEntry = resolve(import.meta.dirname, '../src/server.ts')

function startServer(dataDir: string): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [serverEntry], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', JWT_SECRET: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 30_000)
    const onData = (chunk: Buffer) => {
      out += chunk.toString()
      const m = /running at (http:\/\/\S+)/.exec(out)
      if (m && /Demo sign-in: .+/.test(out)) {
        clearTimeout(timer)
        resolvePromise({ child, url: m[1]!.replace('localhost', '127.0.0.1'), output: () => out })
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)))
  })
}

describe('npm start on a fresh machine', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shelfwise-start-'))
  let server: Awaited<ReturnType<typeof startServer>>
  beforeAll(async () => {
    server = await startServer(dataDir)
  }, 60_000)
  afterAll(() => {
    server?.child.kill('SIGTERM')
    rmSync(dataDir, { recursive: true, force: true })
  })

  const login = (email: string, password: string) =>
    fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })

  it('prints the URL and a demo sign-in that works, its password made at this first start and kept in DATA_DIR', async () => {
    const m = /Demo sign-in: (\S+) \/ (\S+)/.exec(server.output())
    expect(m).not.toBeNull()
    expect((await login(m![1]!, m![2]!)).status).toBe(200)
    const file = join(dataDir, 'demo-password')
    expect(readFileSync(file, 'utf8').trim()).toBe(m![2])
    expect(statSync(file).mode & 0o777).toBe(0o600)
    // No published default password opens the demo account.
    expect((await login(m![1]!, 'shelfwise-demo')).status).toBe(401)
  })

  it('answers /api/books with the demo catalogue from a SQLite file in DATA_DIR', async () => {
    const res = await fetch(`${server.url}/api/books`)
    expect(res.status).toBe(200)
    const books = BookListSchema.parse(await res.json())
    expect(books.length).toBeGreaterThanOrEqual(60)
    expect(books.map((b) => b.title)).toContain('Pride and Prejudice')
    expect(existsSync(join(dataDir, 'shelfwise.db'))).toBe(true)
    expect(statSync(join(dataDir, 'secret')).mode & 0o777).toBe(0o600)
  })

  it('drains and exits cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((r) => server.child.once('exit', (code) => r(code)))
    server.child.kill('SIGTERM')
    expect(await exited).toBe(0)
  })
})
