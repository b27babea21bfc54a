import { resolve } from 'node:path'
import { z } from 'zod'

// Parsed once at start; nothing else reads process.env.

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' }).transform((v) => ['true', '1', 'yes'].includes(v))
const origins = z.string().transform((v, ctx) => {
  const list = v.split(',').map((s) => s.trim()).filter(Boolean)
  for (const o of list) {
    if (!/^https?:\/\/[^/\s]+$/.test(o)) {
      ctx.addIssue({ code: 'custom', message: `"${o}" is not an origin like https://example.com (scheme and host, no path)` })
      return z.NEVER
    }
  }
  return list
})

const count = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1')
const seconds = z.coerce.number({ error: 'must be a number of seconds' }).int('must be a whole number of seconds').min(1, 'must be at least 1 second').max(86_400, 'must be at most 86400 seconds (a day)')

const EnvSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().min(1).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  CORS_ORIGINS: origins.default([]),
  SEED_DEMO: bool.default(true),
  UPLOADS_DIR: z.string().min(1).optional(),
  WEB_DIST: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be one of fatal, error, warn, info, debug, trace, silent' }).default('info'),
  LOG_PRETTY: bool.default(false),
  TRUST_PROXY: bool.default(false),
  DB_POOL_SIZE: z.coerce.number({ error: 'must be a number' }).int().min(1).max(200).default(10),
  REDIS_URL: z.string().regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL').optional(),
  RATE_LIMIT_AUTH_PER_IP: count.default(50),
  RATE_LIMIT_AUTH_PER_ACCOUNT: count.default(10),
  RATE_LIMIT_AUTH_WINDOW: seconds.default(900),
  RATE_LIMIT_WRITES_PER_USER: count.default(120),
  RATE_LIMIT_WRITES_WINDOW: seconds.default(60),
})

export interface Config {
  port: number
  host: string
  dataDir: string
  /** postgres://… or the SQLite file path. */
  databaseUrl: string
  isEmbedded: boolean
  jwtSecret: string | undefined
  corsOrigins: string[]
  seedDemo: boolean
  uploadsDir: string
  webDist: string
  logLevel: string
  logPretty: boolean
  trustProxy: boolean
  dbPoolSize: number
  /** Rate-limit counters live here when set, so every instance shares them; in memory otherwise. */
  redisUrl: string | undefined
  rateLimits: RateLimitSettings
}

/** How many attempts each limit allows per window (seconds). */
export interface RateLimitSettings {
  /** Sign-ins, sign-ups and password changes, each counted per client address. */
  authPerIp: number
  /** The same three, counted per e-mail (sign-in, sign-up) or per signed-in reader (password change). */
  authPerAccount: number
  authWindowSeconds: number
  /** POST, PUT and DELETE calls of one signed-in reader (or one address without a valid token). */
  writesPerUser: number
  writesWindowSeconds: number
}

export class ConfigError extends Error {}

/** Reads settings from an environment; a bad value throws a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const parsed = EnvSchema.safeParse(present)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid settings:\n  ${lines.join('\n  ')}`)
  }
  const e = parsed.data
  const dataDir = resolve(cwd, e.DATA_DIR)
  const databaseUrl = e.DATABASE_URL ?? resolve(dataDir, 'shelfwise.db')
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl,
    isEmbedded: !/^postgres(ql)?:\/\//i.test(databaseUrl),
    jwtSecret: e.JWT_SECRET,
    corsOrigins: e.CORS_ORIGINS,
    seedDemo: e.SEED_DEMO,
    uploadsDir: resolve(cwd, e.UPLOADS_DIR ?? resolve(dataDir, 'uploads')),
    webDist: resolve(cwd, e.WEB_DIST ?? resolve(import.meta.dirname, '../../web/dist')),
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY,
    trustProxy: e.TRUST_PROXY,
    dbPoolSize: e.DB_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    rateLimits: {
      authPerIp: e.RATE_LIMIT_AUTH_PER_IP,
      authPerAccount: e.RATE_LIMIT_AUTH_PER_ACCOUNT,
      authWindowSeconds: e.RATE_LIMIT_AUTH_WINDOW,
      writesPerUser: e.RATE_LIMIT_WRITES_PER_USER,
      writesWindowSeconds: e.RATE_LIMIT_WRITES_WINDOW,
    },
  }
}
