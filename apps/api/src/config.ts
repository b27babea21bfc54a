import { resolve } from 'node:path'
import { z } from 'zod'

// Parsed once at start; nothing else reads process.env.

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' }).transform((v) => ['true', '1', 'yes'].includes(v))
/** A comma-separated list (blanks left out) whose every item matches `pattern`; the first that does not is refused with `refusal(item)`. */
const commaList = (pattern: RegExp, refusal: (item: string) => string) =>
  z.string().transform((v, ctx) => {
    const list = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
    for (const item of list) {
      if (!pattern.test(item)) {
        ctx.addIssue({ code: 'custom', message: refusal(item) })
        return z.NEVER
      }
    }
    return list
  })
const origins = commaList(/^https?:\/\/[^/\s]+$/, (o) => `"${o}" is not an origin like https://example.com (scheme and host, no path)`)
const postgresUrls = commaList(/^postgres(ql)?:\/\/\S+$/i, (u) => `"${u.replace(/:[^:@/]*@/, ':***@')}" is not a postgres:// URL`)

const count = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1')
const timeout = z.coerce
  .number({ error: 'must be a number of seconds' })
  .positive('must be more than 0 seconds')
  .max(3600, 'must be at most 3600 seconds (an hour)')
const seconds = z.coerce
  .number({ error: 'must be a number of seconds' })
  .int('must be a whole number of seconds')
  .min(1, 'must be at least 1 second')
  .max(86_400, 'must be at most 86400 seconds (a day)')

const EnvSchema = z
  .object({
    PORT: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.string().min(1).optional(),
    DATABASE_REPLICA_URLS: postgresUrls.default([]),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    CORS_ORIGINS: origins.default([]),
    SEED_DEMO: bool.optional(),
    UPLOADS_DIR: z.string().min(1).optional(),
    WEB_DIST: z.string().min(1).optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be one of fatal, error, warn, info, debug, trace, silent' })
      .default('info'),
    LOG_FORMAT: z.enum(['auto', 'pretty', 'json'], { error: 'must be one of auto, pretty, json' }).default('auto'),
    // Before LOG_FORMAT: true asks for the readable lines.
    LOG_PRETTY: bool.default(false),
    TRUST_PROXY: bool.default(false),
    DB_POOL_SIZE: z.coerce.number({ error: 'must be a number' }).int().min(1).max(200).default(10),
    DB_STATEMENT_TIMEOUT_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(100, 'must be at least 100 milliseconds')
      .max(600_000, 'must be at most 600000 milliseconds (10 minutes)')
      .default(4000),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL')
      .optional(),
    RATE_LIMIT_AUTH_PER_IP: count.default(50),
    RATE_LIMIT_AUTH_PER_ACCOUNT: count.default(10),
    RATE_LIMIT_AUTH_WINDOW: seconds.default(900),
    RATE_LIMIT_WRITES_PER_USER: count.default(120),
    RATE_LIMIT_WRITES_WINDOW: seconds.default(60),
    RATE_LIMIT_COSTLY_READS_PER_IP: count.default(300),
    RATE_LIMIT_COSTLY_READS_WINDOW: seconds.default(60),
    RATE_LIMIT_COMMENTS_PER_USER: count.default(30),
    RATE_LIMIT_LIKES_PER_USER: count.default(300),
    RATE_LIMIT_CONVERSATION_WINDOW: seconds.default(600),
    RATE_LIMIT_FOLLOWS_PER_USER: count.default(60),
    RATE_LIMIT_REPORTS_PER_USER: count.default(20),
    RATE_LIMIT_TOKEN_REQUESTS: count.default(600),
    RATE_LIMIT_TOKEN_WINDOW: seconds.default(60),
    HEADERS_TIMEOUT: timeout.default(10),
    REQUEST_TIMEOUT: timeout.default(120),
    IDLE_TIMEOUT: timeout.default(30),
    KEEP_ALIVE_TIMEOUT: timeout.default(10),
    UPLOADS_PER_DAY: count.default(20),
    UPLOADS_MB_PER_READER: count.max(100_000, 'must be at most 100000').default(50),
    UPLOADS_GRACE: seconds.default(3600),
    UPLOADS_SWEEP_INTERVAL: z.coerce
      .number({ error: 'must be a number of seconds' })
      .int('must be a whole number of seconds')
      .min(0, 'must be 0 (off) or more')
      .max(86_400, 'must be at most 86400 seconds (a day)')
      .default(600),
    WEBHOOKS_ALLOW_PRIVATE: bool.default(false),
    WEBHOOKS_POLL_INTERVAL: z.coerce.number({ error: 'must be a number' }).min(0).max(3600).default(1),
    FEED_POLL_INTERVAL: z.coerce.number({ error: 'must be a number of seconds' }).min(0).max(3600).default(0.5),
    IMPORT_POLL_INTERVAL: z.coerce
      .number({ error: 'must be a number of seconds' })
      .min(0, 'must be 0 (only when a file is sent) or more')
      .max(3600, 'must be at most 3600')
      .default(5),
  })
  .refine((e) => e.HEADERS_TIMEOUT <= e.REQUEST_TIMEOUT, { path: ['HEADERS_TIMEOUT'], message: 'must not be longer than REQUEST_TIMEOUT' })

