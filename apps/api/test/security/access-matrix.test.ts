import { expect, it } from 'vitest'
import { v7 as uuidv7 } from 'uuid'
import type { LightMyRequestResponse } from 'fastify'
import type { Kysely } from 'kysely'
import { DEVICE_GRANT_TYPE, MESSAGES, TOKEN_SCOPES } from '@shelfwise/contracts'
import { describeEachDialect, type TestContext } from '../support/context.ts'
import { bearer, insertBook, insertFollow, insertImport, insertRead, insertReview, insertUser, insertWish, TEST_PASSWORD } from '../support/factories.ts'
import { apiRoutes, leaksIn, multipart, routerRoutes, smallPng, stringsIn, tokensIn } from './support.ts'

// Every route of the API × {anonymous, another reader, the owner}: the answer each gets, what the
// stored rows look like afterwards, and what no body may ever carry.

type Actor = 'anonymous' | 'other' | 'owner'
const ACTORS: Actor[] = ['anonymous', 'other', 'owner']

type User = Awaited<ReturnType<typeof insertUser>>

interface Scene {
  ctx: TestContext
  /** The reader whose review, profile, lists and books are at stake. */
  owner: User
  /** Another signed-in reader. */
  other: User
}

interface Call {
  url: string
  payload?: unknown
  headers?: Record<string, string>
}

interface Entry {
  /** Arranges what one actor's call needs (fresh each time) and answers the call. */
  request: (s: Scene, actor: Actor) => Promise<Call> | Call
  status: Record<Actor, number>
  /** What the caller or the stored rows must show after this actor's call. */
  check?: (s: Scene, actor: Actor, res: LightMyRequestResponse, call: Call) => unknown
}

const everyone = (status: number) => ({ anonymous: status, other: status, owner: status })
const signedIn = (status: number) => ({ anonymous: 401, other: status, owner: status })
const ownerOnly = (status: number) => ({ anonymous: 401, other: 404, owner: status })

const ids = (res: LightMyRequestResponse) => (res.json() as { _id: string }[]).map((b) => b._id)
const userOf = (s: Scene, actor: Actor) => (actor === 'owner' ? s.owner : actor === 'other' ? s.other : undefined)

/** A book in the owner's wishlist, recently-read list and listed and created lists, reviewed by the owner. */
async function ownersBook(s: Scene) {
  const book = await insertBook(s.ctx.db, { listedByUserId: s.owner.id, createdByUserId: s.owner.id })
  await insertWish(s.ctx.db, s.owner.id, book.id)
  await insertRead(s.ctx.db, s.owner.id, book.id)
  const review = await insertReview(s.ctx.db, { bookId: book.id, userId: s.owner.id, rating: 5 })
  return { book, review }
}

/** One of the owner's reads (of a book of theirs), its id. */
async function ownersRead(s: Scene): Promise<string> {
  const { book } = await ownersBook(s)
  const row = await s.ctx.db.selectFrom('readThroughs').select('id').where('userId', '=', s.owner.id).where('bookId', '=', book.id).executeTakeFirstOrThrow()
  return row.id
}
const readRow = (s: Scene, id: string) => s.ctx.db.selectFrom('readThroughs').selectAll().where('id', '=', id).executeTakeFirst()

/** A finished import of the owner's with one row waiting for a choice (line 2); its id. */
async function ownersImport(s: Scene): Promise<string> {
  return insertImport(s.ctx.db, s.owner.id, {
    fileName: 'mine.csv',
    rows: [{ line: 2, title: 'Waiting', author: 'W. Aiting', outcome: 'needs_review', message: 'choose' }],
  })
}

/** A shelf of the owner's, public or private, with a fresh name: its id. */
async function ownersShelf(s: Scene, isPublic: boolean): Promise<string> {
  const name = `matrix-${Math.random().toString(36).slice(2, 9)}`
  const res = await s.ctx.app.inject({ method: 'POST', url: '/api/me/shelves', headers: bearer(s.owner.token), payload: { name, public: isPublic } })
  expect(res.statusCode, res.body).toBe(201)
  return (res.json() as { _id: string })._id
}

/** A notification of the owner's (another reader followed them), its id. */
async function ownersNotification(s: Scene): Promise<string> {
  const fan = await insertUser(s.ctx.db)
  const res = await s.ctx.app.inject({ method: 'PUT', url: `/api/users/follow/${s.owner.id}`, headers: bearer(fan.token) })
  expect(res.statusCode, res.body).toBe(200)
  const row = await s.ctx.db.selectFrom('notifications').select('id').where('userId', '=', s.owner.id).where('readAt', 'is', null).executeTakeFirstOrThrow()
  return row.id
}

/** A webhook of the owner's (to a public address), its id. */
async function ownersHook(s: Scene): Promise<string> {
  const res = await s.ctx.app.inject({
    method: 'POST',
    url: '/api/me/webhooks',
    headers: bearer(s.owner.token),
    payload: { url: 'https://93.184.216.34/hook', events: ['review.published'] },
  })
  expect(res.statusCode, res.body).toBe(201)
  return (res.json() as { _id: string })._id
}
const hookLeft = async (s: Scene, id: string) => Boolean(await s.ctx.db.selectFrom('webhooks').select('id').where('id', '=', id).executeTakeFirst())

/** A merge proposal of the owner's of two fresh books, its id; the owner made a moderator when asked. */
async function ownersProposal(s: Scene, { moderator = false } = {}): Promise<string> {
  if (moderator) await s.ctx.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', s.owner.id).execute()
  const ids = [(await insertBook(s.ctx.db)).id, (await insertBook(s.ctx.db)).id]
  const res = await s.ctx.app.inject({ method: 'POST', url: '/api/merge-proposals', headers: bearer(s.owner.token), payload: { kind: 'work', ids } })
  expect(res.statusCode, res.body).toBe(201)
  return (res.json() as { _id: string })._id
}

/** A report by `by` (the owner unless said) of a fresh reader's profile: its id. */
async function ownersReport(s: Scene, by: User = s.owner): Promise<string> {
  const res = await s.ctx.app.inject({
    method: 'POST',
    url: '/api/reports',
    headers: bearer(by.token),
    payload: { targetType: 'profile', targetId: (await insertUser(s.ctx.db)).id, reason: 'spam' },
  })
  expect(res.statusCode, res.body).toBe(201)
  return (res.json() as { _id: string })._id
}

/** A discussion of the owner's on a fresh book, with the owner's opening post at page 50 and one reply of theirs: the ids. */
async function ownersThread(s: Scene): Promise<{ bookId: string; discussionId: string; replyId: string }> {
  const book = await insertBook(s.ctx.db)
  const at = new Date().toISOString()
  const discussionId = uuidv7()
  const replyId = uuidv7()
  await s.ctx.db
    .insertInto('discussions')
    .values({ id: discussionId, bookId: book.id, userId: s.owner.id, title: 'Owner’s', postCount: 2, lastActivityAt: at, createdAt: at })
    .execute()
  await s.ctx.db
    .insertInto('discussionPosts')
    .values([
      {
        id: discussionId,
        discussionId,
        userId: s.owner.id,
        parentId: null,
        rootId: discussionId,
        text: 'secret ending',
        positionKind: 'page',
        positionValue: 50,
        createdAt: at,
      },
      {
        id: replyId,
        discussionId,
        userId: s.owner.id,
        parentId: discussionId,
        rootId: discussionId,
        text: 'my reply',
        positionKind: null,
        positionValue: null,
        createdAt: at,
      },
    ])
    .execute()
  return { bookId: book.id, discussionId, replyId }
}
const postRow = (s: Scene, id: string) => s.ctx.db.selectFrom('discussionPosts').selectAll().where('id', '=', id).executeTakeFirst()

/** A comment of the owner's on someone else's review: its id and review. */
async function ownersComment(s: Scene): Promise<{ id: string; reviewId: string }> {
  const review = await insertReview(s.ctx.db)
  const res = await s.ctx.app.inject({ method: 'POST', url: `/api/reviews/${review.id}/comments`, headers: bearer(s.owner.token), payload: { text: 'Mine' } })
  expect(res.statusCode, res.body).toBe(201)
  return { id: (res.json() as { _id: string })._id, reviewId: review.id }
}
const commentRow = (s: Scene, id: string) => s.ctx.db.selectFrom('reviewComments').selectAll().where('id', '=', id).executeTakeFirst()
/** A personal token of the owner's with the given scopes: its id and the token itself. */
async function ownersToken(s: Scene, scopes: string[] = ['read']): Promise<{ id: string; token: string }> {
  const res = await s.ctx.app.inject({
    method: 'POST',
    url: '/api/me/tokens',
    headers: bearer(s.owner.token),
    payload: { name: `matrix ${scopes.join(' ')}`, scopes, expiresInDays: 1 },
  })
  expect(res.statusCode, res.body).toBe(201)
  const body = res.json() as { _id: string; token: string }
  return { id: body._id, token: body.token }
}

