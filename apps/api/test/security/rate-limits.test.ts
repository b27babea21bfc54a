import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { Redis } from 'ioredis'
import { ConfigError, loadConfig } from '#/config.ts'
import { buildApp } from '#/app.ts'
import { addressKey, REDIS_KEY_PREFIX } from '#/plugins/rate-limit.ts'
import { createTestContext, describeEachDialect, type TestContext } from '../support/context.ts'
import { bearer, insertBook, insertUser, TEST_PASSWORD, tokenFor } from '../support/factories.ts'
import { REDIS_URL, redisTestsRun } from '../support/redis.ts'

// Abuse limits: sign-in, sign-up and password change per address and per account; writes per
// reader; counted in Redis when REDIS_URL is set (shared by every instance), in memory otherwise.

const LOW = {
  RATE_LIMIT_AUTH_PER_IP: '5',
  RATE_LIMIT_AUTH_PER_ACCOUNT: '3',
  RATE_LIMIT_AUTH_WINDOW: '600',
  RATE_LIMIT_WRITES_PER_USER: '4',
  RATE_LIMIT_WRITES_WINDOW: '60',
  RATE_LIMIT_COSTLY_READS_PER_IP: '20',
  RATE_LIMIT_COSTLY_READS_WINDOW: '60',
  RATE_LIMIT_TOKEN_REQUESTS: '5',
  RATE_LIMIT_TOKEN_WINDOW: '60',
}

// Each test speaks from its own made-up loopback address (inject sends nothing over a network).
const address = () => `127.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`
const email = () => `rl_${randomBytes(5).toString('hex')}@example.test`

/** A personal token of the reader's, made through the API (a write of theirs) for a day. */
const personalToken = async (app: FastifyInstance, readerToken: string, name: string, scopes: string[]) => {
  const res = await app.inject({ method: 'POST', url: '/api/me/tokens', headers: bearer(readerToken), payload: { name, scopes, expiresInDays: 1 } })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().token as string
}

const expectLimited = (res: LightMyRequestResponse, what: RegExp, maxWait: number) => {
  expect(res.statusCode).toBe(429)
  const body = res.json()
  expect(body.code).toBe('rate_limited')
  expect(body.message).toMatch(what)
  expect(body.message).toMatch(/Please wait \d+ (seconds?|minutes?) and try again\.$/)
  const retry = Number(res.headers['retry-after'])
  expect(Number.isInteger(retry) && retry >= 1 && retry <= maxWait).toBe(true)
}

