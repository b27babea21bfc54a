import { createHash } from 'node:crypto'
import { isIPv6 } from 'node:net'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Redis } from 'ioredis'
import type { Config, RateLimitSettings } from '#/config.ts'
import { AppError } from '#/errors.ts'
import { failFastRedis } from '#/fail-fast-redis.ts'
import { bearerToken, isPersonalToken, type ActorOf } from '#/plugins/auth.ts'

// Fixed-window counters: an attempt counts against a key for `window` from the key's first attempt.
// Each request may meet two limits (its address and its account), so we keep our own small counter
// instead of @fastify/rate-limit, which runs one limiter per request.

/** What one counted attempt learns: how many attempts this window holds and when it ends. */
interface Hit {
  count: number
  resetInMs: number
}

export interface Counter {
  hit(key: string, windowMs: number): Promise<Hit>
  /** Resolves once the counter can answer (or after a short wait: it falls back meanwhile). */
  ready(): Promise<void>
  close(): Promise<void>
}

/** Counters in this process only: right for one instance, and the fallback when Redis is away. */
function createMemoryCounter(maxKeys = 100_000): Counter {
  const windows = new Map<string, { count: number; resetAt: number }>()
  let hitsSinceSweep = 0
  const sweep = (now: number) => {
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key)
    // Still too many live keys (someone spraying addresses): forget the oldest windows first.
    for (const key of windows.keys()) {
      if (windows.size <= maxKeys) break
      windows.delete(key)
    }
  }
  return {
    async hit(key, windowMs) {
      const now = Date.now()
      if (++hitsSinceSweep >= 1000 || windows.size > maxKeys) {
        hitsSinceSweep = 0
        sweep(now)
      }
      let w = windows.get(key)
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + windowMs }
        windows.set(key, w)
      }
      w.count += 1
      return { count: w.count, resetInMs: w.resetAt - now }
    },
    async ready() {},
    async close() {
      windows.clear()
    },
  }
}

// One round trip, atomic on the server: count, start the window on the first hit, answer its time left.
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}
`

type RedisWithHit = Redis & { shelfwiseHit(key: string, windowMs: number): Promise<[number, number]> }

export const REDIS_KEY_PREFIX = 'shelfwise:rl:'

/**
 * Counters in Redis, shared by every instance. When Redis cannot answer (down, slow), the attempt is
 * counted in this process instead, so limits still hold per instance and no request waits on Redis.
 */
async function createRedisCounter(url: string, log: (msg: string, err?: unknown) => void): Promise<Counter> {
  // ioredis is loaded only when Redis is configured: one instance without it saves the client's memory (~6 MB).
  const { redis, warn } = await failFastRedis<RedisWithHit>(
    url,
    { keyPrefix: REDIS_KEY_PREFIX, commandTimeout: 500, name: 'shelfwiseHit', script: HIT_SCRIPT },
    log,
    'rate limits: Redis is not answering; counting in this process until it is back',
  )
  const fallback = createMemoryCounter()
  return {
    async hit(key, windowMs) {
      try {
        const [count, ttl] = await redis.shelfwiseHit(key, windowMs)
        return { count: Number(count), resetInMs: Number(ttl) }
      } catch (err) {
        warn(err)
        return fallback.hit(key, windowMs)
      }
    },
    // Waits for the first connection, at most 2 s; a refused one ends the wait at once (we fall back meanwhile).
    ready: () =>
      new Promise<void>((resolve) => {
        if (redis.status === 'ready') return resolve()
        const done = () => {
          clearTimeout(timer)
          redis.off('ready', done)
          redis.off('error', done)
          resolve()
        }
        const timer = setTimeout(done, 2000)
        redis.once('ready', done)
        redis.once('error', done)
      }),
    async close() {
      await fallback.close()
      redis.disconnect()
    },
  }
}

type AuthAction = 'login' | 'register' | 'password' | 'account'

/** What a reader does in a conversation (decision 0042): counted per reader, tighter for a new account. */
type ConversationAction = 'comments' | 'likes' | 'follows' | 'reports'

/** What a reader writes for others to read, counted per reader (discussions, decision 0043). */
type ReaderLimited = 'posts' | 'threads' | 'links'

type Limited = AuthAction | 'writes' | 'token' | 'device' | CostlyRead | ConversationAction | `${ConversationAction}:new` | ReaderLimited

const WHAT: Record<Limited, string> = {
  login: 'sign-in attempts',
  register: 'sign-up attempts',
  password: 'password change attempts',
  account: 'account deletion attempts',
  writes: 'changes in a short time',
  token: 'requests with this token in a short time',
  device: 'requests from this device in a short time',
  search: 'searches in a short time',
  list: 'whole-catalogue lists in a short time',
  export: 'exports of your data in a short time',
  image: 'year-in-review images in a short time',
  year: 'years in numbers in a short time',
  posts: 'posts in a short time',
  threads: 'new discussions in a short time',
  links: 'posts with links in a short time',
  comments: 'comments in a short time',
  likes: 'likes in a short time',
  'comments:new': 'comments in a short time for a new account (its first day)',
  'likes:new': 'likes in a short time for a new account (its first day)',
  follows: 'follows in a short time',
  reports: 'reports in a short time',
  'follows:new': 'follows in a short time for a new account (its first day)',
  'reports:new': 'reports in a short time for a new account (its first day)',
}

/** Reads that cost the server far more than a page: a search, a whole list (a call without `limit`), a reader's export of their data, an image drawn, a reader's year counted. */
type CostlyRead = 'search' | 'list' | 'export' | 'image' | 'year'

/** "45 seconds", "1 minute", "15 minutes": how long a reader has to wait, in words. */
const waitInWords = (seconds: number): string => {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}

const rateLimited = (what: Limited, resetInMs: number) => {
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000))
  return new AppError('rate_limited', `Too many ${WHAT[what]}. Please wait ${waitInWords(seconds)} and try again.`, { 'retry-after': String(seconds) })
}

/** One key per IPv4 address, and per /64 for IPv6 (one subscriber's whole block). */
export function addressKey(ip: string): string {
  if (!isIPv6(ip)) return ip
  const lower = ip.toLowerCase()
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower)
  if (mapped) return mapped[1]!
  const [head = '', tail] = lower.split('::')
  const headGroups = head ? head.split(':') : []
  const tailGroups = tail ? tail.split(':') : []
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`
}

