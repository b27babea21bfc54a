import { readdirSync } from 'node:fs'
import { expect, it, beforeAll } from 'vitest'
import fc from 'fast-check'
import type { InjectOptions } from 'fastify'
import { LIBRARY_SORTS } from '@shelfwise/contracts'
import { describeEachDialect } from '../support/context.ts'
import { insertBook, insertReview, insertUser, tokenFor } from '../support/factories.ts'
import { apiRoutes, changedTables, fingerprint, leaksIn, multipart, smallPng, stringsIn, tableNames, writeMark, type ApiRoute } from './support.ts'

// Property-based attack on every route of the OpenAPI document: random and hostile path parameters,
// query strings, bodies and tokens. Whatever comes in, the answer is never a 5xx, an error body never
// shows a stack trace, SQL or a file path, no body shows a hash or token version, and a refused
// request (any 4xx), or any GET, leaves every table exactly as it was.
// Each route first gets the cases below that fit it (SCRIPTS, CURSORS, QUERY_STRINGS: every run,
// whatever the seed), then FUZZ_RUNS random requests (default 100: with the cases, over 6,000
// requests per database, over 10,000 per run of both). FUZZ_SEED repeats a run; FUZZ_DEBUG=1 prints
// the time spent on each route.

const DEFAULT_RUNS = 100
/** Server-Sent Events: an accepted request is a stream that stays open. */
const STREAM = 'GET /api/me/notifications/stream'
const RUNS = Number(process.env.FUZZ_RUNS ?? DEFAULT_RUNS)
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED)

const b64 = (text: string) => Buffer.from(text).toString('base64url')

/** Search text in many scripts and sizes, and letters PostgreSQL's unaccent turns into tsquery syntax. */
const SCRIPTS = [
  'Οδύσσεια',
  'Ἰλιάς ὠδή',
  'Война и мир',
  'Преступле́ние',
  'ёлка Ё',
  '紅樓夢',
  '源氏物語',
  'ノルウェイの森',
  '한국어 소설',
  'ألف ليلة وليلة',
  'שלום עליכם',
  'मधुशाला',
  'ภาษาไทย',
  '📚🐉',
  '👩‍👩‍👧‍👦',
  '🏳️‍🌈',
  'Hawaiʻi',
  'ŉ',
  'ː',
  'aːb',
  '¼ ½',
  '⑴⒈🄁',
  'ʹʺʻʼʽˈˋˆ',
  'e\u0301\u0302\u0303',
  '\u200b\u200d\u2060',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '\u202Eأبجد hobbit',
  'hobbit\u0000ʻ',
  'ʻ:*A & !ʻ',
  'a'.repeat(200),
  'ж'.repeat(200),
  '漢'.repeat(200),
  'ʻ'.repeat(200),
  '📚'.repeat(100),
  'word '.repeat(40),
  'x'.repeat(201),
]

/** Values of a list's `cursor` (as they stand in a query string): NUL characters, junk, forgeries. */
const CURSORS = [
  '%00',
  'WyJ4%00Il0',
  '%00WyJ4Il0',
  'WyJ4Il0%00',
  b64('["\\u0000","x"]'),
  b64('["2026-01-01T00:00:00.000Z","x\\u0000"]'),
  b64('[1e999,0,"x"]'),
  b64('["\\ud800","x"]'),
  b64('[{},[]]'),
  b64('[]'),
  b64('{}'),
  b64('null'),
  Buffer.from([0xff, 0xfe, 0x5b]).toString('base64url'),
  b64('[5000]'),
  b64('[-1]'),
  'not-a-cursor',
  'WyJ4Il0!!',
  'WyJ4Il0==',
  '%20',
  '+/+/',
  '%25',
  'A'.repeat(500),
  'A'.repeat(501),
]

