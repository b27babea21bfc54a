import { createHash } from 'node:crypto'
import { expect, it } from 'vitest'
import { CreatedDeviceSchema, DeviceListSchema, ReadingEntrySchema, SyncInboxListSchema } from '@shelfwise/contracts'
import { describeEachDialect, type TestContext } from '../../../test/support/context.ts'
import { bearer, insertBook, insertUser } from '../../../test/support/factories.ts'

// A contract test of KOReader's built-in progress sync against /kosync, sending exactly what
// KOReader's kosync plugin sends (its Spore client: Format.JSON, the GinClient accept header, the
// KOSyncAuth headers with the MD5 of the password; the api.json spec's paths, payloads and expected
// statuses), and reading the answers as it reads them.

type User = Awaited<ReturnType<typeof insertUser>>
const md5 = (s: string) => createHash('md5').update(s).digest('hex')
const KO_TYPE = 'application/vnd.koreader.v1+json'

/** KOReader's client for one device sign-in. */
const koreader = (ctx: TestContext, username: string, password: string) => {
  const headers = { accept: KO_TYPE, 'x-auth-user': username, 'x-auth-key': md5(password) }
  return {
    register: () =>
      ctx.app.inject({
        method: 'POST',
        url: '/kosync/users/create',
        headers: { accept: KO_TYPE, 'content-type': 'application/json' },
        payload: JSON.stringify({ username, password }),
      }),
    authorize: () => ctx.app.inject({ method: 'GET', url: '/kosync/users/auth', headers }),
    updateProgress: (document: string, percentage: number, progress = '/body/DocFragment[12]/body/p[3]/text().0') =>
      ctx.app.inject({
        method: 'PUT',
        url: '/kosync/syncs/progress',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ document, progress, percentage, device: 'Kobo Libra 2', device_id: 'A1B2C3D4E5F6' }),
      }),
    getProgress: (document: string) => ctx.app.inject({ method: 'GET', url: `/kosync/syncs/progress/${document}`, headers }),
  }
}

async function deviceOf(ctx: TestContext, user: User) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/me/devices', headers: bearer(user.token), payload: { name: 'Kobo Libra 2' } })
  expect(res.statusCode, res.body).toBe(201)
  return CreatedDeviceSchema.parse(res.json())
}