function limitSuite(name: string, env: () => Record<string, string>) {
  describe(name, () => {
    let ctx: TestContext & { close(): Promise<void> }
    beforeAll(async () => {
      ctx = await createTestContext('sqlite', { ...LOW, ...env() })
    })
    afterAll(() => ctx.close())

    const login = (remoteAddress: string, payload: object) => ctx.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload })
    const register = (remoteAddress: string, mail = email()) => {
      const u = `rl_${randomBytes(5).toString('hex')}`
      return ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress,
        payload: { name: u, username: u, email: mail, password: 'quiet-lantern-7', userType: 'Reader' },
      })
    }

    it('limits sign-ins per account: the 4th try on one e-mail, from any address, is 429 with Retry-After, even with the right password', async () => {
      const user = await insertUser(ctx.db)
      for (let i = 0; i < 3; i++) expect((await login(address(), { email: user.email, password: 'wrong-guess' })).statusCode).toBe(401)
      expectLimited(await login(address(), { email: user.email.toUpperCase(), password: TEST_PASSWORD }), /^Too many sign-in attempts\./, 600)
      // Another account is not held up.
      const other = await insertUser(ctx.db)
      expect((await login(address(), { email: other.email, password: TEST_PASSWORD })).statusCode).toBe(200)
    })

    it('limits sign-ins per address: the 6th try from one address is 429, another address goes on', async () => {
      const ip = address()
      for (let i = 0; i < 5; i++) expect((await login(ip, { email: email(), password: 'guess-guess' })).statusCode).toBe(401)
      const user = await insertUser(ctx.db)
      expectLimited(await login(ip, { email: user.email, password: TEST_PASSWORD }), /^Too many sign-in attempts\./, 600)
      expect((await login(address(), { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200)
    })

    it('limits sign-ups per address and per e-mail', async () => {
      const ip = address()
      for (let i = 0; i < 5; i++) expect((await register(ip)).statusCode).toBe(201)
      expectLimited(await register(ip), /^Too many sign-up attempts\./, 600)
      const mail = email()
      expect((await register(address(), mail)).statusCode).toBe(201)
      for (let i = 0; i < 2; i++) expect((await register(address(), mail)).statusCode).toBe(409)
      expectLimited(await register(address(), mail), /^Too many sign-up attempts\./, 600)
    })

    it('limits password changes per reader (guessing the current password with a stolen token) and per address', async () => {
      const user = await insertUser(ctx.db)
      const change = (ip: string, currentPassword: string) =>
        ctx.app.inject({
          method: 'PUT',
          url: '/api/users/password',
          remoteAddress: ip,
          headers: bearer(user.token),
          payload: { currentPassword, newPassword: 'a-new-pass-phrase' },
        })
      for (let i = 0; i < 3; i++) expect((await change(address(), `guess-${i}-guess`)).statusCode).toBe(400)
      expectLimited(await change(address(), TEST_PASSWORD), /^Too many password change attempts\./, 600)
      const ip = address()
      for (let i = 0; i < 5; i++) {
        const someone = await insertUser(ctx.db)
        await ctx.app.inject({
          method: 'PUT',
          url: '/api/users/password',
          remoteAddress: ip,
          headers: bearer(someone.token),
          payload: { currentPassword: 'nope-nope', newPassword: 'a-new-pass-phrase' },
        })
      }
      const last = await insertUser(ctx.db)
      expectLimited(
        await ctx.app.inject({
          method: 'PUT',
          url: '/api/users/password',
          remoteAddress: ip,
          headers: bearer(last.token),
          payload: { currentPassword: TEST_PASSWORD, newPassword: 'a-new-pass-phrase' },
        }),
        /^Too many password change attempts\./,
        600,
      )
    })

    it('limits writes per signed-in reader, whatever address they use; reads and other readers go on', async () => {
      const reader = await insertUser(ctx.db)
      const book = await insertBook(ctx.db)
      const toggle = (token: string) =>
        ctx.app.inject({ method: 'PUT', url: `/api/users/addtowishlist/${book.id}`, remoteAddress: address(), headers: bearer(token) })
      for (let i = 0; i < 4; i++) expect((await toggle(reader.token)).statusCode).toBe(200)
      const limited = await toggle(reader.token)
      expectLimited(limited, /^Too many changes in a short time\./, 60)
      // Nothing was written by the refused call: four toggles leave the book off the list.
      const rows = await ctx.db.selectFrom('wishlist').select('bookId').where('userId', '=', reader.id).execute()
      expect(rows).toEqual([])
      expect((await ctx.app.inject({ url: '/api/users/wishlist', headers: bearer(reader.token) })).statusCode).toBe(200)
      const someone = await insertUser(ctx.db)
      expect((await toggle(someone.token)).statusCode).toBe(200)
    })

    it('limits writes without a valid token per address, before any work', async () => {
      const ip = address()
      for (let i = 0; i < 4; i++)
        expect((await ctx.app.inject({ method: 'POST', url: '/api/books', remoteAddress: ip, payload: { title: 'x', author: 'y' } })).statusCode).toBe(401)
      expectLimited(
        await ctx.app.inject({ method: 'POST', url: '/api/books', remoteAddress: ip, payload: { title: 'x', author: 'y' } }),
        /^Too many changes/,
        60,
      )
    })

    it('limits costly reads per address: the 21st search and the 3rd whole list are 429 with Retry-After; pages and other addresses go on', async () => {
      const ip = address()
      const get = (url: string, remoteAddress = ip) => ctx.app.inject({ method: 'GET', url, remoteAddress })
      for (let i = 0; i < 20; i++) expect((await get(`/api/books/search?query=word${i}&limit=5`)).statusCode).toBe(200)
      expectLimited(await get('/api/books/search?query=another&limit=5'), /^Too many searches in a short time\./, 60)
      // A whole list counts against a tenth of the limit, apart from searches.
      for (let i = 0; i < 2; i++) expect((await get('/api/books')).statusCode).toBe(200)
      expectLimited(await get('/api/books'), /^Too many whole-catalogue lists in a short time\./, 60)
      expectLimited(await get('/api/books/search?query=all'), /^Too many whole-catalogue lists/, 60)
      // A page of the catalogue is not a costly read; another address is not held up.
      expect((await get('/api/books?limit=5')).statusCode).toBe(200)
      expect((await get('/api/books/search?query=word&limit=5', address())).statusCode).toBe(200)
    })

    it('gives each personal token its own bucket with RateLimit headers: its 6th call is 429, the web app and another token go on', async () => {
      const reader = await insertUser(ctx.db)
      const book = await insertBook(ctx.db)
      const tokenOf = () => personalToken(ctx.app, reader.token, 'limited', ['read', 'reading:write'])
      const [one, two] = [await tokenOf(), await tokenOf()]
      const me = (token: string) => ctx.app.inject({ url: '/api/users/me', headers: bearer(token) })
      for (let left = 4; left >= 0; left--) {
        const res = await me(one)
        expect(res.statusCode).toBe(200)
        expect(res.headers['ratelimit-policy']).toBe('"token";q=5;w=60')
        expect(res.headers.ratelimit).toMatch(new RegExp(`^"token";r=${left};t=([1-9]|[1-5]\\d|60)$`))
      }
      const limited = await me(one)
      expectLimited(limited, /^Too many requests with this token in a short time\./, 60)
      expect(limited.headers.ratelimit).toMatch(/^"token";r=0;t=\d+$/)
      // A write with the same token is refused too, before it is made.
      const write = await ctx.app.inject({ method: 'PUT', url: `/api/users/addto-recently-read/${book.id}`, headers: bearer(one) })
      expect(write.statusCode).toBe(429)
      // The reader's web app and their other token each keep their own quota.
      expect((await ctx.app.inject({ url: '/api/users/me', headers: bearer(reader.token) })).statusCode).toBe(200)
      expect((await ctx.app.inject({ method: 'PUT', url: `/api/users/addto-recently-read/${book.id}`, headers: bearer(reader.token) })).statusCode).toBe(200)
      expect((await me(two)).statusCode).toBe(200)
      // A session's answers carry no token headers.
      expect((await ctx.app.inject({ url: '/api/users/me', headers: bearer(reader.token) })).headers.ratelimit).toBeUndefined()
    })

    it('counts a personal token’s writes apart from its reader’s, so a busy tool cannot use up the web app’s writes', async () => {
      const reader = await insertUser(ctx.db)
      const book = await insertBook(ctx.db)
      const tool = await personalToken(ctx.app, reader.token, 'busy', ['reading:write'])
      const toggle = (token: string) => ctx.app.inject({ method: 'PUT', url: `/api/users/addto-recently-read/${book.id}`, headers: bearer(token) })
      // The token's making was the reader's first write; four for the tool fill its writes bucket.
      for (let i = 0; i < 4; i++) expect((await toggle(tool)).statusCode).toBe(200)
      expectLimited(await toggle(tool), /^Too many (changes|requests with this token)/, 60)
      for (let i = 0; i < 3; i++) expect((await toggle(reader.token)).statusCode).toBe(200)
    })

    it('limits KOReader’s sync (/kosync, outside /api) per address before any work: its 6th call is 429 with Retry-After in KOReader’s error shape', async () => {
      const ip = address()
      const auth = () => ctx.app.inject({ url: '/kosync/users/auth', remoteAddress: ip, headers: { 'x-auth-user': 'nobody', 'x-auth-key': 'x'.repeat(32) } })
      for (let i = 0; i < 5; i++) expect((await auth()).statusCode).toBe(401)
      const limited = await auth()
      expect(limited.statusCode).toBe(429)
      expect(limited.headers['content-type']).toMatch(/^application\/vnd\.koreader\.v1\+json/)
      expect(limited.json()).toEqual({
        code: 2000,
        message: expect.stringMatching(/^Too many requests from this device in a short time\. Please wait \d+ (seconds?|minute)/),
      })
      const retry = Number(limited.headers['retry-after'])
      expect(retry >= 1 && retry <= 60).toBe(true)
      // Another address goes on.
      expect(
        (await ctx.app.inject({ url: '/kosync/users/auth', remoteAddress: address(), headers: { 'x-auth-user': 'nobody', 'x-auth-key': 'x'.repeat(32) } }))
          .statusCode,
      ).toBe(401)
    })

    it('answers a 429 with the security headers too', async () => {
      const ip = address()
      let res: LightMyRequestResponse | undefined
      for (let i = 0; i < 6; i++) res = await login(ip, { email: email(), password: 'guess-guess' })
      expect(res!.statusCode).toBe(429)
      expect(res!.headers['content-security-policy']).toContain("default-src 'self'")
      expect(res!.headers['x-content-type-options']).toBe('nosniff')
    })
  })
}