/** A device's fresh link request (RFC 8628). */
async function deviceCode(s: Scene): Promise<{ device_code: string; user_code: string }> {
  const res = await s.ctx.app.inject({ method: 'POST', url: '/api/device/code', payload: { client_name: 'Matrix device' } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

/** A device of the owner's: its id. */
async function ownersDevice(s: Scene): Promise<string> {
  const res = await s.ctx.app.inject({ method: 'POST', url: '/api/me/devices', headers: bearer(s.owner.token), payload: { name: 'matrix device' } })
  expect(res.statusCode, res.body).toBe(201)
  return (res.json() as { _id: string })._id
}

/** An item of the owner's sync inbox (a fresh ISBN nobody holds): its id. */
async function ownersInboxItem(s: Scene): Promise<string> {
  const twelve = `978${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`
  const sum = [...twelve].reduce((n, d, i) => n + Number(d) * (i % 2 ? 3 : 1), 0)
  const res = await s.ctx.app.inject({
    method: 'PUT',
    url: '/api/me/progress',
    headers: bearer(s.owner.token),
    payload: { book: { isbn: `${twelve}${(10 - (sum % 10)) % 10}` }, percent: 5 },
  })
  expect(res.json().status, res.body).toBe('needs_review')
  return (res.json() as { inboxId: string }).inboxId
}

const reviewRow = (s: Scene, id: string) => s.ctx.db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirst()
const userRow = (s: Scene, id: string) => s.ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

/** The matrix: one entry per route of the OpenAPI document; a new route without one fails below. */
/**
 * The PUT and DELETE of a switch kept as one row naming its reader (`by`) and a fresh target
 * (`about`, made by `target`, its id in `path` as {id}): a block, a mute. PUT leaves the caller's row
 * about the target and nobody else's; DELETE of the owner's row takes it away for the owner only.
 */
function switchRoutes(
  path: string,
  target: (s: Scene) => Promise<{ id: string }>,
  table: 'blocks' | 'userMutes' | 'bookMutes',
  [by, about]: [string, string],
): Record<string, Entry> {
  // Untyped: the three tables name their columns differently.
  const db = (s: Scene) => s.ctx.db as Kysely<any>
  const rowsAbout = (s: Scene, call: Call) => db(s).selectFrom(table).select(by).where(about, '=', call.url.split('/')[3]!).execute()
  const url = (id: string) => path.replace('{id}', id)
  return {
    [`PUT ${path}`]: {
      request: async (s) => ({ url: url((await target(s)).id) }),
      status: signedIn(200),
      check: async (s, actor, _res, call) => {
        const rows = await rowsAbout(s, call)
        expect(rows.map((r) => r[by])).toEqual(actor === 'anonymous' ? [] : [userOf(s, actor)!.id])
      },
    },
    [`DELETE ${path}`]: {
      request: async (s) => {
        const made = await target(s)
        await db(s)
          .insertInto(table)
          .values({ [by]: s.owner.id, [about]: made.id, createdAt: new Date().toISOString() })
          .execute()
        return { url: url(made.id) }
      },
      status: signedIn(200),
      check: async (s, actor, _res, call) => expect((await rowsAbout(s, call)).length).toBe(actor === 'owner' ? 0 : 1),
    },
  }
}

/**
 * The three routes of a list of the reader's own things made and ended from the web app's session
 * (tokens, devices) at `path`: POST makes one that is the caller's; GET shows the owner's (`owners`
 * makes one, its id) to the owner only; DELETE of the owner's ends it for the owner only.
 */
function ownListRoutes(
  path: string,
  table: 'personalTokens' | 'devices',
  payload: (actor: Actor) => object,
  owners: (s: Scene) => Promise<string>,
): Record<string, Entry> {
  const rowOf = (s: Scene, id: string) => s.ctx.db.selectFrom(table).select('userId').where('id', '=', id).executeTakeFirst()
  return {
    [`POST ${path}`]: {
      request: (_s, actor) => ({ url: path, payload: payload(actor) }),
      status: signedIn(201),
      check: async (s, actor, res) => {
        if (actor === 'anonymous') return
        expect((await rowOf(s, res.json()._id))?.userId).toBe(userOf(s, actor)!.id)
      },
    },
    [`GET ${path}`]: {
      request: async (s) => (await owners(s), { url: path }),
      status: signedIn(200),
      check: (_s, actor, res) => actor !== 'anonymous' && expect(ids(res).length > 0).toBe(actor === 'owner'),
    },
    [`DELETE ${path}/{id}`]: {
      request: async (s) => ({ url: `${path}/${await owners(s)}` }),
      status: ownerOnly(204),
      check: async (s, actor, _res, call) => expect(Boolean(await rowOf(s, call.url.split('/').pop()!))).toBe(actor !== 'owner'),
    },
  }
}

const MATRIX: Record<string, Entry> = {
  // Sign-up and sign-in: the body decides, whatever token is sent along.
  'POST /api/auth/register': {
    request: (_s, actor) => {
      const u = `reg_${actor}_${Math.random().toString(36).slice(2, 9)}`
      return { url: '/api/auth/register', payload: { name: u, username: u, email: `${u}@example.test`, password: 'quiet-lantern-7', userType: 'Reader' } }
    },
    status: everyone(201),
    check: (s, actor, res, call) => {
      const body = res.json()
      expect(body.user.username).toBe((call.payload as { username: string }).username)
      expect(body.user._id).not.toBe(userOf(s, actor)?.id)
    },
  },
  'POST /api/auth/login': {
    request: (s) => ({ url: '/api/auth/login', payload: { email: s.owner.email, password: TEST_PASSWORD } }),
    status: everyone(200),
    check: (s, _actor, res) => expect(res.json().user._id).toBe(s.owner.id),
  },
  'POST /api/auth/logout': {
    request: () => ({ url: '/api/auth/logout' }),
    status: signedIn(204),
    check: async (s, actor) => {
      // Another reader's logout ends their own session only.
      if (actor === 'other') {
        const mine = await s.ctx.app.inject({ url: '/api/users/me', headers: bearer(s.owner.token) })
        expect(mine.statusCode).toBe(200)
      }
    },
  },
  'PUT /api/users/password': {
    request: (_s, actor) => ({ url: '/api/users/password', payload: { currentPassword: TEST_PASSWORD, newPassword: `new-${actor}-pass-phrase` } }),
    status: signedIn(200),
    check: async (s, actor) => {
      if (actor === 'other') expect((await userRow(s, s.owner.id)).tokenVersion).toBe(0)
      if (actor === 'owner') expect(Number((await userRow(s, s.owner.id)).tokenVersion)).toBe(1)
    },
  },

  // Books: anyone reads; a signed-in reader adds; the reader who added one alone corrects or deletes it
  // (another reader gets the same 404 as for none); a credited reader alone removes their credit.
  'GET /api/books': { request: () => ({ url: '/api/books?limit=5' }), status: everyone(200) },
  'GET /api/books/search': { request: () => ({ url: '/api/books/search?query=book' }), status: everyone(200) },
  'GET /api/books/facets': { request: () => ({ url: '/api/books/facets' }), status: everyone(200) },
  'GET /api/books/by-author/{name}': {
    request: async (s) => ({ url: `/api/books/by-author/${encodeURIComponent((await ownersBook(s)).book.author)}?limit=5` }),
    status: everyone(200),
    check: (_s, _a, res) => expect(ids(res)).toHaveLength(1),
  },
  'GET /api/books/by-publisher/{name}': { request: () => ({ url: '/api/books/by-publisher/Test%20Press?limit=5' }), status: everyone(200) },
  'GET /api/books/duplicates': {
    request: async (s) => {
      const { book } = await ownersBook(s)
      const row = await s.ctx.db.selectFrom('books').select(['title', 'author']).where('id', '=', book.id).executeTakeFirstOrThrow()
      return { url: `/api/books/duplicates?title=${encodeURIComponent(row.title)}&author=${encodeURIComponent(row.author)}` }
    },
    status: everyone(200),
    // The same public book for everyone: no viewer's list flags ride along.
    check: (_s, _actor, res) => {
      const [first] = res.json() as { book: Record<string, unknown> }[]
      expect(first?.book.inWishlist).toBeUndefined()
    },
  },
  'GET /api/books/{id}': {
    request: async (s) => ({ url: `/api/books/${(await ownersBook(s)).book.id}` }),
    status: everyone(200),
    check: (_s, actor, res) => {
      // The owner's lists show only to the owner; another reader sees their own (empty) flags.
      const body = res.json()
      if (actor === 'anonymous') expect(body.inWishlist).toBeUndefined()
      else
        expect({ inWishlist: body.inWishlist, inRecentlyRead: body.inRecentlyRead }).toEqual(
          actor === 'owner' ? { inWishlist: true, inRecentlyRead: true } : { inWishlist: false, inRecentlyRead: false },
        )
    },
  },
  'POST /api/books': {
    request: (_s, actor) => ({ url: '/api/books', payload: { title: `Matrix ${actor}`, author: 'Someone', role: 'none' } }),
    status: signedIn(201),
    check: async (s, actor, res) => {
      if (actor === 'anonymous') return
      const row = await s.ctx.db.selectFrom('books').select(['listedByUserId', 'createdByUserId']).where('id', '=', res.json()._id).executeTakeFirstOrThrow()
      expect(row).toEqual({ listedByUserId: userOf(s, actor)!.id, createdByUserId: userOf(s, actor)!.id })
    },
  },

  'PUT /api/books/{id}': {
    request: async (s, actor) => {
      const book = await insertBook(s.ctx.db, { title: 'Matrix original', listedByUserId: s.owner.id, createdByUserId: s.owner.id })
      return { url: `/api/books/${book.id}`, payload: { title: `Corrected by ${actor}`, author: 'Someone', role: 'none' } }
    },
    status: ownerOnly(200),
    check: async (s, actor, res, call) => {
      const row = await s.ctx.db.selectFrom('books').select(['title', 'createdByUserId']).where('id', '=', call.url.split('/').pop()!).executeTakeFirstOrThrow()
      expect(row).toEqual({ title: actor === 'owner' ? 'Corrected by owner' : 'Matrix original', createdByUserId: s.owner.id })
      if (actor === 'other') expect(res.json().message).toBe(MESSAGES.bookNotFound)
    },
  },
  'DELETE /api/books/{id}': {
    request: async (s) => ({ url: `/api/books/${(await ownersBook(s)).book.id}` }),
    status: ownerOnly(204),
    check: async (s, actor, _res, call) => {
      const bookId = call.url.split('/').pop()!
      const left = await s.ctx.db.selectFrom('books').select('id').where('id', '=', bookId).executeTakeFirst()
      expect(Boolean(left)).toBe(actor !== 'owner')
      // The owner's own review and list entries went with it; nothing of theirs stays pointing at nothing.
      const reviews = await s.ctx.db.selectFrom('reviews').select('id').where('bookId', '=', bookId).execute()
      expect(reviews.length).toBe(actor === 'owner' ? 0 : 1)
    },
  },
  'GET /api/books/{id}/history': {
    request: async (s) => {
      const book = await insertBook(s.ctx.db, { listedByUserId: s.owner.id, createdByUserId: s.owner.id })
      const payload = { title: book.title, author: book.author, description: 'Corrected', role: 'none' }
      await s.ctx.app.inject({ method: 'PUT', url: `/api/books/${book.id}`, headers: bearer(s.owner.token), payload })
      return { url: `/api/books/${book.id}/history` }
    },
    // Public, as the catalogue is: who changed what on a book.
    status: everyone(200),
    check: (s, _actor, res) => expect((res.json() as { editedBy: { username: string } | null }[]).map((e) => e.editedBy?.username)).toContain(s.owner.username),
  },
  // Editions (decision 0027): anyone reads a work's editions; a signed-in reader adds one (an e-book needs no ISBN).
  'GET /api/books/{id}/editions': {
    request: async (s) => ({ url: `/api/books/${(await ownersBook(s)).book.id}/editions` }),
    status: everyone(200),
    check: (_s, _actor, res) => expect((res.json() as { primary: boolean }[]).map((e) => e.primary)).toEqual([true]),
  },
  'POST /api/books/{id}/editions': {
    request: async (s) => ({ url: `/api/books/${(await ownersBook(s)).book.id}/editions`, payload: { format: 'ebook' } }),
    status: signedIn(201),
    check: async (s, actor, res, call) => {
      if (actor === 'anonymous') return
      const bookId = call.url.split('/')[3]!
      const row = await s.ctx.db.selectFrom('editions').select(['bookId', 'createdByUserId']).where('id', '=', res.json()._id).executeTakeFirstOrThrow()
      expect(row).toEqual({ bookId, createdByUserId: userOf(s, actor)!.id })
    },
  },
  'DELETE /api/books/{id}/credit': {
    request: async (s) => ({
      url: `/api/books/${(await insertBook(s.ctx.db, { authorUserId: s.owner.id, listedByUserId: s.other.id, createdByUserId: s.other.id })).id}/credit`,
    }),
    status: ownerOnly(200),
    check: async (s, actor, _res, call) => {
      const row = await s.ctx.db
        .selectFrom('books')
        .select(['authorUserId', 'listedByUserId'])
        .where('id', '=', call.url.split('/')[3]!)
        .executeTakeFirstOrThrow()
      expect(row).toEqual({ authorUserId: actor === 'owner' ? null : s.owner.id, listedByUserId: s.other.id })
    },
  },

  // Reviews: anyone reads; the author alone edits or deletes (another reader gets the same 404 as for none).
  'GET /api/reviews/book/{bookId}': { request: async (s) => ({ url: `/api/reviews/book/${(await ownersBook(s)).book.id}` }), status: everyone(200) },
  'GET /api/reviews/book/{bookId}/mine': {
    request: async (s) => ({ url: `/api/reviews/book/${(await ownersBook(s)).book.id}/mine` }),
    // Another reader has no review of the owner's book: the same 404 as for a book nobody reviewed.
    status: ownerOnly(200),
    check: (s, actor, res) => {
      if (actor === 'owner') expect(res.json().user._id).toBe(s.owner.id)
      if (actor === 'other') expect(res.json().message).toBe(MESSAGES.reviewNotFound)
    },
  },
  'POST /api/reviews/book/{bookId}': {
    request: async (s) => ({ url: `/api/reviews/book/${(await insertBook(s.ctx.db)).id}`, payload: { rating: 4, comment: 'Matrix review' } }),
    status: signedIn(201),
    check: (s, actor, res) => actor !== 'anonymous' && expect(res.json().user._id).toBe(userOf(s, actor)!.id),
  },
  'GET /api/reviews/recent': { request: () => ({ url: '/api/reviews/recent' }), status: everyone(200) },
  'GET /api/reviews/popular-week': { request: () => ({ url: '/api/reviews/popular-week' }), status: everyone(200) },
  'PUT /api/reviews/{id}': {
    request: async (s) => ({ url: `/api/reviews/${(await ownersBook(s)).review.id}`, payload: { rating: 1, comment: 'Changed' } }),
    status: ownerOnly(200),
    check: async (s, actor, _res, call) => {
      const row = await reviewRow(s, call.url.split('/').pop()!)
      expect({ rating: row?.rating, changed: row?.comment === 'Changed' }).toEqual(
        actor === 'owner' ? { rating: 1, changed: true } : { rating: 5, changed: false },
      )
      if (actor === 'other') expect(_res.json().message).toBe(MESSAGES.reviewNotFound)
    },
  },
  'DELETE /api/reviews/{id}': {
    // keepRating (decision 0036) gives nobody else's stars to anyone: the review stays, and no entry of theirs is rated.
    request: async (s) => ({ url: `/api/reviews/${(await ownersBook(s)).review.id}?keepRating=true` }),
    status: ownerOnly(204),
    check: async (s, actor, _res, call) => {
      expect(Boolean(await reviewRow(s, call.url.split('/').pop()!.split('?')[0]!))).toBe(actor !== 'owner')
      if (actor === 'other') {
        const rated = await s.ctx.db.selectFrom('readingEntries').select('rating').where('userId', '=', s.other.id).where('rating', 'is not', null).execute()
        expect(rated).toEqual([])
      }
    },
  },
  // Discussions (decision 0043): anyone reads, the opening post withheld (text null) from everyone but
  // its author, who has not reached page 50; a signed-in reader starts and posts; the author alone
  // edits or deletes a post (another reader gets the same 404 as for none).
  'GET /api/books/{id}/discussions': {
    request: async (s) => ({ url: `/api/books/${(await ownersThread(s)).bookId}/discussions?limit=5` }),
    status: everyone(200),
    check: (_s, actor, res) =>
      expect((res.json() as { firstPost: { text: string | null } }[])[0]!.firstPost.text).toBe(actor === 'owner' ? 'secret ending' : null),
  },
  'POST /api/books/{id}/discussions': {
    request: async (s) => ({ url: `/api/books/${(await insertBook(s.ctx.db)).id}/discussions`, payload: { title: 'New', text: 'Hello' } }),
    status: signedIn(201),
    check: (s, actor, res) => actor !== 'anonymous' && expect(res.json().user._id).toBe(userOf(s, actor)!.id),
  },
  'GET /api/discussions/{id}': {
    request: async (s) => ({ url: `/api/discussions/${(await ownersThread(s)).discussionId}` }),
    status: everyone(200),
    check: (_s, actor, res) => expect(res.json().firstPost.text).toBe(actor === 'owner' ? 'secret ending' : null),
  },
  'GET /api/discussions/{id}/posts': {
    request: async (s) => ({ url: `/api/discussions/${(await ownersThread(s)).discussionId}/posts?reveal=all` }),
    status: everyone(200),
    check: (_s, _actor, res) => expect((res.json() as { text: string }[]).map((p) => p.text)).toEqual(['secret ending', 'my reply']),
  },
  'POST /api/discussions/{id}/posts': {
    request: async (s) => ({ url: `/api/discussions/${(await ownersThread(s)).discussionId}/posts`, payload: { text: 'Joining in' } }),
    status: signedIn(201),
    check: (s, actor, res) => actor !== 'anonymous' && expect(res.json().user._id).toBe(userOf(s, actor)!.id),
  },
  'PUT /api/posts/{id}': {
    request: async (s) => ({ url: `/api/posts/${(await ownersThread(s)).replyId}`, payload: { text: 'Changed' } }),
    status: ownerOnly(200),
    check: async (s, actor, _res, call) => expect((await postRow(s, call.url.split('/').pop()!))?.text).toBe(actor === 'owner' ? 'Changed' : 'my reply'),
  },
  'DELETE /api/posts/{id}': {
    request: async (s) => ({ url: `/api/posts/${(await ownersThread(s)).replyId}` }),
    status: ownerOnly(204),
    check: async (s, actor, _res, call) => expect(Boolean(await postRow(s, call.url.split('/').pop()!))).toBe(actor !== 'owner'),
  },
  'GET /api/users/reviews/{id}': { request: async (s) => (await ownersBook(s), { url: `/api/users/reviews/${s.owner.id}` }), status: everyone(200) },

  // Likes and comments on reviews (decisions 0041, 0042): any signed-in reader likes and comments;
  // only a comment's writer edits it, and its writer (or the review's) deletes it.
  'PUT /api/reviews/{id}/like': {
    request: async (s) => ({ url: `/api/reviews/${(await ownersBook(s)).review.id}/like` }),
    status: signedIn(200),
    check: (_s, actor, res) => actor !== 'anonymous' && expect(res.json()).toEqual({ likes: 1, likedByMe: true }),
  },
  'DELETE /api/reviews/{id}/like': {
    request: async (s) => ({ url: `/api/reviews/${(await ownersBook(s)).review.id}/like` }),
    status: signedIn(200),
    check: (_s, actor, res) => actor !== 'anonymous' && expect(res.json()).toEqual({ likes: 0, likedByMe: false }),
  },
  'GET /api/reviews/{id}/likes': { request: async (s) => ({ url: `/api/reviews/${(await ownersBook(s)).review.id}/likes` }), status: everyone(200) },
  'GET /api/reviews/{id}/comments': { request: async (s) => ({ url: `/api/reviews/${(await ownersComment(s)).reviewId}/comments` }), status: everyone(200) },
  'POST /api/reviews/{id}/comments': {
    request: async (s) => ({ url: `/api/reviews/${(await ownersBook(s)).review.id}/comments`, payload: { text: 'Matrix comment' } }),
    status: signedIn(201),
    check: (s, actor, res) => actor !== 'anonymous' && expect(res.json().user._id).toBe(userOf(s, actor)!.id),
  },
  'PUT /api/comments/{id}': {
    request: async (s) => ({ url: `/api/comments/${(await ownersComment(s)).id}`, payload: { text: 'Changed' } }),
    status: ownerOnly(200),
    check: async (s, actor, res, call) => {
      const row = await commentRow(s, call.url.split('/').pop()!)
      expect(row?.text === 'Changed').toBe(actor === 'owner')
      if (actor === 'other') expect(res.json().message).toBe(MESSAGES.commentNotFound)
    },
  },
  'DELETE /api/comments/{id}': {
    request: async (s) => ({ url: `/api/comments/${(await ownersComment(s)).id}` }),
    status: ownerOnly(204),
    check: async (s, actor, _res, call) => expect(Boolean(await commentRow(s, call.url.split('/').pop()!))).toBe(actor !== 'owner'),
  },
  'PUT /api/comments/{id}/like': { request: async (s) => ({ url: `/api/comments/${(await ownersComment(s)).id}/like` }), status: signedIn(200) },
  'DELETE /api/comments/{id}/like': { request: async (s) => ({ url: `/api/comments/${(await ownersComment(s)).id}/like` }), status: signedIn(200) },

  // Profiles: public, but the e-mail only to its owner (checked for every body below); each edits only their own.
  'GET /api/users/profile/{id}': {
    request: (s) => ({ url: `/api/users/profile/${s.owner.id}` }),
    status: everyone(200),
    check: (s, actor, res) => expect(res.json().email).toBe(actor === 'owner' ? s.owner.email : undefined),
  },
  'GET /api/users/me': {
    request: () => ({ url: '/api/users/me' }),
    status: signedIn(200),
    check: (s, actor, res) => actor !== 'anonymous' && expect(res.json()).toMatchObject({ _id: userOf(s, actor)!.id, email: userOf(s, actor)!.email }),
  },
  'GET /api/users/by-username/{username}': {
    request: (s) => ({ url: `/api/users/by-username/${s.owner.username.toUpperCase()}` }),
    status: everyone(200),
    check: (s, actor, res) => expect(res.json().email).toBe(actor === 'owner' ? s.owner.email : undefined),
  },
  'PUT /api/users/profile/update': {
    request: (_s, actor) => ({ url: '/api/users/profile/update', payload: { bio: `Bio set by ${actor}`, name: `Name by ${actor}` } }),
    status: signedIn(200),
    check: async (s, actor, res) => {
      if (actor !== 'anonymous') expect(res.json()._id).toBe(userOf(s, actor)!.id)
      const owner = await userRow(s, s.owner.id)
      expect(owner.bio).toBe(actor === 'owner' ? 'Bio set by owner' : '')
    },
  },
  'GET /api/users/search': { request: (s) => ({ url: `/api/users/search?query=${s.owner.username}` }), status: everyone(200) },
  'GET /api/users/bio/{id}': { request: (s) => ({ url: `/api/users/bio/${s.owner.id}` }), status: everyone(200) },
  'GET /api/users/profile-image/{id}': { request: (s) => ({ url: `/api/users/profile-image/${s.owner.id}` }), status: everyone(200) },
  'GET /api/users/follower-count/{id}': { request: (s) => ({ url: `/api/users/follower-count/${s.owner.id}` }), status: everyone(200) },
  'GET /api/users/following-count/{id}': { request: (s) => ({ url: `/api/users/following-count/${s.owner.id}` }), status: everyone(200) },
  'GET /api/users/followers/{id}': { request: (s) => ({ url: `/api/users/followers/${s.owner.id}` }), status: everyone(200) },
  'GET /api/users/following/{id}': { request: (s) => ({ url: `/api/users/following/${s.owner.id}` }), status: everyone(200) },
  // A reader's year in numbers is as public as their profile; goals are set by each reader for themself.
  'GET /api/users/{id}/stats/{year}': {
    request: async (s) => (await ownersBook(s), { url: `/api/users/${s.owner.id}/stats/2025` }),
    status: everyone(200),
  },
  'GET /api/users/{id}/stats/{year}/books': {
    request: async (s) => {
      const { book } = await ownersBook(s)
      await s.ctx.app.inject({ method: 'POST', url: `/api/books/${book.id}/reads`, headers: bearer(s.owner.token), payload: { finishedOn: '2025-04-04' } })
      return { url: `/api/users/${s.owner.id}/stats/2025/books` }
    },
    // The year's books are as public as the year's figures: everyone sees the owner's book.
    status: everyone(200),
    check: (_s, _actor, res) => expect((res.json() as unknown[]).length).toBeGreaterThan(0),
  },
  'GET /api/users/{id}/stats/{year}/image.png': {
    request: (s) => ({ url: `/api/users/${s.owner.id}/stats/2025/image.png` }),
    status: everyone(200),
  },
  'PUT /api/me/goals/{year}': {
    request: () => ({ url: '/api/me/goals/2031', payload: { books: 12 } }),
    status: signedIn(200),
    check: async (s, actor) => {
      const goals = await s.ctx.db.selectFrom('readingGoals').select('userId').where('year', '=', 2031).execute()
      if (actor === 'anonymous') expect(goals).toEqual([])
      else expect(goals.map((g) => g.userId)).toContain(userOf(s, actor)!.id)
    },
  },
  'GET /api/users/{id}/stats': {
    request: async (s) => (await ownersBook(s), { url: `/api/users/${s.owner.id}/stats` }),
    status: everyone(200),
    // The wishlist is private: its size too.
    check: (_s, actor, res) => (actor === 'owner' ? expect(res.json().wishlistCount).toBeGreaterThan(0) : expect(res.json().wishlistCount).toBeNull()),
  },
  'PUT /api/users/follow/{userId}': {
    request: async (s) => ({ url: `/api/users/follow/${(await insertUser(s.ctx.db)).id}` }),
    status: signedIn(200),
    check: async (s, actor, _res, call) => {
      const target = call.url.split('/').pop()!
      const rows = await s.ctx.db.selectFrom('follows').select('followerId').where('followeeId', '=', target).execute()
      expect(rows.map((r) => r.followerId)).toEqual(actor === 'anonymous' ? [] : [userOf(s, actor)!.id])
    },
  },
  'GET /api/users/followed-users-books': {
    request: async (s) => {
      const followed = await insertUser(s.ctx.db)
      await insertFollow(s.ctx.db, s.owner.id, followed.id)
      await insertReview(s.ctx.db, { userId: followed.id })
      return { url: '/api/users/followed-users-books' }
    },
    status: signedIn(200),
    check: (_s, actor, res) => actor !== 'anonymous' && expect(res.json().length > 0).toBe(actor === 'owner'),
  },

  // Shelves: the caller's own lists; a toggle never touches another reader's.
  'GET /api/users/wishlist': {
    request: async (s) => (await ownersBook(s), { url: '/api/users/wishlist' }),
    status: signedIn(200),
    check: (_s, actor, res) => actor !== 'anonymous' && expect(ids(res).length > 0).toBe(actor === 'owner'),
  },
  'GET /api/users/recently-read': {
    request: async (s) => (await ownersBook(s), { url: '/api/users/recently-read' }),
    status: signedIn(200),
    check: (_s, actor, res) => actor !== 'anonymous' && expect(ids(res).length > 0).toBe(actor === 'owner'),
  },
  'GET /api/users/recently-read/{id}': {
    request: async (s) => (await ownersBook(s), { url: `/api/users/recently-read/${s.owner.id}` }),
    status: everyone(200),
  },
  'GET /api/users/listed-books': {
    request: async (s) => (await ownersBook(s), { url: '/api/users/listed-books' }),
    status: signedIn(200),
    check: (_s, actor, res) => actor !== 'anonymous' && expect(ids(res).length > 0).toBe(actor === 'owner'),
  },
  'GET /api/users/listed-books/{id}': { request: (s) => ({ url: `/api/users/listed-books/${s.owner.id}` }), status: everyone(200) },
  'GET /api/users/created-books': {
    request: async (s) => {
      await insertBook(s.ctx.db, { createdByUserId: s.owner.id, authorUserId: s.owner.id })
      return { url: '/api/users/created-books' }
    },
    status: signedIn(200),
    check: (_s, actor, res) => actor !== 'anonymous' && expect(ids(res).length > 0).toBe(actor === 'owner'),
  },
  'GET /api/users/created-books/{id}': { request: (s) => ({ url: `/api/users/created-books/${s.owner.id}` }), status: everyone(200) },
  'GET /api/users/credited-books': {
    request: async (s) => {
      await insertBook(s.ctx.db, { authorUserId: s.owner.id, createdByUserId: s.other.id, listedByUserId: s.other.id })
      return { url: '/api/users/credited-books' }
    },
    status: signedIn(200),
    check: (_s, actor, res) => actor !== 'anonymous' && expect(ids(res).length > 0).toBe(actor === 'owner'),
  },
  'GET /api/users/credited-books/{id}': { request: (s) => ({ url: `/api/users/credited-books/${s.owner.id}` }), status: everyone(200) },
  'PUT /api/users/addtowishlist/{bookId}': {
    request: async (s) => ({ url: `/api/users/addtowishlist/${(await ownersBook(s)).book.id}` }),
    status: signedIn(200),
    check: async (s, actor, res, call) => {
      const bookId = call.url.split('/').pop()!
      const holders = (await s.ctx.db.selectFrom('wishlist').select('userId').where('bookId', '=', bookId).execute()).map((r) => r.userId)
      // The owner had it: the owner's toggle takes it off; another reader's adds it to their own list only.
      expect(holders.sort()).toEqual(actor === 'other' ? [s.owner.id, s.other.id].sort() : actor === 'owner' ? [] : [s.owner.id])
      if (actor !== 'anonymous') expect(res.json().inWishlist).toBe(actor === 'other')
    },
  },
  'PUT /api/users/addto-recently-read/{bookId}': {
    request: async (s) => ({ url: `/api/users/addto-recently-read/${(await ownersBook(s)).book.id}` }),
    status: signedIn(200),
    check: async (s, actor, _res, call) => {
      const bookId = call.url.split('/').pop()!
      const readers = (await s.ctx.db.selectFrom('reads').select('userId').where('bookId', '=', bookId).execute()).map((r) => r.userId)
      expect(readers.sort()).toEqual(actor === 'other' ? [s.owner.id, s.other.id].sort() : actor === 'owner' ? [] : [s.owner.id])
    },
  },

  // The reading log (decision 0018): entries are the caller's own; reads change only for their reader.
  'GET /api/books/{id}/reading': {
    request: async (s) => ({ url: `/api/books/${(await ownersBook(s)).book.id}/reading` }),
    status: signedIn(200),
    check: (_s, actor, res) => actor !== 'anonymous' && expect(res.json().reads.length).toBe(actor === 'owner' ? 1 : 0),
  },
  'PUT /api/books/{id}/reading': {
    request: async (s) => ({ url: `/api/books/${(await ownersBook(s)).book.id}/reading`, payload: { status: 'dnf' } }),
    status: signedIn(200),
    check: async (s, actor, _res, call) => {
      const bookId = call.url.split('/')[3]!
      const owners = await s.ctx.db
        .selectFrom('readingEntries')
        .select('status')
        .where('userId', '=', s.owner.id)
        .where('bookId', '=', bookId)
        .executeTakeFirst()
      expect(owners?.status).toBe(actor === 'owner' ? 'dnf' : 'want')
    },
  },
  'POST /api/books/{id}/reads': {
    request: async (s) => ({ url: `/api/books/${(await ownersBook(s)).book.id}/reads`, payload: { finishedOn: '2020-01' } }),
    status: signedIn(201),
    check: async (s, actor, _res, call) => {
      const bookId = call.url.split('/')[3]!
      const rows = await s.ctx.db.selectFrom('readThroughs').select('userId').where('bookId', '=', bookId).execute()
      expect(rows.filter((r) => r.userId === s.owner.id)).toHaveLength(actor === 'owner' ? 2 : 1)
    },
  },
  'PUT /api/reads/{id}': {
    request: async (s) => ({ url: `/api/reads/${await ownersRead(s)}`, payload: { startedOn: '1999' } }),
    status: ownerOnly(200),
    check: async (s, actor, _res, call) => expect((await readRow(s, call.url.split('/').pop()!))?.startedOn ?? null).toBe(actor === 'owner' ? '1999' : null),
  },
  'DELETE /api/reads/{id}': {
    request: async (s) => ({ url: `/api/reads/${await ownersRead(s)}` }),
    status: ownerOnly(204),
    check: async (s, actor, _res, call) => expect(Boolean(await readRow(s, call.url.split('/').pop()!))).toBe(actor !== 'owner'),
  },
  'POST /api/reads/{id}/restore': {
    request: async (s) => ({ url: `/api/reads/${await ownersRead(s)}/restore` }),
    status: ownerOnly(200),
  },
  // A reader's own shelves (decision 0028): others see the public ones only; each reader writes only their own.
  'GET /api/users/{id}/shelves': {
    request: async (s) => {
      await ownersShelf(s, true)
      await ownersShelf(s, false)
      return { url: `/api/users/${s.owner.id}/shelves` }
    },
    status: everyone(200),
    check: (_s, actor, res) => {
      const seen = new Set((res.json() as { public: boolean }[]).map((x) => x.public))
      expect([...seen].sort()).toEqual(actor === 'owner' ? [false, true] : [true])
    },
  },
  'POST /api/me/shelves': {
    request: (_s, actor) => ({ url: '/api/me/shelves', payload: { name: `matrix-${actor}`, public: true } }),
    status: signedIn(201),
    check: async (s, actor, res) => {
      if (actor === 'anonymous') return
      const row = await s.ctx.db.selectFrom('shelves').select('userId').where('id', '=', res.json()._id).executeTakeFirstOrThrow()
      expect(row.userId).toBe(userOf(s, actor)!.id)
    },
  },
  'PUT /api/me/shelves/{id}': {
    request: async (s, actor) => ({ url: `/api/me/shelves/${await ownersShelf(s, false)}`, payload: { name: `renamed-by-${actor}` } }),
    status: ownerOnly(200),
    check: async (s, actor, _res, call) => {
      const row = await s.ctx.db.selectFrom('shelves').select('name').where('id', '=', call.url.split('/').pop()!).executeTakeFirstOrThrow()
      expect(row.name.startsWith('renamed-by-')).toBe(actor === 'owner')
    },
  },
  'DELETE /api/me/shelves/{id}': {
    request: async (s) => ({ url: `/api/me/shelves/${await ownersShelf(s, true)}` }),
    status: ownerOnly(204),
    check: async (s, actor, _res, call) => {
      const row = await s.ctx.db.selectFrom('shelves').select('id').where('id', '=', call.url.split('/').pop()!).executeTakeFirst()
      expect(Boolean(row)).toBe(actor !== 'owner')
    },
  },
  'GET /api/books/{id}/shelves': {
    request: async (s) => {
      const { book } = await ownersBook(s)
      await s.ctx.app.inject({ method: 'PUT', url: `/api/books/${book.id}/shelves`, headers: bearer(s.owner.token), payload: { names: ['matrix-mine'] } })
      return { url: `/api/books/${book.id}/shelves` }
    },
    // The caller's own shelves of the book: the owner's placement shows to the owner alone.
    status: signedIn(200),
    check: (_s, actor, res) => {
      if (actor !== 'anonymous') expect((res.json() as { name: string }[]).map((x) => x.name)).toEqual(actor === 'owner' ? ['matrix-mine'] : [])
    },
  },
  'PUT /api/books/{id}/shelves': {
    request: async (s) => ({ url: `/api/books/${(await ownersBook(s)).book.id}/shelves`, payload: { names: ['matrix-set'] } }),
    status: signedIn(200),
    check: async (s, actor) => {
      if (actor === 'anonymous') return
      const rows = await s.ctx.db.selectFrom('shelves').select('userId').where('name', '=', 'matrix-set').execute()
      expect(rows.map((r) => r.userId)).toContain(userOf(s, actor)!.id)
    },
  },
  'GET /api/users/{id}/library': {
    request: async (s) => {
      await ownersBook(s)
      return { url: `/api/users/${s.owner.id}/library?status=want` }
    },
    status: everyone(200),
    // Want to Read is private, as the spec's wishlist is.
    check: (_s, actor, res) => expect((res.json() as unknown[]).length > 0).toBe(actor === 'owner'),
  },
  'GET /api/users/{id}/library/counts': {
    request: async (s) => {
      await ownersBook(s)
      return { url: `/api/users/${s.owner.id}/library/counts` }
    },
    status: everyone(200),
    check: (_s, actor, res) => expect(res.json().want > 0).toBe(actor === 'owner'),
  },

  'POST /api/upload': {
    request: async () => {
      const { payload, headers } = multipart([{ name: 'image', value: await smallPng(), filename: 'a.png', contentType: 'image/png' }])
      return { url: '/api/upload', payload, headers }
    },
    status: signedIn(201),
  },

  // Library imports (decision 0020): a signed-in reader sends a file; each import is its reader's alone.
  'POST /api/imports': {
    request: () => {
      const { payload, headers } = multipart([
        {
          name: 'file',
          value: 'Title,Author,ISBN,ISBN13,My Rating,Exclusive Shelf\r\nA Book,An Author,,,0,to-read\r\n',
          filename: 'a.csv',
          contentType: 'text/csv',
        },
      ])
      return { url: '/api/imports', payload, headers }
    },
    status: signedIn(202),
  },
  'GET /api/imports': {
    request: async (s) => (await ownersImport(s), { url: '/api/imports' }),
    status: signedIn(200),
    check: (_s, actor, res) =>
      actor !== 'anonymous' && expect((res.json() as { fileName: string }[]).some((j) => j.fileName === 'mine.csv')).toBe(actor === 'owner'),
  },
  // Books an import of the caller's made (decision 0032): theirs alone to list.
  'GET /api/me/imported-books': {
    request: async (s) => {
      const book = await insertBook(s.ctx.db, { title: 'Imported by the owner', listedByUserId: s.owner.id, createdByUserId: s.owner.id })
      await s.ctx.db.updateTable('books').set({ importedByUserId: s.owner.id }).where('id', '=', book.id).execute()
      return { url: '/api/me/imported-books' }
    },
    status: signedIn(200),
    check: (_s, actor, res) =>
      actor !== 'anonymous' &&
      expect((res.json() as { book: { title: string } }[]).some((b) => b.book.title === 'Imported by the owner')).toBe(actor === 'owner'),
  },
  // The followed feed (decision 0050): each reader sees what the people they follow did.
  'GET /api/me/feed': {
    request: async (s) => {
      const writer = await insertUser(s.ctx.db)
      await insertFollow(s.ctx.db, s.owner.id, writer.id)
      await insertReview(s.ctx.db, { userId: writer.id, comment: 'Followed by the owner' })
      return { url: '/api/me/feed' }
    },
    status: signedIn(200),
    check: (_s, actor, res) => actor !== 'anonymous' && expect((res.json() as { type: string }[]).some((i) => i.type === 'review')).toBe(actor === 'owner'),
  },
  // The talk about a reader's credited books (decision 0059): anyone reads it, a positioned comment
  // withheld (text null) from everyone but its writer, who has not reached page 50.
  'GET /api/users/credited-discussion/{id}': {
    request: async (s) => {
      const book = await insertBook(s.ctx.db, { authorUserId: s.other.id })
      const review = await insertReview(s.ctx.db, { bookId: book.id })
      const res = await s.ctx.app.inject({
        method: 'POST',
        url: `/api/reviews/${review.id}/comments`,
        headers: bearer(s.owner.token),
        payload: { text: 'secret ending', position: { page: 50 } },
      })
      expect(res.statusCode).toBe(201)
      return { url: `/api/users/credited-discussion/${s.other.id}` }
    },
    status: everyone(200),
    check: (_s, actor, res) =>
      expect((res.json() as { type: string; text: string | null }[]).find((i) => i.type === 'comment')?.text).toBe(actor === 'owner' ? 'secret ending' : null),
  },
  // Who sees the reading log (decision 0055): each reader's own setting; the visibility × viewer matrix is below.
  'GET /api/me/privacy': {
    request: () => ({ url: '/api/me/privacy' }),
    status: signedIn(200),
    check: (_s, a, res) => a !== 'anonymous' && expect(res.json()).toEqual({ readingLog: 'public' }),
  },
  'PUT /api/me/privacy': {
    request: () => ({ url: '/api/me/privacy', payload: { readingLog: 'followers' } }),
    status: signedIn(200),
    // The actors call in turn (anonymous, other, owner): each changes their own row alone.
    check: async (s, actor) => {
      const [owner, other] = [(await userRow(s, s.owner.id)).readingLog, (await userRow(s, s.other.id)).readingLog]
      expect([owner, other]).toEqual(actor === 'anonymous' ? ['public', 'public'] : actor === 'other' ? ['public', 'followers'] : ['followers', 'followers'])
    },
  },
  'POST /api/me/privacy/apply': {
    request: async (s) => (await ownersBook(s), { url: '/api/me/privacy/apply', payload: { visibility: 'private' } }),
    status: signedIn(200),
    check: async (s, actor, res) => {
      if (actor !== 'anonymous') expect(res.json().changed > 0).toBe(actor === 'owner')
      expect((await userRow(s, s.owner.id)).readingLog).toBe(actor === 'owner' ? 'private' : 'public')
    },
  },
  'GET /api/imports/{id}': { request: async (s) => ({ url: `/api/imports/${await ownersImport(s)}` }), status: ownerOnly(200) },
  'GET /api/imports/{id}/rows': { request: async (s) => ({ url: `/api/imports/${await ownersImport(s)}/rows` }), status: ownerOnly(200) },
  'GET /api/imports/{id}/rows.csv': { request: async (s) => ({ url: `/api/imports/${await ownersImport(s)}/rows.csv` }), status: ownerOnly(200) },
  'POST /api/imports/{id}/rows/{line}/resolve': {
    request: async (s) => ({ url: `/api/imports/${await ownersImport(s)}/rows/2/resolve`, payload: { action: 'skip' } }),
    status: ownerOnly(200),
    check: async (s, actor, _res, call) => {
      const row = await s.ctx.db.selectFrom('importRows').select('outcome').where('importId', '=', call.url.split('/')[3]!).executeTakeFirstOrThrow()
      expect(row.outcome).toBe(actor === 'owner' ? 'skipped' : 'needs_review')
    },
  },

  // Merging duplicates (decision 0030): any signed-in reader proposes; a moderator (here the owner) or a trusted reader applies and reverts.
  'POST /api/merge-proposals': {
    request: async (s) => ({ url: '/api/merge-proposals', payload: { kind: 'work', ids: [(await insertBook(s.ctx.db)).id, (await insertBook(s.ctx.db)).id] } }),
    status: signedIn(201),
    check: (s, actor, res) => actor !== 'anonymous' && expect(res.json().proposedBy._id).toBe(userOf(s, actor)!.id),
  },
  'GET /api/merge-proposals': {
    request: () => ({ url: '/api/merge-proposals?limit=5' }),
    status: everyone(200),
  },
  'GET /api/merge-proposals/{id}': {
    request: async (s) => ({ url: `/api/merge-proposals/${await ownersProposal(s)}` }),
    status: everyone(200),
  },
  'POST /api/merge-proposals/{id}/apply': {
    request: async (s) => ({ url: `/api/merge-proposals/${await ownersProposal(s, { moderator: true })}/apply` }),
    status: { anonymous: 401, other: 403, owner: 200 },
    check: async (s, actor, _res, call) => {
      const row = await s.ctx.db.selectFrom('mergeProposals').select('status').where('id', '=', call.url.split('/')[3]!).executeTakeFirstOrThrow()
      expect(row.status).toBe(actor === 'owner' ? 'applied' : 'open')
    },
  },
  'POST /api/merges/{id}/revert': {
    request: async (s) => {
      const proposal = await ownersProposal(s, { moderator: true })
      const res = await s.ctx.app.inject({ method: 'POST', url: `/api/merge-proposals/${proposal}/apply`, headers: bearer(s.owner.token) })
      return { url: `/api/merges/${(res.json() as { merge: { _id: string } }).merge._id}/revert` }
    },
    status: { anonymous: 401, other: 403, owner: 200 },
    check: async (s, actor, _res, call) => {
      const row = await s.ctx.db.selectFrom('bookMerges').select('revertedAt').where('id', '=', call.url.split('/')[3]!).executeTakeFirstOrThrow()
      expect(row.revertedAt !== null).toBe(actor === 'owner')
    },
  },

  // Blocks and mutes (decision 0057): each reader's own, about a third reader.
  'GET /api/users/{id}/safety': {
    request: async (s) => ({ url: `/api/users/${(await insertUser(s.ctx.db)).id}/safety` }),
    status: signedIn(200),
  },
  ...switchRoutes('/api/users/{id}/block', (s) => insertUser(s.ctx.db), 'blocks', ['blockerId', 'blockedId']),
  ...switchRoutes('/api/users/{id}/mute', (s) => insertUser(s.ctx.db), 'userMutes', ['userId', 'mutedId']),
  ...switchRoutes('/api/books/{id}/mute', (s) => insertBook(s.ctx.db), 'bookMutes', ['userId', 'bookId']),
  'GET /api/me/blocks': {
    request: async (s) => {
      const target = await insertUser(s.ctx.db)
      await s.ctx.db.insertInto('blocks').values({ blockerId: s.owner.id, blockedId: target.id, createdAt: new Date().toISOString() }).execute()
      return { url: '/api/me/blocks' }
    },
    status: signedIn(200),
    check: (_s, actor, res) => actor !== 'anonymous' && expect(ids(res).length > 0).toBe(actor === 'owner'),
  },
  'GET /api/me/mutes': {
    request: async (s) => {
      const target = await insertUser(s.ctx.db)
      await s.ctx.db.insertInto('userMutes').values({ userId: s.owner.id, mutedId: target.id, createdAt: new Date().toISOString() }).execute()
      return { url: '/api/me/mutes' }
    },
    status: signedIn(200),
    check: (_s, actor, res) => actor !== 'anonymous' && expect((res.json() as { readers: unknown[] }).readers.length > 0).toBe(actor === 'owner'),
  },
  'GET /api/me/muted-words': {
    request: async (s) => {
      await s.ctx.db.deleteFrom('mutedWords').where('userId', '=', s.owner.id).execute()
      await s.ctx.db.insertInto('mutedWords').values({ userId: s.owner.id, word: 'owners', createdAt: new Date().toISOString() }).execute()
      return { url: '/api/me/muted-words' }
    },
    status: signedIn(200),
    check: (_s, actor, res) => actor !== 'anonymous' && expect((res.json() as { words: string[] }).words.includes('owners')).toBe(actor === 'owner'),
  },
  'PUT /api/me/muted-words': {
    request: (_s, actor) => ({ url: '/api/me/muted-words', payload: { words: [`by-${actor}`] } }),
    status: signedIn(200),
    check: async (s, actor) => {
      if (actor === 'anonymous') return
      const rows = await s.ctx.db.selectFrom('mutedWords').select('word').where('userId', '=', userOf(s, actor)!.id).execute()
      expect(rows.map((r) => r.word)).toEqual([`by-${actor}`])
    },
  },
  // Reports and moderation (decision 0058): anyone signed in reports; a moderator (here the owner) decides.
  'POST /api/reports': {
    request: async (s) => ({ url: '/api/reports', payload: { targetType: 'profile', targetId: (await insertUser(s.ctx.db)).id, reason: 'spam' } }),
    status: signedIn(201),
  },
  'GET /api/me/reports': {
    request: async (s) => {
      await ownersReport(s)
      return { url: '/api/me/reports' }
    },
    status: signedIn(200),
    check: (_s, actor, res) => actor !== 'anonymous' && expect(ids(res).length > 0).toBe(actor === 'owner'),
  },
  'GET /api/moderation/reports': {
    request: async (s) => {
      await s.ctx.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', s.owner.id).execute()
      return { url: '/api/moderation/reports?status=open' }
    },
    status: { anonymous: 401, other: 403, owner: 200 },
  },
  'POST /api/moderation/reports/{id}': {
    request: async (s) => {
      await s.ctx.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', s.owner.id).execute()
      return { url: `/api/moderation/reports/${await ownersReport(s, s.other)}`, payload: { action: 'dismiss', note: 'Nothing wrong' } }
    },
    status: { anonymous: 401, other: 403, owner: 200 },
    check: async (s, actor, _res, call) => {
      const row = await s.ctx.db.selectFrom('reports').select('status').where('id', '=', call.url.split('/')[4]!).executeTakeFirstOrThrow()
      expect(row.status).toBe(actor === 'owner' ? 'dismissed' : 'open')
    },
  },
  'GET /api/moderation/flagged': {
    request: async (s) => {
      await s.ctx.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', s.owner.id).execute()
      return { url: '/api/moderation/flagged' }
    },
    status: { anonymous: 401, other: 403, owner: 200 },
  },

  // Webhooks (decision 0048): each reader's own; their secrets shown only to who made them.
  'POST /api/me/webhooks': {
    request: () => ({ url: '/api/me/webhooks', payload: { url: 'https://93.184.216.34/hook', events: ['library.changed'] } }),
    status: signedIn(201),
    check: (_s, actor, res) => actor !== 'anonymous' && expect(res.json().secret).toMatch(/^whsec_/),
  },
  'GET /api/me/webhooks': {
    request: async (s) => (await ownersHook(s), { url: '/api/me/webhooks' }),
    status: signedIn(200),
    check: (_s, actor, res) => actor !== 'anonymous' && expect((res.json() as unknown[]).length > 0).toBe(actor === 'owner'),
  },
  'DELETE /api/me/webhooks/{id}': {
    request: async (s) => ({ url: `/api/me/webhooks/${await ownersHook(s)}` }),
    status: ownerOnly(204),
    check: async (s, actor, _res, call) => expect(await hookLeft(s, call.url.split('/')[4]!)).toBe(actor !== 'owner'),
  },
  'POST /api/me/webhooks/{id}/enable': {
    request: async (s) => {
      const id = await ownersHook(s)
      await s.ctx.db.updateTable('webhooks').set({ disabledAt: new Date().toISOString(), disabledReason: 'failed for a day' }).where('id', '=', id).execute()
      return { url: `/api/me/webhooks/${id}/enable` }
    },
    status: ownerOnly(200),
    // Only its reader turns it back on.
    check: async (s, actor, _res, call) => {
      const row = await s.ctx.db.selectFrom('webhooks').select('disabledAt').where('id', '=', call.url.split('/')[4]!).executeTakeFirstOrThrow()
      expect(row.disabledAt === null).toBe(actor === 'owner')
    },
  },
  'GET /api/me/webhooks/{id}/deliveries': {
    request: async (s) => ({ url: `/api/me/webhooks/${await ownersHook(s)}/deliveries` }),
    status: ownerOnly(200),
  },

  // Notifications (decision 0052): each reader's own; another reader sees their own, empty ones.
  'GET /api/me/notifications': {
    request: async (s) => (await ownersNotification(s), { url: '/api/me/notifications' }),
    status: signedIn(200),
    check: (_s, actor, res) => actor !== 'anonymous' && expect((res.json() as unknown[]).length > 0).toBe(actor === 'owner'),
  },
  'GET /api/me/notifications/unread-count': {
    request: async (s) => (await ownersNotification(s), { url: '/api/me/notifications/unread-count' }),
    status: signedIn(200),
    check: (_s, actor, res) => actor !== 'anonymous' && expect(res.json().count > 0).toBe(actor === 'owner'),
  },
  'POST /api/me/notifications/read': {
    request: async (s) => ({ url: '/api/me/notifications/read', payload: { ids: [await ownersNotification(s)] } }),
    status: signedIn(200),
    check: async (s, actor, _res, call) => {
      const id = (call.payload as { ids: string[] }).ids[0]!
      const row = await s.ctx.db.selectFrom('notifications').select('readAt').where('id', '=', id).executeTakeFirstOrThrow()
      expect(row.readAt !== null).toBe(actor === 'owner')
    },
  },
  'POST /api/me/notifications/ticket': {
    request: () => ({ url: '/api/me/notifications/ticket' }),
    status: signedIn(200),
  },
  'GET /api/me/notifications/stream': {
    // A stream never ends by itself: the caller's is ended a moment after it opened.
    request: (s, actor) => {
      const user = userOf(s, actor)
      if (user) setTimeout(() => s.ctx.app.notificationStreams.endFor(user.id), 150)
      return { url: '/api/me/notifications/stream' }
    },
    status: signedIn(200),
    check: (_s, actor, res) => actor !== 'anonymous' && expect(res.headers['content-type']).toMatch(/^text\/event-stream/),
  },
  'GET /api/me/notification-settings': {
    request: () => ({ url: '/api/me/notification-settings' }),
    status: signedIn(200),
  },
  'PUT /api/me/notification-settings': {
    request: () => ({ url: '/api/me/notification-settings', payload: { follow: false } }),
    status: signedIn(200),
    check: async (s, actor) => {
      const rows = await s.ctx.db.selectFrom('notificationSettings').select('userId').where('userId', 'in', [s.owner.id, s.other.id]).execute()
      if (actor === 'anonymous') expect(rows).toEqual([])
      else expect(rows.map((r) => r.userId)).toContain(userOf(s, actor)!.id)
    },
  },

  // Atom feeds (issue 25, point 7): public lists, the same for everyone.
  'GET /api/users/{id}/reviews.atom': {
    request: async (s) => (await ownersBook(s), { url: `/api/users/${s.owner.id}/reviews.atom` }),
    status: everyone(200),
  },
  'GET /api/users/{id}/reads.atom': {
    request: async (s) => (await ownersBook(s), { url: `/api/users/${s.owner.id}/reads.atom` }),
    status: everyone(200),
  },
  'GET /api/books/{id}/reviews.atom': {
    request: async (s) => ({ url: `/api/books/${(await ownersBook(s)).book.id}/reviews.atom` }),
    status: everyone(200),
    // A token may take reviews away (a block), so a signed-in caller's answer is never a shared cache's.
    check: (_s, actor, res) => expect(res.headers['cache-control']).toBe(actor === 'anonymous' ? 'public, max-age=300' : 'private, max-age=300'),
  },

  // The caller's own data taken away, and their account closed (decision 0019): each reader's own only.
  'GET /api/me/export/goodreads.csv': {
    request: async (s) => (await ownersBook(s), { url: '/api/me/export/goodreads.csv' }),
    status: signedIn(200),
    // The owner's books are lines of the owner's file alone; another reader's is its header.
    check: (_s, actor, res) => actor !== 'anonymous' && expect(res.body.trimEnd().split('\r\n').length > 1).toBe(actor === 'owner'),
  },
  'GET /api/me/export.json': {
    request: async (s) => (await ownersBook(s), { url: '/api/me/export.json' }),
    status: signedIn(200),
    check: (s, actor, res) => {
      if (actor === 'anonymous') return
      const body = JSON.parse(res.body) as { profile: { email: string }; library: unknown[] }
      expect(body.profile.email).toBe(userOf(s, actor)!.email)
      expect(body.library.length > 0).toBe(actor === 'owner')
    },
  },
  // Personal access tokens (decision 0045): each reader's own, made and revoked from the web app's session.
  ...ownListRoutes(
    '/api/me/tokens',
    'personalTokens',
    (actor) => ({ name: `matrix ${actor}`, scopes: ['read'], expiresInDays: 7 }),
    async (s) => (await ownersToken(s)).id,
  ),

  // Devices (decision 0047): each reader's own KOReader sign-ins, made and removed from the web app's session.
  ...ownListRoutes('/api/me/devices', 'devices', (actor) => ({ name: `matrix ${actor}` }), ownersDevice),

  // Device link (RFC 8628): a device asks and polls without a token; whoever signed in approves or refuses for themselves.
  'POST /api/device/code': {
    request: () => ({ url: '/api/device/code', payload: { client_name: 'Matrix reader' } }),
    status: everyone(200),
    check: (_s, _actor, res) => expect(res.json().user_code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/),
  },
  'POST /api/device/token': {
    request: async (s) => ({ url: '/api/device/token', payload: { grant_type: DEVICE_GRANT_TYPE, device_code: (await deviceCode(s)).device_code } }),
    status: everyone(400),
    check: (_s, _actor, res) => expect(res.json().error).toBe('authorization_pending'),
  },
  'POST /api/device/approve': {
    request: async (s) => ({ url: '/api/device/approve', payload: { user_code: (await deviceCode(s)).user_code, scopes: ['read'], expiresInDays: 1 } }),
    status: signedIn(200),
    check: async (s, actor, _res, call) => {
      const code = (call.payload as { user_code: string }).user_code.replace('-', '')
      const row = await s.ctx.db.selectFrom('deviceCodes').select(['status', 'userId']).where('userCode', '=', code).executeTakeFirstOrThrow()
      expect(row).toEqual(actor === 'anonymous' ? { status: 'pending', userId: null } : { status: 'approved', userId: userOf(s, actor)!.id })
    },
  },
  'POST /api/device/deny': {
    request: async (s) => ({ url: '/api/device/deny', payload: { user_code: (await deviceCode(s)).user_code } }),
    status: signedIn(200),
  },

  // Progress sync (decision 0047): each reader's own log and inbox.
  'PUT /api/me/progress': {
    request: async (s) => ({ url: '/api/me/progress', payload: { book: { id: (await insertBook(s.ctx.db, { pageCount: 100 })).id }, percent: 10 } }),
    status: signedIn(200),
    check: async (s, actor, res, call) => {
      if (actor === 'anonymous') return
      const bookId = (call.payload as { book: { id: string } }).book.id
      const reads = await s.ctx.db.selectFrom('readThroughs').select('userId').where('bookId', '=', bookId).execute()
      expect(reads.map((r) => r.userId)).toEqual([userOf(s, actor)!.id])
      expect(res.json().status).toBe('applied')
    },
  },
  'GET /api/me/sync-inbox': {
    request: async (s) => (await ownersInboxItem(s), { url: '/api/me/sync-inbox' }),
    status: signedIn(200),
    check: (_s, actor, res) => actor !== 'anonymous' && expect(ids(res).length > 0).toBe(actor === 'owner'),
  },
  'POST /api/me/sync-inbox/{id}/bind': {
    request: async (s) => ({ url: `/api/me/sync-inbox/${await ownersInboxItem(s)}/bind`, payload: { bookId: (await insertBook(s.ctx.db)).id } }),
    status: ownerOnly(200),
    check: async (s, actor, _res, call) => {
      const row = await s.ctx.db.selectFrom('syncInbox').select('bookId').where('id', '=', call.url.split('/')[4]!).executeTakeFirstOrThrow()
      expect(row.bookId).toBe(actor === 'owner' ? (call.payload as { bookId: string }).bookId : null)
    },
  },
  'GET /api/me/sync-settings': {
    request: async (s) => {
      await s.ctx.db
        .insertInto('syncSettings')
        .values({ userId: s.owner.id, finishAtEnd: 1, updatedAt: new Date().toISOString() })
        .onConflict((oc) => oc.doNothing())
        .execute()
      return { url: '/api/me/sync-settings' }
    },
    status: signedIn(200),
    // Each reader reads their own settings: the owner's is on, the other's the default.
    check: (_s, actor, res) => actor !== 'anonymous' && expect(res.json()).toEqual({ finishAtEnd: actor === 'owner' }),
  },
  'PUT /api/me/sync-settings': {
    request: () => ({ url: '/api/me/sync-settings', payload: { finishAtEnd: true } }),
    status: signedIn(200),
    check: async (s, actor) => {
      const rows = await s.ctx.db
        .selectFrom('syncSettings')
        .select('userId')
        .where('userId', 'in', [s.owner.id, s.other.id])
        .where('finishAtEnd', '=', 1)
        .execute()
      if (actor !== 'anonymous') expect(rows.map((r) => r.userId)).toContain(userOf(s, actor)!.id)
    },
  },

  'DELETE /api/users/me': {
    request: () => ({ url: '/api/users/me', payload: { password: TEST_PASSWORD } }),
    status: signedIn(204),
    // Each reader closes their own account only.
    check: async (s, actor) => {
      const left = async (id: string) => Boolean(await s.ctx.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst())
      expect({ owner: await left(s.owner.id), other: await left(s.other.id) }).toEqual({ owner: actor !== 'owner', other: actor === 'anonymous' })
    },
  },
}

// Routes that answer a token: to the caller who just signed in, signed up or changed their password.
const ISSUES_TOKEN = new Set(['POST /api/auth/register', 'POST /api/auth/login', 'PUT /api/users/password', 'POST /api/me/tokens'])
// Served beside the API but not part of it: the health probe and the OpenAPI document itself.
const NOT_IN_DOCUMENT = ['GET /api/health', 'GET /api/openapi.json']

describeEachDialect('access control: every route × {anonymous, another reader, the owner}', (ctx) => {
  it('has a matrix entry for every route of the OpenAPI document, and no entry for a route that is gone', async () => {
    const documented = (await apiRoutes(ctx.app)).map((r) => r.key)
    expect(documented.filter((k) => !MATRIX[k])).toEqual([])
    expect(Object.keys(MATRIX).filter((k) => !documented.includes(k))).toEqual([])
  })

  it('finds every /api route the router holds in the OpenAPI document (none hidden from this suite)', async () => {
    const documented = new Set((await apiRoutes(ctx.app)).map((r) => r.key))
    const routed = routerRoutes(ctx.app).filter((k) => !k.startsWith('GET /api/docs'))
    expect(routed.length).toBeGreaterThan(30)
    expect(routed.filter((k) => !documented.has(k) && !NOT_IN_DOCUMENT.includes(k))).toEqual([])
  })

  it('offers no route that edits or deletes a profile by id, and writes books only through the three routes above, each signed in', async () => {
    const writes = (await apiRoutes(ctx.app)).filter((r) => r.method === 'PUT' || r.method === 'DELETE' || r.method === 'PATCH')
    // A reader's own block and mute of another (decision 0057) write the caller's rows, not the profile.
    expect(writes.filter((r) => /^\/api\/users\/(profile\/)?\{/.test(r.path) && !/\/(block|mute)$/.test(r.path)).map((r) => r.key)).toEqual([])
    const bookWrites = writes.filter((r) => r.path.startsWith('/api/books'))
    // The catalogue's three, and the caller's own reading entry (the reading log), shelves and mute of the book.
    expect(bookWrites.map((r) => r.key).sort()).toEqual([
      'DELETE /api/books/{id}',
      'DELETE /api/books/{id}/credit',
      'DELETE /api/books/{id}/mute',
      'PUT /api/books/{id}',
      'PUT /api/books/{id}/mute',
      'PUT /api/books/{id}/reading',
      'PUT /api/books/{id}/shelves',
    ])
    expect(bookWrites.every((r) => r.needsToken)).toBe(true)
  })

  it('answers 401 to a request without a valid token on every route that needs one, before it reveals any rule about the path, query or body', async () => {
    const guarded = (await apiRoutes(ctx.app)).filter((r) => r.needsToken)
    expect(guarded.length).toBeGreaterThanOrEqual(17)
    const seen: Record<string, string[]> = {}
    for (const r of guarded) {
      // Every part of the request is wrong: ids that are not ids, a limit out of range, a body that is not an object.
      const url = `${r.path.replace(/\{\w+\}/g, 'not-an-id')}${r.queryParams.length ? '?limit=-5&cursor=%00' : ''}`
      const withBody = r.method !== 'GET' && r.method !== 'DELETE'
      for (const [token, message] of [
        [undefined, MESSAGES.authRequired],
        ['not.a.token', MESSAGES.authFailed],
      ] as const) {
        const res = await ctx.app.inject({
          method: r.method,
          url,
          headers: { ...(token ? bearer(token) : {}), ...(withBody ? { 'content-type': 'application/json' } : {}) },
          ...(withBody ? { payload: '42' } : {}),
        })
        ;(seen[`${res.statusCode} ${res.json().message}`] ??= []).push(`${r.key}${token ? ' (bad token)' : ''}`)
        expect(res.json(), `${r.key} with ${token ? 'a bad token' : 'no token'}`).toEqual({ message, code: 'unauthorized' })
      }
    }
    expect(Object.keys(seen).sort()).toEqual([`401 ${MESSAGES.authFailed}`, `401 ${MESSAGES.authRequired}`])
  })

  let needsToken: Promise<Set<string>> | undefined

  it.each(Object.keys(MATRIX))('%s', async (key) => {
    const entry = MATRIX[key]!
    needsToken ??= apiRoutes(ctx.app).then((routes) => new Set(routes.filter((r) => r.needsToken).map((r) => r.key)))
    const isProtected = (await needsToken).has(key)
    const method = key.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE'
    const scene: Scene = { ctx, owner: await insertUser(ctx.db), other: await insertUser(ctx.db) }
    const known = [scene.owner, scene.other]
    const seen: Record<string, number> = {}
    for (const actor of ACTORS) {
      const call = await entry.request(scene, actor)
      const user = userOf(scene, actor)
      const tokensBefore = new Set([scene.owner.token, scene.other.token])
      const res = await ctx.app.inject({
        method,
        url: call.url,
        payload: call.payload as string | object | Buffer | undefined,
        headers: { ...call.headers, ...(user ? bearer(user.token) : {}) },
      })
      seen[actor] = res.statusCode
      expect(res.statusCode, `${actor}: ${res.body}`).toBe(entry.status[actor])
      // Never a hash, a token version or internals, to anyone. An image's compressed bytes are no
      // text: read as one they match a pattern now and then ('C:\\x' in a PNG), so only text is looked at.
      const isText = !/^image\//.test(String(res.headers['content-type'] ?? ''))
      expect(isText ? leaksIn(res.body, stringsIn(call.payload)) : [], `${actor}: ${res.body}`).toEqual([])
      // An e-mail only to its owner (or back to whoever just sent it).
      for (const u of known) {
        if (u !== user && !stringsIn(call.payload).includes(u.email)) expect(res.body, `${actor} saw ${u.username}'s e-mail`).not.toContain(u.email)
      }
      // A token only where the caller has just earned one, and never one issued before.
      const tokens = tokensIn(res.body)
      if (!ISSUES_TOKEN.has(key) || res.statusCode >= 300) expect(tokens).toEqual([])
      for (const t of tokens) expect(tokensBefore.has(t)).toBe(false)
      expect(res.headers['set-cookie']).toBeUndefined()
      // What is the caller's alone (a token, their e-mail, their lists, their flags on a book, their
      // wishlist's size) is never kept by a browser or a shared cache.
      const isPrivate =
        tokens.length > 0 ||
        (user !== undefined && res.statusCode < 300 && (isProtected || res.body.includes(user.email) || /"inWishlist"|"wishlistCount":\d/.test(res.body)))
      if (isPrivate) expect(res.headers['cache-control'], `${actor}: a private answer`).toBe('no-store')
      await entry.check?.(scene, actor, res, call)
    }
    expect(seen).toEqual(entry.status)
  })

  // The token column (decision 0046): every signed-in route with the owner's personal token that
  // lacks its scope (403 naming it, before anything is read or written), then with one holding only
  // that scope (the owner's answer and effects); a `session` route refuses a token with every scope.
  let scopes: Promise<Map<string, string | undefined>> | undefined

  it.each(Object.keys(MATRIX))('%s with a personal token lacking, then holding, its scope', async (key) => {
    scopes ??= apiRoutes(ctx.app).then((routes) => new Map(routes.filter((r) => r.needsToken).map((r) => [r.key, r.scope])))
    const all = await scopes
    if (!all.has(key)) return
    const scope = all.get(key)
    expect(scope, `${key} declares its scope`).toMatch(/^(session|read|reading:write|reviews:write|social:write)$/)
    const entry = MATRIX[key]!
    const method = key.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE'
    const scene: Scene = { ctx, owner: await insertUser(ctx.db), other: await insertUser(ctx.db) }
    const send = async (token: string) => {
      const call = await entry.request(scene, 'owner')
      const res = await ctx.app.inject({
        method,
        url: call.url,
        payload: call.payload as string | object | Buffer | undefined,
        headers: { ...call.headers, ...bearer(token) },
      })
      return { call, res }
    }

    const lacking = await ownersToken(
      scene,
      TOKEN_SCOPES.filter((s) => s !== scope),
    )
    const refused = (await send(lacking.token)).res
    expect(refused.json(), `${key} without ${scope}`).toEqual({
      message: scope === 'session' ? MESSAGES.sessionOnly : MESSAGES.scopeMissing(scope!),
      code: 'forbidden',
    })
    if (scope === 'session') return

    const holding = await ownersToken(scene, [scope!])
    const { call, res } = await send(holding.token)
    expect(res.statusCode, `${key} with ${scope}: ${res.body}`).toBe(entry.status.owner)
    expect(tokensIn(res.body)).toEqual([])
    await entry.check?.(scene, 'owner', res, call)
  })
})

// ---- reading privacy (issue 24, point 3, decision 0055) ----
// Every visibility, set as the account's default or as one book's own, × every viewer (nobody signed
// in, a stranger, a follower, the owner) × every path that shows another reader's reading log.

type Viewer = 'anonymous' | 'stranger' | 'follower' | 'owner'
const VIEWERS: Viewer[] = ['anonymous', 'stranger', 'follower', 'owner']
type Visibility = 'public' | 'followers' | 'private'
const VISIBILITIES: Visibility[] = ['public', 'followers', 'private']

/** The rule, written out once more by hand for the test: what each viewer is shown. */
const sees = (viewer: Viewer, v: Visibility) => viewer === 'owner' || v === 'public' || (v === 'followers' && viewer === 'follower')

/** The cases: each visibility as the default, and as one book's own over the default most unlike it. */
const PRIVACY_CASES = VISIBILITIES.flatMap((v) => [
  { name: `default ${v}`, readingLog: v, own: null as Visibility | null },
  { name: `book ${v} over default ${v === 'public' ? 'private' : 'public'}`, readingLog: (v === 'public' ? 'private' : 'public') as Visibility, own: v },
])

describeEachDialect('reading privacy: every visibility × viewer on every path that shows a reading log', (ctx) => {
  const year = new Date().getUTCFullYear()

  it.each(PRIVACY_CASES)('$name', async ({ readingLog, own }) => {
    const [owner, stranger, follower] = [await insertUser(ctx.db), await insertUser(ctx.db), await insertUser(ctx.db)]
    await insertFollow(ctx.db, follower.id, owner.id)
    const book = await insertBook(ctx.db, { title: `Secret ${uuidv7()}`, pageCount: 321 })
    const as = async (method: 'GET' | 'PUT' | 'POST', url: string, token?: string, payload?: object) =>
      ctx.app.inject({ method, url, ...(payload ? { payload } : {}), headers: token ? bearer(token) : {} })
    const must = async (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: object) => {
      const res = await as(method, url, token, payload)
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300)
      return res
    }
    // The owner finishes the book today, puts it on a public shelf, sets a goal, then chooses who sees it.
    await must('PUT', `/api/books/${book.id}/reading`, owner.token, { status: 'read' })
    const shelf = `shown-${uuidv7().slice(-6)}`
    await must('POST', '/api/me/shelves', owner.token, { name: shelf, public: true })
    await must('PUT', `/api/books/${book.id}/shelves`, owner.token, { names: [shelf] })
    await must('PUT', `/api/me/goals/${year}`, owner.token, { books: 7 })
    await must('PUT', '/api/me/privacy', owner.token, { readingLog })
    if (own) await must('PUT', `/api/books/${book.id}/reading`, owner.token, { visibility: own })
    const effective = own ?? readingLog
    expect((await must('GET', '/api/me/privacy', owner.token)).json()).toEqual({ readingLog })
    expect((await must('GET', `/api/books/${book.id}/reading`, owner.token)).json().visibility).toBe(own)

    const ownerImage = (await must('GET', `/api/users/${owner.id}/stats/${year}/image.png`, owner.token)).headers.etag
    const tokenOf = { anonymous: undefined, stranger: stranger.token, follower: follower.token, owner: owner.token }
    for (const viewer of VIEWERS) {
      const token = tokenOf[viewer]
      const shown = sees(viewer, effective)
      const logShown = sees(viewer, readingLog)
      const get = async (url: string) => {
        const res = await as('GET', url, token)
        expect(res.statusCode, `${viewer} GET ${url}: ${res.body}`).toBe(200)
        return res
      }
      const why = `${viewer} (the book ${effective}, the default ${readingLog})`
      const library = (await get(`/api/users/${owner.id}/library`)).json() as { book: { _id: string } }[]
      expect(library.length, `library: ${why}`).toBe(shown ? 1 : 0)
      expect((await get(`/api/users/${owner.id}/library?status=read`)).headers['x-total-count'], `library total: ${why}`).toBe(shown ? '1' : '0')
      expect((await get(`/api/users/${owner.id}/library/counts`)).json().read, `counts: ${why}`).toBe(shown ? 1 : 0)
      const shelves = (await get(`/api/users/${owner.id}/shelves`)).json() as { name: string; count: number }[]
      expect(
        shelves.map((x) => x.name),
        `shelves: ${why}`,
      ).toEqual(logShown ? [shelf] : [])
      if (logShown) expect(shelves[0]!.count, `shelf count: ${why}`).toBe(shown ? 1 : 0)
      expect(((await get(`/api/users/${owner.id}/library?shelf=${shelf}`)).json() as unknown[]).length, `shelf books: ${why}`).toBe(shown && logShown ? 1 : 0)
      const stats = (await get(`/api/users/${owner.id}/stats`)).json()
      expect([stats.readBooks, stats.recentlyReadCount, stats.allTime.booksRead], `profile counts: ${why}`).toEqual(shown ? [1, 1, 1] : [0, 0, 0])
      const yearStats = (await get(`/api/users/${owner.id}/stats/${year}`)).json()
      expect([yearStats.booksRead, yearStats.pagesRead], `year: ${why}`).toEqual(shown ? [1, 321] : [0, 0])
      expect(yearStats.goal?.books ?? null, `goal: ${why}`).toBe(logShown ? 7 : null)
      expect(((await get(`/api/users/${owner.id}/stats/${year}/books`)).json() as unknown[]).length, `year's books: ${why}`).toBe(shown ? 1 : 0)
      const image = await get(`/api/users/${owner.id}/stats/${year}/image.png`)
      expect(image.headers.etag === ownerImage, `image: ${why}`).toBe(shown && logShown)
      expect(image.headers['cache-control'], `image cache: ${why}`).toMatch(viewer === 'anonymous' || viewer === 'stranger' ? /^public/ : /^private/)
      expect(((await get(`/api/users/recently-read/${owner.id}`)).json() as unknown[]).length, `recently read: ${why}`).toBe(shown ? 1 : 0)
      // An Atom reader signs in as nobody: the feed holds what everyone may see.
      expect((await get(`/api/users/${owner.id}/reads.atom`)).body.includes(book.title), `reads.atom: ${why}`).toBe(effective === 'public')
      if (token && viewer !== 'owner') {
        const feed = (await get('/api/me/feed')).json() as { type: string; book: { _id: string } | null }[]
        expect(
          feed.some((i) => i.book?._id === book.id),
          `followed feed: ${why}`,
        ).toBe(shown && viewer === 'follower')
        const followed = (await get('/api/users/followed-users-books')).json() as { book: { _id: string } }[]
        expect(
          followed.some((e) => e.book._id === book.id),
          `followed books: ${why}`,
        ).toBe(shown && viewer === 'follower')
      }
    }
    // Reviews stay public, whatever the log's privacy.
    await must('POST', `/api/reviews/book/${book.id}`, owner.token, { rating: 4, comment: 'Public as ever.' })
    const reviews = await as('GET', `/api/users/${owner.id}/reviews.atom`)
    expect(reviews.body).toContain('Public as ever.')
  })

  it.each(['the owner blocks the reader', 'the reader blocks the owner'])(
    'a block either way (%s): every page of the owner’s reading log is 404 to the other, by id and by username, their feeds carry none of it, and neither finds the other',
    async (who) => {
      const [owner, other] = [await insertUser(ctx.db), await insertUser(ctx.db)]
      // They followed each other before: the block ends that (decision 0057), so the feeds must not keep it either.
      await insertFollow(ctx.db, other.id, owner.id)
      await insertFollow(ctx.db, owner.id, other.id)
      const book = await insertBook(ctx.db, { title: `Blocked ${uuidv7()}`, pageCount: 100 })
      const as = (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: object) =>
        ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })
      expect((await as('PUT', `/api/books/${book.id}/reading`, owner.token, { status: 'read' })).statusCode).toBe(200)
      const shelf = `kept-${uuidv7().slice(-6)}`
      expect((await as('POST', '/api/me/shelves', owner.token, { name: shelf, public: true })).statusCode).toBeLessThan(300)
      const [blocker, blocked] = who.startsWith('the owner') ? [owner, other] : [other, owner]
      expect((await as('PUT', `/api/users/${blocked.id}/block`, blocker.token)).statusCode).toBeLessThan(300)

      const username = (await ctx.db.selectFrom('users').select('username').where('id', '=', owner.id).executeTakeFirstOrThrow()).username
      const pages = [
        `/api/users/${owner.id}/library`,
        `/api/users/${owner.id}/library?status=read`,
        `/api/users/${owner.id}/library/counts`,
        `/api/users/${owner.id}/shelves`,
        `/api/users/${owner.id}/library?shelf=${shelf}`,
        `/api/users/${owner.id}/stats`,
        `/api/users/${owner.id}/stats/${year}`,
        `/api/users/${owner.id}/stats/${year}/books`,
        `/api/users/${owner.id}/stats/${year}/image.png`,
        `/api/users/${owner.id}/reads.atom`,
        `/api/users/recently-read/${owner.id}`,
        `/api/users/profile/${owner.id}`,
        `/api/users/reviews/${owner.id}`,
        `/api/users/by-username/${username}`,
      ]
      for (const url of pages) {
        const res = await as('GET', url, other.token)
        expect([res.statusCode, res.statusCode === 404 ? res.json().message : res.body.slice(0, 80)], `${who}: GET ${url}`).toEqual([
          404,
          MESSAGES.userNotFound,
        ])
      }
      const feed = (await as('GET', '/api/me/feed', other.token)).json() as { book: { _id: string } | null }[]
      expect(feed.some((i) => i.book?._id === book.id)).toBe(false)
      const followed = (await as('GET', '/api/users/followed-users-books', other.token)).json() as { book: { _id: string } }[]
      expect(followed.some((e) => e.book._id === book.id)).toBe(false)
      // Neither finds the other in the readers' search; a third reader finds both.
      const otherName = (await ctx.db.selectFrom('users').select('username').where('id', '=', other.id).executeTakeFirstOrThrow()).username
      const found = async (token: string, name: string) =>
        ((await as('GET', `/api/users/search?query=${encodeURIComponent(name)}`, token)).json() as { _id: string }[]).map((u) => u._id)
      expect(await found(other.token, username)).toEqual([])
      expect(await found(owner.token, otherName)).toEqual([])
      const third = await insertUser(ctx.db)
      expect(await found(third.token, username)).toEqual([owner.id])
      // The owner still sees all of it.
      expect(((await as('GET', `/api/users/${owner.id}/library`, owner.token)).json() as unknown[]).length).toBe(1)
    },
  )

  it('previews and applies the bulk change to past entries, and the owner’s export keeps everything', async () => {
    const [owner, stranger] = [await insertUser(ctx.db), await insertUser(ctx.db)]
    const books = [await insertBook(ctx.db), await insertBook(ctx.db), await insertBook(ctx.db)]
    for (const b of books)
      await ctx.app.inject({ method: 'PUT', url: `/api/books/${b.id}/reading`, headers: bearer(owner.token), payload: { status: 'reading' } })
    await ctx.app.inject({ method: 'PUT', url: `/api/books/${books[0]!.id}/reading`, headers: bearer(owner.token), payload: { visibility: 'private' } })
    const apply = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/me/privacy/apply', headers: bearer(owner.token), payload })
    // Two public entries become private; the one already private does not change.
    expect((await apply({ visibility: 'private', dryRun: true })).json()).toEqual({ changed: 2 })
    const library = () => ctx.app.inject({ method: 'GET', url: `/api/users/${owner.id}/library`, headers: bearer(stranger.token) })
    expect(((await library()).json() as unknown[]).length).toBe(2)
    expect((await apply({ visibility: 'private' })).json()).toEqual({ changed: 2 })
    expect(((await library()).json() as unknown[]).length).toBe(0)
    expect((await apply({ visibility: 'private', dryRun: true })).json()).toEqual({ changed: 0 })
    // Going public again clears nothing more and shows all three.
    expect((await apply({ visibility: 'public' })).json()).toEqual({ changed: 3 })
    expect(((await library()).json() as unknown[]).length).toBe(3)
    await apply({ visibility: 'private' })
    const exported = await ctx.app.inject({ method: 'GET', url: '/api/me/export.json', headers: bearer(owner.token) })
    expect(exported.statusCode, exported.body).toBe(200)
    for (const b of books) expect(exported.body).toContain(b.id)
  })

  it('refuses a visibility it does not know, naming the field', async () => {
    const owner = await insertUser(ctx.db)
    const book = await insertBook(ctx.db)
    for (const [url, method, payload, field] of [
      ['/api/me/privacy', 'PUT', { readingLog: 'friends' }, 'readingLog'],
      ['/api/me/privacy/apply', 'POST', { visibility: 'everyone' }, 'visibility'],
      ['/api/me/privacy/apply', 'POST', { visibility: 'public', dryRun: 'yes' }, 'dryRun'],
      [`/api/books/${book.id}/reading`, 'PUT', { visibility: 'friends' }, 'visibility'],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: bearer(owner.token), payload })
      expect(res.statusCode, res.body).toBe(400)
      expect(res.body).toContain(field)
    }
  })
})

