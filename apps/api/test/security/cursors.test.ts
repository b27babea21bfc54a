import { beforeAll, expect, it } from 'vitest'
import { BOOK_SORTS, ErrorBodySchema, LIBRARY_SORTS, REVIEW_SORTS, SEARCH_SORTS } from '@shelfwise/contracts'
import { describeEachDialect } from '../support/context.ts'
import { bearer, insertBook, insertFollow, insertImport, insertReview, insertUser, insertWish, tokenFor } from '../support/factories.ts'
import { apiRoutes, type ApiRoute } from './support.ts'

// Every list that pages takes a `cursor` it gave out. A cursor with a NUL character anywhere (sent
// as %00, or hidden inside the values it encodes: PostgreSQL refuses to compare one, a 500 once),
// or a cursor that is not one of ours in any other way, is a 400 whose message names the cursor,
// on every such list (read from the OpenAPI document, so a new list is covered), on both databases.
// So is a cursor whose values are of the wrong kind or out of range for what they are compared with
// (a fraction or a number past `integer` for a row's line: a 500 on PostgreSQL once), and another
// list's cursor unless its values could have been this list's own.

// A library page's cursor (issue 22) starts with the tag of its sort, order and search: only that
// very tag fits there. Its date-read key is a partial date ('2024', '2024-05', '2024-05-02'), or ''
// and '~' for a book without one.
type Kind = 'count' | 'rating' | 'id' | 'instant' | 'day' | 'text' | 'tag' | 'partial'
const LIBRARY_TAG = /^(finished|added|rating|title|author|changed)\.(asc|desc)\.[\w-]*$/
const PARTIAL = /^\d{4}(-\d{2}(-\d{2})?)?$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
const DAY = /^\d{4}-\d{2}-\d{2}$/

/** Values a list never gives out in a place of each kind. */
const FORGED: Record<Kind, unknown[]> = {
  // PostgreSQL compares these with an `integer` column: a fraction or a number past 2,147,483,647 is an error there.
  count: [1.5, 2147483648, -1, 1e21, '1.5', 'NaN', '2', null, true],
  rating: [-1, 5.5, 2147483648, 'NaN', '4', null],
  id: ['NaN', '-1', '1.5', '00000000-0000-0000-0000-00000000000g', 1, null],
  instant: ['NaN', '-1', '2024-02-30T00:00:00.000Z', '2024-01-01T24:00:00.000Z', '+275760-09-13T00:00:00.000Z', '2024-01-01', 1.5, null],
  day: ['NaN', '-1', '2024-13-45', '2024-02-30', '2024', '2024-01-01T00:00:00.000Z', 1, null],
  text: [1.5, null, ['a']],
  tag: [1.5, null, ['a'], 'rating.asc.zzzzzzzzzzzz', 'finished.up.', 'nonsense'],
  partial: ['NaN', '-1', '2024-13-45', '2024-02-30', '999', '2024-01-01T00:00:00.000Z', 1, null],
}

/** Whether a list whose cursor has a value of kind `kind` in a place would take `v` there (the test's own reading of the kinds). */
const fits = (kind: Kind, v: unknown) => {
  if (kind === 'count') return Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 2147483647
  if (kind === 'rating') return typeof v === 'number' && v >= 0 && v <= 5
  if (typeof v !== 'string') return false
  if (kind === 'id') return UUID.test(v)
  if (kind === 'instant') return INSTANT.test(v)
  if (kind === 'day') return v === '' || DAY.test(v)
  if (kind === 'partial') return v === '' || v === '~' || PARTIAL.test(v)
  if (kind === 'tag') return false
  return true
}

const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url')
const nextCursor = (link: unknown) => (typeof link === 'string' ? new URL(/^<([^>]+)>/.exec(link)![1]!, 'http://x').searchParams.get('cursor') : null)

