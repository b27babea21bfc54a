import { expect, it } from 'vitest'
import { DEVICE_GRANT_TYPE, DeviceCodeSchema, MESSAGES } from '@shelfwise/contracts'
import { describeEachDialect, type TestContext } from '../../../test/support/context.ts'
import { bearer, insertUser } from '../../../test/support/factories.ts'

// Device link (RFC 8628): a device asks for a code, the reader approves it signed in, the device's
// poll receives a personal token with the scopes chosen; every error code of section 3.5.

const start = async (ctx: TestContext) => {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/device/code', headers: { host: 'shelf.example' }, payload: { client_name: 'Kobo Libra 2' } })
  expect(res.statusCode, res.body).toBe(200)
  return DeviceCodeSchema.parse(res.json())
}
const poll = (ctx: TestContext, device_code: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/device/token', payload: { grant_type: DEVICE_GRANT_TYPE, device_code } })
/** Lets the device poll again without slow_down, as if the interval had passed. */
const waitInterval = (ctx: TestContext) =>
  ctx.db
    .updateTable('deviceCodes')
    .set({ lastPolledAt: new Date(Date.now() - 3_600_000).toISOString() })
    .execute()

describeEachDialect('device link (RFC 8628)', (ctx) => {
  it('links a device: code, pending, approval with scopes, then a token that works with those scopes only, once', async () => {
    const user = await insertUser(ctx.db)
    const code = await start(ctx)
    expect(code).toMatchObject({ verification_uri: 'http://shelf.example/link', expires_in: 600, interval: 5 })
    expect(code.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/)
    expect(code.verification_uri_complete).toBe(`http://shelf.example/link?code=${code.user_code}`)

    const pending = await poll(ctx, code.device_code)
    expect(pending.statusCode).toBe(400)
    expect(pending.json()).toMatchObject({ error: 'authorization_pending', code: 'bad_request' })
    const tooSoon = await poll(ctx, code.device_code)
    expect(tooSoon.json().error).toBe('slow_down')

    const approved = await ctx.app.inject({
      method: 'POST',
      url: '/api/device/approve',
      headers: bearer(user.token),
      payload: { user_code: code.user_code.toLowerCase().replace('-', ' '), scopes: ['read'], expiresInDays: 30 },
    })
    expect(approved.statusCode, approved.body).toBe(200)
    expect(approved.json()).toEqual({ clientName: 'Kobo Libra 2', status: 'approved' })

    await waitInterval(ctx)
    const granted = await poll(ctx, code.device_code)
    expect(granted.statusCode, granted.body).toBe(200)
    const body = granted.json()
    expect(body).toMatchObject({ token_type: 'Bearer', scope: 'read', expires_in: 30 * 86400 })
    expect(granted.headers['cache-control']).toBe('no-store')
    const me = await ctx.app.inject({ url: '/api/users/me', headers: bearer(body.access_token) })
    expect(me.json()._id).toBe(user.id)
    const write = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/progress',
      headers: bearer(body.access_token),
      payload: { book: { asin: 'B0LINKED01' }, percent: 1 },
    })
    expect(write.json()).toEqual({ message: MESSAGES.scopeMissing('reading:write'), code: 'forbidden' })
    // Listed with the device's name among the reader's tokens.
    const tokens = (await ctx.app.inject({ url: '/api/me/tokens', headers: bearer(user.token) })).json() as { name: string }[]
    expect(tokens.map((t) => t.name)).toEqual(['Kobo Libra 2'])
    // Used up: a second poll gets no second token.
    await waitInterval(ctx)
    expect((await poll(ctx, code.device_code)).json().error).toBe('invalid_grant')
  })

  it('takes a device’s requests form-encoded as RFC 8628 sends them (client_id, scope), and refuses a field sent twice by name', async () => {
    const user = await insertUser(ctx.db)
    const form = { 'content-type': 'application/x-www-form-urlencoded' }
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/device/code',
      headers: form,
      payload: 'client_id=koreader-plugin&scope=read%20reading%3Awrite',
    })
    expect(asked.statusCode, asked.body).toBe(200)
    const code = DeviceCodeSchema.parse(asked.json())
    const approved = await ctx.app.inject({
      method: 'POST',
      url: '/api/device/approve',
      headers: bearer(user.token),
      payload: { user_code: code.user_code, scopes: ['read'], expiresInDays: 1 },
    })
    // The device named itself by its client_id; the reader chose the scopes.
    expect(approved.json()).toEqual({ clientName: 'koreader-plugin', status: 'approved' })
    await waitInterval(ctx)
    const granted = await ctx.app.inject({
      method: 'POST',
      url: '/api/device/token',
      headers: form,
      payload: new URLSearchParams({ grant_type: DEVICE_GRANT_TYPE, device_code: code.device_code, client_id: 'koreader-plugin' }).toString(),
    })
    expect(granted.statusCode, granted.body).toBe(200)
    expect(granted.json()).toMatchObject({ token_type: 'Bearer', scope: 'read' })

    const twice = await ctx.app.inject({ method: 'POST', url: '/api/device/code', headers: form, payload: 'client_id=a&client_id=b' })
    expect(twice.statusCode).toBe(400)
    expect(twice.json()).toEqual({ message: 'client_id: must be sent once', code: 'validation_failed' })
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/device/code', headers: form, payload: 'client_secret=x' })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().message).toMatch(/client_secret/)
  })

  it('answers access_denied after a refusal, expired_token after ten minutes, invalid_grant for a code never given', async () => {
    const user = await insertUser(ctx.db)
    const refused = await start(ctx)
    const deny = await ctx.app.inject({ method: 'POST', url: '/api/device/deny', headers: bearer(user.token), payload: { user_code: refused.user_code } })
    expect(deny.json()).toEqual({ clientName: 'Kobo Libra 2', status: 'denied' })
    expect((await poll(ctx, refused.device_code)).json().error).toBe('access_denied')

    const late = await start(ctx)
    await ctx.db
      .updateTable('deviceCodes')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('userCode', '=', late.user_code.replace('-', ''))
      .execute()
    expect((await poll(ctx, late.device_code)).json().error).toBe('expired_token')
    const lateApprove = await ctx.app.inject({
      method: 'POST',
      url: '/api/device/approve',
      headers: bearer(user.token),
      payload: { user_code: late.user_code, scopes: ['read'], expiresInDays: 1 },
    })
    expect(lateApprove.statusCode).toBe(404)

    expect((await poll(ctx, 'never-given')).json().error).toBe('invalid_grant')
    const wrongGrant = await ctx.app.inject({ method: 'POST', url: '/api/device/token', payload: { grant_type: 'password', device_code: 'x' } })
    expect(wrongGrant.statusCode).toBe(400)
    expect(wrongGrant.json().message).toContain('Grant type must be urn:ietf:params:oauth:grant-type:device_code')
    const badCode = await ctx.app.inject({
      method: 'POST',
      url: '/api/device/approve',
      headers: bearer(user.token),
      payload: { user_code: 'AAAA-AAAA', scopes: ['read'], expiresInDays: 1 },
    })
    expect(badCode.statusCode).toBe(400)
    expect(badCode.json().message).toContain('8-letter code')
    // A personal token cannot link another device.
    const codeForToken = await start(ctx)
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/tokens',
      headers: bearer(user.token),
      payload: { name: 't', scopes: ['read', 'reading:write'], expiresInDays: 1 },
    })
    const viaToken = await ctx.app.inject({
      method: 'POST',
      url: '/api/device/approve',
      headers: bearer(made.json().token),
      payload: { user_code: codeForToken.user_code, scopes: ['read'], expiresInDays: 1 },
    })
    expect(viaToken.json()).toEqual({ message: MESSAGES.sessionOnly, code: 'forbidden' })
  })
})
