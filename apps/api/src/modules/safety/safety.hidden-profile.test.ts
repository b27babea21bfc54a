import { expect, it } from 'vitest'
import { UserSchema } from '@shelfwise/contracts'
import { describeEachDialect, type TestContext } from '../../../test/support/context.ts'
import { bearer, insertUser } from '../../../test/support/factories.ts'

// A profile the moderators hid (decision 0058, "Hidden profiles"): others, signed in or not, get it
// without bio and image, marked removedByModerators; its reader sees both and the mark; restoring
// shows them again. Kept answers of the profile are made again at each decision.

type Method = 'GET' | 'POST'
const call = (ctx: TestContext, method: Method, url: string, token?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) })
const old = () => new Date(Date.now() - 30 * 24 * 60 * 60 * 1000)

describeEachDialect('safety: a hidden profile', (ctx) => {
  it('shows others no bio and no image, its reader both, until a moderator restores it', async () => {
    const [ana, mod] = await Promise.all([insertUser(ctx.db, { createdAt: old() }), insertUser(ctx.db, { createdAt: old() })])
    const bob = await insertUser(ctx.db, { createdAt: old(), bio: 'Buy followers at spam.example', profileImage: '/uploads/rude.webp' })
    await ctx.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', mod.id).execute()
    const profile = async (token?: string) => UserSchema.parse((await call(ctx, 'GET', `/api/users/profile/${bob.id}`, token)).json())
    // Kept answers exist before the decision (every viewer class).
    expect((await profile(ana.token)).bio).toBe('Buy followers at spam.example')
    expect((await profile()).profileImage).toBe('/uploads/rude.webp')
    expect((await profile(bob.token)).removedByModerators).toBeUndefined()

    const report = (await call(ctx, 'POST', '/api/reports', ana.token, { targetType: 'profile', targetId: bob.id, reason: 'spam' })).json()._id as string
    expect((await call(ctx, 'POST', `/api/moderation/reports/${report}`, mod.token, { action: 'hide', note: 'Spam bio' })).statusCode).toBe(200)
    for (const viewer of [ana.token, undefined, mod.token])
      expect(await profile(viewer)).toMatchObject({ username: bob.username, bio: '', profileImage: '', removedByModerators: true })
    expect((await call(ctx, 'GET', `/api/users/by-username/${bob.username}`, ana.token)).json()).toMatchObject({ bio: '', profileImage: '' })
    expect((await call(ctx, 'GET', `/api/users/bio/${bob.id}`)).json()).toEqual({ bio: '' })
    expect((await call(ctx, 'GET', `/api/users/profile-image/${bob.id}`)).json()).toEqual({ profileImage: '' })
    expect(await profile(bob.token)).toMatchObject({ bio: 'Buy followers at spam.example', profileImage: '/uploads/rude.webp', removedByModerators: true })
    expect((await call(ctx, 'GET', '/api/users/me', bob.token)).json()).toMatchObject({ bio: 'Buy followers at spam.example', removedByModerators: true })

    expect((await call(ctx, 'POST', `/api/moderation/reports/${report}`, mod.token, { action: 'restore', note: 'Cleaned up' })).statusCode).toBe(200)
    const shown = await profile(ana.token)
    expect([shown.bio, shown.profileImage, shown.removedByModerators]).toEqual(['Buy followers at spam.example', '/uploads/rude.webp', undefined])
  })
})
