import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '#/config.ts'
import { resolveSecret } from '#/security/secret.ts'

describe('settings', () => {
  it('defaults to SQLite in ./data on port 3000 with the demo community', () => {
    const c = loadConfig({}, '/srv/shelfwise')
    expect(c).toMatchObject({
      port: 3000,
      dataDir: '/srv/shelfwise/data',
      databaseUrl: '/srv/shelfwise/data/shelfwise.db',
      isEmbedded: true,
      seedDemo: true,
      uploadsDir: '/srv/shelfwise/data/uploads',
      corsOrigins: [],
    })
  })

  it('switches to PostgreSQL with a postgres:// DATABASE_URL, where the demo community is seeded only when asked', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/shelfwise', JWT_SECRET: 'x'.repeat(32) })
    expect(c).toMatchObject({ isEmbedded: false, seedDemo: false })
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/shelfwise', SEED_DEMO: 'true' }).seedDemo).toBe(true)
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false)
  })

  it('reads a comma-separated list of PostgreSQL read replicas, none by default', () => {
    const env = { DATABASE_URL: 'postgres://u@db/shelfwise', DATABASE_REPLICA_URLS: ' postgres://u@r1:5433/shelfwise , postgresql://u@r2/shelfwise,' }
    expect(loadConfig(env).databaseReplicaUrls).toEqual(['postgres://u@r1:5433/shelfwise', 'postgresql://u@r2/shelfwise'])
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/shelfwise' }).databaseReplicaUrls).toEqual([])
  })

  it.each([
    [{ PORT: 'eighty' }, 'PORT: must be a number'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO: must be true or false'],
    [{ CORS_ORIGINS: 'https://ok.example,not a url' }, 'CORS_ORIGINS: "not a url" is not an origin'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET: must be at least 32 characters'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL: must be one of'],
    [{ REQUEST_TIMEOUT: 'soon' }, 'REQUEST_TIMEOUT: must be a number of seconds'],
    [{ IDLE_TIMEOUT: '0' }, 'IDLE_TIMEOUT: must be more than 0 seconds'],
    [{ HEADERS_TIMEOUT: '30', REQUEST_TIMEOUT: '20' }, 'HEADERS_TIMEOUT: must not be longer than REQUEST_TIMEOUT'],
    // Read replicas (decision 0063): PostgreSQL URLs only, and only beside a PostgreSQL primary.
    [
      { DATABASE_URL: 'postgres://u@db/shelfwise', DATABASE_REPLICA_URLS: 'postgres://u@r1/shelfwise,mysql://u:secret@r2/x' },
      'DATABASE_REPLICA_URLS: "mysql://u:***@r2/x" is not a postgres:// URL',
    ],
    [{ DATABASE_REPLICA_URLS: 'postgres://u@r1/shelfwise' }, 'DATABASE_REPLICA_URLS: read replicas need PostgreSQL, but DATABASE_URL is a SQLite file'],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(message)
  })

  it('bounds slow and silent connections by default: headers 10 s, a whole request 120 s, silence 30 s, idle keep-alive 10 s', () => {
    expect(loadConfig({}).timeouts).toEqual({ headersMs: 10_000, requestMs: 120_000, idleMs: 30_000, keepAliveMs: 10_000 })
    expect(loadConfig({ IDLE_TIMEOUT: '1.5', KEEP_ALIVE_TIMEOUT: '65' }).timeouts).toMatchObject({ idleMs: 1500, keepAliveMs: 65_000 })
  })

  it('reads CORS_ORIGINS as a comma list', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, http://localhost:5173' }).corsOrigins).toEqual(['https://a.example', 'http://localhost:5173'])
  })
})

describe('signing secret', () => {
  it('is made once in embedded mode, kept in DATA_DIR/secret with mode 0600, and reused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'shelfwise-secret-'))
    const config = loadConfig({ DATA_DIR: dir })
    const first = resolveSecret(config)
    expect(first.length).toBeGreaterThanOrEqual(32)
    expect(readFileSync(join(dir, 'secret'), 'utf8')).toBe(first)
    expect(statSync(join(dir, 'secret')).mode & 0o777).toBe(0o600)
    expect(resolveSecret(config)).toBe(first)
  })

  it.each([
    ['x'.repeat(40), 'it is mostly one character repeated'],
    ['passwordpasswordpasswordpassword', 'it is mostly dictionary words'],
    ['correcthorsebatterystaplecorrect', 'it is mostly dictionary words'],
    ['abcdefghijklmnopqrstuvwxyz0123456789', 'it is mostly a simple sequence'],
    ['abababababababababababababababab', 'it is mostly a piece repeated'],
  ])('with PostgreSQL, refuses a JWT_SECRET of low variety (%s) at start, naming it', (secret, what) => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db/shelfwise', JWT_SECRET: secret })
    expect(() => resolveSecret(config)).toThrow(ConfigError)
    expect(() => resolveSecret(config)).toThrow(`JWT_SECRET: has too little variety to sign tokens safely (${what};`)
  })

  it('with PostgreSQL, takes a random JWT_SECRET of 24 bytes or more (base64 or hex, as openssl makes them) and a long passphrase', () => {
    for (let i = 0; i < 50; i++) {
      for (const secret of [randomBytes(48).toString('base64'), randomBytes(32).toString('base64url'), randomBytes(24).toString('hex')]) {
        expect(resolveSecret(loadConfig({ DATABASE_URL: 'postgres://u@db/shelfwise', JWT_SECRET: secret }))).toBe(secret)
      }
    }
    const phrase = 'harbour-violet-copper-meadow-lantern-quartz-ember-saddle-orbit-thistle-gravel-plume'
    expect(resolveSecret(loadConfig({ DATABASE_URL: 'postgres://u@db/shelfwise', JWT_SECRET: phrase }))).toBe(phrase)
  })

  it('must be given with PostgreSQL, so every instance signs alike', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db/shelfwise' })
    expect(() => resolveSecret(config)).toThrow('JWT_SECRET: must be set when DATABASE_URL points at PostgreSQL')
  })
})