describeEachDialect('Atom feeds: blocks, reading privacy and the moderators, for every viewer', (ctx) => {
  const as = (url: string, token?: string) => ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} })
  const must = async (method: 'PUT' | 'POST', url: string, token: string, payload?: object) => {
    const res = await ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300)
    return res.json()
  }

  it.each(['the owner blocks the reader', 'the reader blocks the owner'])(
    'a block either way (%s): the owner’s feeds are 404 to the other and a book’s feed leaves each one’s review out for the other; signed out, both show',
    async (who) => {
      const [owner, other, third] = [await insertUser(ctx.db), await insertUser(ctx.db), await insertUser(ctx.db)]
      const book = await insertBook(ctx.db, { title: `Feed ${uuidv7()}` })
      await must('POST', `/api/reviews/book/${book.id}`, owner.token, { rating: 5, comment: 'Owner’s words' })
      await must('POST', `/api/reviews/book/${book.id}`, other.token, { rating: 2, comment: 'Other’s words' })
      const [blocker, blocked] = who.startsWith('the owner') ? [owner, other] : [other, owner]
      await must('PUT', `/api/users/${blocked.id}/block`, blocker.token)

      for (const url of [`/api/users/${owner.id}/reviews.atom`, `/api/users/${owner.id}/reads.atom`]) {
        const res = await as(url, other.token)
        expect([res.statusCode, res.json().message], `${who}: GET ${url}`).toEqual([404, MESSAGES.userNotFound])
        expect((await as(url)).statusCode, `signed out: GET ${url}`).toBe(200)
      }
      const bookFeed = `/api/books/${book.id}/reviews.atom`
      const seen = async (token?: string) => {
        const res = await as(bookFeed, token)
        expect(res.statusCode).toBe(200)
        return [res.body.includes('Owner’s words'), res.body.includes('Other’s words'), res.headers['cache-control']]
      }
      expect(await seen(owner.token), `${who}: the owner`).toEqual([true, false, 'private, max-age=300'])
      expect(await seen(other.token), `${who}: the other`).toEqual([false, true, 'private, max-age=300'])
      expect(await seen(third.token), `${who}: a third reader`).toEqual([true, true, 'private, max-age=300'])
      expect(await seen(), `${who}: signed out`).toEqual([true, true, 'public, max-age=300'])
      // A token that is not valid reads as nobody's: the public feed.
      expect(await seen('not-a-token')).toEqual([true, true, 'private, max-age=300'])
    },
  )

  it('a review the moderators hid is in no feed, neither its text nor its entry, for any viewer; a restore brings it back', async () => {
    const [owner, reporter, mod] = [await insertUser(ctx.db), await insertUser(ctx.db), await insertUser(ctx.db)]
    await ctx.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', mod.id).execute()
    const book = await insertBook(ctx.db, { title: `Moderated ${uuidv7()}` })
    const review = await must('POST', `/api/reviews/book/${book.id}`, owner.token, { rating: 1, comment: 'Rude words here' })
    const reviewId = (review.review?._id ?? review._id) as string
    const feeds = [`/api/users/${owner.id}/reviews.atom`, `/api/books/${book.id}/reviews.atom`]
    const shows = async (token?: string) =>
      Promise.all(
        feeds.map(async (url) => {
          const body = (await as(url, token)).body
          return [body.includes('Rude words here'), body.includes(reviewId), body.includes('★☆☆☆☆')]
        }),
      )
    expect(await shows()).toEqual([
      [true, true, true],
      [true, true, true],
    ])
    const report = (await must('POST', '/api/reports', reporter.token, { targetType: 'review', targetId: reviewId, reason: 'harassment' }))._id as string
    await must('POST', `/api/moderation/reports/${report}`, mod.token, { action: 'hide', note: 'Abusive' })
    for (const token of [undefined, reporter.token, owner.token, mod.token])
      expect(await shows(token)).toEqual([
        [false, false, false],
        [false, false, false],
      ])
    await must('POST', `/api/moderation/reports/${report}`, mod.token, { action: 'restore', note: 'On second look, fine' })
    expect((await shows())[1]).toEqual([true, true, true])
  })
})
