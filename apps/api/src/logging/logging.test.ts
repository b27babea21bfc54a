import { describe, expect, it } from 'vitest'
import { loadConfig } from '#/config.ts'
import { createDb } from '#/db/connect.ts'
import { migrateToLatest } from '#/db/migrate.ts'
import { buildApp } from '#/app.ts'
import { logFormatOf, loggerOptions, prettyLine } from '#/logging/logging.ts'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// What a newcomer's console shows: readable lines in a terminal, JSON lines elsewhere, and one line
// per request only when asked for (debug) or when something went wrong or slow.

describe('log lines', () => {
  it('reads as time, level, message and fields in a terminal', () => {
    const at = Date.UTC(2026, 10, 24, 12, 4, 31)
    const line = prettyLine(JSON.stringify({ level: 30, time: at, pid: 7, hostname: 'h', msg: 'database migrated', migrations: ['a', 'b'], reqId: 'req-1' }))
    expect(line).toBe('12:04:31 INFO  database migrated migrations=["a","b"]\n')
    const warn = prettyLine(JSON.stringify({ level: 40, time: at, msg: 'slow request', method: 'GET', url: '/api/books?q=a b', status: 200, ms: 1500 }))
    expect(warn).toBe('12:04:31 WARN  slow request method=GET url="/api/books?q=a b" status=200 ms=1500\n')
  })

  it('shows an error’s stack under its line, indented', () => {
    const line = prettyLine(
      JSON.stringify({ level: 50, time: 0, msg: 'unexpected error', err: { message: 'boom', stack: 'Error: boom\n    at x (y.ts:1:1)' } }),
    )
    expect(line).toBe('00:00:00 ERROR unexpected error\n    Error: boom\n        at x (y.ts:1:1)\n')
  })

  it('is readable in a terminal and JSON lines anywhere else, unless the setting says', () => {
    expect(logFormatOf('auto', true)).toBe('pretty')
    expect(logFormatOf('auto', false)).toBe('json')
    expect(logFormatOf('json', true)).toBe('json')
    expect(logFormatOf('pretty', false)).toBe('pretty')
    expect(loadConfig({ LOG_PRETTY: 'true' }).logFormat).toBe('pretty')
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json')
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/)
  })
})

describe('the request log', () => {
  async function appLogging(level: string, format: 'json' | 'pretty') {
    const dir = mkdtempSync(join(tmpdir(), 'shelfwise-log-'))
    const lines: string[] = []
    const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: join(dir, 'log.db'), SEED_DEMO: 'false', LOG_LEVEL: level })
    const db = createDb({ url: config.databaseUrl })
    await migrateToLatest(db)
    const app = await buildApp({
      config,
      db,
      jwtSecret: 'log-test-secret-log-test-secret-0123456789',
      logger: loggerOptions(level, format, { write: (t: string) => lines.push(t) }),
    })
    app.get('/api/test-boom', async () => {
      throw new Error('boom')
    })
    await app.ready()
    return {
      app,
      lines,
      async close() {
        await app.close()
        await db.destroy()
        rmSync(dir, { recursive: true, force: true })
      },
    }
  }

  it('writes nothing at info for a request that went well, and one error line for one that failed', async () => {
    const { app, lines, close } = await appLogging('info', 'json')
    try {
      expect((await app.inject({ url: '/api/books?limit=2' })).statusCode).toBe(200)
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200)
      expect(lines).toEqual([])
      expect((await app.inject({ url: '/api/test-boom' })).statusCode).toBe(500)
      const records = lines.map((l) => JSON.parse(l) as { level: number; msg: string })
      expect(records.map((r) => [r.level, r.msg])).toEqual([[50, 'unexpected error']])
    } finally {
      await close()
    }
  })

  it('writes one readable line per request at debug, with method, path, status and time', async () => {
    const { app, lines, close } = await appLogging('debug', 'pretty')
    try {
      await app.inject({ url: '/api/books?limit=1' })
      const requestLines = lines.filter((l) => / request /.test(l))
      expect(requestLines).toHaveLength(1)
      expect(requestLines[0]).toMatch(/^\d\d:\d\d:\d\d DEBUG request method=GET url="\/api\/books\?limit=1" status=200 ms=\d+\n$/)
    } finally {
      await close()
    }
  })
})