/** Whole query strings, sent as they are: repeated and empty keys, broken escapes, prototype keys, sizes. */
const QUERY_STRINGS = [
  'cursor=a&cursor=b',
  'limit=1&limit=2',
  'limit=',
  'limit',
  'cursor',
  '=',
  '==',
  '&&&',
  '&=&',
  'a=b=c',
  '%',
  '%zz',
  '%C3%28',
  '%ED%A0%80',
  '%F0%9F%98',
  '%00=%00',
  'query=%00',
  '+',
  'query=+++',
  'query[]=x',
  'query[a]=b',
  '__proto__=x',
  '__proto__[x]=1',
  'constructor[prototype][x]=1',
  'hasOwnProperty=1',
  'toString=x',
  'limit=1e2',
  'limit=0x10',
  'limit=-0',
  'limit=%201',
  'limit=1%00',
  'type=all&type=title',
  'sort=title&sort=rating',
  'sort=__proto__',
  `genres=${','.repeat(300)}`,
  `query=${'x'.repeat(4000)}`,
  'x'.repeat(2000),
  '%E2%80%AE=%E2%80%AE',
  'query=%F0%9F%93%9A&cursor=%00&limit=100',
]

const HOSTILE = [
  // SQL and LIKE
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  '" OR ""="',
  "') OR 1=1 --",
  '%',
  '_',
  '%%',
  "\\'",
  "admin'--",
  '1 UNION SELECT 1,2,3',
  // full-text syntax of SQLite FTS5 and PostgreSQL tsquery
  'NEAR(a b)',
  '"',
  '"unclosed',
  'a*',
  '*',
  'title:x',
  '^a',
  '{a b}',
  'a AND OR NOT b',
  '&|!',
  ':*',
  '<->',
  '!!',
  '(',
  ')',
  // regular expressions
  '(a+)+$',
  '.*',
  '[',
  '\\',
  '(?<x>',
  'a{99999}',
  // paths and files
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  '%2e%2e%2f',
  '....//',
  'file:///etc/passwd',
  'x.html',
  '.env',
  // markup and scripts
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  'data:text/html,<script>1</script>',
  '{{7*7}}',
  '${7*7}',
  // objects and prototypes
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '[object Object]',
  // numbers that are not
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e309',
  '9007199254740993',
  '0x10',
  '1_000',
  '07',
  '-1',
  '0',
  '',
  // this round's scripts and sizes
  ...SCRIPTS,
  // text edge cases
  ' ',
  '\t\n',
  '\u0000',
  'a\u0000b',
  '\uFEFF',
  '\u202Eevil',
  'e\u0301',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '😀😀',
  '\r\nSet-Cookie: x=1',
  '%s%s%n',
  'null',
  'undefined',
  'true',
  // tokens and ids
  'Bearer x',
  'eyJhbGciOiJub25lIn0.e30.',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-7fff-bfff-ffffffffffff',
  'x'.repeat(600),
  'y'.repeat(12_000),
]