export interface Config {
  port: number
  host: string
  dataDir: string
  /** postgres://… or the SQLite file path. */
  databaseUrl: string
  /** Streaming replicas of the PostgreSQL primary that answer reads (decision 0063); empty: none. */
  databaseReplicaUrls: string[]
  isEmbedded: boolean
  jwtSecret: string | undefined
  corsOrigins: string[]
  seedDemo: boolean
  uploadsDir: string
  webDist: string
  logLevel: string
  /** Readable lines or JSON lines; auto: readable in a terminal (logging/logging.ts). */
  logFormat: 'auto' | 'pretty' | 'json'
  trustProxy: boolean
  dbPoolSize: number
  /** PostgreSQL cancels a statement of the serving pool that runs longer than this (the request answers 503). */
  dbStatementTimeoutMs: number
  /** Rate-limit counters live here when set, so every instance shares them; in memory otherwise. */
  redisUrl: string | undefined
  rateLimits: RateLimitSettings
  timeouts: TimeoutSettings
  uploads: UploadSettings
  /** How often this instance looks for imports nobody works on (a restart, a stopped instance), in ms; 0: only when a file is sent here. */
  importPollMs: number
  /** Webhooks may go to loopback, private and link-local addresses (tests only; decision 0048). */
  webhooksAllowPrivate: boolean
  /** How often this instance looks for webhook deliveries that are due, in ms; 0: never (no worker). */
  webhooksPollMs: number
  /** How often this instance looks for feed work (fan-outs, follows' backfills, inbox builds), in ms; 0: never (no worker). */
  feedPollMs: number
}

/** How long a connection may keep the server waiting, in milliseconds. */
interface TimeoutSettings {
  /** Every header of a request must have arrived this long after its first byte (or the connection's start). */
  headersMs: number
  /** The whole request, body included, must have arrived within this. */
  requestMs: number
  /** A connection with no byte in either direction for this long is closed, mid-request or not. */
  idleMs: number
  /** An idle keep-alive connection between two requests is closed after this. */
  keepAliveMs: number
}