// E-mail addresses never reach Redis in the clear.
const accountKey = (value: string) => createHash('sha256').update(value.toLowerCase()).digest('base64url').slice(0, 22)

// Sign-in and sign-up have their own limits; every other write counts against the writes limit.
const OWN_LIMITS = new Set(['/api/auth/login', '/api/auth/register'])
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

interface RateLimits {
  /** onRequest hook: counts the attempt against the client's address, before the body is read. */
  perIp(action: AuthAction): (req: FastifyRequest, reply: FastifyReply) => Promise<void>
  /** preHandler hook: counts the attempt against the account `keyOf` names (an e-mail or a user id). */
  perAccount(action: AuthAction, keyOf: (req: FastifyRequest) => unknown): (req: FastifyRequest, reply: FastifyReply) => Promise<void>
  /**
   * onRequest hook: counts a costly read against the client's address (signed in or not), before any
   * work; `kind` may depend on the request (a list call is a whole list only without `limit`).
   */
  costlyRead(kind: (req: FastifyRequest) => CostlyRead | undefined): (req: FastifyRequest, reply: FastifyReply) => Promise<void>
  /**
   * onRequest hook of KOReader's sync (/kosync, decision 0047), which is outside /api: every call,
   * signed in or not, counts against the client's address, with a token's allowance, before any work.
   */
  perDeviceAddress(): (req: FastifyRequest, reply: FastifyReply) => Promise<void>
  /** Counts one of a reader's writes of a kind against them (shared by every instance through Redis); 429 past `max` in the window. */
  countForReader(what: ReaderLimited, userId: string, max: number, windowSeconds: number): Promise<void>
  /**
   * preHandler hook of a signed-in route: counts a comment or a like against its reader, with a
   * tighter limit while `isNew` says the account is in its first day.
   */
  perReader(action: ConversationAction, isNew: (userId: string) => Promise<boolean>): (req: FastifyRequest, reply: FastifyReply) => Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits
  }
}

/**
 * Decorates the app with the sign-in, sign-up and password limits (per address and per account) and
 * counts every write (POST, PUT, DELETE) against its verified reader, or its address without a token
 * that works.
 */
