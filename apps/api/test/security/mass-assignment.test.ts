import { readdirSync } from 'node:fs'
import { v7 as uuidv7 } from 'uuid'
import { expect, it } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import { DEVICE_GRANT_TYPE } from '@shelfwise/contracts'
import { describeEachDialect, type TestContext } from '../support/context.ts'
import { bearer, insertBook, insertImport, insertReview, insertUser, TEST_PASSWORD } from '../support/factories.ts'
import { apiRoutes, multipart, smallPng } from './support.ts'

// A client cannot set what the server owns: every write route is sent the server's fields (ids,
// owners, ratings and counts, timestamps, token versions, another reader's lists), in the body and
// in the query string, and the stored rows must show they were ignored.

type User = Awaited<ReturnType<typeof insertUser>>

interface Scene {
  ctx: TestContext
  /** The caller. */
  me: User
  /** Another reader, whose id the caller tries to slip in everywhere. */
  victim: User
}

const LONG_AGO = '2000-01-01T00:00:00.000Z'

/** Everything the server owns, set to values that would show in the rows if any got through. */
const serverOwned = (victim: User, forcedId: string) => ({
  _id: forcedId,
  id: forcedId,
  userId: victim.id,
  user_id: victim.id,
  user: { _id: victim.id },
  owner: victim.id,
  ownerId: victim.id,
  followerId: victim.id,
  follower_id: victim.id,
  createdByUserId: victim.id,
  created_by_user_id: victim.id,
  listedByUserId: victim.id,
  listed_by_user_id: victim.id,
  listed_by_username: victim.username,
  averageRating: 4.9,
  average_rating: 4.9,
  totalReviews: 999,
  total_reviews: 999,
  ratingSum: 4851,
  rating_sum: 4851,
  reviewCount: 999,
  createdAt: LONG_AGO,
  created_at: LONG_AGO,
  updatedAt: LONG_AGO,
  updated_at: LONG_AGO,
  tokenVersion: 42,
  token_version: 42,
  ver: 42,
  profileVersion: 42,
  profile_version: 42,
  passwordHash: '$argon2id$forged',
  password_hash: '$argon2id$forged',
  email: 'forged@evil.example',
  isAdmin: true,
  role_admin: true,
  followers: [victim.id],
  following: [victim.id],
  isFollowing: true,
  followerCount: 999,
  followingCount: 999,
  wishlist: [forcedId],
  recentlyRead: [forcedId],
  inWishlist: true,
  inRecentlyRead: true,
})

/** The same fields as a query string. */
const ownedQuery = (victim: User, forcedId: string) =>
  `?userId=${victim.id}&user_id=${victim.id}&_id=${forcedId}&id=${forcedId}&ownerId=${victim.id}&tokenVersion=42&createdAt=${LONG_AGO}`

interface Entry {
  run: (s: Scene, forcedId: string) => Promise<void>
}

const isRecent = (v: string | Date) => Date.now() - new Date(v).getTime() < 60_000
const userRow = (s: Scene, id: string) => s.ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

async function call(s: Scene, method: string, url: string, payload: unknown, token: string | undefined = s.me.token): Promise<LightMyRequestResponse> {
  return s.ctx.app.inject({ method: method as 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} })
}

/** Sends `body` with every field the server owns beside it, in the body and in the query string. */
const withServerFields = (s: Scene, forcedId: string, method: string, url: string, body: object) =>
  call(s, method, `${url}${ownedQuery(s.victim, forcedId)}`, { ...serverOwned(s.victim, forcedId), ...body })

/**
 * Sends `body` with the server's fields beside it; a strict body refuses them (400), and then it is
 * sent again with them in the query string alone. Answers the send that was taken.
 */
async function takenWithServerFields(s: Scene, forcedId: string, method: string, url: string, body: object) {
  const sent = await withServerFields(s, forcedId, method, url, body)
  return sent.statusCode === 400 ? call(s, method, `${url}${ownedQuery(s.victim, forcedId)}`, body) : sent
}

/** Puts a new book on a shelf of the caller's with the server's fields sent along: the row is the caller's alone, made just now. */
async function shelveWithServerFields(s: Scene, forcedId: string, path: string, shelf: 'wishlist' | 'reads') {
  const book = await insertBook(s.ctx.db)
  const res = await withServerFields(s, forcedId, 'PUT', `/api/users/${path}/${book.id}`, {})
  expect(res.statusCode).toBe(200)
  const rows =
    shelf === 'wishlist'
      ? await s.ctx.db.selectFrom('wishlist').select(['userId', 'addedAt as at']).where('bookId', '=', book.id).execute()
      : await s.ctx.db.selectFrom('reads').select(['userId', 'readAt as at']).where('bookId', '=', book.id).execute()
  expectMineJustNow(s, rows)
}

/** The block or mute rows that name `targetId` as the one blocked or muted, their columns by name. */
const blocksOrMutesOf = async (s: Scene, table: 'blocks' | 'userMutes', theirs: 'blockedId' | 'mutedId', targetId: string) =>
  (await s.ctx.db
    .selectFrom(table as 'blocks')
    .selectAll()
    .where(theirs as 'blockedId', '=', targetId)
    .execute()) as unknown as Record<string, string>[]

/** A book's rows in a reader's table (the time as `at`): the caller's alone, made just now. */
function expectMineJustNow(s: Scene, rows: { userId: string; at: string | Date }[]) {
  expect(rows.map((r) => r.userId)).toEqual([s.me.id])
  expect(isRecent(rows[0]!.at)).toBe(true)
}

/**
 * Deletes one of the caller's own rows made at `path` (from `body`), with the victim's row of the same
 * kind named in the query: the caller's goes, the victim's stays, and no row has the forced id.
 */
const deletesOwnOnly = (path: string, table: 'personalTokens' | 'devices' | 'shelves', body: object, theirBody = body): Entry => ({
  async run(s, forcedId) {
    const mine = (await call(s, 'POST', path, body)).json()._id as string
    const theirs = (await call(s, 'POST', path, theirBody, s.victim.token)).json()._id as string
    expect((await call(s, 'DELETE', `${path}/${mine}${ownedQuery(s.victim, theirs)}`, undefined)).statusCode).toBe(204)
    const left = await s.ctx.db.selectFrom(table).select('id').where('id', 'in', [mine, theirs, forcedId]).execute()
    expect(left.map((r) => r.id)).toEqual([theirs])
  },
})

