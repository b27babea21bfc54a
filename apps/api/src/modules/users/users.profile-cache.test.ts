import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { UserSchema, type User } from '@shelfwise/contracts'
import { createUsersService } from '#/modules/users/users.service.ts'
import { readyJsonOf, type Shared } from '#/ready-json.ts'
import type { Actor } from '#/security/actor.ts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { bearer, insertFollow, insertUser } from '../../../test/support/factories.ts'

// Large profiles are kept per instance under the user's profile version (users.service): whatever
// changes a profile — a follow of or by the user made on any instance or by any writer, an edit of
// its fields — must show in the very next read, on every instance. Two services over one database
// stand for two instances.

const actor = (id: string): Actor => ({ id, jti: 'test', exp: 0 })

describeEachDialect('kept profiles', (ctx) => {
  // Kept from 3 ids, so a handful of follows makes a kept profile.
  const instances = () =>
    [0, 1].map(() => createUsersService({ db: ctx.db, profileCache: { keepFromIds: 3 } })) as [
      ReturnType<typeof createUsersService>,
      ReturnType<typeof createUsersService>,
    ]
  // Through the serialising layer, as the routes send it.
  const parsed = async (answer: Promise<Shared<User>>): Promise<User> => UserSchema.parse(JSON.parse(readyJsonOf(await answer).text))

  const star = async (fans: number) => {
    const u = await insertUser(ctx.db)
    const followers = []
    for (let i = 0; i < fans; i++) {
      const fan = await insertUser(ctx.db)
      await insertFollow(ctx.db, fan.id, u.id, new Date(Date.UTC(2025, 0, 1 + i)))
      followers.unshift(fan.id)
    }
    return { u, followers }
  }

  it('answers what a fresh read answers, for every viewer class', async () => {
    const [a] = instances()
    const { u, followers } = await star(4)
    const visitor = await parsed(a.sharedProfile(undefined, u.id))
    expect(visitor).toEqual(await a.getProfile(undefined, u.id))
    expect(visitor.followers).toEqual(followers)
    expect(visitor.isFollowing).toBe(false)
    expect(visitor).not.toHaveProperty('email')
    // Asked again (now from the kept entry), and by the other classes.
    expect(await parsed(a.sharedProfile(undefined, u.id))).toEqual(visitor)
    const fan = await parsed(a.sharedProfile(followers[0], u.id))
    expect(fan).toEqual({ ...visitor, isFollowing: true })
    const stranger = (await insertUser(ctx.db)).id
    expect(await parsed(a.sharedProfile(stranger, u.id))).toEqual(visitor)
    const own = await parsed(a.sharedProfile(u.id, u.id))
    expect(own).toEqual({ ...visitor, email: u.email })
    // The same answers by username, and as objects.
    expect(await parsed(a.sharedProfileByUsername(followers[1], u.username.toUpperCase()))).toEqual({ ...visitor, isFollowing: true })
    expect(await a.getProfile(u.id, u.id)).toEqual(own)
  })

  it('shows a follow or unfollow made on another instance in the next read', async () => {
    const [a, b] = instances()
    const { u, followers } = await star(3)
    const newcomer = await insertUser(ctx.db)
    expect((await parsed(a.sharedProfile(newcomer.id, u.id))).isFollowing).toBe(false)

    expect((await b.toggleFollow(actor(newcomer.id), u.id)).isFollowing).toBe(true)
    const after = await parsed(a.sharedProfile(newcomer.id, u.id))
    expect(after.followers).toEqual([newcomer.id, ...followers])
    expect(after.isFollowing).toBe(true)
    expect((await parsed(a.sharedProfile(undefined, u.id))).followers).toHaveLength(4)

    expect((await b.toggleFollow(actor(newcomer.id), u.id)).isFollowing).toBe(false)
    const back = await parsed(a.sharedProfile(newcomer.id, u.id))
    expect(back.followers).toEqual(followers)
    expect(back.isFollowing).toBe(false)
  })

  it('shows the user’s own follows, follows written by any writer, and a deleted follower', async () => {
    const [a, b] = instances()
    const { u, followers } = await star(3)
    await a.sharedProfile(undefined, u.id)
    const idol = await insertUser(ctx.db)
    await b.toggleFollow(actor(u.id), idol.id)
    expect((await parsed(a.sharedProfile(undefined, u.id))).following).toEqual([idol.id])
    // Straight into the table, as a seed or another service would.
    const direct = await insertUser(ctx.db)
    await insertFollow(ctx.db, direct.id, u.id)
    expect((await parsed(a.sharedProfile(undefined, u.id))).followers).toEqual([direct.id, ...followers])
    // A follower's account removed: its follow rows go with it.
    await ctx.db.deleteFrom('users').where('id', '=', followers[0]!).execute()
    expect((await parsed(a.sharedProfile(undefined, u.id))).followers).toEqual([direct.id, ...followers.slice(1)])
  })

  it('shows a profile edit made on another instance in the next read', async () => {
    const [a, b] = instances()
    const { u } = await star(3)
    await a.sharedProfile(undefined, u.id)
    await a.sharedProfile(u.id, u.id)
    await b.updateProfile(actor(u.id), { bio: 'Now reading Proust', name: 'Renamed Reader' })
    expect(await parsed(a.sharedProfile(undefined, u.id))).toMatchObject({ bio: 'Now reading Proust', name: 'Renamed Reader' })
    await ctx.db
      .updateTable('users')
      .set({ email: `moved-${u.email}` })
      .where('id', '=', u.id)
      .execute()
    expect((await parsed(a.sharedProfile(u.id, u.id))).email).toBe(`moved-${u.email}`)
  })

  it('keeps every follow of many concurrent ones, and the profile shows them all', async () => {
    const [a, b] = instances()
    const { u, followers } = await star(3)
    await a.sharedProfile(undefined, u.id)
    const fans = await Promise.all(Array.from({ length: 8 }, () => insertUser(ctx.db)))
    const results = await Promise.all(fans.map((f, i) => (i % 2 ? a : b).toggleFollow(actor(f.id), u.id)))
    expect(results.every((r) => r.isFollowing)).toBe(true)
    const seen = await parsed(b.sharedProfile(undefined, u.id))
    expect(new Set(seen.followers)).toEqual(new Set([...followers, ...fans.map((f) => f.id)]))
    expect(await parsed(a.sharedProfile(undefined, u.id))).toEqual(seen)
  })

  it('forgets the least recently used profiles beyond its bound, and still answers them', async () => {
    const small = createUsersService({ db: ctx.db, profileCache: { keepFromIds: 3, maxBytes: 1 } })
    const { u, followers } = await star(3)
    expect((await parsed(small.sharedProfile(undefined, u.id))).followers).toEqual(followers)
    expect((await parsed(small.sharedProfile(undefined, u.id))).followers).toEqual(followers)
  })

  describe('GET /api/users/profile/:id of a reader with hundreds of followers', () => {
    it('answers the same JSON in every encoding, and a follow through the API shows at once', async () => {
      // Over 200 ids: kept by the app's own service, and large enough to be sent precompressed.
      const { u, followers } = await star(210)
      const get = (encoding: string | undefined, token?: string) =>
        ctx.app.inject({
          method: 'GET',
          url: `/api/users/profile/${u.id}`,
          headers: { ...(encoding === undefined ? {} : { 'accept-encoding': encoding }), ...(token ? bearer(token) : {}) },
        })
      const plain = await get(undefined)
      expect(plain.statusCode).toBe(200)
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(plain.headers['content-encoding']).toBeUndefined()
      const body = UserSchema.parse(plain.json())
      expect(body.followers).toEqual(followers)
      for (const [encoding, decode] of [
        ['br', brotliDecompressSync],
        ['gzip, deflate, br', brotliDecompressSync],
        ['gzip', gunzipSync],
        ['deflate', inflateSync],
      ] as const) {
        const res = await get(encoding)
        expect(res.statusCode).toBe(200)
        expect(res.headers['content-encoding']).toBe(encoding.includes('br') ? 'br' : encoding)
        expect(String(res.headers.vary)).toMatch(/accept-encoding/i)
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
        expect(JSON.parse(decode(res.rawPayload).toString())).toEqual(body)
      }
      expect((await get('identity')).json()).toEqual(body)

      const fan = await insertUser(ctx.db)
      const follow = await ctx.app.inject({ method: 'PUT', url: `/api/users/follow/${u.id}`, headers: bearer(fan.token) })
      expect(follow.statusCode).toBe(200)
      const seen = JSON.parse(brotliDecompressSync((await get('br', fan.token)).rawPayload).toString())
      expect(seen).toEqual({ ...body, followers: [fan.id, ...followers], isFollowing: true })
      expect(JSON.parse(brotliDecompressSync((await get('br')).rawPayload).toString()).isFollowing).toBe(false)
    })

    it('answers 404 for an unknown reader, as before', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/users/profile/0190f7a4-0000-7000-8000-000000000000', headers: { 'accept-encoding': 'br' } })
      expect(res.statusCode).toBe(404)
    })
  })
})
