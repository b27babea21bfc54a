import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { v7 as uuidv7 } from 'uuid'
import { GoalSchema, YearStatsSchema } from '@shelfwise/contracts'
import type { Db } from '#/db/portable.ts'
import { readFinishedAt } from '#/db/reading-log-rows.ts'
import { createTestContext, testDialects, type TestContext } from '../../../test/support/context.ts'
import { bearer, insertBook, insertUser } from '../../../test/support/factories.ts'

// A reader's year under load (issue 19, point 2; decision 0022): counted by the database whatever
// the number of books, kept under the reader's own versions, refusals remembered, the image drawn
// once per version, and the route under the costly-read limit.

/** One more distinct book than SQLite binds values in one statement (32,766). */
const BOOKS = 32_767 + 33
const YEAR = 2024

/**
 * The reader's year of BOOKS finished books, written straight to the database in batches (the API
 * would take minutes): book i has 100 + (i % 400) pages, is finished in month (i % 12) + 1, is rated
 * (i % 5) + 1 without a review when i % 7 = 0, and every 100th book is a Saga. Answers what a correct
 * count of that year says.
 */
async function insertYearOfBooks(db: Db, userId: string) {
  const at = new Date().toISOString()
  const expected = {
    pagesRead: 0,
    byMonth: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, books: 0, pages: 0 })),
    ratings: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } as Record<1 | 2 | 3 | 4 | 5, number>,
    sagas: 0,
    /** The titles of the longest books (i % 400 = 399) and of the shortest (i % 400 = 0). */
    longest: [] as string[],
    shortest: [] as string[],
  }
  // 14 columns a read: 2,000 reads bind 28,000 values, under both databases' limits.
  const BATCH = 2_000
  for (let start = 0; start < BOOKS; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, BOOKS - start) }, (_, k) => {
      const i = start + k
      return { i, id: uuidv7(), pages: 100 + (i % 400), month: (i % 12) + 1, rating: i % 7 === 0 ? (i % 5) + 1 : null }
    })
    await db
      .insertInto('books')
      .values(rows.map((r) => ({ id: r.id, title: `Load ${r.i}`, author: 'Load Author', pageCount: r.pages, createdAt: at, updatedAt: at })))
      .execute()
    const sagas = rows.filter((r) => r.i % 100 === 0)
    if (sagas.length)
      await db
        .insertInto('bookGenres')
        .values(sagas.map((r) => ({ bookId: r.id, genre: 'Saga' })))
        .execute()
    await db
      .insertInto('readingEntries')
      .values(rows.map((r) => ({ userId, bookId: r.id, status: 'read', rating: r.rating, createdAt: at, updatedAt: at })))
      .execute()
    await db
      .insertInto('readThroughs')
      .values(rows.map((r) => ({ ...readFinishedAt(userId, r.id, at), finishedOn: `${YEAR}-${String(r.month).padStart(2, '0')}-15` })))
      .execute()
    for (const r of rows) {
      expected.pagesRead += r.pages
      expected.byMonth[r.month - 1]!.books += 1
      expected.byMonth[r.month - 1]!.pages += r.pages
      if (r.rating) expected.ratings[r.rating as 1 | 2 | 3 | 4 | 5] += 1
      if (r.pages === 499) expected.longest.push(`Load ${r.i}`)
      if (r.pages === 100) expected.shortest.push(`Load ${r.i}`)
    }
    expected.sagas += sagas.length
  }
  return expected
}

