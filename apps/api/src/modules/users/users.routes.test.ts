import { describe, expect, it } from 'vitest'
import { v7 as uuidv7 } from 'uuid'
import {
  BioSchema,
  CountSchema,
  ErrorBodySchema,
  FollowResultSchema,
  LIMITS,
  MESSAGES,
  PersonListSchema,
  ProfileImageResultSchema,
  StatsSchema,
  UserSchema,
  UserSummaryListSchema,
} from '@shelfwise/contracts'
import { findBookById } from '#/modules/books/books.repository.ts'
import { lookalikeUsername, RESERVED_USERNAME } from '#/modules/users/usernames.ts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { readAllPages } from '../../../test/support/paging.ts'
import { bearer, insertBook, insertFollow, insertRead, insertReview, insertUser, insertWish } from '../../../test/support/factories.ts'

// Nothing secret may ever leave the server in a body.
const SECRETS = /passwordHash|password_hash|tokenVersion|token_version|\$argon2/

let n = 0
const tag = () => `${Date.now().toString(36).slice(-4)}${(++n).toString(36)}${Math.random().toString(36).slice(2, 5)}`

describeEachDialect('users routes', (ctx) => {
  const get = (url: string, token?: string) => ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} })
  const put = (url: string, token?: string, payload?: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PUT', url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) })
  const expectError = (res: { statusCode: number; json(): unknown }, status: number, message: string) => {
    expect(res.statusCode).toBe(status)
    expect(ErrorBodySchema.parse(res.json()).message).toBe(message)
  }

  describe('GET /api/users/profile/:id', () => {
    it('answers the spec’s User with follower and following ids, without e-mail for a visitor', async () => {
      const u = await insertUser(ctx.db, { bio: 'Loves long novels', profileImage: '/uploads/avatar.webp' })
      const fan = await insertUser(ctx.db)
      const idol = await insertUser(ctx.db)
      await insertFollow(ctx.db, fan.id, u.id)
      await insertFollow(ctx.db, u.id, idol.id)
      const res = await get(`/api/users/profile/${u.id}`)
      expect(res.statusCode).toBe(200)
      expect(res.body).not.toMatch(SECRETS)
      const body = UserSchema.parse(res.json())
      expect(body).toEqual({
        _id: u.id,
        name: u.name,
        username: u.username,
        userType: 'Reader',
        bio: 'Loves long novels',
        profileImage: '/uploads/avatar.webp',
        createdAt: u.createdAt,
        followers: [fan.id],
        following: [idol.id],
        isFollowing: false,
      })
      expect(body).not.toHaveProperty('email')
    })

    it('shows the e-mail only to the user themself, and isFollowing to a viewer who follows', async () => {
      const u = await insertUser(ctx.db)
      const fan = await insertUser(ctx.db)
      await insertFollow(ctx.db, fan.id, u.id)
      const own = UserSchema.parse((await get(`/api/users/profile/${u.id}`, u.token)).json())
      expect(own.email).toBe(u.email)
      expect(own.isFollowing).toBe(false)
      const res = await get(`/api/users/profile/${u.id}`, fan.token)
      expect(res.body).not.toMatch(SECRETS)
      const seen = UserSchema.parse(res.json())
      expect(seen).not.toHaveProperty('email')
      expect(seen.isFollowing).toBe(true)
      expect(res.body).not.toContain(u.email)
    })

    it('finds a reader by username too, in any letter case, as the spec’s client opens author profiles', async () => {
      const u = await insertUser(ctx.db, { username: `Author.Name_${tag()}` })
      for (const asked of [u.username, u.username.toLowerCase(), u.username.toUpperCase()]) {
        const res = await get(`/api/users/profile/${encodeURIComponent(asked)}`)
        expect(res.statusCode, asked).toBe(200)
        expect(UserSchema.parse(res.json())).toMatchObject({ _id: u.id, username: u.username })
        expect(res.body).not.toContain(u.email)
      }
      // The owner sees their e-mail this way as well.
      expect((await get(`/api/users/profile/${u.username}`, u.token)).json().email).toBe(u.email)
    })

    it("answers 404 'User not found' when neither an id nor a username matches", async () => {
      expectError(await get(`/api/users/profile/${uuidv7()}`), 404, MESSAGES.userNotFound)
      expectError(await get(`/api/users/profile/nobody_${tag()}`), 404, MESSAGES.userNotFound)
      expectError(await get('/api/users/profile/not%20a%20name'), 404, MESSAGES.userNotFound)
      expectError(await get(`/api/users/profile/${'x'.repeat(101)}`), 400, 'Id is too long')
    })
  })

  describe('GET /api/users/me', () => {
    it('answers the own User with e-mail, and 401 without a token', async () => {
      const u = await insertUser(ctx.db)
      const res = await get('/api/users/me', u.token)
      expect(res.statusCode).toBe(200)
      expect(res.body).not.toMatch(SECRETS)
      expect(UserSchema.parse(res.json())).toMatchObject({ _id: u.id, email: u.email, username: u.username })
      const anon = await get('/api/users/me')
      expect(anon.statusCode).toBe(401)
      expect(anon.json()).toEqual({ message: MESSAGES.authRequired, code: 'unauthorized' })
    })
  })

  describe('GET /api/users/by-username/:username', () => {
    it('finds a user by username in any letter case', async () => {
      const u = await insertUser(ctx.db, { username: `Mixed_Case_${tag()}` })
      const res = await get(`/api/users/by-username/${u.username.toUpperCase()}`)
      expect(res.statusCode).toBe(200)
      expect(res.body).not.toMatch(SECRETS)
      const body = UserSchema.parse(res.json())
      expect(body).toMatchObject({ _id: u.id, username: u.username })
      expect(body).not.toHaveProperty('email')
    })

    it('answers 404 when nobody has the username', async () => {
      expectError(await get(`/api/users/by-username/nobody_${tag()}`), 404, MESSAGES.userNotFound)
    })
  })

  describe('PUT /api/users/profile/update', () => {
    const update = (token: string | undefined, payload: Record<string, unknown>) => put('/api/users/profile/update', token, payload)

    it('changes username, name, bio and profile image and answers the own User', async () => {
      const u = await insertUser(ctx.db)
      const username = `renamed_${tag()}`
      const res = await update(u.token, {
        username: `  ${username} `,
        name: 'New Name',
        bio: ' Reads at night ',
        profileImage: 'https://img.example.test/a.png',
      })
      expect(res.statusCode).toBe(200)
      expect(res.body).not.toMatch(SECRETS)
      expect(UserSchema.parse(res.json())).toMatchObject({
        _id: u.id,
        username,
        name: 'New Name',
        bio: 'Reads at night',
        profileImage: 'https://img.example.test/a.png',
        email: u.email,
      })
      const again = UserSchema.parse((await get(`/api/users/profile/${u.id}`)).json())
      expect(again).toMatchObject({ username, name: 'New Name', bio: 'Reads at night' })
    })

    it('ignores fields that are not profile fields (email, _id, tokenVersion, followers)', async () => {
      const u = await insertUser(ctx.db)
      const other = await insertUser(ctx.db)
      const res = await update(u.token, {
        bio: 'Only this changes',
        email: 'hijack@example.test',
        _id: other.id,
        id: other.id,
        tokenVersion: 99,
        followers: [other.id],
        passwordHash: 'x',
      })
      expect(res.statusCode).toBe(200)
      expect(UserSchema.parse(res.json())).toMatchObject({ _id: u.id, email: u.email, bio: 'Only this changes', followers: [] })
      // The token still works, so the token version was not touched.
      expect((await get('/api/users/me', u.token)).statusCode).toBe(200)
      const untouched = UserSchema.parse((await get('/api/users/me', other.token)).json())
      expect(untouched.bio).toBe('')
    })

    it('answers 400 when there is nothing to change', async () => {
      const u = await insertUser(ctx.db)
      expectError(await update(u.token, {}), 400, MESSAGES.nothingToUpdate)
      expectError(await update(u.token, { email: 'x@example.test' }), 400, MESSAGES.nothingToUpdate)
    })

    it.each([
      [{ username: 'ab' }, `Username must be at least ${LIMITS.usernameMin} characters`],
      [{ username: 'x'.repeat(LIMITS.usernameMax + 1) }, `Username must be at most ${LIMITS.usernameMax} characters`],
      [{ username: 'has space' }, 'Username may contain only letters, digits, ".", "_" and "-"'],
      [{ username: 'semi;colon' }, 'Username may contain only letters, digits, ".", "_" and "-"'],
      [{ name: '   ' }, 'Name cannot be empty'],
      [{ bio: 'b'.repeat(LIMITS.bioMax + 1) }, `Bio must be at most ${LIMITS.bioMax} characters`],
      [{ profileImage: 'javascript:alert(1)' }, 'Profile image must be an uploaded image path (/uploads/…) or an http(s) URL'],
      [{ profileImage: '../../etc/passwd' }, 'Profile image must be an uploaded image path (/uploads/…) or an http(s) URL'],
    ])('answers 400 naming the field for %j', async (body, message) => {
      const u = await insertUser(ctx.db)
      const res = await update(u.token, body)
      expectError(res, 400, message)
      expect(res.json().code).toBe('validation_failed')
    })

    it('answers 401 without a token', async () => {
      const res = await update(undefined, { bio: 'x' })
      expect(res.statusCode).toBe(401)
    })

    it('refuses a username someone else has, in any letter case, with 409', async () => {
      const taken = await insertUser(ctx.db, { username: `Taken_${tag()}` })
      const u = await insertUser(ctx.db)
      const res = await update(u.token, { username: taken.username.toLowerCase() })
      expect(res.statusCode).toBe(409)
      expect(res.json()).toEqual({ message: MESSAGES.usernameTaken, code: 'conflict' })
      const mine = UserSchema.parse((await get('/api/users/me', u.token)).json())
      expect(mine.username).toBe(u.username)
    })

    it('lets a user change only the letter case of their own username', async () => {
      const u = await insertUser(ctx.db, { username: `casey_${tag()}` })
      const res = await update(u.token, { username: u.username.toUpperCase() })
      expect(res.statusCode).toBe(200)
      expect(UserSchema.parse(res.json()).username).toBe(u.username.toUpperCase())
    })

    it('refuses a name the service keeps (400) and a look-alike of another reader’s (409); a look-alike of one’s own is fine', async () => {
      const u = await insertUser(ctx.db, { username: `own_name_${tag()}` })
      for (const username of ['admin', 'Adm1n', 'support_team', 'moderator2', 'the.shelfwise.team']) {
        const res = await update(u.token, { username })
        expect(res.json(), username).toEqual({ message: RESERVED_USERNAME, code: 'bad_request' })
      }
      const other = await insertUser(ctx.db, { username: `mona_${tag()}` })
      for (const username of [
        other.username.replace('mona', 'm0na'),
        other.username.replace('_', '.'),
        other.username.replace('_', ''),
        `${other.username}-`.toUpperCase(),
      ]) {
        const res = await update(u.token, { username })
        expect(res.statusCode, username).toBe(409)
        expect(res.json()).toEqual({ message: lookalikeUsername(other.username), code: 'conflict' })
      }
      expect(UserSchema.parse((await get('/api/users/me', u.token)).json()).username).toBe(u.username)
      const ownLookalike = u.username.replaceAll('_', '.').replace('o', '0')
      const res = await update(u.token, { username: ownLookalike })
      expect(res.statusCode).toBe(200)
      expect(UserSchema.parse(res.json()).username).toBe(ownLookalike)
    })

    it('drops bidi control characters from the display name', async () => {
      const u = await insertUser(ctx.db)
      const res = await update(u.token, { name: '\u202EAda\u2066 Reader\u2069\u200F' })
      expect(res.statusCode).toBe(200)
      expect(UserSchema.parse(res.json()).name).toBe('Ada Reader')
      expectError(await update(u.token, { name: '\u202E\u202C' }), 400, 'Name cannot be empty')
    })

    it('keeps books linked after a rename: the book shows the new username', async () => {
      const u = await insertUser(ctx.db, { userType: 'Author' })
      const book = await insertBook(ctx.db, { authorUserId: u.id, listedByUserId: u.id })
      const username = `pen_name_${tag()}`
      expect((await update(u.token, { username })).statusCode).toBe(200)
      const stored = await findBookById(ctx.db, book.id)
      expect(stored).toMatchObject({ author_username: username, listed_by_username: username })
      // The HTTP check runs once the books module serves GET /api/books/:id.
      if (ctx.app.hasRoute({ method: 'GET', url: '/api/books/:id' })) {
        const res = await get(`/api/books/${book.id}`)
        expect(res.statusCode).toBe(200)
        expect(res.json()).toMatchObject({ _id: book.id, author_username: username })
      }
    })
  })

  describe('GET /api/users/search', () => {
    const search = async (query: string, extra = '') => {
      const res = await get(`/api/users/search?query=${encodeURIComponent(query)}${extra}`)
      expect(res.statusCode).toBe(200)
      expect(res.body).not.toMatch(SECRETS)
      return UserSummaryListSchema.parse(res.json())
    }

    it('answers [] for a missing, empty or blank query', async () => {
      await insertUser(ctx.db)
      expect(await search('')).toEqual([])
      expect(await search('   ')).toEqual([])
      const res = await get('/api/users/search')
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual([])
    })

    it('matches inside name or username in any case, and never sends e-mail', async () => {
      const t = tag()
      const byName = await insertUser(ctx.db, { name: `Agatha Q${t}x Christie` })
      const byUsername = await insertUser(ctx.db, { username: `mystery_q${t}x_fan` })
      await insertUser(ctx.db, { name: `Unrelated ${tag()}` })
      const found = await search(`Q${t.toUpperCase()}X`)
      expect(found.map((u) => u._id).sort()).toEqual([byName.id, byUsername.id].sort())
      expect(found.find((u) => u._id === byName.id)).toEqual({ _id: byName.id, name: byName.name, username: byName.username, profileImage: '' })
      expect(JSON.stringify(found)).not.toContain('@example.test')
    })

    it('takes %, _ and \\ literally', async () => {
      const t = tag()
      const percent = await insertUser(ctx.db, { name: `Pct ${t} 100% sure` })
      await insertUser(ctx.db, { name: `Pct ${t} 100x sure` })
      const pctOnly = await search('%')
      expect(pctOnly.map((u) => u._id)).toContain(percent.id)
      for (const u of pctOnly) expect(`${u.name}${u.username}`).toContain('%')
      expect((await search(`${t} 100%`)).map((u) => u._id)).toEqual([percent.id])

      const under = await insertUser(ctx.db, { username: `us${t}_x` })
      await insertUser(ctx.db, { username: `us${t}zx` })
      expect((await search(`us${t}_x`)).map((u) => u._id)).toEqual([under.id])

      const slash = await insertUser(ctx.db, { name: `Back\\slash ${t}` })
      await insertUser(ctx.db, { name: `Backslash ${t}` })
      expect((await search(`k\\s`)).map((u) => u._id)).toEqual([slash.id])
    })

    it('ranks the exact username first, then username prefixes, then the rest by username', async () => {
      const t = `ord${tag()}`
      const inName = await insertUser(ctx.db, { username: `y${tag()}`, name: `Someone ${t}` })
      const inside = await insertUser(ctx.db, { username: `x_${t}` })
      const prefixB = await insertUser(ctx.db, { username: `${t}_b` })
      const exact = await insertUser(ctx.db, { username: t.toUpperCase() })
      const prefixA = await insertUser(ctx.db, { username: `${t}_a` })
      const found = await search(t)
      expect(found.map((u) => u._id)).toEqual([exact.id, prefixA.id, prefixB.id, inside.id, inName.id])
    })

    it('answers at most 20 by default, up to 100 with limit', async () => {
      const t = `many${tag()}`
      for (let i = 0; i < 22; i++) await insertUser(ctx.db, { username: `${t}_${String(i).padStart(2, '0')}` })
      expect(await search(t)).toHaveLength(20)
      expect(await search(t, '&limit=21')).toHaveLength(21)
      expect(await search(t, '&limit=5')).toHaveLength(5)
      expectError(await get(`/api/users/search?query=${t}&limit=101`), 400, 'Limit must be at most 100')
      expectError(await get(`/api/users/search?query=${'q'.repeat(101)}`), 400, 'Query must be at most 100 characters')
    })
  })

  describe('bio and profile image', () => {
    it('answers {bio} and {profileImage}, and 404 for an unknown user', async () => {
      const u = await insertUser(ctx.db, { bio: 'Short bio', profileImage: '/uploads/me.webp' })
      const bio = await get(`/api/users/bio/${u.id}`)
      expect(bio.statusCode).toBe(200)
      expect(BioSchema.parse(bio.json())).toEqual({ bio: 'Short bio' })
      const image = await get(`/api/users/profile-image/${u.id}`)
      expect(image.statusCode).toBe(200)
      expect(ProfileImageResultSchema.parse(image.json())).toEqual({ profileImage: '/uploads/me.webp' })
      expectError(await get(`/api/users/bio/${uuidv7()}`), 404, MESSAGES.userNotFound)
      expectError(await get(`/api/users/profile-image/${uuidv7()}`), 404, MESSAGES.userNotFound)
      expectError(await get('/api/users/bio/nope'), 400, 'Id must be a valid id')
    })
  })

  describe('follower and following counts', () => {
    it('answers {count} for each side, and 404 for an unknown user', async () => {
      const u = await insertUser(ctx.db)
      const [a, b, c] = [await insertUser(ctx.db), await insertUser(ctx.db), await insertUser(ctx.db)]
      await insertFollow(ctx.db, a.id, u.id)
      await insertFollow(ctx.db, b.id, u.id)
      await insertFollow(ctx.db, u.id, c.id)
      expect(CountSchema.parse((await get(`/api/users/follower-count/${u.id}`)).json())).toEqual({ count: 2 })
      expect(CountSchema.parse((await get(`/api/users/following-count/${u.id}`)).json())).toEqual({ count: 1 })
      expectError(await get(`/api/users/follower-count/${uuidv7()}`), 404, MESSAGES.userNotFound)
      expectError(await get(`/api/users/following-count/${uuidv7()}`), 404, MESSAGES.userNotFound)
    })
  })

  describe('PUT /api/users/follow/:userId', () => {
    const follow = (token: string | undefined, id: string) => put(`/api/users/follow/${id}`, token)

    it('toggles following: isFollowing flips and the target’s counts move both ways', async () => {
      const me = await insertUser(ctx.db)
      const target = await insertUser(ctx.db)
      const someone = await insertUser(ctx.db)
      await insertFollow(ctx.db, target.id, someone.id)

      const on = await follow(me.token, target.id)
      expect(on.statusCode).toBe(200)
      expect(FollowResultSchema.parse(on.json())).toEqual({ isFollowing: true, followerCount: 1, followingCount: 1 })
      const seen = UserSchema.parse((await get(`/api/users/profile/${target.id}`, me.token)).json())
      expect(seen.isFollowing).toBe(true)
      expect(seen.followers).toEqual([me.id])
      expect(UserSchema.parse((await get('/api/users/me', me.token)).json()).following).toEqual([target.id])

      const off = await follow(me.token, target.id)
      expect(FollowResultSchema.parse(off.json())).toEqual({ isFollowing: false, followerCount: 0, followingCount: 1 })
      expect(UserSchema.parse((await get(`/api/users/profile/${target.id}`, me.token)).json()).isFollowing).toBe(false)
      expect(CountSchema.parse((await get(`/api/users/following-count/${me.id}`)).json())).toEqual({ count: 0 })
    })

    it('refuses to follow yourself (400), an unknown user (404), a malformed id (400), and needs a token (401)', async () => {
      const me = await insertUser(ctx.db)
      expectError(await follow(me.token, me.id), 400, MESSAGES.followSelf)
      expectError(await follow(me.token, uuidv7()), 404, MESSAGES.userNotFound)
      expectError(await follow(me.token, 'nope'), 400, 'User id must be a valid id')
      const anon = await follow(undefined, me.id)
      expect(anon.statusCode).toBe(401)
    })

    it('two quick clicks never leave two rows nor fail', async () => {
      const me = await insertUser(ctx.db)
      const target = await insertUser(ctx.db)
      const results = await Promise.all([follow(me.token, target.id), follow(me.token, target.id), follow(me.token, target.id)])
      for (const r of results) expect(r.statusCode).toBe(200)
      const rows = await ctx.db.selectFrom('follows').select('createdAt').where('followerId', '=', me.id).where('followeeId', '=', target.id).execute()
      expect(rows.length).toBeLessThanOrEqual(1)
      const count = CountSchema.parse((await get(`/api/users/follower-count/${target.id}`)).json()).count
      expect(count).toBe(rows.length)
    })
  })

  describe('GET /api/users/followers/:id and /following/:id', () => {
    const t0 = Date.parse('2025-01-01T00:00:00.000Z')
    const at = (minutes: number) => new Date(t0 + minutes * 60_000).toISOString()

    it('lists followers newest follow first, with isFollowing relative to the viewer', async () => {
      const u = await insertUser(ctx.db)
      const viewer = await insertUser(ctx.db)
      const [a, b, c] = [await insertUser(ctx.db), await insertUser(ctx.db), await insertUser(ctx.db)]
      await insertFollow(ctx.db, b.id, u.id, at(1))
      await insertFollow(ctx.db, a.id, u.id, at(3))
      await insertFollow(ctx.db, c.id, u.id, at(2))
      await insertFollow(ctx.db, viewer.id, c.id)

      const res = await get(`/api/users/followers/${u.id}`, viewer.token)
      expect(res.statusCode).toBe(200)
      expect(res.headers['x-total-count']).toBe('3')
      expect(res.headers.link).toBeUndefined()
      expect(res.body).not.toMatch(SECRETS)
      const people = PersonListSchema.parse(res.json())
      expect(people.map((p) => p._id)).toEqual([a.id, c.id, b.id])
      expect(people[0]).toEqual({ _id: a.id, name: a.name, username: a.username, profileImage: '', createdAt: a.createdAt, isFollowing: false })
      expect(people.map((p) => p.isFollowing)).toEqual([false, true, false])

      const anon = PersonListSchema.parse((await get(`/api/users/followers/${u.id}`)).json())
      expect(anon.every((p) => !p.isFollowing)).toBe(true)
    })

    it('lists the people a user follows, newest follow first', async () => {
      const u = await insertUser(ctx.db)
      const [a, b] = [await insertUser(ctx.db), await insertUser(ctx.db)]
      await insertFollow(ctx.db, u.id, a.id, at(1))
      await insertFollow(ctx.db, u.id, b.id, at(2))
      const res = await get(`/api/users/following/${u.id}`, u.token)
      expect(res.headers['x-total-count']).toBe('2')
      const people = PersonListSchema.parse(res.json())
      expect(people.map((p) => p._id)).toEqual([b.id, a.id])
      expect(people.every((p) => p.isFollowing)).toBe(true)
    })

    it('pages with limit and cursor through X-Total-Count and Link, ties included', async () => {
      const u = await insertUser(ctx.db)
      const fans = []
      for (let i = 0; i < 5; i++) fans.push(await insertUser(ctx.db))
      // Two follows share a timestamp, so the keyset has to break the tie.
      const times = [at(10), at(20), at(20), at(30), at(40)]
      for (const [i, f] of fans.entries()) await insertFollow(ctx.db, f.id, u.id, times[i])

      const whole = PersonListSchema.parse((await get(`/api/users/followers/${u.id}`)).json()).map((p) => p._id)
      expect(whole).toHaveLength(5)
      expect(whole[0]).toBe(fans[4]!.id)
      expect(whole[4]).toBe(fans[0]!.id)

      const { pages, totals } = await readAllPages(ctx, `/api/users/followers/${u.id}?limit=2`, PersonListSchema)
      expect(pages.map((p) => p.length)).toEqual([2, 2, 1])
      expect(totals).toEqual(['5', '5', '5'])
      expect(pages.flat().map((p) => p._id)).toEqual(whole)
    })

    it('answers 404 for an unknown user and 400 for a bad cursor or limit', async () => {
      expectError(await get(`/api/users/followers/${uuidv7()}`), 404, MESSAGES.userNotFound)
      expectError(await get(`/api/users/following/${uuidv7()}`), 404, MESSAGES.userNotFound)
      const u = await insertUser(ctx.db)
      expectError(await get(`/api/users/followers/${u.id}?limit=2&cursor=garbage`), 400, 'Cursor is not one this list gave out')
      const forged = Buffer.from(JSON.stringify(['not a date', 'x'])).toString('base64url')
      expectError(await get(`/api/users/following/${u.id}?limit=2&cursor=${forged}`), 400, 'Cursor is not one this list gave out')
      expectError(await get(`/api/users/followers/${u.id}?limit=0`), 400, 'Limit must be at least 1')
    })
  })

  describe('GET /api/users/:id/stats', () => {
    it('answers every count in one answer; the wishlist count only for its owner', async () => {
      const u = await insertUser(ctx.db)
      const other = await insertUser(ctx.db)
      const [f1, f2, g1] = [await insertUser(ctx.db), await insertUser(ctx.db), await insertUser(ctx.db)]
      await insertFollow(ctx.db, f1.id, u.id)
      await insertFollow(ctx.db, f2.id, u.id)
      await insertFollow(ctx.db, u.id, g1.id)
      const books = [await insertBook(ctx.db), await insertBook(ctx.db), await insertBook(ctx.db)]
      await insertReview(ctx.db, { userId: u.id, bookId: books[0]!.id })
      await insertReview(ctx.db, { userId: u.id, bookId: books[1]!.id })
      await insertReview(ctx.db, { userId: other.id, bookId: books[0]!.id })
      for (const b of books) await insertRead(ctx.db, u.id, b.id)
      await insertRead(ctx.db, other.id, books[0]!.id)
      await insertWish(ctx.db, u.id, books[2]!.id)
      await insertWish(ctx.db, other.id, books[2]!.id)
      await insertBook(ctx.db, { listedByUserId: u.id })
      await insertBook(ctx.db, { listedByUserId: u.id, createdByUserId: u.id })
      await insertBook(ctx.db, { createdByUserId: u.id })
      await insertBook(ctx.db, { createdByUserId: u.id, authorUserId: u.id })

      const own = await get(`/api/users/${u.id}/stats`, u.token)
      expect(own.statusCode).toBe(200)
      expect(StatsSchema.parse(own.json())).toEqual({
        followers: 2,
        following: 1,
        reviews: 2,
        readBooks: 3,
        recentlyReadCount: 3,
        listedBooks: 2,
        createdBooks: 2,
        wishlistCount: 1,
      })
      const byOther = StatsSchema.parse((await get(`/api/users/${u.id}/stats`, other.token)).json())
      expect(byOther).toMatchObject({ followers: 2, reviews: 2, wishlistCount: null })
      const anon = StatsSchema.parse((await get(`/api/users/${u.id}/stats`)).json())
      expect(anon.wishlistCount).toBeNull()
    })

    it('answers zeros for a new user and 404 for an unknown one', async () => {
      const u = await insertUser(ctx.db)
      expect(StatsSchema.parse((await get(`/api/users/${u.id}/stats`, u.token)).json())).toEqual({
        followers: 0,
        following: 0,
        reviews: 0,
        readBooks: 0,
        recentlyReadCount: 0,
        listedBooks: 0,
        createdBooks: 0,
        wishlistCount: 0,
      })
      expectError(await get(`/api/users/${uuidv7()}/stats`), 404, MESSAGES.userNotFound)
      expectError(await get('/api/users/nope/stats'), 400, 'Id must be a valid id')
    })
  })
})
