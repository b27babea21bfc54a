import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '#/config.ts'
import { resolveSecret } from '#/secret.ts'

describe('settings', () => {
  it('defaults to SQLite in ./data on port 3000 with the demo community', () => {
    const c = loadConfig({}, '/srv/shelfwise')
    expect(c).toMatchObject({ port: 3000, dataDir: '/srv/shelfwise/data', databaseUrl: '/srv/shelfwise/data/shelfwise.db', isEmbedded: true, seedDemo: true, uploadsDir: '/srv/shelfwise/data/uploads', corsOrigins: [] })
  })

  it('switches to PostgreSQL with a postgres:// DATABASE_URL', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/shelfwise', JWT_SECRET: 'x'.repeat(32) })
    expect(c.isEmbedded).toBe(false)
  })

  it.each([
    [{ PORT: 'eighty' }, 'PORT: must be a number'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO: must be true or false'],
    [{ CORS_ORIGINS: 'https://ok.example,not a url' }, 'CORS_ORIGINS: "not a url" is not an origin'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET: must be at least 32 characters'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL: must be one of'],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(message)
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

  it('must be given with PostgreSQL, so every instance signs alike', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db/shelfwise' })
    expect(() => resolveSecret(config)).toThrow('JWT_SECRET: must be set when DATABASE_URL points at PostgreSQL')
  })
})