for (const dialect of testDialects()) {
  describe(`a reader's year under load [${dialect}]`, () => {
    let ctx: TestContext & { close(): Promise<void> }
    let recording: string[] | undefined
    beforeAll(async () => {
      ctx = await createTestContext(dialect, {}, { onQuery: (text) => recording?.push(text) })
    })
    afterAll(() => ctx?.close())

    const call = (method: 'GET' | 'PUT' | 'POST', url: string, token?: string, payload?: object, headers: Record<string, string> = {}) =>
      ctx.app.inject({ method, url, headers: { ...headers, ...(token ? bearer(token) : {}) }, ...(payload ? { payload } : {}) })
    /** The statements a call ran that read a reader's data (the import and upload sweepers' own are left out). */
    async function statementsOf<T>(fn: () => Promise<T>): Promise<{ answer: T; statements: string[] }> {
      recording = []
      try {
        const answer = await fn()
        return { answer, statements: recording.filter((s) => /\b(users|reading_entries|read_throughs|reviews|reading_goals|books|book_genres)\b/.test(s)) }
      } finally {
        recording = undefined
      }
    }
    const counts = (statements: string[]) => statements.filter((s) => s.includes('"read_throughs"'))

    it(`answers a year of ${BOOKS.toLocaleString('en-US')} distinct books (more than SQLite binds in a statement) with the right counts, its image and a goal`, async () => {
      const reader = await insertUser(ctx.db)
      const expected = await insertYearOfBooks(ctx.db, reader.id)

      const res = await call('GET', `/api/users/${reader.id}/stats/${YEAR}`)
      expect(res.statusCode, res.body).toBe(200)
      const y = YearStatsSchema.parse(res.json())
      expect(y).toMatchObject({
        year: YEAR,
        booksRead: BOOKS,
        pagesRead: expected.pagesRead,
        yearOnly: 0,
        byMonth: expected.byMonth,
        ratings: expected.ratings,
      })
      const rated = Object.entries(expected.ratings).reduce((n, [, c]) => n + c, 0)
      const sum = Object.entries(expected.ratings).reduce((s, [star, c]) => s + Number(star) * c, 0)
      expect(y.averageRating).toBe(Math.round((sum / rated) * 100) / 100)
      expect(y.genres).toEqual([{ genre: 'Saga', books: expected.sagas }])
      // Of the many books of the same length, the title last in order (the longest) or first (the shortest).
      const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
      expect(y.longestBook).toMatchObject({ pageCount: 499, title: expected.longest.sort(byCodeUnits).at(-1) })
      expect(y.shortestBook).toMatchObject({ pageCount: 100, title: expected.shortest.sort(byCodeUnits)[0] })

      const image = await call('GET', `/api/users/${reader.id}/stats/${YEAR}/image.png`)
      expect(image.statusCode, image.body).toBe(200)
      const meta = await sharp(image.rawPayload).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 1080, 1350])

      const goal = await call('PUT', `/api/me/goals/${YEAR}`, reader.token, { books: 40_000 })
      expect(goal.statusCode, goal.body).toBe(200)
      expect(GoalSchema.parse(goal.json())).toMatchObject({ books: 40_000, done: { books: BOOKS, pages: expected.pagesRead }, onTrack: false })
    }, 60_000)

    it('keeps a reader’s figures when another reader adds a book, and counts again after a change of the reader’s own', async () => {
      const reader = await insertUser(ctx.db)
      const token = reader.token
      const books = [await insertBook(ctx.db, { pageCount: 250 }), await insertBook(ctx.db, { pageCount: 90 })]
      for (const b of books) expect((await call('POST', `/api/books/${b.id}/reads`, token, { finishedOn: '2025-03-05' })).statusCode).toBe(201)
      const url = `/api/users/${reader.id}/stats/2025`
      const first = await statementsOf(() => call('GET', url))
      expect(first.answer.statusCode, first.answer.body).toBe(200)
      expect(counts(first.statements).length).toBeGreaterThan(0)

      // Someone else's new book (the catalogue moves): the reader's figures are answered as kept.
      await insertBook(ctx.db, { pageCount: 999 })
      const again = await statementsOf(() => call('GET', url))
      expect(again.answer.json()).toEqual(first.answer.json())
      expect(counts(again.statements)).toEqual([])

      // The reader rates a book: counted again at once.
      expect((await call('PUT', `/api/books/${books[1]!.id}/reading`, token, { rating: 5 })).statusCode).toBe(200)
      const changed = await statementsOf(() => call('GET', url))
      expect(counts(changed.statements).length).toBeGreaterThan(0)
      expect(YearStatsSchema.parse(changed.answer.json())).toMatchObject({ booksRead: 2, pagesRead: 340, ratings: { 5: 1 }, averageRating: 5 })
    })

    it('remembers that a reader is unknown: asking again is the same 404 and reads nothing', async () => {
      const nobody = uuidv7()
      const first = await statementsOf(() => call('GET', `/api/users/${nobody}/stats/2025`))
      expect(first.answer.statusCode).toBe(404)
      expect(first.statements.length).toBeGreaterThan(0)
      for (const url of [`/api/users/${nobody}/stats/2025`, `/api/users/${nobody}/stats/1999`, `/api/users/${nobody}/stats/2025/image.png`]) {
        const again = await statementsOf(() => call('GET', url))
        expect(again.answer.statusCode).toBe(404)
        expect(again.answer.json()).toEqual(first.answer.json())
        expect(again.statements).toEqual([])
      }
    })

    it('draws the image once per version: the same bytes and ETag again, 304 to a client that holds it, a new one after the reader’s change', async () => {
      const reader = await insertUser(ctx.db)
      const book = await insertBook(ctx.db, { pageCount: 320, title: 'The Cached Lighthouse' })
      expect((await call('POST', `/api/books/${book.id}/reads`, reader.token, { finishedOn: '2025-06-01' })).statusCode).toBe(201)
      const url = `/api/users/${reader.id}/stats/2025/image.png`
      const first = await call('GET', url)
      expect(first.statusCode).toBe(200)
      const etag = first.headers.etag as string
      expect(etag).toMatch(/^"[\w-]{27}"$/)

      const again = await statementsOf(() => call('GET', url))
      expect(again.answer.statusCode).toBe(200)
      expect(again.answer.headers.etag).toBe(etag)
      expect(again.answer.rawPayload.equals(first.rawPayload)).toBe(true)
      // Not drawn again: the year's covers are not even looked up.
      expect(counts(again.statements)).toEqual([])

      const held = await call('GET', url, undefined, undefined, { 'if-none-match': `"other", ${etag}` })
      expect(held.statusCode).toBe(304)
      expect(held.rawPayload.length).toBe(0)
      expect(held.headers.etag).toBe(etag)

      // A goal is drawn on the image: setting one makes another image.
      expect((await call('PUT', '/api/me/goals/2025', reader.token, { books: 12 })).statusCode).toBe(200)
      const changed = await call('GET', url, undefined, undefined, { 'if-none-match': etag })
      expect(changed.statusCode).toBe(200)
      expect(changed.headers.etag).not.toBe(etag)
    })
  })
}