describeEachDialect('KOReader progress sync (kosync)', (ctx) => {
  it('signs a device in with its own password’s MD5, never the account’s, and answers KOReader’s codes', async () => {
    const user = await insertUser(ctx.db)
    const device = await deviceOf(ctx, user)
    expect(device.username).toMatch(/^sw-[a-z2-9]{10}$/)
    expect(device.password).toMatch(/^[a-z2-9]{24}$/)
    const ok = await koreader(ctx, device.username, device.password).authorize()
    expect(ok.statusCode).toBe(200)
    expect(ok.headers['content-type']).toContain(KO_TYPE)
    expect(ok.json()).toEqual({ authorized: 'OK' })
    for (const [u, p] of [
      [device.username, 'wrong'],
      [device.username, 'correct-horse-battery'],
      ['nobody', device.password],
    ]) {
      const res = await koreader(ctx, u!, p!).authorize()
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ code: 2001, message: 'Unauthorized' })
    }
    const noHeaders = await ctx.app.inject({ url: '/kosync/users/auth', headers: { accept: KO_TYPE } })
    expect(noHeaders.statusCode).toBe(401)
    // Sign-ups are refused politely, with a status KOReader expects from this call.
    const register = await koreader(ctx, 'newreader', 'secret').register()
    expect(register.statusCode).toBe(402)
    expect(register.json()).toMatchObject({ code: 2002 })
    expect(register.json().message).toContain('Developers page')
    // The password is stored as neither itself nor its MD5.
    const row = await ctx.db.selectFrom('devices').selectAll().where('id', '=', device._id).executeTakeFirstOrThrow()
    expect(JSON.stringify(row)).not.toContain(device.password)
    expect(JSON.stringify(row)).not.toContain(md5(device.password))
    // Listed without its password; removed, it stops working at once.
    const list = DeviceListSchema.parse((await ctx.app.inject({ url: '/api/me/devices', headers: bearer(user.token) })).json())
    expect(list.map((d) => d.username)).toEqual([device.username])
    expect(JSON.stringify(list)).not.toContain(device.password)
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/me/devices/${device._id}`, headers: bearer(user.token) })).statusCode).toBe(204)
    expect((await koreader(ctx, device.username, device.password).authorize()).statusCode).toBe(401)
  })

  it('keeps a document’s progress for KOReader, files it in the inbox, and once bound sends its percentage into the reading log', async () => {
    const user = await insertUser(ctx.db)
    const device = await deviceOf(ctx, user)
    const ko = koreader(ctx, device.username, device.password)
    const document = 'a3f9c2d41b7e8f0a9c1d2e3f4a5b6c7d'
    expect((await ko.getProgress(document)).json()).toEqual({})

    const put = await ko.updateProgress(document, 0.2512)
    expect(put.statusCode).toBe(200)
    expect(put.headers['content-type']).toContain(KO_TYPE)
    const stamp = put.json().timestamp as number
    expect(put.json()).toEqual({ document, timestamp: stamp })
    expect(Math.abs(stamp - Date.now() / 1000)).toBeLessThan(60)
    expect((await ko.getProgress(document)).json()).toEqual({
      document,
      percentage: 0.2512,
      progress: '/body/DocFragment[12]/body/p[3]/text().0',
      device: 'Kobo Libra 2',
      device_id: 'A1B2C3D4E5F6',
      timestamp: stamp,
    })

    const inbox = SyncInboxListSchema.parse((await ctx.app.inject({ url: '/api/me/sync-inbox', headers: bearer(user.token) })).json())
    expect(inbox.map((i) => [i.kind, i.identifier, i.percent, i.device])).toEqual([['kosync', document, 25.1, 'Kobo Libra 2']])
    const book = await insertBook(ctx.db, { pageCount: 320 })
    const bound = await ctx.app.inject({
      method: 'POST',
      url: `/api/me/sync-inbox/${inbox[0]!._id}/bind`,
      headers: bearer(user.token),
      payload: { bookId: book.id },
    })
    expect(bound.json()).toMatchObject({ status: 'applied', bookId: book.id })

    expect((await ko.updateProgress(document, 0.5)).statusCode).toBe(200)
    const entry = ReadingEntrySchema.parse((await ctx.app.inject({ url: `/api/books/${book.id}/reading`, headers: bearer(user.token) })).json())
    expect(entry.status).toBe('reading')
    expect(entry.progress.percent).toBe(50)
    // An older device's report behind it moves KOReader's own record, never the log backwards.
    expect((await ko.updateProgress(document, 0.3)).statusCode).toBe(200)
    const after = ReadingEntrySchema.parse((await ctx.app.inject({ url: `/api/books/${book.id}/reading`, headers: bearer(user.token) })).json())
    expect(after.progress.percent).toBe(50)
    expect(after.reads).toHaveLength(1)
  })

  it('refuses what koreader-sync-server refuses, with its codes', async () => {
    const user = await insertUser(ctx.db)
    const device = await deviceOf(ctx, user)
    const headers = { accept: KO_TYPE, 'x-auth-user': device.username, 'x-auth-key': md5(device.password), 'content-type': 'application/json' }
    const put = (payload: object) => ctx.app.inject({ method: 'PUT', url: '/kosync/syncs/progress', headers, payload: JSON.stringify(payload) })
    expect((await put({ progress: 'x', percentage: 0.1, device: 'd' })).json()).toEqual({ code: 2004, message: "Field 'document' not provided." })
    const invalid = await put({ document: 'abc', progress: 'x', device: 'd' })
    expect(invalid.statusCode).toBe(403)
    expect(invalid.json()).toEqual({ code: 2003, message: 'Invalid request' })
    expect((await put({ document: 'abc', progress: 'x', percentage: 1.5, device: 'd' })).statusCode).toBe(403)
    const notJson = await ctx.app.inject({ method: 'PUT', url: '/kosync/syncs/progress', headers, payload: '{not json' })
    expect(notJson.statusCode).toBe(403)
    expect(notJson.json().code).toBe(2003)
    // Unauthorized comes first, whatever the body.
    expect((await ctx.app.inject({ method: 'PUT', url: '/kosync/syncs/progress', headers: { ...headers, 'x-auth-key': 'x' }, payload: '{}' })).statusCode).toBe(
      401,
    )
  })
})