/** What each reader may upload, and when images nobody shows are removed. */
interface UploadSettings {
  /** Uploads a reader may make in any 24 hours (removed ones count too). */
  perDay: number
  /** Bytes a reader's stored images may take in all. */
  bytesPerReader: number
  /** How long an image nobody shows (a replaced avatar, an upload never used) is kept before it is removed. */
  graceSeconds: number
  /** How often this instance looks for such images; 0: never (another instance does). */
  sweepIntervalSeconds: number
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
  /** Searches one client address may make per window; whole-list calls (no `limit`) count against a tenth of it. */
  costlyReadsPerIp: number
  costlyReadsWindowSeconds: number
  /** Comments (new and edited) and likes one reader may make per window; a new account (its first day) a fifth of each (decision 0042). */
  commentsPerUser: number
  likesPerUser: number
  /** Follows (and unfollows) and reports one reader may make per window, a fifth for a new account (decision 0058). */
  followsPerUser: number
  reportsPerUser: number
  conversationWindowSeconds: number
  /** Requests of one personal access token per window, reads and writes alike (decision 0046): its own bucket, apart from its reader's web app. */
  tokenRequests: number
  tokenWindowSeconds: number
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
  const isEmbedded = !/^postgres(ql)?:\/\//i.test(databaseUrl)
  if (isEmbedded && e.DATABASE_REPLICA_URLS.length)
    throw new ConfigError(
      "Invalid settings:\n  DATABASE_REPLICA_URLS: read replicas need PostgreSQL, but DATABASE_URL is a SQLite file (unset DATABASE_REPLICA_URLS, or set DATABASE_URL to the primary's postgres:// URL)",
    )
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl,
    databaseReplicaUrls: e.DATABASE_REPLICA_URLS,
    isEmbedded,
    jwtSecret: e.JWT_SECRET,
    corsOrigins: e.CORS_ORIGINS,
    // On by default only on the embedded SQLite; PostgreSQL gets the demo community when asked.
    seedDemo: e.SEED_DEMO ?? isEmbedded,
    uploadsDir: resolve(cwd, e.UPLOADS_DIR ?? resolve(dataDir, 'uploads')),
    webDist: resolve(cwd, e.WEB_DIST ?? resolve(import.meta.dirname, '../../web/dist')),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_PRETTY && e.LOG_FORMAT === 'auto' ? 'pretty' : e.LOG_FORMAT,
    trustProxy: e.TRUST_PROXY,
    dbPoolSize: e.DB_POOL_SIZE,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    redisUrl: e.REDIS_URL,
    rateLimits: {
      authPerIp: e.RATE_LIMIT_AUTH_PER_IP,
      authPerAccount: e.RATE_LIMIT_AUTH_PER_ACCOUNT,
      authWindowSeconds: e.RATE_LIMIT_AUTH_WINDOW,
      writesPerUser: e.RATE_LIMIT_WRITES_PER_USER,
      writesWindowSeconds: e.RATE_LIMIT_WRITES_WINDOW,
      costlyReadsPerIp: e.RATE_LIMIT_COSTLY_READS_PER_IP,
      costlyReadsWindowSeconds: e.RATE_LIMIT_COSTLY_READS_WINDOW,
      commentsPerUser: e.RATE_LIMIT_COMMENTS_PER_USER,
      likesPerUser: e.RATE_LIMIT_LIKES_PER_USER,
      followsPerUser: e.RATE_LIMIT_FOLLOWS_PER_USER,
      reportsPerUser: e.RATE_LIMIT_REPORTS_PER_USER,
      conversationWindowSeconds: e.RATE_LIMIT_CONVERSATION_WINDOW,
      tokenRequests: e.RATE_LIMIT_TOKEN_REQUESTS,
      tokenWindowSeconds: e.RATE_LIMIT_TOKEN_WINDOW,
    },
    timeouts: {
      headersMs: Math.round(e.HEADERS_TIMEOUT * 1000),
      requestMs: Math.round(e.REQUEST_TIMEOUT * 1000),
      idleMs: Math.round(e.IDLE_TIMEOUT * 1000),
      keepAliveMs: Math.round(e.KEEP_ALIVE_TIMEOUT * 1000),
    },
    uploads: {
      perDay: e.UPLOADS_PER_DAY,
      bytesPerReader: e.UPLOADS_MB_PER_READER * 1024 * 1024,
      graceSeconds: e.UPLOADS_GRACE,
      sweepIntervalSeconds: e.UPLOADS_SWEEP_INTERVAL,
    },
    importPollMs: Math.round(e.IMPORT_POLL_INTERVAL * 1000),
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE,
    webhooksPollMs: Math.round(e.WEBHOOKS_POLL_INTERVAL * 1000),
    feedPollMs: Math.round(e.FEED_POLL_INTERVAL * 1000),
  }
}