limitSuite('abuse limits, counted in memory', () => ({}))

// The writes limit counts a reader's writes only when their token works: one that was logged out or
// outlived a password change (say, a stolen one) counts against its sender's address instead.
describeEachDialect(
  'the writes limit counts per verified reader',
  (ctx) => {
    it('never lets a token that no longer works use up its owner’s quota', async () => {
      const reader = await insertUser(ctx.db)
      const book = await insertBook(ctx.db)
      const logout = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', remoteAddress: address(), headers: bearer(reader.token) })
      expect(logout.statusCode).toBe(204)
      // The password changed elsewhere too: the version-0 token of another session is over as well.
      await ctx.db.updateTable('users').set({ tokenVersion: 1 }).where('id', '=', reader.id).execute()
      const stale = [reader.token, tokenFor(reader.id, 0)]
      const ip = address()
      const toggle = (token: string, from = ip) =>
        ctx.app.inject({ method: 'PUT', url: `/api/users/addtowishlist/${book.id}`, remoteAddress: from, headers: bearer(token) })
      // The stale tokens meet the address's limit (4 a minute here), not the reader's…
      const statuses = []
      for (let i = 0; i < 6; i++) statuses.push((await toggle(stale[i % 2]!)).statusCode)
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429])
      // …so the reader, with a token that works, still has every write of theirs (one was the logout).
      const fresh = tokenFor(reader.id, 1)
      for (let i = 0; i < 3; i++) expect((await toggle(fresh, address())).statusCode).toBe(200)
      expectLimited(await toggle(fresh, address()), /^Too many changes in a short time\./, 60)
    })
  },
  LOW,
)