describeEachDialect('fuzzing every route with random and hostile input', (ctx) => {
  let routes: ApiRoute[]
  let tables: string[]
  let ids: { book: string[]; user: string[]; review: string[]; username: string[] }
  let png: Buffer
  let readerA: string
  let readerB: string

  beforeAll(async () => {
    // The live stream is fuzzed apart (below): one it accepts never ends, and inject would wait for it.
    routes = (await apiRoutes(ctx.app)).filter((r) => r.key !== STREAM)
    tables = await tableNames(ctx.db, ctx.dialect)
    const a = await insertUser(ctx.db)
    const b = await insertUser(ctx.db)
    readerA = a.id
    readerB = b.id
    const book = await insertBook(ctx.db, { listedByUserId: a.id, createdByUserId: a.id })
    const review = await insertReview(ctx.db, { bookId: book.id, userId: b.id })
    ids = { book: [book.id, review.bookId], user: [a.id, b.id], review: [review.id], username: [a.username, b.username] }
    png = await smallPng()
  })

  // Everything a field, parameter or header may be sent.
  const text = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE) },
    { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  )
  const scalar = fc.oneof(
    text,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom(-1, 0, 1, 5, 6, 2 ** 31, Number.MAX_SAFE_INTEGER + 2),
  )
  const value = fc.oneof(
    { weight: 5, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(text, scalar, { maxKeys: 3 }) },
  )

  // Values a real client might send for a field, so requests also get past validation into the services.
  const plausible = (prop: string): fc.Arbitrary<unknown> => {
    const known: Record<string, fc.Arbitrary<unknown>> = {
      rating: fc.integer({ min: -1, max: 7 }),
      email: fc.oneof(fc.emailAddress(), text),
      username: fc.stringMatching(/^[a-z0-9._-]{3,16}$/),
      userType: fc.constantFrom('Reader', 'Author', 'Seller', 'Admin'),
      role: fc.constantFrom('author', 'publisher', 'none', 'owner'),
      pageCount: fc.integer({ min: -5, max: 200_000 }),
      publishedDate: fc.constantFrom('1999-12-31', '2023-02-30', '0000-00-00', '2024-01-01T00:00:00Z'),
      coverImage: fc.constantFrom('https://covers.example/x.jpg', 'javascript:alert(1)', 'http://', ''),
      profileImage: fc.constantFrom('/uploads/a.webp', '/uploads/../secret', 'https://x.example/a.png', 'data:image/png;base64,AA=='),
      genre: fc.oneof(fc.array(text, { maxLength: 12 }), text),
      author_username: fc.constantFrom(...ids.username, 'nobody-here'),
      publisher_username: fc.constantFrom(...ids.username, 'nobody-here'),
    }
    return fc.oneof(known[prop] ?? text, value)
  }

  // Bodies that pass validation, per write route, so the fuzz reaches the services and the database.
  const name = fc.stringMatching(/^[a-z][a-z0-9_]{5,14}$/)
  const VALID: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
    'POST /api/auth/register': name.map((u) => ({ name: u, username: u, email: `${u}@example.test`, password: 'quiet-lantern-7', userType: 'Reader' })),
    'POST /api/auth/login': text.map((password) => ({ email: 'someone@example.test', password })),
    'PUT /api/users/password': text.map((currentPassword) => ({ currentPassword, newPassword: 'another-pass-99' })),
    'POST /api/books': fc.record(
      { title: text, author: text, role: fc.constantFrom('author', 'publisher', 'none'), genre: fc.constant('Fantasy, Crime') },
      { noNullPrototype: true },
    ),
    // The fuzzing reader added the first book, so a correction of it gets past the owner check.
    'PUT /api/books/{id}': fc.record(
      { title: text, author: text, role: fc.constantFrom('author', 'publisher', 'none'), isbn: fc.constantFrom('', '9780306406157', 'x') },
      { noNullPrototype: true },
    ),
    'POST /api/reviews/book/{bookId}': fc.record({ rating: fc.integer({ min: 1, max: 5 }), comment: text }, { noNullPrototype: true }),
    'PUT /api/reviews/{id}': fc.record({ rating: fc.integer({ min: 1, max: 5 }), content: text }, { noNullPrototype: true }),
    'PUT /api/users/profile/update': fc.record({ bio: text, name: text, username: name }, { requiredKeys: [], noNullPrototype: true }),
  }

  const pathValue = (name: string) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...(name === 'username' ? ids.username : [...ids.book, ...ids.user, ...ids.review])) },
      { weight: 1, arbitrary: fc.uuid() },
      { weight: 3, arbitrary: text.filter((t) => t !== '') },
    )

  const queryString = (route: ApiRoute) =>
    fc.oneof(
      {
        weight: 6,
        arbitrary: fc
          .array(
            fc.tuple(
              fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...(route.queryParams.length ? route.queryParams : ['q'])) }, { weight: 1, arbitrary: text }),
              fc.oneof(text, fc.integer().map(String)),
            ),
            { maxLength: 5 },
          )
          .map((pairs) =>
            pairs
              .filter(([k]) => k !== '')
              .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
              .join('&'),
          ),
      },
      { weight: 1, arbitrary: fc.constantFrom(...QUERY_STRINGS) },
      ...(route.queryParams.includes('cursor')
        ? [{ weight: 2, arbitrary: fc.tuple(fc.constantFrom(...CURSORS), fc.nat(3)).map(([c, n]) => `limit=${n}&cursor=${c}`) }]
        : []),
    )

  // This round's cases, for every route they fit, before the random requests: odd query strings
  // everywhere, scripts in a search's text and in path parameters, broken cursors on every list.
  const examplesFor = (route: ApiRoute) => {
    const idFor = (name: string) =>
      name === 'username'
        ? ids.username[0]!
        : name === 'bookId' || (name === 'id' && route.path.startsWith('/api/books'))
          ? ids.book[0]!
          : name === 'id' && route.path.startsWith('/api/reviews')
            ? ids.review[0]!
            : ids.user[0]!
    const base = { params: route.pathParams.map(idFor), body: { sent: '' } as Body, auth: 'reader' }
    const queries = [
      ...QUERY_STRINGS,
      ...(route.queryParams.includes('query') ? SCRIPTS.map((t) => `query=${encodeURIComponent(t)}`) : []),
      // The library's search (issue 22), in each order.
      ...(route.queryParams.includes('q') ? SCRIPTS.map((t, i) => `q=${encodeURIComponent(t)}&sort=${LIBRARY_SORTS[i % LIBRARY_SORTS.length]}`) : []),
      ...(route.queryParams.includes('cursor') ? CURSORS.map((c) => `limit=2&cursor=${c}`) : []),
    ]
    const inPath = route.pathParams.length ? SCRIPTS.slice(0, 12).map((t) => ({ ...base, params: route.pathParams.map(() => t), query: '' })) : []
    return [...queries.map((query) => ({ ...base, query })), ...inPath]
  }

  interface Body {
    payload?: string | Buffer
    contentType?: string
    sent: unknown
  }
  const json = (v: unknown): Body => ({ payload: JSON.stringify(v), contentType: 'application/json', sent: v })
  // Multipart bodies: a real picture, HTML, SVG, nothing or random bytes, in the right field or not.
  const multipartBody: fc.Arbitrary<Body> = fc.oneof(
    fc
      .record(
        {
          field: fc.constantFrom('image', 'file', ''),
          kind: fc.constantFrom('png', 'html', 'svg', 'empty', 'bytes', 'text'),
          name: text,
          type: fc.constantFrom('image/png', 'text/html', 'image/svg+xml', ''),
        },
        { noNullPrototype: true },
      )
      .chain((p) =>
        fc.uint8Array({ maxLength: 64 }).map((bytes) => {
          const content = {
            png,
            html: Buffer.from('<html><script>alert(1)</script></html>'),
            svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
            empty: Buffer.alloc(0),
            bytes: Buffer.from(bytes),
            text: Buffer.from(p.name),
          }[p.kind]
          const m = multipart([{ name: p.field, value: content, filename: p.name.replace(/["\r\n]/g, ''), ...(p.type ? { contentType: p.type } : {}) }])
          return { payload: m.payload, contentType: m.headers['content-type'], sent: p.name }
        }),
      ),
    fc.constantFrom<Body>(
      { payload: 'not multipart', contentType: 'multipart/form-data', sent: '' },
      { payload: '--x\r\n\r\n', contentType: 'multipart/form-data; boundary=x', sent: '' },
    ),
  )

  const body = (route: ApiRoute): fc.Arbitrary<Body> => {
    // The OpenAPI document shows no body for the upload (Fastify's multipart is read in the handler),
    // so every write route without a JSON body also gets multipart ones.
    const takesMultipart = route.isMultipart || (route.method !== 'GET' && route.bodyProps.length === 0)
    const valid = VALID[route.key]
    // A valid body with one field swapped for something hostile (or one field added), or left whole.
    const nearlyValid =
      valid &&
      fc.tuple(valid, fc.nat(), value, text, fc.boolean()).map(([v, i, bad, extraKey, whole]) => {
        const out: Record<string, unknown> = { ...v }
        if (!whole) {
          const keys = Object.keys(out)
          if (i % (keys.length + 1) === keys.length) out[extraKey] = bad
          else out[keys[i % (keys.length + 1)]!] = bad
        }
        return json(out)
      })
    const shaped = route.bodyProps.length
      ? fc.record(Object.fromEntries(route.bodyProps.map((p) => [p, plausible(p)])), { requiredKeys: [], noNullPrototype: true }).map(json)
      : fc.constant<Body>({ sent: '' })
    return fc.oneof(
      ...(takesMultipart ? [{ weight: 4, arbitrary: multipartBody }] : []),
      ...(nearlyValid ? [{ weight: 4, arbitrary: nearlyValid }] : []),
      { weight: 4, arbitrary: shaped },
      { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map(json) },
      { weight: 1, arbitrary: fc.dictionary(text, value, { maxKeys: 5 }).map(json) },
      { weight: 1, arbitrary: fc.constantFrom<Body>({ sent: '' }) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(
            text,
            fc.constantFrom(
              'application/json',
              'text/plain',
              'application/x-www-form-urlencoded',
              'application/xml',
              'multipart/form-data; boundary=x',
              'application/json; charset=utf-16',
            ),
          )
          .map(([raw, type]) => ({ payload: raw, contentType: type, sent: raw })),
      },
    )
  }

  // Mostly signed in, since most write routes turn everyone else away before any work.
  const auth = fc.oneof(
    { weight: 6, arbitrary: fc.constant('reader') },
    { weight: 2, arbitrary: fc.constant('other') },
    { weight: 2, arbitrary: fc.constant('none') },
    { weight: 1, arbitrary: fc.constantFrom('garbage', 'unsigned', 'empty') },
  )
  const authHeader = (kind: string): Record<string, string> =>
    ({
      none: {},
      // A fresh token each time, so a fuzzed logout ends only that one.
      reader: { authorization: `Bearer ${tokenFor(readerA)}` },
      other: { authorization: `Bearer ${tokenFor(readerB)}` },
      garbage: { authorization: 'Bearer a.b.c' },
      unsigned: {
        authorization: `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: readerA, ver: 0, jti: 'x', exp: 9e9 })).toString('base64url')}.`,
      },
      empty: { authorization: 'Bearer ' },
    })[kind]!

  const requestFor = (route: ApiRoute) =>
    fc.record(
      {
        params: fc.tuple(...route.pathParams.map(pathValue)),
        query: queryString(route),
        body: body(route),
        auth,
      },
      { noNullPrototype: true },
    )

  it('answers the live stream’s hostile tickets and tokens with a 4xx naming the problem, never a stream or a 5xx', async () => {
    const path = STREAM.split(' ')[1]!
    for (const ticket of [...HOSTILE, ...CURSORS]) {
      for (const who of ['none', 'garbage', 'unsigned', 'empty'] as const) {
        const res = await ctx.app.inject({ url: `${path}?ticket=${encodeURIComponent(ticket)}`, headers: authHeader(who) })
        expect(res.statusCode, `${ticket.slice(0, 40)} (${who})`).toBeGreaterThanOrEqual(400)
        expect(res.statusCode, `${ticket.slice(0, 40)} (${who})`).toBeLessThan(500)
        expect(res.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) })
      }
    }
  })

  // Found by this suite: PostgreSQL cannot store U+0000 and answered a 500.
  it('refuses a NUL character in a path or a body with a 400 naming it, writing nothing, and drops it from a query', async () => {
    const reader = tokenFor(readerA)
    const before = await fingerprint(ctx.db, ctx.dialect, tables)
    const cases: [InjectOptions, string][] = [
      [{ url: '/api/users/by-username/a%00b' }, 'Username must not contain the NUL character (U+0000)'],
      [
        { method: 'PUT', url: '/api/users/profile/update', headers: { authorization: `Bearer ${reader}` }, payload: { bio: 'a\u0000b' } },
        'Bio must not contain the NUL character (U+0000)',
      ],
      [
        { method: 'POST', url: '/api/books', headers: { authorization: `Bearer ${reader}` }, payload: { title: 'T', author: 'A', genre: ['ok', 'x\u0000'] } },
        'Genre 2 must not contain the NUL character (U+0000)',
      ],
    ]
    for (const [req, message] of cases) {
      const res = await ctx.app.inject(req)
      expect(res.statusCode, req.url as string).toBe(400)
      expect(res.json()).toEqual({ message, code: 'validation_failed' })
    }
    expect(changedTables(before, await fingerprint(ctx.db, ctx.dialect, tables))).toEqual([])
    for (const url of ['/api/users/search?query=a%00b', '/api/books/search?query=war%00peace', '/api/books/search?genres=Fantasy%00']) {
      expect((await ctx.app.inject({ url })).statusCode, url).toBe(200)
    }
  })

  it('never answers 5xx or leaks internals, and a refused request writes nothing', async () => {
    const started = Date.now()
    const statuses: Record<number, number> = {}
    let requests = 0
    // Every table, and the uploads folder: a refused upload leaves no file behind either.
    const uploads = () => readdirSync(ctx.config.uploadsDir).sort().join(',')
    const state = async () => ({ ...(await fingerprint(ctx.db, ctx.dialect, tables)), '(uploads folder)': uploads() })
    // The whole fingerprint only when a write may have happened (writeMark); the mark is read first.
    const readMark = await writeMark(ctx.db, ctx.dialect, tables)
    // The mark sees a write (else the checks below would pass without looking).
    const unwritten = await readMark()
    await insertUser(ctx.db)
    expect(await readMark(), 'the write mark after a write').not.toBe(unwritten)
    let mark = await readMark()
    let baseline = await state()
    let fingerprints = 0
    for (const route of routes) {
      const property = fc.asyncProperty(requestFor(route), async ({ params, query, body: b, auth: who }) => {
        let path = route.path
        route.pathParams.forEach((name, i) => {
          path = path.replace(`{${name}}`, encodeURIComponent(String(params[i])))
        })
        const url = query ? `${path}?${query}` : path
        const headers: Record<string, string> = { ...authHeader(who), ...(b.contentType ? { 'content-type': b.contentType } : {}) }
        const res = await ctx.app.inject({ method: route.method, url, headers, ...(b.payload === undefined ? {} : { payload: b.payload }) } as InjectOptions)
        requests++
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1
        const what = `${route.method} ${url} (${who}) → ${res.statusCode} ${res.body.slice(0, 300)}`
        const markNow = await readMark()
        const now = markNow === mark ? { ...baseline, '(uploads folder)': uploads() } : (fingerprints++, await state())
        mark = markNow
        const changed = changedTables(baseline, now)
        baseline = now // before asserting, so fast-check's shrinking starts from the state as it is
        expect(res.statusCode, what).toBeLessThan(500)
        const sent = [
          ...params.map(String),
          ...stringsIn(b.sent),
          ...query.split('&').flatMap((kv) =>
            kv.split('=').map((s) => {
              try {
                return decodeURIComponent(s)
              } catch {
                return s
              }
            }),
          ),
        ]
        if (res.statusCode >= 400) {
          expect(res.json(), what).toMatchObject({ message: expect.any(String), code: expect.any(String) })
          expect(leaksIn(res.body, sent), what).toEqual([])
        } else {
          expect(res.body, what).not.toMatch(/\$argon2|password_?hash|token_?version/i)
        }
        if (res.statusCode >= 400 || route.method === 'GET') expect(changed, `${what}: tables written`).toEqual([])
      })
      const t0 = Date.now()
      // One argument per example, as the property takes one.
      const examples = examplesFor(route).map((e) => [e] as [typeof e])
      try {
        // Examples count within numRuns, so the random requests stay RUNS.
        await fc.assert(property, { numRuns: RUNS + examples.length, examples, ...(SEED === undefined ? {} : { seed: SEED }) })
      } catch (err) {
        throw new Error(`${route.key}: ${(err as Error).message}`, { cause: err })
      }
      if (process.env.FUZZ_DEBUG) console.log(route.key, Date.now() - t0, 'ms')
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    console.log(
      `fuzz [${ctx.dialect}]: ${requests} requests over ${routes.length} routes in ${seconds} s (${fingerprints} whole fingerprints); answers ${JSON.stringify(statuses)}`,
    )
    expect(requests).toBeGreaterThanOrEqual(routes.length * RUNS)
    // Half of the 10,000 requests a run of both databases makes.
    if (RUNS >= DEFAULT_RUNS) expect(requests).toBeGreaterThanOrEqual(5_000)
  }, 600_000)
})