export async function registerRateLimits(app: FastifyInstance, deps: { config: Config; actorOf: ActorOf }) {
  const settings: RateLimitSettings = deps.config.rateLimits
  const counter = deps.config.redisUrl ? await createRedisCounter(deps.config.redisUrl, (msg, err) => app.log.warn({ err }, msg)) : createMemoryCounter()
  await counter.ready()
  app.addHook('onClose', async () => counter.close())

  const check = async (key: string, max: number, windowSeconds: number, what: Limited) => {
    const { count, resetInMs } = await counter.hit(key, windowSeconds * 1000)
    if (count > max) throw rateLimited(what, resetInMs)
  }

  app.decorate('rateLimits', {
    perIp: (action) => async (req) => {
      await check(`${action}:ip:${addressKey(req.ip)}`, settings.authPerIp, settings.authWindowSeconds, action)
    },
    perAccount: (action, keyOf) => async (req) => {
      const value = keyOf(req)
      if (typeof value !== 'string' || value === '') return
      await check(`${action}:acct:${accountKey(value)}`, settings.authPerAccount, settings.authWindowSeconds, action)
    },
    costlyRead: (kindOf) => async (req) => {
      const kind = kindOf(req)
      if (!kind) return
      // A whole list costs about as much as ten searches (the catalogue walked and written out); so may an export.
      // A year counted costs about a search (its figures are kept until the reader changes them).
      const max = kind === 'search' || kind === 'year' ? settings.costlyReadsPerIp : Math.max(1, Math.floor(settings.costlyReadsPerIp / 10))
      await check(`${kind}:ip:${addressKey(req.ip)}`, max, settings.costlyReadsWindowSeconds, kind)
    },
    perDeviceAddress: () => async (req) => {
      await check(`device:ip:${addressKey(req.ip)}`, settings.tokenRequests, settings.tokenWindowSeconds, 'device')
    },
    countForReader: (what, userId, max, windowSeconds) => check(`${what}:user:${userId}`, max, windowSeconds, what),
    perReader: (action, isNew) => async (req) => {
      const userId = req.user?.id
      if (!userId) return
      const max = { comments: settings.commentsPerUser, likes: settings.likesPerUser, follows: settings.followsPerUser, reports: settings.reportsPerUser }[
        action
      ]
      const young = await isNew(userId)
      // A new account gets a fifth of the allowance, counted apart so it does not carry over.
      if (young) await check(`${action}:new:user:${userId}`, Math.max(1, Math.floor(max / 5)), settings.conversationWindowSeconds, `${action}:new`)
      else await check(`${action}:user:${userId}`, max, settings.conversationWindowSeconds, action)
    },
  } satisfies RateLimits)

  // A personal access token's own bucket (decision 0046): every call it makes, reads too, counts
  // against the token, never against its reader's web app; each answer tells the client where it
  // stands (RateLimit-Policy and RateLimit, draft-ietf-httpapi-ratelimit-headers).
  const { tokenRequests, tokenWindowSeconds } = settings
  const policy = `"token";q=${tokenRequests};w=${tokenWindowSeconds}`
  const limitToken = async (tokenId: string, reply: FastifyReply) => {
    const { count, resetInMs } = await counter.hit(`token:${tokenId}`, tokenWindowSeconds * 1000)
    const seconds = Math.max(1, Math.ceil(resetInMs / 1000))
    reply.header('ratelimit-policy', policy)
    reply.header('ratelimit', `"token";r=${Math.max(0, tokenRequests - count)};t=${seconds}`)
    if (count > tokenRequests) throw rateLimited('token', resetInMs)
  }

  // A plain hook, not an async one: reads (most requests) pass straight through without a promise.
  app.addHook('onRequest', (req, reply, done) => {
    const route = req.routeOptions.url
    if (!route?.startsWith('/api/')) return done()
    const isWrite = WRITE_METHODS.has(req.method) && !OWN_LIMITS.has(route)
    const token = bearerToken(req)
    if (!isWrite && !isPersonalToken(token)) return done()
    const countAgainst = (key: string) => check(key, settings.writesPerUser, settings.writesWindowSeconds, 'writes')
    const byAddress = `writes:ip:${addressKey(req.ip)}`
    if (!token) return void countAgainst(byAddress).then(() => done(), done)
    // Only a token that works (signed, current, not revoked: one read, shared with the route's guard)
    // counts against its reader or itself; any other counts against the address, so a stolen token
    // that was logged out or outlived a password change cannot use up its owner's quota.
    deps
      .actorOf(req)
      .then(async (actor) => {
        const own = actor?.personalToken
        if (own) await limitToken(own.id, reply)
        if (isWrite) await countAgainst(own ? `writes:token:${own.id}` : actor ? `writes:user:${actor.id}` : byAddress)
      })
      .then(() => done(), done)
  })
}