describe('abuse limits: settings and windows', () => {
  it('reads the limits from settings, with defaults, and names a bad value', () => {
    expect(loadConfig({}).rateLimits).toEqual({
      authPerIp: 50,
      authPerAccount: 10,
      authWindowSeconds: 900,
      writesPerUser: 120,
      writesWindowSeconds: 60,
      costlyReadsPerIp: 300,
      costlyReadsWindowSeconds: 60,
      commentsPerUser: 30,
      likesPerUser: 300,
      followsPerUser: 60,
      reportsPerUser: 20,
      conversationWindowSeconds: 600,
      tokenRequests: 600,
      tokenWindowSeconds: 60,
    })
    expect(loadConfig({ RATE_LIMIT_WRITES_PER_USER: '30', REDIS_URL: 'redis://cache:6379' })).toMatchObject({
      redisUrl: 'redis://cache:6379',
      rateLimits: { writesPerUser: 30 },
    })
    expect(() => loadConfig({ RATE_LIMIT_AUTH_PER_IP: '0' })).toThrow(ConfigError)
    expect(() => loadConfig({ RATE_LIMIT_AUTH_PER_IP: '0' })).toThrow('RATE_LIMIT_AUTH_PER_IP: must be at least 1')
    expect(() => loadConfig({ RATE_LIMIT_AUTH_WINDOW: 'soon' })).toThrow('RATE_LIMIT_AUTH_WINDOW: must be a number of seconds')
    expect(() => loadConfig({ REDIS_URL: 'localhost:6379' })).toThrow('REDIS_URL: must be a redis:// or rediss:// URL')
  })

  it('lets a reader in again once the window has passed', async () => {
    const ctx = await createTestContext('sqlite', { ...LOW, RATE_LIMIT_AUTH_WINDOW: '1' })
    try {
      const user = await insertUser(ctx.db)
      const login = () => ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD } })
      for (let i = 0; i < 3; i++) expect((await login()).statusCode).toBe(200)
      const limited = await login()
      expect(limited.statusCode).toBe(429)
      expect(limited.headers['retry-after']).toBe('1')
      expect(limited.json().message).toBe('Too many sign-in attempts. Please wait 1 second and try again.')
      await new Promise((r) => setTimeout(r, 1100))
      expect((await login()).statusCode).toBe(200)
    } finally {
      await ctx.close()
    }
  })

  it('keys IPv6 clients by their /64 and IPv4-mapped ones by the IPv4 address', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
    expect(addressKey('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64')
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7')
    expect(addressKey('::1')).toBe('0:0:0:0::/64')
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9')
  })

  it('keeps limiting in this process when Redis cannot be reached, without holding requests up', async () => {
    const started = Date.now()
    const ctx = await createTestContext('sqlite', { ...LOW, REDIS_URL: 'redis://127.0.0.1:1' })
    try {
      const user = await insertUser(ctx.db)
      const login = () => ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'wrong-guess' } })
      for (let i = 0; i < 3; i++) expect((await login()).statusCode).toBe(401)
      expect((await login()).statusCode).toBe(429)
      expect(Date.now() - started).toBeLessThan(5000)
    } finally {
      await ctx.close()
    }
  })
})

