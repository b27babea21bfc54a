import { expect, it, vi } from 'vitest'
import { CreatedTokenSchema, MESSAGES, PersonalTokenListSchema } from '@shelfwise/contracts'
import { describeEachDialect, type TestContext } from '../../../test/support/context.ts'
import { bearer, insertBook, insertUser, TEST_PASSWORD } from '../../../test/support/factories.ts'

type User = Awaited<ReturnType<typeof insertUser>>

const make = async (ctx: TestContext, user: User, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/me/tokens', headers: bearer(user.token), payload })

async function tokenOf(ctx: TestContext, user: User, scopes: string[], expiresInDays = 30) {
  const res = await make(ctx, user, { name: `tool ${scopes.join('+')}`, scopes, expiresInDays })
  expect(res.statusCode, res.body).toBe(201)
  return CreatedTokenSchema.parse(res.json())
}

describeEachDialect('personal access tokens', (ctx) => {
  it('makes a token shown once, stores only its hash, and lists it by name, scopes and expiry', async () => {
    const user = await insertUser(ctx.db)
    const made = await tokenOf(ctx, user, ['reading:write', 'read'])
    expect(made.token).toMatch(/^swp_[A-Za-z0-9_-]{43}$/)
    expect(made.scopes).toEqual(['read', 'reading:write'])
    expect(made.hint).toBe(made.token.slice(-4))
    const days = (Date.parse(made.expiresAt) - Date.parse(made.createdAt)) / 86_400_000
    expect(days).toBe(30)
    const row = await ctx.db.selectFrom('personalTokens').selectAll().where('id', '=', made._id).executeTakeFirstOrThrow()
    expect(JSON.stringify(row)).not.toContain(made.token.slice(4))
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/)

    const list = await ctx.app.inject({ url: '/api/me/tokens', headers: bearer(user.token) })
    expect(list.statusCode).toBe(200)
    expect(list.headers['x-total-count']).toBe('1')
    expect(list.body).not.toContain(made.token)
    const [listed] = PersonalTokenListSchema.parse(list.json())
    expect(listed).toMatchObject({ _id: made._id, name: 'tool reading:write+read', scopes: ['read', 'reading:write'], lastUsedAt: null })
  })

  it('refuses a token without a name, with an unknown scope or an expiry out of range, naming the field', async () => {
    const user = await insertUser(ctx.db)
    for (const [payload, field] of [
      [{ name: '', scopes: ['read'], expiresInDays: 30 }, 'name'],
      [{ name: 'x', scopes: ['admin'], expiresInDays: 30 }, 'scopes'],
      [{ name: 'x', scopes: [], expiresInDays: 30 }, 'scopes'],
      [{ name: 'x', scopes: ['read', 'read'], expiresInDays: 30 }, 'scopes'],
      [{ name: 'x', scopes: ['read'], expiresInDays: 0 }, 'expires in days must be at least 1'],
      [{ name: 'x', scopes: ['read'], expiresInDays: 400 }, 'expires in days must be at most 366'],
    ] as const) {
      const res = await make(ctx, user, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().message.toLowerCase()).toContain(field.toLowerCase())
    }
  })

  it('lets a token do what its scopes allow, and answers 403 naming the scope it lacks', async () => {
    const user = await insertUser(ctx.db)
    const book = await insertBook(ctx.db)
    const reader = await tokenOf(ctx, user, ['read'])
    const writer = await tokenOf(ctx, user, ['reading:write'])
    const me = await ctx.app.inject({ url: '/api/users/me', headers: bearer(reader.token) })
    expect(me.statusCode).toBe(200)
    expect(me.json()._id).toBe(user.id)
    const denied = await ctx.app.inject({ url: '/api/users/me', headers: bearer(writer.token) })
    expect(denied.statusCode).toBe(403)
    expect(denied.json()).toEqual({ message: MESSAGES.scopeMissing('read'), code: 'forbidden' })
    const wish = await ctx.app.inject({ method: 'PUT', url: `/api/users/addtowishlist/${book.id}`, headers: bearer(writer.token) })
    expect(wish.statusCode, wish.body).toBe(200)
    const noWrite = await ctx.app.inject({ method: 'PUT', url: `/api/users/addtowishlist/${book.id}`, headers: bearer(reader.token) })
    expect(noWrite.json()).toEqual({ message: MESSAGES.scopeMissing('reading:write'), code: 'forbidden' })
  })

  it('never lets a token, whatever its scopes, change the password, close the account, export everything or manage tokens', async () => {
    const user = await insertUser(ctx.db)
    const all = await tokenOf(ctx, user, ['read', 'reading:write', 'reviews:write', 'social:write'])
    for (const [method, url, payload] of [
      ['PUT', '/api/users/password', { currentPassword: 'x', newPassword: 'another-long-pass' }],
      ['PUT', '/api/users/profile/update', { username: 'taken_over' }],
      ['DELETE', '/api/users/me', { password: 'x' }],
      ['GET', '/api/me/export.json', undefined],
      ['POST', '/api/me/tokens', { name: 'more', scopes: ['read'], expiresInDays: 1 }],
      ['GET', '/api/me/tokens', undefined],
      ['DELETE', `/api/me/tokens/${all._id}`, undefined],
      ['POST', '/api/auth/logout', undefined],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: bearer(all.token), ...(payload ? { payload } : {}) })
      expect(res.json(), `${method} ${url}`).toEqual({ message: MESSAGES.sessionOnly, code: 'forbidden' })
    }
    expect(await ctx.db.selectFrom('personalTokens').select('id').where('userId', '=', user.id).execute()).toHaveLength(1)
  })

  it('refuses a revoked or expired token at once (401), and 404s another reader’s token', async () => {
    const user = await insertUser(ctx.db)
    const other = await insertUser(ctx.db)
    const made = await tokenOf(ctx, user, ['read'])
    const use = () => ctx.app.inject({ url: '/api/users/me', headers: bearer(made.token) })
    expect((await use()).statusCode).toBe(200)
    const theirs = await ctx.app.inject({ method: 'DELETE', url: `/api/me/tokens/${made._id}`, headers: bearer(other.token) })
    expect(theirs.statusCode).toBe(404)
    expect((await use()).statusCode).toBe(200)
    const revoke = await ctx.app.inject({ method: 'DELETE', url: `/api/me/tokens/${made._id}`, headers: bearer(user.token) })
    expect(revoke.statusCode).toBe(204)
    expect((await use()).json()).toEqual({ message: MESSAGES.authFailed, code: 'unauthorized' })

    const old = await tokenOf(ctx, user, ['read'])
    // Used (and so kept, decision 0064) before its expiry is moved into the past behind the app's back.
    expect((await ctx.app.inject({ url: '/api/users/me', headers: bearer(old.token) })).statusCode).toBe(200)
    await ctx.db
      .updateTable('personalTokens')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', old._id)
      .execute()
    const expired = await ctx.app.inject({ url: '/api/users/me', headers: bearer(old.token) })
    expect(expired.statusCode).toBe(401)
    // A token of the right shape that was never made.
    const forged = await ctx.app.inject({ url: '/api/users/me', headers: bearer(`swp_${'A'.repeat(43)}`) })
    expect(forged.statusCode).toBe(401)
  })

  it('notes a token’s last use without a write per request', async () => {
    const user = await insertUser(ctx.db)
    const made = await tokenOf(ctx, user, ['read'])
    const writes: string[] = []
    for (let i = 0; i < 5; i++) {
      expect((await ctx.app.inject({ url: '/api/users/me', headers: bearer(made.token) })).statusCode).toBe(200)
      const row = await ctx.db.selectFrom('personalTokens').select('lastUsedAt').where('id', '=', made._id).executeTakeFirstOrThrow()
      if (row.lastUsedAt) writes.push(String(row.lastUsedAt))
    }
    // Written on the first use (after the answer), then kept for a minute.
    expect(new Set(writes).size).toBeLessThanOrEqual(1)
    await vi.waitFor(async () => {
      const list = PersonalTokenListSchema.parse((await ctx.app.inject({ url: '/api/me/tokens', headers: bearer(user.token) })).json())
      expect(list[0]!.lastUsedAt).not.toBeNull()
    })
    const row = await ctx.db.selectFrom('personalTokens').select('lastUsedAt').where('id', '=', made._id).executeTakeFirstOrThrow()
    if (writes.length) expect(String(row.lastUsedAt)).toBe(writes[0])
  })

  it('names a token in the export without its secret, and deletes it with the account', async () => {
    const user = await insertUser(ctx.db)
    const made = await tokenOf(ctx, user, ['read'])
    const exported = await ctx.app.inject({ url: '/api/me/export.json', headers: bearer(user.token) })
    expect(exported.body).not.toContain(made.token)
    expect(exported.json().personalTokens).toEqual([
      { name: made.name, scopes: ['read'], createdAt: made.createdAt, expiresAt: made.expiresAt, lastUsedAt: null },
    ])
    const closed = await ctx.app.inject({ method: 'DELETE', url: '/api/users/me', headers: bearer(user.token), payload: { password: TEST_PASSWORD } })
    expect(closed.statusCode).toBe(204)
    expect(await ctx.db.selectFrom('personalTokens').select('id').where('userId', '=', user.id).execute()).toEqual([])
  })
})