const MASS: Record<string, Entry> = {
  'POST /api/auth/register': {
    async run(s, forcedId) {
      const u = `mass_${Math.random().toString(36).slice(2, 10)}`
      const res = await call(
        s,
        'POST',
        `/api/auth/register${ownedQuery(s.victim, forcedId)}`,
        {
          ...serverOwned(s.victim, forcedId),
          name: u,
          username: u,
          email: `${u}@example.test`,
          password: 'quiet-lantern-7',
          userType: 'Reader',
        },
        undefined,
      )
      expect(res.statusCode).toBe(201)
      const row = await userRow(s, res.json().user._id)
      expect(row.id).not.toBe(forcedId)
      expect(row.email).toBe(`${u}@example.test`)
      expect(Number(row.tokenVersion)).toBe(0)
      expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
      expect(isRecent(row.createdAt)).toBe(true)
      const follows = await s.ctx.db
        .selectFrom('follows')
        .selectAll()
        .where((eb) => eb.or([eb('followerId', '=', row.id), eb('followeeId', '=', row.id)]))
        .execute()
      expect(follows).toEqual([])
    },
  },
  'POST /api/auth/login': {
    async run(s, forcedId) {
      const before = await userRow(s, s.me.id)
      const res = await call(s, 'POST', '/api/auth/login', { ...serverOwned(s.victim, forcedId), email: s.me.email, password: TEST_PASSWORD }, undefined)
      expect(res.statusCode).toBe(200)
      expect(res.json().user._id).toBe(s.me.id)
      const claims = JSON.parse(Buffer.from(res.json().token.split('.')[1], 'base64url').toString())
      expect({ sub: claims.sub, ver: claims.ver }).toEqual({ sub: s.me.id, ver: 0 })
      expect(await userRow(s, s.me.id)).toEqual(before)
    },
  },
  'POST /api/auth/logout': {
    async run(s, forcedId) {
      const res = await call(s, 'POST', `/api/auth/logout${ownedQuery(s.victim, forcedId)}`, serverOwned(s.victim, forcedId))
      expect(res.statusCode).toBe(204)
      // The victim's session goes on: only the caller's own token was ended.
      expect((await s.ctx.app.inject({ url: '/api/users/me', headers: bearer(s.victim.token) })).statusCode).toBe(200)
      expect((await s.ctx.app.inject({ url: '/api/users/me', headers: bearer(s.me.token) })).statusCode).toBe(401)
    },
  },
  'PUT /api/users/password': {
    async run(s, forcedId) {
      const victimBefore = await userRow(s, s.victim.id)
      const res = await withServerFields(s, forcedId, 'PUT', '/api/users/password', { currentPassword: TEST_PASSWORD, newPassword: 'a-fresh-pass-phrase' })
      expect(res.statusCode).toBe(200)
      const me = await userRow(s, s.me.id)
      expect(Number(me.tokenVersion)).toBe(1)
      expect(me.passwordHash).toMatch(/^\$argon2id\$/)
      expect(me.email).toBe(s.me.email)
      expect(await userRow(s, s.victim.id)).toEqual(victimBefore)
    },
  },
  'POST /api/books': {
    async run(s, forcedId) {
      const res = await withServerFields(s, forcedId, 'POST', '/api/books', { title: 'Mass assignment', author: 'Someone', role: 'none' })
      expect(res.statusCode).toBe(201)
      const row = await s.ctx.db.selectFrom('books').selectAll().where('id', '=', res.json()._id).executeTakeFirstOrThrow()
      expect(row.id).not.toBe(forcedId)
      expect({ avg: Number(row.averageRating), total: Number(row.totalReviews), sum: Number(row.ratingSum) }).toEqual({ avg: 0, total: 0, sum: 0 })
      expect({ listed: row.listedByUserId, created: row.createdByUserId }).toEqual({ listed: s.me.id, created: s.me.id })
      expect(isRecent(row.createdAt) && isRecent(row.updatedAt)).toBe(true)
      expect(res.json()).toMatchObject({ averageRating: 0, totalReviews: 0, listed_by_username: s.me.username })
    },
  },
  'PUT /api/books/{id}': {
    async run(s, forcedId) {
      const book = await insertBook(s.ctx.db, { listedByUserId: s.me.id, createdByUserId: s.me.id, createdAt: '2020-02-02T00:00:00.000Z' })
      // The adder's own review: another reader's would lock the title against this correction (decision 0023).
      await insertReview(s.ctx.db, { bookId: book.id, userId: s.me.id, rating: 2 })
      const res = await withServerFields(s, forcedId, 'PUT', `/api/books/${book.id}`, { title: 'Mass correction', author: 'Someone', role: 'none' })
      expect(res.statusCode).toBe(200)
      const row = await s.ctx.db.selectFrom('books').selectAll().where('id', '=', book.id).executeTakeFirstOrThrow()
      expect(row.title).toBe('Mass correction')
      expect(await s.ctx.db.selectFrom('books').select('id').where('id', '=', forcedId).executeTakeFirst()).toBeUndefined()
      expect({ avg: Number(row.averageRating), total: Number(row.totalReviews), sum: Number(row.ratingSum) }).toEqual({ avg: 2, total: 1, sum: 2 })
      expect({ listed: row.listedByUserId, created: row.createdByUserId }).toEqual({ listed: s.me.id, created: s.me.id })
      expect(new Date(row.createdAt).toISOString()).toBe('2020-02-02T00:00:00.000Z')
      expect(isRecent(row.updatedAt)).toBe(true)
    },
  },
  'DELETE /api/books/{id}': {
    async run(s, forcedId) {
      const mine = await insertBook(s.ctx.db, { listedByUserId: s.me.id, createdByUserId: s.me.id })
      const victims = await insertBook(s.ctx.db, { id: forcedId, listedByUserId: s.victim.id, createdByUserId: s.victim.id })
      const res = await call(s, 'DELETE', `/api/books/${mine.id}${ownedQuery(s.victim, forcedId)}`, serverOwned(s.victim, forcedId))
      expect(res.statusCode).toBe(204)
      const left = await s.ctx.db.selectFrom('books').select('id').where('id', 'in', [mine.id, victims.id]).execute()
      expect(left.map((r) => r.id)).toEqual([victims.id])
    },
  },
  'DELETE /api/books/{id}/credit': {
    async run(s, forcedId) {
      const book = await insertBook(s.ctx.db, {
        authorUserId: s.me.id,
        publisherUserId: s.victim.id,
        listedByUserId: s.victim.id,
        createdByUserId: s.victim.id,
      })
      const res = await call(s, 'DELETE', `/api/books/${book.id}/credit${ownedQuery(s.victim, forcedId)}`, serverOwned(s.victim, forcedId))
      expect(res.statusCode).toBe(200)
      const row = await s.ctx.db.selectFrom('books').selectAll().where('id', '=', book.id).executeTakeFirstOrThrow()
      // Only the caller's own credit went; the victim's credit and listing stay.
      expect({ author: row.authorUserId, publisher: row.publisherUserId, listed: row.listedByUserId }).toEqual({
        author: null,
        publisher: s.victim.id,
        listed: s.victim.id,
      })
    },
  },
  'POST /api/reviews/book/{bookId}': {
    async run(s, forcedId) {
      const book = await insertBook(s.ctx.db)
      const elsewhere = await insertBook(s.ctx.db)
      const res = await withServerFields(s, forcedId, 'POST', `/api/reviews/book/${book.id}`, {
        bookId: elsewhere.id,
        book: { _id: elsewhere.id },
        rating: 4,
        comment: 'Mine',
      })
      expect(res.statusCode).toBe(201)
      const row = await s.ctx.db.selectFrom('reviews').selectAll().where('id', '=', res.json()._id).executeTakeFirstOrThrow()
      expect({ id: row.id === forcedId, user: row.userId, book: row.bookId }).toEqual({ id: false, user: s.me.id, book: book.id })
      expect(isRecent(row.createdAt)).toBe(true)
      const counts = await s.ctx.db.selectFrom('books').select(['id', 'totalReviews', 'averageRating']).where('id', 'in', [book.id, elsewhere.id]).execute()
      expect(Object.fromEntries(counts.map((c) => [c.id, [Number(c.totalReviews), Number(c.averageRating)]]))).toEqual({
        [book.id]: [1, 4],
        [elsewhere.id]: [0, 0],
      })
    },
  },
  // Discussions (decision 0043): the thread, its posts and their authors, counts and times are the server's.
  'POST /api/books/{id}/discussions': {
    async run(s, forcedId) {
      const book = await insertBook(s.ctx.db)
      const elsewhere = await insertBook(s.ctx.db)
      const res = await withServerFields(s, forcedId, 'POST', `/api/books/${book.id}/discussions`, {
        bookId: elsewhere.id,
        title: 'Mine',
        text: 'Opening',
        postCount: 999,
        lastActivityAt: LONG_AGO,
        deleted: true,
        editedAt: LONG_AGO,
      })
      expect(res.statusCode, res.body).toBe(201)
      const row = await s.ctx.db.selectFrom('discussions').selectAll().where('id', '=', res.json()._id).executeTakeFirstOrThrow()
      expect({ id: row.id === forcedId, user: row.userId, book: row.bookId, posts: Number(row.postCount) }).toEqual({
        id: false,
        user: s.me.id,
        book: book.id,
        posts: 1,
      })
      expect(isRecent(row.createdAt) && isRecent(row.lastActivityAt)).toBe(true)
      const post = await s.ctx.db.selectFrom('discussionPosts').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow()
      expect({ user: post.userId, edited: post.editedAt, deleted: post.deletedAt }).toEqual({ user: s.me.id, edited: null, deleted: null })
    },
  },
  'POST /api/discussions/{id}/posts': {
    async run(s, forcedId) {
      const book = await insertBook(s.ctx.db)
      const opened = await call(s, 'POST', `/api/books/${book.id}/discussions`, { title: 'T', text: 'Opening' })
      const discussionId = opened.json()._id as string
      const res = await withServerFields(s, forcedId, 'POST', `/api/discussions/${discussionId}/posts`, {
        discussionId: forcedId,
        rootId: forcedId,
        text: 'Reply',
        deletedAt: LONG_AGO,
        editedAt: LONG_AGO,
      })
      expect(res.statusCode, res.body).toBe(201)
      const row = await s.ctx.db.selectFrom('discussionPosts').selectAll().where('id', '=', res.json()._id).executeTakeFirstOrThrow()
      expect({ id: row.id === forcedId, user: row.userId, thread: row.discussionId, edited: row.editedAt, deleted: row.deletedAt }).toEqual({
        id: false,
        user: s.me.id,
        thread: discussionId,
        edited: null,
        deleted: null,
      })
      expect(isRecent(row.createdAt)).toBe(true)
    },
  },
  'PUT /api/posts/{id}': {
    async run(s, forcedId) {
      const book = await insertBook(s.ctx.db)
      const opened = await call(s, 'POST', `/api/books/${book.id}/discussions`, { title: 'T', text: 'Opening' })
      const id = opened.json()._id as string
      const res = await withServerFields(s, forcedId, 'PUT', `/api/posts/${id}`, { discussionId: forcedId, text: 'Edited', deletedAt: LONG_AGO })
      expect(res.statusCode, res.body).toBe(200)
      const row = await s.ctx.db.selectFrom('discussionPosts').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
      expect({ user: row.userId, thread: row.discussionId, text: row.text, deleted: row.deletedAt }).toEqual({
        user: s.me.id,
        thread: id,
        text: 'Edited',
        deleted: null,
      })
      expect(isRecent(row.editedAt!)).toBe(true)
    },
  },
  'DELETE /api/posts/{id}': {
    async run(s, forcedId) {
      // Claiming to be the victim in the body or the query does not make their post the caller's.
      const book = await insertBook(s.ctx.db)
      const opened = await call(s, 'POST', `/api/books/${book.id}/discussions`, { title: 'T', text: 'Theirs' }, s.victim.token)
      const id = opened.json()._id as string
      const res = await call(s, 'DELETE', `/api/posts/${id}${ownedQuery(s.victim, forcedId)}`, serverOwned(s.victim, forcedId))
      expect(res.statusCode).toBe(404)
      expect(await s.ctx.db.selectFrom('discussionPosts').select('text').where('id', '=', id).executeTakeFirst()).toEqual({ text: 'Theirs' })
    },
  },
  'PUT /api/reviews/{id}': {
    async run(s, forcedId) {
      const elsewhere = await insertBook(s.ctx.db)
      const review = await insertReview(s.ctx.db, { userId: s.me.id, rating: 2, createdAt: '2024-03-01T10:00:00.000Z' })
      const res = await withServerFields(s, forcedId, 'PUT', `/api/reviews/${review.id}`, { bookId: elsewhere.id, rating: 3, comment: 'Edited' })
      expect(res.statusCode).toBe(200)
      const row = await s.ctx.db.selectFrom('reviews').selectAll().where('id', '=', review.id).executeTakeFirstOrThrow()
      expect({ user: row.userId, book: row.bookId, rating: row.rating, created: new Date(row.createdAt).toISOString() }).toEqual({
        user: s.me.id,
        book: review.bookId,
        rating: 3,
        created: '2024-03-01T10:00:00.000Z',
      })
      expect(await s.ctx.db.selectFrom('reviews').select('id').where('id', '=', forcedId).executeTakeFirst()).toBeUndefined()
    },
  },
  // Likes and comments (decisions 0041, 0042): the like, the comment and its thread are the caller's, counts the server's.
  'PUT /api/reviews/{id}/like': {
    async run(s, forcedId) {
      const review = await insertReview(s.ctx.db)
      const res = await withServerFields(s, forcedId, 'PUT', `/api/reviews/${review.id}/like`, { likes: 999, likedByMe: false })
      expect(res.json()).toEqual({ likes: 1, likedByMe: true })
      const rows = await s.ctx.db.selectFrom('reviewLikes').selectAll().where('reviewId', '=', review.id).execute()
      expect(rows.map((r) => r.userId)).toEqual([s.me.id])
      expect(isRecent(rows[0]!.createdAt)).toBe(true)
    },
  },
  'DELETE /api/reviews/{id}/like': {
    async run(s, forcedId) {
      const review = await insertReview(s.ctx.db, { userId: s.victim.id })
      await call(s, 'PUT', `/api/reviews/${review.id}/like`, undefined, s.victim.token)
      const res = await withServerFields(s, forcedId, 'DELETE', `/api/reviews/${review.id}/like`, {})
      expect(res.json()).toEqual({ likes: 1, likedByMe: false })
    },
  },
  'POST /api/reviews/{id}/comments': {
    async run(s, forcedId) {
      const review = await insertReview(s.ctx.db)
      const res = await withServerFields(s, forcedId, 'POST', `/api/reviews/${review.id}/comments`, {
        text: 'Mine',
        likes: 999,
        deleted: true,
        editedAt: LONG_AGO,
        reviewId: forcedId,
      })
      expect(res.statusCode, res.body).toBe(201)
      const row = await s.ctx.db.selectFrom('reviewComments').selectAll().where('reviewId', '=', review.id).executeTakeFirstOrThrow()
      expect({ userId: row.userId, likes: Number(row.likes), deleted: Number(row.deleted), editedAt: row.editedAt, text: row.text }).toEqual({
        userId: s.me.id,
        likes: 0,
        deleted: 0,
        editedAt: null,
        text: 'Mine',
      })
      expect(row.id).not.toBe(forcedId)
      expect(isRecent(row.createdAt)).toBe(true)
    },
  },
  'PUT /api/comments/{id}': {
    async run(s, forcedId) {
      const review = await insertReview(s.ctx.db)
      const made = await call(s, 'POST', `/api/reviews/${review.id}/comments`, { text: 'Before' })
      const id = (made.json() as { _id: string })._id
      const res = await withServerFields(s, forcedId, 'PUT', `/api/comments/${id}`, { text: 'After', likes: 999, deleted: true, reviewId: forcedId })
      expect(res.statusCode, res.body).toBe(200)
      const row = await s.ctx.db.selectFrom('reviewComments').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
      expect({ userId: row.userId, likes: Number(row.likes), deleted: Number(row.deleted), reviewId: row.reviewId, text: row.text }).toEqual({
        userId: s.me.id,
        likes: 0,
        deleted: 0,
        reviewId: review.id,
        text: 'After',
      })
    },
  },
  'DELETE /api/comments/{id}': {
    async run(s, forcedId) {
      const review = await insertReview(s.ctx.db)
      const theirs = await call(s, 'POST', `/api/reviews/${review.id}/comments`, { text: 'Theirs' }, s.victim.token)
      const id = (theirs.json() as { _id: string })._id
      const res = await withServerFields(s, forcedId, 'DELETE', `/api/comments/${id}`, {})
      expect(res.statusCode).toBe(404)
      expect(await s.ctx.db.selectFrom('reviewComments').select('id').where('id', '=', id).executeTakeFirst()).toBeDefined()
    },
  },
  'PUT /api/comments/{id}/like': {
    async run(s, forcedId) {
      const review = await insertReview(s.ctx.db)
      const made = await call(s, 'POST', `/api/reviews/${review.id}/comments`, { text: 'Like me' }, s.victim.token)
      const id = (made.json() as { _id: string })._id
      const res = await withServerFields(s, forcedId, 'PUT', `/api/comments/${id}/like`, { likes: 999 })
      expect(res.json()).toEqual({ likes: 1, likedByMe: true })
      const rows = await s.ctx.db.selectFrom('commentLikes').selectAll().where('commentId', '=', id).execute()
      expect(rows.map((r) => r.userId)).toEqual([s.me.id])
    },
  },
  'DELETE /api/comments/{id}/like': {
    async run(s, forcedId) {
      const review = await insertReview(s.ctx.db)
      const made = await call(s, 'POST', `/api/reviews/${review.id}/comments`, { text: 'Liked' }, s.victim.token)
      const id = (made.json() as { _id: string })._id
      await call(s, 'PUT', `/api/comments/${id}/like`, undefined, s.victim.token)
      const res = await withServerFields(s, forcedId, 'DELETE', `/api/comments/${id}/like`, {})
      expect(res.json()).toEqual({ likes: 1, likedByMe: false })
    },
  },
  'DELETE /api/reviews/{id}': {
    async run(s, forcedId) {
      // Claiming to be the victim in the body or the query does not make their review the caller's.
      const theirs = await insertReview(s.ctx.db, { userId: s.victim.id })
      const res = await call(s, 'DELETE', `/api/reviews/${theirs.id}${ownedQuery(s.victim, forcedId)}`, serverOwned(s.victim, forcedId))
      expect(res.statusCode).toBe(404)
      expect(await s.ctx.db.selectFrom('reviews').select('id').where('id', '=', theirs.id).executeTakeFirst()).toBeDefined()
    },
  },
  'PUT /api/users/profile/update': {
    async run(s, forcedId) {
      const before = await userRow(s, s.me.id)
      const victimBefore = await userRow(s, s.victim.id)
      const res = await withServerFields(s, forcedId, 'PUT', '/api/users/profile/update', { userType: 'Author', bio: 'My own bio' })
      expect(res.statusCode).toBe(200)
      const me = await userRow(s, s.me.id)
      // The profile version is the server's own: it moves by one with the edit, never to a sent value.
      expect(me).toEqual({ ...before, bio: 'My own bio', updatedAt: me.updatedAt, profileVersion: me.profileVersion })
      expect(Number(me.profileVersion)).toBe(Number(before.profileVersion) + 1)
      expect(isRecent(me.updatedAt)).toBe(true)
      expect(await userRow(s, s.victim.id)).toEqual(victimBefore)
      const follows = await s.ctx.db.selectFrom('follows').selectAll().where('followerId', '=', s.me.id).execute()
      expect(follows).toEqual([])
    },
  },
  'PUT /api/users/addtowishlist/{bookId}': { run: (s, forcedId) => shelveWithServerFields(s, forcedId, 'addtowishlist', 'wishlist') },
  'PUT /api/users/addto-recently-read/{bookId}': { run: (s, forcedId) => shelveWithServerFields(s, forcedId, 'addto-recently-read', 'reads') },
  // The reading log's bodies are strict: a field the server owns is refused, and nothing is written.
  'PUT /api/books/{id}/reading': {
    async run(s, forcedId) {
      const book = await insertBook(s.ctx.db)
      const res = await withServerFields(s, forcedId, 'PUT', `/api/books/${book.id}/reading`, { status: 'reading' })
      expect(res.statusCode).toBe(400)
      expect(await s.ctx.db.selectFrom('readingEntries').select('userId').where('bookId', '=', book.id).execute()).toEqual([])
      const ok = await call(s, 'PUT', `/api/books/${book.id}/reading${ownedQuery(s.victim, forcedId)}`, { status: 'reading' })
      expect(ok.statusCode).toBe(200)
      expectMineJustNow(s, await s.ctx.db.selectFrom('readingEntries').select(['userId', 'updatedAt as at']).where('bookId', '=', book.id).execute())
    },
  },
  'POST /api/books/{id}/reads': {
    async run(s, forcedId) {
      const book = await insertBook(s.ctx.db)
      const res = await withServerFields(s, forcedId, 'POST', `/api/books/${book.id}/reads`, { finishedOn: '2020' })
      expect(res.statusCode).toBe(400)
      const ok = await call(s, 'POST', `/api/books/${book.id}/reads${ownedQuery(s.victim, forcedId)}`, { finishedOn: '2020' })
      expect(ok.statusCode).toBe(201)
      expect(ok.json()._id).not.toBe(forcedId)
      const rows = await s.ctx.db.selectFrom('readThroughs').select('userId').where('bookId', '=', book.id).execute()
      expect(rows.map((r) => r.userId)).toEqual([s.me.id])
    },
  },
  'PUT /api/reads/{id}': {
    async run(s, forcedId) {
      const book = await insertBook(s.ctx.db)
      const made = (await call(s, 'POST', `/api/books/${book.id}/reads`, { finishedOn: '2020' })).json()._id as string
      const res = await withServerFields(s, forcedId, 'PUT', `/api/reads/${made}`, { startedOn: '2019' })
      expect(res.statusCode).toBe(400)
      const row = await s.ctx.db.selectFrom('readThroughs').selectAll().where('id', '=', made).executeTakeFirstOrThrow()
      expect([row.userId, row.startedOn]).toEqual([s.me.id, null])
    },
  },
  'POST /api/imports': {
    async run(s, forcedId) {
      const csv = 'Title,Author,ISBN,ISBN13,My Rating,Exclusive Shelf\r\nA Book,An Author,,,0,to-read\r\n'
      const parts = [
        ...Object.entries(serverOwned(s.victim, forcedId))
          .filter(([, v]) => typeof v === 'string')
          .slice(0, 4)
          .map(([name, value]) => ({ name, value: value as string })),
        { name: 'file', value: csv, filename: 'a.csv', contentType: 'text/csv' },
      ]
      const { payload, headers } = multipart(parts)
      const res = await s.ctx.app.inject({
        method: 'POST',
        url: `/api/imports${ownedQuery(s.victim, forcedId)}`,
        payload,
        headers: { ...bearer(s.me.token), ...headers },
      })
      // Fields beside the file are not read; the query's extras are dropped: the import is the caller's.
      expect([202, 400]).toContain(res.statusCode)
      const rows = await s.ctx.db.selectFrom('imports').select(['id', 'userId']).execute()
      expect(rows.every((r) => r.userId === s.me.id && r.id !== forcedId)).toBe(true)
    },
  },
  'POST /api/imports/{id}/rows/{line}/resolve': {
    async run(s, forcedId) {
      const id = await insertImport(s.ctx.db, s.me.id, { rows: [{ line: 2, outcome: 'failed', message: 'm' }] })
      const res = await withServerFields(s, forcedId, 'POST', `/api/imports/${id}/rows/2/resolve`, { action: 'skip' })
      // The body takes the action's own fields only.
      expect(res.statusCode).toBe(400)
      const row = await s.ctx.db.selectFrom('importRows').select(['outcome', 'bookId']).where('importId', '=', id).executeTakeFirstOrThrow()
      expect(row).toEqual({ outcome: 'failed', bookId: null })
    },
  },
  'PUT /api/me/goals/{year}': {
    async run(s, forcedId) {
      const res = await withServerFields(s, forcedId, 'PUT', '/api/me/goals/2030', { books: 5 })
      // The body takes the targets only.
      expect(res.statusCode).toBe(400)
      expect(await s.ctx.db.selectFrom('readingGoals').selectAll().where('year', '=', 2030).execute()).toEqual([])
    },
  },
  'DELETE /api/users/me': {
    async run(s, forcedId) {
      const victimBefore = await userRow(s, s.victim.id)
      const res = await withServerFields(s, forcedId, 'DELETE', '/api/users/me', { password: TEST_PASSWORD })
      expect(res.statusCode).toBe(204)
      // The caller's account went; the reader named in every field is untouched.
      expect(await s.ctx.db.selectFrom('users').select('id').where('id', '=', s.me.id).executeTakeFirst()).toBeUndefined()
      expect(await userRow(s, s.victim.id)).toEqual(victimBefore)
    },
  },
  'DELETE /api/reads/{id}': {
    async run(s, forcedId) {
      const book = await insertBook(s.ctx.db)
      const made = (await call(s, 'POST', `/api/books/${book.id}/reads`, { finishedOn: '2020' })).json()._id as string
      const res = await call(s, 'DELETE', `/api/reads/${made}${ownedQuery(s.victim, forcedId)}`, serverOwned(s.victim, forcedId))
      expect([204, 400]).toContain(res.statusCode)
    },
  },
  'POST /api/reads/{id}/restore': {
    async run(s, forcedId) {
      const book = await insertBook(s.ctx.db)
      const made = (await call(s, 'POST', `/api/books/${book.id}/reads`, { finishedOn: '2020' })).json()._id as string
      const res = await call(s, 'POST', `/api/reads/${made}/restore${ownedQuery(s.victim, forcedId)}`, serverOwned(s.victim, forcedId))
      expect([200, 400]).toContain(res.statusCode)
      const row = await s.ctx.db.selectFrom('readThroughs').select(['id', 'userId']).where('bookId', '=', book.id).executeTakeFirstOrThrow()
      expect(row).toEqual({ id: made, userId: s.me.id })
    },
  },
  // Editions and shelves (decisions 0027, 0028): whether the body is refused or its extra fields are
  // dropped, the stored row is the caller's, made just now, under an id the server chose.
  'POST /api/books/{id}/editions': {
    async run(s, forcedId) {
      const book = await insertBook(s.ctx.db)
      const res = await takenWithServerFields(s, forcedId, 'POST', `/api/books/${book.id}/editions`, { format: 'ebook' })
      expect(res.statusCode).toBe(201)
      const rows = await s.ctx.db.selectFrom('editions').select(['id', 'createdByUserId', 'createdAt']).where('bookId', '=', book.id).execute()
      expect(rows.map((r) => [r.id === forcedId, r.createdByUserId])).toEqual([[false, s.me.id]])
      expect(isRecent(rows[0]!.createdAt)).toBe(true)
    },
  },
  'POST /api/me/shelves': {
    async run(s, forcedId) {
      const res = await takenWithServerFields(s, forcedId, 'POST', '/api/me/shelves', { name: 'mass-shelf' })
      expect(res.statusCode).toBe(201)
      const rows = await s.ctx.db.selectFrom('shelves').select(['id', 'userId', 'createdAt']).where('name', '=', 'mass-shelf').execute()
      expect(rows.map((r) => [r.id === forcedId, r.userId])).toEqual([[false, s.me.id]])
      expect(isRecent(rows[0]!.createdAt)).toBe(true)
    },
  },
  // Privacy bodies are strict (decision 0055): a server-owned field is refused, nothing changes, and
  // a clean call changes the caller's own row alone, never the victim's.
  'PUT /api/me/privacy': {
    async run(s, forcedId) {
      const victimBefore = await userRow(s, s.victim.id)
      const res = await withServerFields(s, forcedId, 'PUT', '/api/me/privacy', { readingLog: 'private' })
      expect(res.statusCode).toBe(400)
      expect((await userRow(s, s.me.id)).readingLog).toBe('public')
      expect((await call(s, 'PUT', `/api/me/privacy${ownedQuery(s.victim, forcedId)}`, { readingLog: 'private' })).statusCode).toBe(200)
      expect((await userRow(s, s.me.id)).readingLog).toBe('private')
      expect(await userRow(s, s.victim.id)).toEqual(victimBefore)
    },
  },
  'POST /api/me/privacy/apply': {
    async run(s, forcedId) {
      const book = await insertBook(s.ctx.db)
      for (const who of [s.me, s.victim]) await call(s, 'PUT', `/api/books/${book.id}/reading`, { status: 'reading', visibility: 'followers' }, who.token)
      const visibilities = () =>
        s.ctx.db.selectFrom('readingEntries').select(['userId', 'visibility']).where('bookId', '=', book.id).orderBy('userId').execute()
      const before = await visibilities()
      const res = await withServerFields(s, forcedId, 'POST', '/api/me/privacy/apply', { visibility: 'private' })
      expect(res.statusCode).toBe(400)
      expect(await visibilities()).toEqual(before)
      const ok = await call(s, 'POST', `/api/me/privacy/apply${ownedQuery(s.victim, forcedId)}`, { visibility: 'private' })
      expect(ok.json()).toEqual({ changed: 1 })
      const after = await visibilities()
      expect(after.find((r) => r.userId === s.me.id)!.visibility).toBeNull()
      expect(after.find((r) => r.userId === s.victim.id)!.visibility).toBe('followers')
      expect((await userRow(s, s.victim.id)).readingLog).toBe('public')
    },
  },
  'PUT /api/me/shelves/{id}': {
    async run(s, forcedId) {
      const made = (await call(s, 'POST', '/api/me/shelves', { name: 'mass-before' })).json()._id as string
      const sent = await withServerFields(s, forcedId, 'PUT', `/api/me/shelves/${made}`, { name: 'mass-after' })
      if (sent.statusCode === 400)
        expect(await call(s, 'PUT', `/api/me/shelves/${made}${ownedQuery(s.victim, forcedId)}`, { name: 'mass-after' })).toHaveProperty('statusCode', 200)
      else expect(sent.statusCode).toBe(200)
      const rows = await s.ctx.db.selectFrom('shelves').select(['id', 'userId', 'name']).where('userId', 'in', [s.me.id, s.victim.id]).execute()
      expect(rows).toEqual([{ id: made, userId: s.me.id, name: 'mass-after' }])
    },
  },
  'POST /api/me/tokens': {
    async run(s, forcedId) {
      const res = await withServerFields(s, forcedId, 'POST', '/api/me/tokens', {
        name: 'mass-token',
        scopes: ['read'],
        expiresInDays: 1,
        token: 'swp_forged',
        tokenHash: 'forged',
        hint: 'forg',
        lastUsedAt: LONG_AGO,
        expiresAt: '2999-01-01T00:00:00.000Z',
      })
      expect(res.statusCode, res.body).toBe(201)
      const rows = await s.ctx.db
        .selectFrom('personalTokens')
        .selectAll()
        .where('name', '=', 'mass-token')
        .where('userId', 'in', [s.me.id, s.victim.id])
        .execute()
      expect(rows.map((r) => [r.id === forcedId, r.userId, r.tokenHash === 'forged', r.hint, r.lastUsedAt])).toEqual([
        [false, s.me.id, false, res.json().token.slice(-4), null],
      ])
      expect(isRecent(rows[0]!.createdAt)).toBe(true)
      expect(new Date(rows[0]!.expiresAt).getTime() - Date.now()).toBeLessThan(86_400_000 + 60_000)
    },
  },
  'DELETE /api/me/tokens/{id}': deletesOwnOnly('/api/me/tokens', 'personalTokens', { name: 'mass-del', scopes: ['read'], expiresInDays: 1 }),
  'PUT /api/me/progress': {
    async run(s, forcedId) {
      const book = await insertBook(s.ctx.db, { pageCount: 100 })
      // The body is strict: server fields beside it are refused by name, and nothing is written.
      const sent = await withServerFields(s, forcedId, 'PUT', '/api/me/progress', { book: { id: book.id }, percent: 10 })
      expect(sent.statusCode).toBe(400)
      expect(await s.ctx.db.selectFrom('readThroughs').select('id').where('bookId', '=', book.id).execute()).toEqual([])
      const res = await call(s, 'PUT', `/api/me/progress${ownedQuery(s.victim, forcedId)}`, { book: { id: book.id }, percent: 10 })
      expect(res.statusCode).toBe(200)
      const reads = await s.ctx.db.selectFrom('readThroughs').select(['id', 'userId']).where('bookId', '=', book.id).execute()
      expect(reads.map((r) => [r.id === forcedId, r.userId])).toEqual([[false, s.me.id]])
    },
  },
  'POST /api/me/sync-inbox/{id}/bind': {
    async run(s, forcedId) {
      const twelve = `978${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`
      const sum = [...twelve].reduce((n, d, i) => n + Number(d) * (i % 2 ? 3 : 1), 0)
      const item = (await call(s, 'PUT', '/api/me/progress', { book: { isbn: `${twelve}${(10 - (sum % 10)) % 10}` }, percent: 5 })).json().inboxId as string
      const book = await insertBook(s.ctx.db)
      const sent = await withServerFields(s, forcedId, 'POST', `/api/me/sync-inbox/${item}/bind`, { bookId: book.id })
      expect(sent.statusCode).toBe(400)
      expect((await call(s, 'POST', `/api/me/sync-inbox/${item}/bind${ownedQuery(s.victim, forcedId)}`, { bookId: book.id })).statusCode).toBe(200)
      const rows = await s.ctx.db.selectFrom('syncInbox').select(['id', 'userId', 'bookId']).where('id', 'in', [item, forcedId]).execute()
      expect(rows).toEqual([{ id: item, userId: s.me.id, bookId: book.id }])
    },
  },
  'PUT /api/me/sync-settings': {
    async run(s, forcedId) {
      // The body is strict: server fields beside it are refused by name, and nothing is written.
      const sent = await withServerFields(s, forcedId, 'PUT', '/api/me/sync-settings', { finishAtEnd: true })
      expect(sent.statusCode).toBe(400)
      expect((await call(s, 'PUT', `/api/me/sync-settings${ownedQuery(s.victim, forcedId)}`, { finishAtEnd: true })).statusCode).toBe(200)
      const rows = await s.ctx.db.selectFrom('syncSettings').select(['userId', 'finishAtEnd']).where('userId', 'in', [s.me.id, s.victim.id]).execute()
      expect(rows).toEqual([{ userId: s.me.id, finishAtEnd: 1 }])
    },
  },
  'POST /api/device/code': {
    async run(s, forcedId) {
      // The body is strict: a field beside client_name is refused by name, and no code is made.
      const before = await s.ctx.db.selectFrom('deviceCodes').select('id').execute()
      const sent = await withServerFields(s, forcedId, 'POST', '/api/device/code', { client_name: 'mass' })
      expect(sent.statusCode).toBe(400)
      expect(await s.ctx.db.selectFrom('deviceCodes').select('id').execute()).toHaveLength(before.length)
      const res = await call(s, 'POST', `/api/device/code${ownedQuery(s.victim, forcedId)}`, { client_name: 'mass' })
      expect(res.statusCode).toBe(200)
      const row = await s.ctx.db.selectFrom('deviceCodes').selectAll().where('userCode', '=', res.json().user_code.replace('-', '')).executeTakeFirstOrThrow()
      expect([row.id === forcedId, row.userId, row.status]).toEqual([false, null, 'pending'])
    },
  },
  'POST /api/device/token': {
    async run(s, forcedId) {
      const sent = await withServerFields(s, forcedId, 'POST', '/api/device/token', { grant_type: DEVICE_GRANT_TYPE, device_code: 'x' })
      expect(sent.statusCode).toBe(400)
      expect(await s.ctx.db.selectFrom('personalTokens').select('id').where('userId', 'in', [s.me.id, s.victim.id]).execute()).toEqual([])
    },
  },
  'POST /api/device/approve': {
    async run(s, forcedId) {
      const code = (await call(s, 'POST', '/api/device/code', { client_name: 'mass' }, undefined)).json().user_code as string
      const sent = await withServerFields(s, forcedId, 'POST', '/api/device/approve', { user_code: code, scopes: ['read'], expiresInDays: 1 })
      expect(sent.statusCode).toBe(400)
      expect(
        (await call(s, 'POST', `/api/device/approve${ownedQuery(s.victim, forcedId)}`, { user_code: code, scopes: ['read'], expiresInDays: 1 })).statusCode,
      ).toBe(200)
      const row = await s.ctx.db.selectFrom('deviceCodes').select(['userId', 'status']).where('userCode', '=', code.replace('-', '')).executeTakeFirstOrThrow()
      expect(row).toEqual({ userId: s.me.id, status: 'approved' })
    },
  },
  'POST /api/device/deny': {
    async run(s, forcedId) {
      const code = (await call(s, 'POST', '/api/device/code', { client_name: 'mass' }, undefined)).json().user_code as string
      expect((await withServerFields(s, forcedId, 'POST', '/api/device/deny', { user_code: code })).statusCode).toBe(400)
      expect((await call(s, 'POST', `/api/device/deny${ownedQuery(s.victim, forcedId)}`, { user_code: code })).statusCode).toBe(200)
      const row = await s.ctx.db.selectFrom('deviceCodes').select(['userId', 'status']).where('userCode', '=', code.replace('-', '')).executeTakeFirstOrThrow()
      expect(row).toEqual({ userId: s.me.id, status: 'denied' })
    },
  },
  'POST /api/me/devices': {
    async run(s, forcedId) {
      const res = await withServerFields(s, forcedId, 'POST', '/api/me/devices', {
        name: 'mass-device',
        username: 'chosen',
        password: 'chosen-pass',
        keyHash: 'forged',
      })
      expect(res.statusCode, res.body).toBe(201)
      const rows = await s.ctx.db.selectFrom('devices').selectAll().where('name', '=', 'mass-device').where('userId', 'in', [s.me.id, s.victim.id]).execute()
      expect(rows.map((r) => [r.id === forcedId, r.userId, r.username === 'chosen', r.keyHash === 'forged', r.lastUsedAt])).toEqual([
        [false, s.me.id, false, false, null],
      ])
      expect(res.json().password).not.toBe('chosen-pass')
      expect(isRecent(rows[0]!.createdAt)).toBe(true)
    },
  },
  'DELETE /api/me/devices/{id}': deletesOwnOnly('/api/me/devices', 'devices', { name: 'mass-del' }),
  'DELETE /api/me/shelves/{id}': deletesOwnOnly('/api/me/shelves', 'shelves', { name: 'mass-mine' }, { name: 'mass-theirs' }),
  'PUT /api/books/{id}/shelves': {
    async run(s, forcedId) {
      const book = await insertBook(s.ctx.db)
      const res = await takenWithServerFields(s, forcedId, 'PUT', `/api/books/${book.id}/shelves`, { names: ['mass-placed'] })
      expect(res.statusCode).toBe(200)
      expectMineJustNow(s, await s.ctx.db.selectFrom('shelfBooks').select(['userId', 'addedAt as at']).where('bookId', '=', book.id).execute())
    },
  },
  // Merges (decision 0030): the proposer, the applier and the reverter are the caller, never a forged one.
  'POST /api/merge-proposals': {
    async run(s, forcedId) {
      const ids = [(await insertBook(s.ctx.db)).id, (await insertBook(s.ctx.db)).id]
      const res = await takenWithServerFields(s, forcedId, 'POST', '/api/merge-proposals', { kind: 'work', ids })
      expect(res.statusCode).toBe(201)
      expect([res.json()._id === forcedId, res.json().status, res.json().proposedBy._id]).toEqual([false, 'open', s.me.id])
    },
  },
  'POST /api/merge-proposals/{id}/apply': {
    async run(s, forcedId) {
      await s.ctx.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', s.me.id).execute()
      const ids = [(await insertBook(s.ctx.db)).id, (await insertBook(s.ctx.db)).id]
      const proposal = (await call(s, 'POST', '/api/merge-proposals', { kind: 'work', ids })).json()._id as string
      const res = await takenWithServerFields(s, forcedId, 'POST', `/api/merge-proposals/${proposal}/apply`, {})
      expect(res.statusCode).toBe(200)
      const merge = await s.ctx.db.selectFrom('bookMerges').selectAll().where('id', '=', res.json().merge._id).executeTakeFirstOrThrow()
      expect([merge.id === forcedId, merge.appliedByUserId]).toEqual([false, s.me.id])
    },
  },
  'POST /api/merges/{id}/revert': {
    async run(s, forcedId) {
      await s.ctx.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', s.me.id).execute()
      const ids = [(await insertBook(s.ctx.db)).id, (await insertBook(s.ctx.db)).id]
      const proposal = (await call(s, 'POST', '/api/merge-proposals', { kind: 'work', ids })).json()._id as string
      const mergeId = (await call(s, 'POST', `/api/merge-proposals/${proposal}/apply`, {})).json().merge._id as string
      const res = await takenWithServerFields(s, forcedId, 'POST', `/api/merges/${mergeId}/revert`, {})
      expect(res.statusCode).toBe(200)
      const merge = await s.ctx.db.selectFrom('bookMerges').selectAll().where('id', '=', mergeId).executeTakeFirstOrThrow()
      expect(merge.revertedByUserId).toBe(s.me.id)
      expect(isRecent(merge.revertedAt!)).toBe(true)
    },
  },
  // Webhooks (decision 0048): the hook is the caller's, its id, secret and dates the server's.
  'POST /api/me/webhooks': {
    async run(s, forcedId) {
      const body = { url: 'https://93.184.216.34/mass', events: ['review.published'], secret: 'whsec_forced', disabledAt: LONG_AGO, disabledReason: 'forced' }
      const res = await takenWithServerFields(s, forcedId, 'POST', '/api/me/webhooks', body)
      expect(res.statusCode, res.body).toBe(201)
      const rows = await s.ctx.db.selectFrom('webhooks').selectAll().where('url', '=', 'https://93.184.216.34/mass').execute()
      expect(rows.map((r) => [r.id === forcedId, r.userId, r.secret === 'whsec_forced', r.disabledAt, r.disabledReason])).toEqual([
        [false, s.me.id, false, null, null],
      ])
      expect(isRecent(rows[0]!.createdAt)).toBe(true)
      expect(res.json().secret).toBe(rows[0]!.secret)
    },
  },
  'DELETE /api/me/webhooks/{id}': {
    async run(s, forcedId) {
      const made = (await call(s, 'POST', '/api/me/webhooks', { url: 'https://93.184.216.34/mine', events: ['library.changed'] })).json()._id as string
      const theirs = (await call(s, 'POST', '/api/me/webhooks', { url: 'https://93.184.216.34/theirs', events: ['library.changed'] }, s.victim.token)).json()
        ._id as string
      const res = await call(s, 'DELETE', `/api/me/webhooks/${made}${ownedQuery(s.victim, forcedId)}`, undefined)
      expect(res.statusCode).toBe(204)
      const left = await s.ctx.db.selectFrom('webhooks').select('id').where('id', 'in', [made, theirs]).execute()
      expect(left.map((r) => r.id)).toEqual([theirs])
    },
  },
  'POST /api/me/webhooks/{id}/enable': {
    async run(s, forcedId) {
      const made = (await call(s, 'POST', '/api/me/webhooks', { url: 'https://93.184.216.34/again', events: ['library.changed'] })).json()._id as string
      await s.ctx.db.updateTable('webhooks').set({ disabledAt: LONG_AGO, disabledReason: 'failed for a day' }).where('id', '=', made).execute()
      // Server fields in a body or a query change nothing but turning it on: not its URL, events, owner or secret.
      const res = await call(s, 'POST', `/api/me/webhooks/${made}/enable${ownedQuery(s.victim, forcedId)}`, serverOwned(s.victim, forcedId))
      expect(res.statusCode).toBe(200)
      const row = await s.ctx.db.selectFrom('webhooks').select(['id', 'userId', 'url', 'disabledAt']).where('id', 'in', [made, forcedId]).execute()
      expect(row).toEqual([{ id: made, userId: s.me.id, url: 'https://93.184.216.34/again', disabledAt: null }])
    },
  },
  // Blocks and mutes (decision 0057): the row is the caller's, made now, whoever the body names.
  ...Object.fromEntries(
    (
      [
        ['PUT', 'block', 'blocks', 'blockerId', 'blockedId'],
        ['PUT', 'mute', 'userMutes', 'userId', 'mutedId'],
      ] as const
    ).map(([method, path, table, mine, theirs]) => [
      `${method} /api/users/{id}/${path}`,
      {
        async run(s: Scene, forcedId: string) {
          const target = await insertUser(s.ctx.db)
          const res = await withServerFields(s, forcedId, method, `/api/users/${target.id}/${path}`, {})
          expect(res.statusCode, res.body).toBe(200)
          const rows = await blocksOrMutesOf(s, table, theirs, target.id)
          expect(rows.map((r) => r[mine])).toEqual([s.me.id])
          expect(isRecent(rows[0]!.createdAt!)).toBe(true)
        },
      },
    ]),
  ),
  ...Object.fromEntries(
    (
      [
        ['block', 'blocks', 'blockerId', 'blockedId'],
        ['mute', 'userMutes', 'userId', 'mutedId'],
      ] as const
    ).map(([path, table, mine, theirs]) => [
      `DELETE /api/users/{id}/${path}`,
      {
        async run(s: Scene, forcedId: string) {
          const target = await insertUser(s.ctx.db)
          const at = new Date().toISOString()
          // The victim's own block or mute of the same reader stays: only the caller's goes.
          await s.ctx.db
            .insertInto(table as 'blocks')
            .values({ [mine]: s.victim.id, [theirs]: target.id, createdAt: at } as never)
            .execute()
          await call(s, 'PUT', `/api/users/${target.id}/${path}`, undefined)
          const res = await withServerFields(s, forcedId, 'DELETE', `/api/users/${target.id}/${path}`, {})
          expect(res.statusCode, res.body).toBe(200)
          const rows = await blocksOrMutesOf(s, table, theirs, target.id)
          expect(rows.map((r) => r[mine])).toEqual([s.victim.id])
        },
      },
    ]),
  ),
  'PUT /api/books/{id}/mute': {
    async run(s, forcedId) {
      const book = await insertBook(s.ctx.db)
      expect((await withServerFields(s, forcedId, 'PUT', `/api/books/${book.id}/mute`, {})).statusCode).toBe(200)
      const rows = await s.ctx.db.selectFrom('bookMutes').selectAll().where('bookId', '=', book.id).execute()
      expect(rows.map((r) => r.userId)).toEqual([s.me.id])
    },
  },
  'DELETE /api/books/{id}/mute': {
    async run(s, forcedId) {
      const book = await insertBook(s.ctx.db)
      await s.ctx.db.insertInto('bookMutes').values({ userId: s.victim.id, bookId: book.id, createdAt: new Date().toISOString() }).execute()
      await call(s, 'PUT', `/api/books/${book.id}/mute`, undefined)
      expect((await withServerFields(s, forcedId, 'DELETE', `/api/books/${book.id}/mute`, {})).statusCode).toBe(200)
      const rows = await s.ctx.db.selectFrom('bookMutes').selectAll().where('bookId', '=', book.id).execute()
      expect(rows.map((r) => r.userId)).toEqual([s.victim.id])
    },
  },
  'PUT /api/me/muted-words': {
    async run(s, forcedId) {
      const body = { words: ['mass'] }
      const sent = await withServerFields(s, forcedId, 'PUT', '/api/me/muted-words', body)
      // The body is strict: the server's fields beside it are refused by name; then the query string is tried alone.
      expect(sent.statusCode).toBe(400)
      const res = await call(s, 'PUT', `/api/me/muted-words${ownedQuery(s.victim, forcedId)}`, body)
      expect(res.statusCode).toBe(200)
      const rows = await s.ctx.db.selectFrom('mutedWords').selectAll().where('word', '=', 'mass').execute()
      expect(rows.map((r) => r.userId)).toEqual([s.me.id])
    },
  },
  // Reports (decision 0058): the reporter is the caller, the status and outcome the moderators'.
  'POST /api/reports': {
    async run(s, forcedId) {
      const target = await insertUser(s.ctx.db)
      const body = { targetType: 'profile', targetId: target.id, reason: 'spam' }
      const forged = { status: 'hidden', outcomeNote: 'forged', decidedAt: LONG_AGO, reporterId: s.victim.id }
      expect((await withServerFields(s, forcedId, 'POST', '/api/reports', { ...body, ...forged })).statusCode).toBe(400)
      const res = await call(s, 'POST', `/api/reports${ownedQuery(s.victim, forcedId)}`, body)
      expect(res.statusCode, res.body).toBe(201)
      const rows = await s.ctx.db.selectFrom('reports').selectAll().where('targetId', '=', target.id).execute()
      expect(rows.map((r) => [r.id === forcedId, r.reporterId, r.status, r.outcomeNote, r.decidedAt])).toEqual([[false, s.me.id, 'open', null, null]])
      expect(isRecent(rows[0]!.createdAt)).toBe(true)
    },
  },
  'POST /api/moderation/reports/{id}': {
    async run(s, forcedId) {
      await s.ctx.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', s.me.id).execute()
      const target = await insertUser(s.ctx.db)
      const id = (await call(s, 'POST', '/api/reports', { targetType: 'profile', targetId: target.id, reason: 'spam' }, s.victim.token)).json()._id as string
      const body = { action: 'dismiss', note: 'Fine' }
      expect((await withServerFields(s, forcedId, 'POST', `/api/moderation/reports/${id}`, { ...body, decidedByUserId: s.victim.id })).statusCode).toBe(400)
      const res = await call(s, 'POST', `/api/moderation/reports/${id}${ownedQuery(s.victim, forcedId)}`, body)
      expect(res.statusCode, res.body).toBe(200)
      const row = await s.ctx.db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
      expect([row.reporterId, row.decidedByUserId, row.status]).toEqual([s.victim.id, s.me.id, 'dismissed'])
      expect(isRecent(row.decidedAt!)).toBe(true)
    },
  },
  // Notifications (decision 0052): the caller's own rows only; the bodies are strict.
  'POST /api/me/notifications/read': {
    async run(s, forcedId) {
      await call(s, 'PUT', `/api/users/follow/${s.me.id}`, undefined, s.victim.token)
      await call(s, 'PUT', `/api/users/follow/${s.victim.id}`, undefined, s.me.token)
      const sent = await withServerFields(s, forcedId, 'POST', '/api/me/notifications/read', {})
      expect(sent.statusCode, sent.body).toBe(400)
      const res = await call(s, 'POST', `/api/me/notifications/read${ownedQuery(s.victim, forcedId)}`, {})
      expect(res.statusCode, res.body).toBe(200)
      const rows = await s.ctx.db.selectFrom('notifications').select(['userId', 'readAt']).where('userId', 'in', [s.me.id, s.victim.id]).execute()
      expect(rows.map((r) => [r.userId === s.me.id, r.readAt !== null]).sort()).toEqual([
        [false, false],
        [true, true],
      ])
    },
  },
  'POST /api/me/notifications/ticket': {
    async run(s, forcedId) {
      const res = await call(s, 'POST', `/api/me/notifications/ticket${ownedQuery(s.victim, forcedId)}`, serverOwned(s.victim, forcedId))
      expect(res.statusCode, res.body).toBe(200)
      const rows = await s.ctx.db.selectFrom('notificationTickets').select('userId').where('userId', 'in', [s.me.id, s.victim.id]).execute()
      expect(rows.map((r) => r.userId)).toEqual([s.me.id])
    },
  },
  'PUT /api/me/notification-settings': {
    async run(s, forcedId) {
      const sent = await withServerFields(s, forcedId, 'PUT', '/api/me/notification-settings', { mention: false })
      expect(sent.statusCode, sent.body).toBe(400)
      const res = await call(s, 'PUT', `/api/me/notification-settings${ownedQuery(s.victim, forcedId)}`, { mention: false })
      expect(res.statusCode, res.body).toBe(200)
      const rows = await s.ctx.db.selectFrom('notificationSettings').selectAll().where('userId', 'in', [s.me.id, s.victim.id]).execute()
      expect(rows).toEqual([{ userId: s.me.id, type: 'mention' }])
    },
  },
  'PUT /api/users/follow/{userId}': {
    async run(s, forcedId) {
      const target = await insertUser(s.ctx.db)
      const res = await call(s, 'PUT', `/api/users/follow/${target.id}${ownedQuery(s.victim, forcedId)}`, serverOwned(s.victim, forcedId))
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ isFollowing: true, followerCount: 1, followingCount: 0 })
      const rows = await s.ctx.db.selectFrom('follows').select('followerId').where('followeeId', '=', target.id).execute()
      expect(rows.map((r) => r.followerId)).toEqual([s.me.id])
    },
  },
  'POST /api/upload': {
    async run(s, forcedId) {
      const { payload, headers } = multipart([
        { name: 'imageUrl', value: '/uploads/forced.html' },
        { name: 'userId', value: s.victim.id },
        { name: 'image', value: await smallPng(), filename: '../../forced.html', contentType: 'text/html' },
      ])
      const res = await s.ctx.app.inject({
        method: 'POST',
        url: `/api/upload${ownedQuery(s.victim, forcedId)}`,
        payload,
        headers: { ...headers, ...bearer(s.me.token) },
      })
      // The extra fields are refused outright (one image field and nothing else) or ignored; either way no name of ours is taken.
      expect([201, 413]).toContain(res.statusCode)
      if (res.statusCode === 201) expect(res.json().imageUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/)
      expect(readdirSync(s.ctx.config.uploadsDir).filter((f) => /forced|html/.test(f))).toEqual([])
    },
  },
}

describeEachDialect('mass assignment: the server owns ids, owners, counts, timestamps and token versions', (ctx) => {
  it('has an entry for every write route of the OpenAPI document', async () => {
    const writes = (await apiRoutes(ctx.app)).filter((r) => r.method !== 'GET').map((r) => r.key)
    expect(writes.filter((k) => !MASS[k])).toEqual([])
    expect(Object.keys(MASS).filter((k) => !writes.includes(k))).toEqual([])
  })

  it.each(Object.keys(MASS))('%s ignores every server-owned field it is sent', async (key) => {
    const scene: Scene = { ctx, me: await insertUser(ctx.db), victim: await insertUser(ctx.db) }
    await MASS[key]!.run(scene, uuidv7())
  })

  it('refuses a body that tries to reach the object prototype', async () => {
    const me = await insertUser(ctx.db)
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/profile/update',
      headers: { ...bearer(me.token), 'content-type': 'application/json' },
      payload: '{"bio":"x","__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}',
    })
    expect(res.statusCode).toBe(400)
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined()
    const row = await ctx.db.selectFrom('users').select('bio').where('id', '=', me.id).executeTakeFirstOrThrow()
    expect(row.bio).toBe('')
  })
})