const redisRuns = await redisTestsRun('the shared rate-limit tests are SKIPPED')

describe.skipIf(!redisRuns)('abuse limits shared through Redis (REDIS_URL)', () => {
  limitSuite('the same limits, counted in Redis', () => ({ REDIS_URL }))

  describe('two instances', () => {
    let a: TestContext & { close(): Promise<void> }
    let b: FastifyInstance
    beforeAll(async () => {
      a = await createTestContext('sqlite', { ...LOW, REDIS_URL })
      // A second instance of the app over the same database and Redis, as behind a load balancer.
      b = await buildApp({ config: a.config, db: a.db, jwtSecret: a.jwtSecret })
      await b.ready()
    })
    afterAll(async () => {
      await b?.close()
      await a?.close()
    })

    it('share the sign-in limit: tries spread over both instances add up', async () => {
      const user = await insertUser(a.db)
      const login = (app: FastifyInstance) =>
        app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: address(), payload: { email: user.email, password: 'wrong-guess' } })
      expect((await login(a.app)).statusCode).toBe(401)
      expect((await login(b)).statusCode).toBe(401)
      expect((await login(a.app)).statusCode).toBe(401)
      expectLimited(await login(b), /^Too many sign-in attempts\./, 600)
      expectLimited(await login(a.app), /^Too many sign-in attempts\./, 600)
    })

    it('share a personal token’s bucket', async () => {
      const reader = await insertUser(a.db)
      const token = await personalToken(a.app, reader.token, 'shared', ['read'])
      const me = (app: FastifyInstance) => app.inject({ url: '/api/users/me', headers: bearer(token) })
      for (const app of [a.app, b, a.app, b, a.app]) expect((await me(app)).statusCode).toBe(200)
      expectLimited(await me(b), /^Too many requests with this token/, 60)
    })

    it('share the writes limit of a reader', async () => {
      const reader = await insertUser(a.db)
      const book = await insertBook(a.db)
      const toggle = (app: FastifyInstance) => app.inject({ method: 'PUT', url: `/api/users/addto-recently-read/${book.id}`, headers: bearer(reader.token) })
      for (const app of [a.app, b, a.app, b]) expect((await toggle(app)).statusCode).toBe(200)
      expectLimited(await toggle(a.app), /^Too many changes/, 60)
    })

    it('keep counters in Redis under a prefix, with an expiry, and no e-mail address in a key', async () => {
      const user = await insertUser(a.db)
      await a.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: address(), payload: { email: user.email, password: 'wrong-guess' } })
      const redis = new Redis(REDIS_URL)
      try {
        const keys = await redis.keys(`${REDIS_KEY_PREFIX}login:acct:*`)
        expect(keys.length).toBeGreaterThan(0)
        expect(keys.some((k) => k.includes('@'))).toBe(false)
        const ttl = await redis.pttl(keys[0]!)
        expect(ttl > 0 && ttl <= 600_000).toBe(true)
      } finally {
        redis.disconnect()
      }
    })
  })
})