describeEachDialect('cursors of every list', (ctx) => {
  /** Every list, once per sort order where it has several (each order has cursors of its own). */
  let lists: (ApiRoute & { sort?: string })[]
  let token: string
  const path = {} as Record<string, string>

  beforeAll(async () => {
    lists = (await apiRoutes(ctx.app))
      .filter((r) => r.method === 'GET' && r.queryParams.includes('cursor'))
      .flatMap((r) =>
        r.path.endsWith('/library')
          ? [r, ...LIBRARY_SORTS.map((sort) => ({ ...r, key: `${r.key}?sort=${sort}`, sort }))]
          : r.queryParams.includes('sort')
            ? (r.path === '/api/books/search' ? SEARCH_SORTS : r.path.startsWith('/api/reviews/book/') ? REVIEW_SORTS : BOOK_SORTS).map((sort) => ({
                ...r,
                key: `${r.key}?sort=${sort}`,
                sort,
              }))
            : [r],
      )
    // A reader with two of everything, so every list has a next page at limit=1.
    const me = await insertUser(ctx.db)
    token = me.token
    const [x, y] = [await insertUser(ctx.db), await insertUser(ctx.db)]
    const word = `cursorword${Date.now()}`
    // Two created (author or publisher, nobody else listed them), two listed by the reader, two crediting them.
    // One name as author and publisher of both, for the by-author and by-publisher lists.
    const name = `Cursor Name ${word}`
    const books = [
      await insertBook(ctx.db, { title: `${word} one`, createdByUserId: me.id, author: name, publisher: name }),
      await insertBook(ctx.db, { title: `${word} two`, createdByUserId: me.id, author: name, publisher: name }),
    ]
    await insertBook(ctx.db, { title: `${word} three`, listedByUserId: me.id })
    await insertBook(ctx.db, { title: `${word} four`, listedByUserId: me.id })
    // Two crediting the reader, listed by someone else.
    await insertBook(ctx.db, { title: `${word} five`, authorUserId: me.id, listedByUserId: x.id, createdByUserId: x.id })
    await insertBook(ctx.db, { title: `${word} six`, publisherUserId: me.id, listedByUserId: x.id, createdByUserId: x.id })
    for (const b of books) {
      await insertReview(ctx.db, { bookId: b.id, userId: me.id })
      await insertWish(ctx.db, me.id, b.id)
      await ctx.db.insertInto('reads').values({ userId: me.id, bookId: b.id, readAt: new Date().toISOString() }).execute()
    }
    // Two books finished in a year, for the year's books (books of their own: a finish takes a book off the wishlist).
    // Known to the year only, the finish in their cursor is text, as it is on that list ('2025', '2025-05', '2025-05-01').
    for (const n of [1, 2]) {
      const b = await insertBook(ctx.db, { title: `${word} read ${n}` })
      const read = await ctx.app.inject({ method: 'POST', url: `/api/books/${b.id}/reads`, headers: bearer(token), payload: { finishedOn: '2025' } })
      expect(read.statusCode, read.body).toBe(201)
    }
    await insertReview(ctx.db, { bookId: books[0]!.id, userId: x.id })
    for (const other of [x, y]) {
      await insertFollow(ctx.db, me.id, other.id)
      await insertFollow(ctx.db, other.id, me.id)
    }
    // A book of the reader's, corrected in two fields, for its history.
    const edited = { title: `${word} seven`, author: name, role: 'none' }
    const added = await ctx.app.inject({ method: 'POST', url: '/api/books', headers: bearer(token), payload: edited })
    const editedId = (added.json() as { _id: string })._id
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/books/${editedId}`,
      headers: bearer(token),
      payload: { ...edited, description: 'Corrected', pageCount: 12 },
    })
    // And another edition of it (an e-book needs no ISBN), for its list of editions.
    const edition = await ctx.app.inject({ method: 'POST', url: `/api/books/${editedId}/editions`, headers: bearer(token), payload: { format: 'ebook' } })
    expect(edition.statusCode, edition.body).toBe(201)
    // Two merge proposals of the reader's, for their list.
    for (let i = 0; i < 2; i++) {
      const ids = [(await insertBook(ctx.db)).id, (await insertBook(ctx.db)).id]
      const proposed = await ctx.app.inject({ method: 'POST', url: '/api/merge-proposals', headers: bearer(token), payload: { kind: 'work', ids } })
      expect(proposed.statusCode, proposed.body).toBe(201)
    }
    // Two books the reader's imports made, for "Books your imports added" (decision 0032).
    for (const n of ['eight', 'nine']) {
      const made = await insertBook(ctx.db, { title: `${word} ${n}`, listedByUserId: me.id, createdByUserId: me.id })
      await ctx.db.updateTable('books').set({ importedByUserId: me.id }).where('id', '=', made.id).execute()
    }
    // An import of the reader's with two rows, for its list of rows.
    const importId = await insertImport(ctx.db, me.id, {
      rows: [2, 3].map((line) => ({ line, outcome: 'failed', message: 'm' })),
    })
    // Two discussions of a book, the first with two posts (decision 0043).
    const discussionIds: string[] = []
    for (const title of ['first', 'second']) {
      const started = await ctx.app.inject({ method: 'POST', url: `/api/books/${editedId}/discussions`, headers: bearer(token), payload: { title, text: 'x' } })
      expect(started.statusCode, started.body).toBe(201)
      discussionIds.push((started.json() as { _id: string })._id)
    }
    const reply = await ctx.app.inject({ method: 'POST', url: `/api/discussions/${discussionIds[0]}/posts`, headers: bearer(token), payload: { text: 'y' } })
    expect(reply.statusCode, reply.body).toBe(201)
    Object.assign(path, {
      id: me.id,
      bookId: books[0]!.id,
      query: word,
      name: encodeURIComponent(name),
      importId,
      editedId,
      year: '2025',
      discussionId: discussionIds[0]!,
    })
    // A webhook of the reader's with two deliveries in its log (decision 0048).
    const hook = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/webhooks',
      headers: bearer(token),
      payload: { url: 'https://93.184.216.34/cursors', events: ['review.published'] },
    })
    expect(hook.statusCode, hook.body).toBe(201)
    for (const n of [1, 2]) {
      const b = await insertBook(ctx.db, { title: `${word} hooked ${n}` })
      const res = await ctx.app.inject({ method: 'POST', url: `/api/reviews/book/${b.id}`, headers: bearer(token), payload: { rating: 3, comment: 'hooked' } })
      expect(res.statusCode, res.body).toBe(201)
    }
    Object.assign(path, { hookId: (hook.json() as { _id: string })._id })
    // Two personal tokens of the reader's, for their list (decision 0045).
    for (const n of [1, 2]) {
      const made = await ctx.app.inject({
        method: 'POST',
        url: '/api/me/tokens',
        headers: bearer(token),
        payload: { name: `cursor ${n}`, scopes: ['read'], expiresInDays: 1 },
      })
      expect(made.statusCode, made.body).toBe(201)
    }
    // Two devices of the reader's, for their list.
    for (const n of [1, 2]) {
      const made = await ctx.app.inject({ method: 'POST', url: '/api/me/devices', headers: bearer(token), payload: { name: `device ${n}` } })
      expect(made.statusCode, made.body).toBe(201)
    }
    // Two books in the reader's sync inbox, for its list (decision 0047).
    for (const asin of ['B0CURSOR01', 'B0CURSOR02']) {
      const filed = await ctx.app.inject({ method: 'PUT', url: '/api/me/progress', headers: bearer(token), payload: { book: { asin }, percent: 1 } })
      expect(filed.json().status, filed.body).toBe('needs_review')
    }
    Object.assign(path, { id: me.id, bookId: books[0]!.id, query: word, name: encodeURIComponent(name), importId, editedId, year: '2025' })
    // A review with two likes and two comments, for its likers and its comments; the reader follows its writer (x).
    const liked = await insertReview(ctx.db, { bookId: books[1]!.id, userId: x.id })
    for (const who of [me, y]) {
      const t = who === me ? token : tokenFor(y.id)
      expect((await ctx.app.inject({ method: 'PUT', url: `/api/reviews/${liked.id}/like`, headers: bearer(t) })).statusCode).toBe(200)
      const c = await ctx.app.inject({ method: 'POST', url: `/api/reviews/${liked.id}/comments`, headers: bearer(t), payload: { text: 'Two of everything' } })
      expect(c.statusCode, c.body).toBe(201)
    }
    // Two readers blocked and two profiles reported by the reader, who moderates too: their lists and the queue (decisions 0057, 0058).
    for (let n = 0; n < 2; n++) {
      const stranger = await insertUser(ctx.db)
      expect((await ctx.app.inject({ method: 'PUT', url: `/api/users/${stranger.id}/block`, headers: bearer(token) })).statusCode).toBe(200)
      const other = await insertUser(ctx.db)
      const reported = await ctx.app.inject({
        method: 'POST',
        url: '/api/reports',
        headers: bearer(token),
        payload: { targetType: 'profile', targetId: other.id, reason: 'spam' },
      })
      expect(reported.statusCode, reported.body).toBe(201)
    }
    await ctx.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', me.id).execute()
    await insertReview(ctx.db, { bookId: books[1]!.id, userId: y.id })
    // Two notifications of the reader's (a comment on their review, a like of it), for their list (decision 0052).
    const own = await ctx.db.selectFrom('reviews').select('id').where('userId', '=', me.id).where('bookId', '=', books[0]!.id).executeTakeFirstOrThrow()
    const said = await ctx.app.inject({ method: 'POST', url: `/api/reviews/${own.id}/comments`, headers: bearer(tokenFor(y.id)), payload: { text: 'Nice' } })
    expect(said.statusCode, said.body).toBe(201)
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/reviews/${own.id}/like`, headers: bearer(tokenFor(y.id)) })).statusCode).toBe(200)
    Object.assign(path, { reviewId: liked.id, id: me.id, bookId: books[0]!.id, query: word, name: encodeURIComponent(name), importId, editedId, year: '2025' })
  })

  const urlOf = (route: ApiRoute & { sort?: string }, cursor: string) => {
    // An import's id is the import's, a book's the corrected book's; every other {id} is the reader's.
    const id = route.path.startsWith('/api/imports/')
      ? path.importId!
      : route.path.startsWith('/api/books/')
        ? path.editedId!
        : route.path.startsWith('/api/discussions/')
          ? path.discussionId!
          : route.path.startsWith('/api/me/webhooks/')
            ? path.hookId!
            : route.path.startsWith('/api/reviews/{id}')
              ? path.reviewId!
              : path.id!
    const p = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => (name === 'id' ? id : path[name]!))
    const search = `${route.queryParams.includes('query') ? `query=${path.query}&` : ''}${route.sort ? `sort=${route.sort}&` : ''}`
    return `${p}?${search}limit=1&cursor=${cursor}`
  }
  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) })

  /** A cursor the list itself gives out for its first page. */
  const realCursor = async (route: ApiRoute) => {
    const first = await get(urlOf(route, '').replace('&cursor=', ''))
    expect(first.statusCode, `${route.key}: ${first.body}`).toBe(200)
    const cursor = nextCursor(first.headers.link)
    expect(cursor, `${route.key} gives a next page at limit=1`).toBeTruthy()
    return cursor!
  }

  const expectCursorRefused = async (route: ApiRoute, cursor: string, what: string) => {
    const res = await get(urlOf(route, cursor))
    const context = `${route.key} with ${what} (${cursor}): ${res.statusCode} ${res.body}`
    expect(res.statusCode, context).toBe(400)
    expect(ErrorBodySchema.parse(res.json()).message, context).toMatch(/^Cursor /)
  }

  /** The kind of each value of a list's real cursor, as the test reads it from the values themselves. */
  const kindsOf = (route: ApiRoute, values: unknown[]): Kind[] =>
    values.map((v, i) =>
      typeof v === 'string' && i === 0 && LIBRARY_TAG.test(v)
        ? 'tag'
        : route.key.endsWith('/library?sort=finished') && i === 1
          ? 'partial'
          : typeof v === 'number'
            ? route.key === 'GET /api/books?sort=rating' && i === 0
              ? 'rating'
              : 'count'
            : typeof v !== 'string'
              ? 'text'
              : UUID.test(v)
                ? 'id'
                : INSTANT.test(v)
                  ? 'instant'
                  : v === '' || DAY.test(v)
                    ? 'day'
                    : 'text',
    )
  const valuesOf = (cursor: string) => JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[]

  // Each of these walks every list that pages (about 40, and more with each feature) on a fresh cursor:
  // seconds on a quiet machine, but past the 30 s default on a busy one.
  const LIST_WALK_MS = 120_000

  it('covers every list that pages', () => {
    expect(lists.length).toBeGreaterThanOrEqual(16)
    expect(lists.map((r) => r.key)).toEqual(
      expect.arrayContaining([
        'GET /api/books/search?sort=relevance',
        'GET /api/books/search?sort=popular',
        'GET /api/users/followers/{id}',
        'GET /api/users/wishlist',
        'GET /api/users/{id}/library',
        'GET /api/users/{id}/library?sort=finished',
        'GET /api/users/{id}/library?sort=author',
        'GET /api/me/webhooks/{id}/deliveries',
      ]),
    )
  })

  it(
    'refuses a NUL character anywhere in a cursor with a 400 naming the cursor',
    async () => {
      for (const route of lists) {
        const real = await realCursor(route)
        expect((await get(urlOf(route, real))).statusCode, `${route.key} takes its own cursor`).toBe(200)
        for (const at of [0, 1, Math.floor(real.length / 2), real.length]) {
          await expectCursorRefused(route, `${real.slice(0, at)}%00${real.slice(at)}`, `%00 at ${at}`)
        }
        await expectCursorRefused(route, '%00', 'only a NUL')
        // The values of the real cursor with a NUL put into each string (or in place of each number).
        const values = JSON.parse(Buffer.from(real, 'base64url').toString('utf8')) as unknown[]
        for (let i = 0; i < values.length; i++) {
          const v = values[i]
          for (const forged of typeof v === 'string' ? [`${v}\u0000`, `\u0000${v}`, `${v.slice(0, 4)}\u0000${v.slice(4)}`] : ['\u0000', `${v}\u0000`]) {
            await expectCursorRefused(route, b64(values.map((w, j) => (j === i ? forged : w))), `a NUL inside value ${i}`)
          }
        }
      }
    },
    LIST_WALK_MS,
  )

  it(
    'refuses a cursor that is not one this list gave out with a 400 naming the cursor',
    async () => {
      for (const route of lists) {
        const real = await realCursor(route)
        const values = JSON.parse(Buffer.from(real, 'base64url').toString('utf8')) as unknown[]
        const junk: [string, string][] = [
          ['junk after a real cursor', `${real}!!`],
          ['a real cursor with padding', `${real}==`],
          ['a real cursor with a space in it', `${real.slice(0, 3)}%20${real.slice(3)}`],
          ['a real cursor in standard base64', encodeURIComponent(Buffer.from(real, 'base64url').toString('base64') + '+/')],
          ['plain words', 'not%20a%20cursor'],
          ['percent signs', '%25%25%25'],
          ['right-to-left and emoji', encodeURIComponent('\u202e📚')],
          ['bytes that are not UTF-8', b64('\xff\xfe')],
          ['JSON that is not a list', b64({ a: 1 })],
          ['a list of the wrong length', b64([...values, 'x'])],
          ['a list of objects', b64(values.map(() => ({})))],
          ['a number past any range', b64(values.map((v) => (typeof v === 'number' ? Number('1e999') : v)))],
          ['a lone surrogate', b64(`[${values.map((v) => (typeof v === 'string' ? '"\\ud800"' : JSON.stringify(v))).join(',')}]`)],
          ['500 letters', 'A'.repeat(500)],
          ['a cursor longer than any this API gives', 'A'.repeat(4001)],
          ['20,000 letters', 'A'.repeat(20_000)],
          ['a real cursor made very long', b64([...values.map((v) => (typeof v === 'string' ? v.repeat(2) + 'x'.repeat(3000) : v))])],
          ['1.5', '1.5'],
          ['2147483648', '2147483648'],
          ['-1', '-1'],
          ['NaN', 'NaN'],
          ['[1.5]', b64([1.5])],
          ['[2147483648]', b64([2147483648])],
          ['[-1]', b64([-1])],
          ['["NaN"]', b64(['NaN'])],
          ['NaN in every place', b64(values.map(() => 'NaN'))],
        ]
        // (A change that leaves the real cursor, as 'a number past any range' of a list without numbers, is no test.)
        for (const [what, cursor] of junk) if (cursor !== real) await expectCursorRefused(route, cursor, what)
      }
    },
    LIST_WALK_MS,
  )

  it(
    'refuses a value of the wrong kind or out of range in any place of a real cursor with a 400 naming the cursor',
    async () => {
      for (const route of lists) {
        const values = valuesOf(await realCursor(route))
        const kinds = kindsOf(route, values)
        for (let i = 0; i < values.length; i++) {
          for (const forged of FORGED[kinds[i]!]) {
            await expectCursorRefused(route, b64(values.map((w, j) => (j === i ? forged : w))), `${JSON.stringify(forged)} as its ${kinds[i]} value ${i}`)
          }
        }
      }
    },
    LIST_WALK_MS,
  )

  it(
    'refuses another list’s cursor with a 400 naming the cursor, unless every value of it is of the kind this list’s own has there',
    async () => {
      const real = new Map<string, unknown[]>()
      for (const route of lists) real.set(route.key, valuesOf(await realCursor(route)))
      let refused = 0
      for (const route of lists) {
        const kinds = kindsOf(route, real.get(route.key)!)
        for (const [other, values] of real) {
          if (other === route.key) continue
          const cursor = b64(values)
          if (values.length === kinds.length && values.every((v, i) => fits(kinds[i]!, v))) {
            const res = await get(urlOf(route, cursor))
            expect(res.statusCode, `${route.key} with the cursor of ${other}: ${res.body}`).toBe(200)
          } else {
            await expectCursorRefused(route, cursor, `the cursor of ${other}`)
            refused++
          }
        }
      }
      expect(refused).toBeGreaterThan(lists.length)
    },
    LIST_WALK_MS,
  )

  it('takes back the cursor it gives after a 300-letter title in a script of three-byte letters', async () => {
    // The by-name lists' cursor holds the last book's lower-cased title: 900 bytes of JSON here.
    const author = `Long Title Author ${Date.now()}`
    for (const letter of ['書', '本']) await insertBook(ctx.db, { title: letter.repeat(300), author })
    const first = await get(`/api/books/by-author/${encodeURIComponent(author)}?limit=1`)
    expect(first.statusCode).toBe(200)
    const cursor = nextCursor(first.headers.link)!
    expect(cursor.length).toBeGreaterThan(1000)
    const second = await get(`/api/books/by-author/${encodeURIComponent(author)}?limit=1&cursor=${cursor}`)
    expect(second.statusCode, second.body).toBe(200)
    expect((second.json() as { title: string }[]).map((b) => b.title)).toEqual(['本'.repeat(300)])
  })
})
