import { expect, it } from 'vitest'
import { dictionary } from '@zxcvbn-ts/language-common'
import { describeEachDialect } from '../support/context.ts'
import { bearer, signUp, TEST_PASSWORD } from '../support/factories.ts'

// Passwords: argon2id with the parameters SECURITY.md states, 6 characters at least, and none of the
// most used passwords (the zxcvbn-ts list), at sign-up and at every change.

const TOO_COMMON = 'is too common; choose something harder to guess'
const common = dictionary['passwords-common']
// One from near the end of the ~49,000-entry list, so the whole list is in force, not a top few.
const deepInList = common.slice(40_000).find((p) => p.length >= 8 && /^[a-z]+$/.test(p))!

describeEachDialect('passwords', (ctx) => {
  const register = (password: string) => {
    const u = `pw_${Math.random().toString(36).slice(2, 10)}`
    return ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: u, username: u, email: `${u}@example.test`, password, userType: 'Reader' } })
  }
  const usersCount = async () => Number((await ctx.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)

  it.each(['password', 'Password1', 'QWERTY123', 'iloveyou', 'letmein1', deepInList])('refuses %s at sign-up with a clear message, creating nobody', async (password) => {
    const before = await usersCount()
    const res = await register(password)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ message: `password: ${TOO_COMMON}`, code: 'validation_failed' })
    expect(await usersCount()).toBe(before)
  })

  it('takes 6 characters that are not common, and refuses 5', async () => {
    expect((await register('k7#qZx')).statusCode).toBe(201)
    const short = await register('k7#qZ')
    expect(short.statusCode).toBe(400)
    expect(short.json().message).toBe('password: must be at least 6 characters long')
  })

  it('refuses a common new password at a password change and keeps the old one', async () => {
    const { token, user } = await signUp(ctx.app)
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/users/password', headers: bearer(token), payload: { currentPassword: TEST_PASSWORD, newPassword: 'sunshine1' } })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ message: `newPassword: ${TOO_COMMON}`, code: 'validation_failed' })
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
