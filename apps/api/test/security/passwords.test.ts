import { expect, it } from 'vitest'
import { dictionary } from '@zxcvbn-ts/language-common'
import { validationSentence } from '@shelfwise/contracts'
import { describeEachDialect } from '../support/context.ts'
import { changePassword, countUsers, signUp, TEST_PASSWORD } from '../support/factories.ts'
import { ONE_CHARACTER, ONLY_SPACES, OWN_IDENTITY, SEQUENCE, SHORT_PATTERN, SITE_NAME } from '#/security/passwords.ts'

// Passwords: argon2id with the parameters SECURITY.md states, 6 characters at least, none of the
// most used passwords (the zxcvbn-ts list), no spaces only, repeats or simple sequences, and not the
// reader's own username or e-mail, at sign-up and at every change.

const TOO_COMMON = 'is too common; choose something harder to guess'
const common = dictionary['passwords-common']
// One from near the end of the ~49,000-entry list, so the whole list is in force, not a top few.
const deepInList = common.slice(40_000).find((p) => p.length >= 8 && /^[a-z]+$/.test(p))!

describeEachDialect('passwords', (ctx) => {
  const register = (password: string) => {
    const u = `pw_${Math.random().toString(36).slice(2, 10)}`
    return ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: u, username: u, email: `${u}@example.test`, password, userType: 'Reader' },
    })
  }
  const usersCount = () => countUsers(ctx.db)

  it.each(['password', 'Password1', 'QWERTY123', 'iloveyou', 'letmein1', deepInList])(
    'refuses %s at sign-up with a clear message, creating nobody',
    async (password) => {
      const before = await usersCount()
      const res = await register(password)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ message: `Password ${TOO_COMMON}`, code: 'validation_failed' })
      expect(await usersCount()).toBe(before)
    },
  )

  it.each([
    ['      ', ONLY_SPACES],
    [' \t \t \t ', ONLY_SPACES],
    ['qqqqqqqqq', ONE_CHARACTER],
    ['ZZZZZZZZ', ONE_CHARACTER],
    ['xyxyxyxy', SHORT_PATTERN],
    ['x-x-x-x-', SHORT_PATTERN],
    ['abcabcabc', SHORT_PATTERN],
    ['q1wq1wq1w', SHORT_PATTERN],
    ['lmnopqrs', SEQUENCE],
    ['98765432', SEQUENCE],
    ['zyxwvuts', SEQUENCE],
    ['3456789', SEQUENCE],
    ['poiuytre', SEQUENCE],
    ['LKJHGFDS', SEQUENCE],
    ['mnbvcxz', SEQUENCE],
  ])('refuses %j at sign-up, which is not on the common list: "%s"', async (password, why) => {
    expect(common).not.toContain(password.toLowerCase())
    const before = await usersCount()
    const res = await register(password)
    expect(res.json()).toMatchObject({ message: validationSentence('password', why), code: 'validation_failed' })
    expect(await usersCount()).toBe(before)
  })

  it('refuses the reader’s own username or e-mail address as a password at sign-up, in any case, with a number after it', async () => {
    const u = `Own_Name_${Math.random().toString(36).slice(2, 8)}`
    const email = `${u.toLowerCase()}.mail@example.test`
    for (const password of [u, u.toUpperCase(), u.replaceAll('_', '.'), `${u}2024`, email, email.split('@')[0]!]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Own', username: u, email, password, userType: 'Reader' },
      })
      expect(res.json(), password).toMatchObject({ message: validationSentence('password', OWN_IDENTITY), code: 'validation_failed' })
    }
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Own', username: u, email, password: `${u}-at-the-lake`, userType: 'Reader' },
    })
    expect(ok.statusCode).toBe(201)
  })

  it.each(['shelfwise', 'Shelfwise!', 'shelfwise2024', 'SHELFWISE', 'Shelf-Wise-2026', 'sh3lfw1se', '$helfwi$e!', '!!Shelfwise!!', '2026 shelf wise'])(
    'refuses the site’s own name %j at sign-up, in any case, with look-alikes, separators or digits and punctuation around it',
    async (password) => {
      expect(common).not.toContain(password.toLowerCase())
      const before = await usersCount()
      const res = await register(password)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ message: `Password ${SITE_NAME}`, code: 'validation_failed' })
      expect(await usersCount()).toBe(before)
      // The name among other words is a passphrase like any other.
      expect((await register(`${password} keeps my winter reading list`)).statusCode).toBe(201)
    },
  )

  it('refuses the same at a password change, the reader’s own username and e-mail included, and keeps the old password', async () => {
    const { token, user } = await signUp(ctx.app)
    const change = (newPassword: string) => changePassword(ctx.app, token, newPassword)
    for (const [newPassword, why] of [
      ['qqqqqqqq', ONE_CHARACTER],
      ['abcdefgh', SEQUENCE],
      ['       ', ONLY_SPACES],
      ['ababab', SHORT_PATTERN],
      ['Shelfwise2026!', SITE_NAME],
    ] as const) {
      expect((await change(newPassword)).json(), newPassword).toMatchObject({ message: validationSentence('newPassword', why), code: 'validation_failed' })
    }
    for (const newPassword of [user.username, user.username.toUpperCase(), user.email, `${user.username}7`]) {
      expect((await change(newPassword)).json(), newPassword).toEqual({ message: `New password ${OWN_IDENTITY}`, code: 'validation_failed' })
    }
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD } })
    expect(login.statusCode).toBe(200)
    expect((await change('lantern-hill-4')).statusCode).toBe(200)
  })

  it('takes 6 characters that are not common, and refuses 5', async () => {
    expect((await register('k7#qZx')).statusCode).toBe(201)
    const short = await register('k7#qZ')
    expect(short.statusCode).toBe(400)
    expect(short.json().message).toBe('Password must be at least 6 characters long')
  })

  it('refuses a common new password at a password change and keeps the old one', async () => {
    const { token, user } = await signUp(ctx.app)
    const res = await changePassword(ctx.app, token, 'sunshine1')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ message: `New password ${TOO_COMMON}`, code: 'validation_failed' })
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD } })
    expect(login.statusCode).toBe(200)
  })

  it('stores argon2id with 19 MiB, 2 passes and 1 lane, salted: two readers with one password get different hashes', async () => {
    const a = await signUp(ctx.app, { password: 'same-pass-phrase' })
    const b = await signUp(ctx.app, { password: 'same-pass-phrase' })
    const rows = await ctx.db.selectFrom('users').select('passwordHash').where('id', 'in', [a.id, b.id]).execute()
    for (const r of rows) expect(r.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/)
    expect(rows[0]!.passwordHash).not.toBe(rows[1]!.passwordHash)
  })
})
