import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createSigner } from 'fast-jwt'
import { AuthResultSchema, ErrorBodySchema, MESSAGES } from '@shelfwise/contracts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { bearer, changePassword, countUsers, signUp, TEST_PASSWORD } from '../../../test/support/factories.ts'
import { lookalikeUsername, RESERVED_USERNAME } from '#/modules/users/usernames.ts'

describeEachDialect('auth routes', (ctx) => {
  const register = (payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload })
  const login = (payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload })
  const valid = (n: string) => ({ name: 'Ada Reader', username: `ada_${n}`, email: `Ada.${n}@Example.test`, password: 'quiet-lantern-7', userType: 'Reader' })

  describe('POST /api/auth/register', () => {
    it('answers 201 with message, token and the user with _id and own e-mail, never a hash', async () => {
      const res = await register(valid('a1'))
      expect(res.statusCode).toBe(201)
      const body = AuthResultSchema.parse(res.json())
      expect(body.user).toMatchObject({
        name: 'Ada Reader',
        username: 'ada_a1',
        email: 'ada.a1@example.test',
        userType: 'Reader',
        followers: [],
        following: [],
      })
      expect(res.body).not.toMatch(/passwordHash|password_hash|argon2|tokenVersion/)
      const payload = JSON.parse(Buffer.from(body.token.split('.')[1]!, 'base64url').toString())
      expect(payload.exp).toBeGreaterThan(Date.now() / 1000 + 6 * 24 * 3600)
      expect(payload.exp).toBeLessThan(Date.now() / 1000 + 8 * 24 * 3600)
    })

    it('refuses a taken username or e-mail in any letter case with 409', async () => {
      await register(valid('dup'))
      const sameName = await register({ ...valid('dup'), username: 'ADA_DUP', email: 'other.dup@example.test' })
      expect(sameName.statusCode).toBe(409)
      expect(sameName.json()).toEqual({ message: MESSAGES.usernameTaken, code: 'conflict' })
      const sameEmail = await register({ ...valid('dup'), username: 'someone_else_dup', email: 'ADA.DUP@EXAMPLE.TEST' })
      expect(sameEmail.statusCode).toBe(409)
      expect(sameEmail.json().message).toBe(MESSAGES.emailTaken)
    })

    it.each([
      [{ name: '' }, 'Name is required'],
      [{ username: 'ab' }, 'Username must be at least 3 characters'],
      [{ username: 'no spaces' }, 'Username may contain only letters, digits, ".", "_" and "-"'],
      [{ email: 'not-an-email' }, 'Email must be a valid email address'],
      [{ password: '12345' }, 'Password must be at least 6 characters long'],
      [{ userType: 'Admin' }, 'Account type must be one of Reader, Author, Seller'],
      [{ userType: undefined }, 'Account type must be one of Reader, Author, Seller'],
    ])('answers 400 naming the field for %j', async (change, message) => {
      const res = await register({ ...valid(`v${Math.random().toString(36).slice(2, 8)}`), ...change })
      expect(res.statusCode).toBe(400)
      const body = ErrorBodySchema.parse(res.json())
      expect(body).toMatchObject({ message, code: 'validation_failed' })
    })

    it('refuses a username the service keeps with 400, and one that looks like a taken one with 409, creating nobody', async () => {
      const users = () => countUsers(ctx.db)
      const before = await users()
      for (const username of ['admin', 'ADMIN', 'adm1n', 'root_2', 'support-team', 'Shelfwise_Help', 'moderator']) {
        const res = await register({ ...valid(`res${username.length}`), username })
        expect(res.json(), username).toEqual({ message: RESERVED_USERNAME, code: 'bad_request' })
      }
      expect(await register(valid('look'))).toMatchObject({ statusCode: 201 })
      for (const username of ['ada_l00k', 'ada.look', 'Ada-Look.', 'adalook', 'ADA_L0OK']) {
        const res = await register({ ...valid(`lk${username.length}`), username })
        expect(res.statusCode, username).toBe(409)
        expect(res.json()).toEqual({ message: lookalikeUsername('ada_look'), code: 'conflict' })
      }
      expect(await users()).toBe(before + 1)
      // A name that only starts like a taken one is another name.
      expect((await register({ ...valid('looks'), username: 'ada_looks' })).statusCode).toBe(201)
    })

    it('drops bidi control characters from the display name', async () => {
      const res = await register({ ...valid('bidi'), name: '\u202Enimda\u202C Ada\u200E' })
      expect(res.statusCode).toBe(201)
      expect(AuthResultSchema.parse(res.json()).user.name).toBe('nimda Ada')
    })

    it('words the message for a reader (no "field:" prefix) and keeps every issue with its path for clients', async () => {
      const res = await register({ ...valid('w1'), username: 'a b', password: '123', userType: 'Admin' })
      expect(res.statusCode).toBe(400)
      const body = ErrorBodySchema.parse(res.json())
      expect(body.message).toBe('Username may contain only letters, digits, ".", "_" and "-"')
      expect(body.message).not.toMatch(/^\w+: /)
      expect(body.issues).toEqual(
        expect.arrayContaining([
          { path: 'username', message: 'may contain only letters, digits, ".", "_" and "-"' },
          { path: 'password', message: 'must be at least 6 characters long' },
          { path: 'userType', message: 'must be one of Reader, Author, Seller' },
        ]),
      )
    })

    it('answers 400 for a body that is not JSON, and 413 for a 10 MB body', async () => {
      const bad = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'application/json' }, payload: '{"name":' })
      expect(bad.statusCode).toBe(400)
      expect(bad.json().message).toBe('The request body is not valid JSON')
      const huge = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'x'.repeat(10 * 1024 * 1024) }),
      })
      expect(huge.statusCode).toBe(413)
      expect(huge.json()).toEqual({ message: MESSAGES.bodyTooLarge, code: 'payload_too_large' })
    })
  })

  describe('POST /api/auth/login', () => {
    it('signs in with the e-mail in any case and answers token and user', async () => {
      const { user } = await signUp(ctx.app, { email: 'Login.Case@Example.test' })
      const res = await login({ email: 'LOGIN.CASE@example.test', password: TEST_PASSWORD })
      expect(res.statusCode).toBe(200)
      const body = AuthResultSchema.parse(res.json())
      expect(body.user._id).toBe(user._id)
    })

    it('answers the same 401 for an unknown e-mail and a wrong password', async () => {
      await signUp(ctx.app, { email: 'wrong.pw@example.test' })
      const wrong = await login({ email: 'wrong.pw@example.test', password: 'not-it' })
      const unknown = await login({ email: 'nobody@example.test', password: 'whatever' })
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401)
        expect(res.json()).toEqual({ message: MESSAGES.invalidCredentials, code: 'unauthorized' })
      }
    })

    it('needs both fields', async () => {
      const res = await login({ email: 'a@b.test' })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('Password is required')
    })
  })

  describe('tokens', () => {
    it('a token stops working after logout, and logout needs a token', async () => {
      const { token } = await signUp(ctx.app)
      const me = () => ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })
      expect((await me()).statusCode).toBe(204)
      const again = await me()
      expect(again.statusCode).toBe(401)
      expect(again.json().message).toBe(MESSAGES.authFailed)
      const none = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout' })
      expect(none.statusCode).toBe(401)
      expect(none.json()).toEqual({ message: MESSAGES.authRequired, code: 'unauthorized' })
    })

    it('refuses a tampered token, an unsigned one and garbage with 401, never 500', async () => {
      const { token } = await signUp(ctx.app)
      const [h, p] = token.split('.')
      const claims = JSON.parse(Buffer.from(p!, 'base64url').toString())
      const forged = Buffer.from(JSON.stringify({ ...claims, sub: '00000000-0000-7000-8000-000000000000' })).toString('base64url')
      const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`
      for (const bad of [`${h}.${forged}.${token.split('.')[2]}`, none, 'garbage', 'a.b.c']) {
        const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(bad) })
        expect(res.statusCode).toBe(401)
        expect(res.json()).toEqual({ message: MESSAGES.authFailed, code: 'unauthorized' })
      }
    })

    // Every kind of bad token, on routes that check it at each stage: before the body is read
    // (upload) and before validation (every other).
    const guarded = [
      { method: 'GET', url: '/api/users/me' },
      { method: 'GET', url: '/api/users/wishlist' },
      { method: 'PUT', url: '/api/users/profile/update', payload: { bio: 'x' } },
      { method: 'PUT', url: '/api/users/password', payload: { currentPassword: TEST_PASSWORD, newPassword: 'brand-new-pw' } },
      { method: 'POST', url: '/api/books', payload: { title: 'T', author: 'A' } },
      { method: 'POST', url: '/api/upload' },
    ] as const
    const expectAllRefused = async (bad: string, why: string) => {
      for (const r of guarded) {
        const res = await ctx.app.inject({ method: r.method, url: r.url, headers: bearer(bad), ...('payload' in r ? { payload: r.payload } : {}) })
        expect(res.statusCode, `${why} on ${r.method} ${r.url}`).toBe(401)
        expect(res.json(), `${why} on ${r.method} ${r.url}`).toEqual({ message: MESSAGES.authFailed, code: 'unauthorized' })
      }
    }
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url')

    it('refuses an expired token, a token of another algorithm or secret and an unsigned one on every guarded route', async () => {
      const { id, token } = await signUp(ctx.app)
      const now = Math.floor(Date.now() / 1000)
      const claims = { sub: id, ver: 0, jti: randomUUID() }
      const hs256 = createSigner({ key: ctx.jwtSecret, algorithm: 'HS256' })
      await expectAllRefused(hs256({ ...claims, iat: now - 8 * 86400, exp: now - 86400 }), 'expired')
      await expectAllRefused(createSigner({ key: ctx.jwtSecret, algorithm: 'HS512' })(claims), 'HS512 with our secret')
      await expectAllRefused(createSigner({ key: 'another-secret-another-secret-0123456789', algorithm: 'HS256' })(claims), 'another secret')
      await expectAllRefused(`${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, exp: now + 3600 })}.`, 'alg none')
      await expectAllRefused(`${b64({ alg: 'NONE' })}.${token.split('.')[1]}.${token.split('.')[2]}`, 'header swapped to NONE')
      await expectAllRefused(`${token}x`, 'signature changed')
      await expectAllRefused(hs256({ sub: id, ver: '0', jti: claims.jti }), 'version of the wrong type')
      await expectAllRefused(hs256({ sub: id, jti: claims.jti }), 'no version')
      // The genuine token still works after all of that.
      expect((await ctx.app.inject({ url: '/api/users/me', headers: bearer(token) })).statusCode).toBe(200)
    })

    it('refuses a token of another session made before a password change, on every guarded route', async () => {
      const { token, user } = await signUp(ctx.app)
      const other = (await login({ email: user.email, password: TEST_PASSWORD })).json().token as string
      expect((await changePassword(ctx.app, token, 'after-the-change')).statusCode).toBe(200)
      await expectAllRefused(other, 'token of another session from before the change')
    })

    it('refuses the token of a deleted user, on every guarded route', async () => {
      const { id, token } = await signUp(ctx.app)
      await ctx.db.deleteFrom('users').where('id', '=', id).execute()
      await expectAllRefused(token, 'deleted user')
    })

    it('treats a bad token on a public route as no token: the public answer, never a 401 or 500', async () => {
      const { id } = await signUp(ctx.app)
      const res = await ctx.app.inject({ url: `/api/users/profile/${id}`, headers: bearer('a.b.c') })
      expect(res.statusCode).toBe(200)
      expect(res.json().email).toBeUndefined()
    })
  })

  describe('PUT /api/users/password', () => {
    const change = (t: string, body: Record<string, unknown>) =>
      ctx.app.inject({ method: 'PUT', url: '/api/users/password', headers: bearer(t), payload: body })
    const me = (t: string) => ctx.app.inject({ url: '/api/users/me', headers: bearer(t) })

    it('checks the current password, answers a fresh token, ends every other session and keeps the one that asked', async () => {
      const { token, user } = await signUp(ctx.app)
      const phone = (await login({ email: user.email, password: TEST_PASSWORD })).json().token as string

      const wrong = await change(token, { currentPassword: 'nope-nope', newPassword: 'brand-new-pw' })
      expect(wrong.statusCode).toBe(400)
      expect(wrong.json().message).toBe(MESSAGES.wrongPassword)

      const short = await change(token, { currentPassword: TEST_PASSWORD, newPassword: '12345' })
      expect(short.statusCode).toBe(400)
      expect(short.json().message).toBe('New password must be at least 6 characters long')

      const ok = await change(token, { currentPassword: TEST_PASSWORD, newPassword: 'brand-new-pw' })
      expect(ok.statusCode).toBe(200)
      expect(ok.json().message).toBe(MESSAGES.passwordUpdated)
      const fresh = ok.json().token as string

      // The other session is over; the one that made the change goes on with the token it holds
      // (the spec's client ignores the fresh one), and the fresh one works too.
      expect((await me(phone)).statusCode).toBe(401)
      expect((await me(token)).statusCode).toBe(200)
      expect((await me(fresh)).statusCode).toBe(200)
      expect((await login({ email: user.email, password: TEST_PASSWORD })).statusCode).toBe(401)
      expect((await login({ email: user.email, password: 'brand-new-pw' })).statusCode).toBe(200)
    })

    it('at a second change ends the first change’s fresh token, and keeps whichever token made the second', async () => {
      const { token } = await signUp(ctx.app)
      const first = (await change(token, { currentPassword: TEST_PASSWORD, newPassword: 'first-new-pw' })).json().token as string
      // The kept token changes the password again: the first fresh token is another session now.
      const second = await change(token, { currentPassword: 'first-new-pw', newPassword: 'second-new-pw' })
      expect(second.statusCode).toBe(200)
      expect((await me(first)).statusCode).toBe(401)
      expect((await me(token)).statusCode).toBe(200)
      expect((await me(second.json().token)).statusCode).toBe(200)
      // A change made with the fresh token ends the original one.
      const third = await change(second.json().token, { currentPassword: 'second-new-pw', newPassword: 'third-new-pw' })
      expect(third.statusCode).toBe(200)
      expect((await me(token)).statusCode).toBe(401)
      expect((await me(second.json().token)).statusCode).toBe(200)
    })

    it('lets the kept token log out like any other', async () => {
      const { token } = await signUp(ctx.app)
      expect((await change(token, { currentPassword: TEST_PASSWORD, newPassword: 'brand-new-pw' })).statusCode).toBe(200)
      expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBe(204)
      expect((await me(token)).statusCode).toBe(401)
    })

    it('needs a token', async () => {
      const res = await ctx.app.inject({ method: 'PUT', url: '/api/users/password', payload: { currentPassword: 'a', newPassword: 'bbbbbb' } })
      expect(res.statusCode).toBe(401)
    })
  })
})