describe('a reader’s year under the costly-read limit', () => {
  let ctx: TestContext & { close(): Promise<void> }
  beforeAll(async () => {
    ctx = await createTestContext('sqlite', { RATE_LIMIT_COSTLY_READS_PER_IP: '4', RATE_LIMIT_COSTLY_READS_WINDOW: '60' })
  })
  afterAll(() => ctx?.close())
  const address = () => `127.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`

  it('answers 429 with Retry-After past the limit, counting refusals too; another address goes on', async () => {
    const reader = await insertUser(ctx.db)
    const ip = address()
    const get = (url: string, remoteAddress = ip) => ctx.app.inject({ method: 'GET', url, remoteAddress })
    for (const year of [2021, 2022, 2023]) expect((await get(`/api/users/${reader.id}/stats/${year}`)).statusCode).toBe(200)
    expect((await get(`/api/users/${uuidv7()}/stats/2024`)).statusCode).toBe(404)
    const limited = await get(`/api/users/${reader.id}/stats/2024`)
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({ code: 'rate_limited' })
    expect(limited.json().message).toMatch(/^Too many years in numbers in a short time\. Please wait \d+ (seconds?|minutes?) and try again\.$/)
    const retry = Number(limited.headers['retry-after'])
    expect(retry >= 1 && retry <= 60).toBe(true)
    expect((await get(`/api/users/${reader.id}/stats/2024`, address())).statusCode).toBe(200)
  })
})
