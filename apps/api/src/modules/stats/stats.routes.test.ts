import { describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { ErrorBodySchema, GoalSchema, ReaderStatsSchema, YearBookListSchema, YearStatsSchema } from '@shelfwise/contracts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { callerOf } from '../../../test/support/calls.ts'
import { insertBook, insertUser } from '../../../test/support/factories.ts'
import { keepsPace } from '#/modules/stats/stats.service.ts'

// A reader's year in numbers (issue 15): every counting rule, on both databases.

describe('keeping pace with a goal', () => {
  it('asks the share of the target the days gone make in the current year, the whole of it for a past year, nothing of a future one', () => {
    const july1 = new Date('2026-07-01T12:00:00Z') // day 182 of 365
    expect(keepsPace(100, 49, 2026, july1)).toBe(true) // floor(100 × 182 / 365) = 49
    expect(keepsPace(100, 48, 2026, july1)).toBe(false)
    expect(keepsPace(12, 11, 2025, july1)).toBe(false)
    expect(keepsPace(12, 12, 2025, july1)).toBe(true)
    expect(keepsPace(12, 0, 2027, july1)).toBe(true)
    expect(keepsPace(52, 0, 2026, new Date('2026-01-01T00:00:00Z'))).toBe(true)
  })
})

describeEachDialect('stats', (ctx) => {
  const call = callerOf(ctx)
  const addRead = async (token: string, bookId: string, read: object) => {
    const res = await call('POST', `/api/books/${bookId}/reads`, token, read)
    expect(res.statusCode, res.body).toBe(201)
  }
  /** The reads in the order given, each of a book. */
  const addReads = async (token: string, reads: [{ id: string }, object][]) => {
    for (const [book, read] of reads) await addRead(token, book.id, read)
  }
  const yearOf = async (userId: string, year: number) => {
    const res = await call('GET', `/api/users/${userId}/stats/${year}`)
    expect(res.statusCode, res.body).toBe(200)
    return YearStatsSchema.parse(res.json())
  }

  it('counts a book once per read finished in the year, pages from its page count, months from dated finishes only', async () => {
    const reader = await insertUser(ctx.db)
    const long = await insertBook(ctx.db, { pageCount: 800, genres: ['Fantasy', 'Adventure'] })
    const short = await insertBook(ctx.db, { pageCount: 120, genres: ['Poetry'] })
    const unknown = await insertBook(ctx.db, { pageCount: null, genres: ['Fantasy'] })
    await addReads(reader.token, [
      // A re-read in the same year counts twice; a finish known only to the year counts in no month.
      [long, { startedOn: '2025-01-02', finishedOn: '2025-01-20' }],
      [long, { finishedOn: '2025-03-05' }],
      [short, { finishedOn: '2025' }],
      [unknown, { finishedOn: '2025-03' }],
      // Another year, an undated finish, a stopped read and an open read count nowhere in 2025.
      [short, { finishedOn: '2024-12-31' }],
      [unknown, { outcome: 'finished' }],
      [short, { stoppedOn: '2025-06-01' }],
    ])
    await call('PUT', `/api/books/${long.id}/reading`, reader.token, { rating: 4 })
    await call('POST', `/api/reviews/book/${short.id}`, reader.token, { rating: 2, comment: 'Not for me.' })

    const y = await yearOf(reader.id, 2025)
    expect(y).toMatchObject({ year: 2025, booksRead: 4, pagesRead: 800 + 800 + 120, yearOnly: 1 })
    expect(y.byMonth).toHaveLength(12)
    expect(y.byMonth[0]).toEqual({ month: 1, books: 1, pages: 800 })
    expect(y.byMonth[2]).toEqual({ month: 3, books: 2, pages: 800 })
    expect(y.byMonth.reduce((s, m) => s + m.books, 0)).toBe(3)
    // Ratings and genres count each book once, however often it was read.
    expect(y.ratings).toEqual({ 1: 0, 2: 1, 3: 0, 4: 1, 5: 0 })
    expect(y.averageRating).toBe(3)
    expect(y.genres).toEqual([
      { genre: 'Fantasy', books: 2 },
      { genre: 'Adventure', books: 1 },
      { genre: 'Poetry', books: 1 },
    ])
    expect(y.longestBook).toMatchObject({ _id: long.id, pageCount: 800 })
    expect(y.shortestBook).toMatchObject({ _id: short.id, pageCount: 120 })
    expect(y.goal).toBeNull()

    const all = ReaderStatsSchema.parse((await call('GET', `/api/users/${reader.id}/stats`)).json())
    expect(all.years).toEqual([
      { year: 2025, booksRead: 4, pagesRead: 1720 },
      { year: 2024, booksRead: 1, pagesRead: 120 },
    ])
    // The undated finish is in the totals, shown as "date unknown", in no year.
    expect(all.allTime).toEqual({ booksRead: 6, pagesRead: 1840, undated: 1 })
    // The profile's counts stay as the web app and the spec's client read them.
    expect(all).toMatchObject({ followers: 0, following: 0, reviews: 1, wishlistCount: null })
  })

  it('leaves out a read taken off Recently Read, and an empty year is zeros', async () => {
    const reader = await insertUser(ctx.db)
    const book = await insertBook(ctx.db, { pageCount: 300 })
    await addRead(reader.token, book.id, { finishedOn: '2023-05-05' })
    await call('PUT', `/api/users/addto-recently-read/${book.id}`, reader.token)
    const y = await yearOf(reader.id, 2023)
    expect(y).toMatchObject({ booksRead: 0, pagesRead: 0, averageRating: null, longestBook: null, genres: [] })
    expect(y.byMonth.every((m) => m.books === 0)).toBe(true)
  })

  it('sets a goal in books and pages, counts what is done and says whether it keeps pace', async () => {
    const reader = await insertUser(ctx.db)
    const book = await insertBook(ctx.db, { pageCount: 400 })
    await addRead(reader.token, book.id, { finishedOn: '2024-02-02' })
    const set = await call('PUT', '/api/me/goals/2024', reader.token, { books: 2, pages: 300 })
    expect(set.statusCode, set.body).toBe(200)
    // A past year: one of two books is not the goal reached, though the pages are.
    expect(GoalSchema.parse(set.json())).toEqual({ year: 2024, books: 2, pages: 300, done: { books: 1, pages: 400 }, onTrack: false })
    const lowered = GoalSchema.parse((await call('PUT', '/api/me/goals/2024', reader.token, { books: 1 })).json())
    expect(lowered).toMatchObject({ books: 1, pages: 300, onTrack: true })
    expect((await yearOf(reader.id, 2024)).goal).toEqual(lowered)
    // Clearing both targets removes the goal.
    await call('PUT', '/api/me/goals/2024', reader.token, { books: null, pages: null })
    expect((await yearOf(reader.id, 2024)).goal).toBeNull()
    // A future year's goal is on track whatever is done.
    expect(GoalSchema.parse((await call('PUT', '/api/me/goals/2099', reader.token, { pages: 5000 })).json()).onTrack).toBe(true)
  })

  it('refuses a goal without a token (401), without a target or with a bad year (400), and stats of nobody (404)', async () => {
    const reader = await insertUser(ctx.db)
    expect((await call('PUT', '/api/me/goals/2025', undefined, { books: 3 })).statusCode).toBe(401)
    const empty = await call('PUT', '/api/me/goals/2025', reader.token, {})
    expect(empty.statusCode).toBe(400)
    expect(ErrorBodySchema.parse(empty.json()).message).toMatch(/books or pages/)
    expect((await call('PUT', '/api/me/goals/20250', reader.token, { books: 3 })).statusCode).toBe(400)
    expect((await call('PUT', '/api/me/goals/2025', reader.token, { books: 0 })).statusCode).toBe(400)
    expect((await call('GET', `/api/users/${reader.id}/stats/abcd`)).statusCode).toBe(400)
    expect((await call('GET', '/api/users/01900000-0000-7000-8000-000000000009/stats/2025')).statusCode).toBe(404)
  })

  it('draws the year in review as a PNG, with odd titles and no books alike', async () => {
    const reader = await insertUser(ctx.db, { username: `rtl_${Date.now().toString(36)}` })
    for (const title of ['قصر الشوق', '📚 Emoji & <Tags>', 'Donaudampfschifffahrtsgesellschaftskapitänswitwe']) {
      const book = await insertBook(ctx.db, { title, pageCount: 200 })
      await addRead(reader.token, book.id, { finishedOn: '2025-08-01' })
    }
    for (const year of [2025, 2010]) {
      const res = await call('GET', `/api/users/${reader.id}/stats/${year}/image.png`)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('image/png')
      const meta = await sharp(res.rawPayload).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 1080, 1350])
    }
  })

  it('lists the year’s books a page at a time, each once by its last finish, newest first, with the rating; a cursor walks them all', async () => {
    const reader = await insertUser(ctx.db)
    const other = await insertUser(ctx.db)
    const [dated, reread, yearOnly, monthOnly, tie] = [
      await insertBook(ctx.db, { title: 'قصر الشوق', author: 'نجيب محفوظ' }),
      await insertBook(ctx.db, { title: 'Read twice 📚' }),
      await insertBook(ctx.db, { title: 'Known to the year' }),
      await insertBook(ctx.db, { title: 'Known to the month' }),
      await insertBook(ctx.db, { title: 'Same day' }),
    ]
    await addReads(reader.token, [
      [dated, { finishedOn: '2025-06-10' }],
      [reread, { finishedOn: '2025-02-01' }],
      [reread, { finishedOn: '2025-09-30' }],
      [yearOnly, { finishedOn: '2025' }],
      [monthOnly, { finishedOn: '2025-06' }],
      [tie, { finishedOn: '2025-06-10' }],
      // Another year and an unfinished read are not the year's books; nor is another reader's read.
      [dated, { finishedOn: '2026-01-01' }],
      [yearOnly, { stoppedOn: '2025-12-01' }],
    ])
    await addRead(other.token, dated.id, { finishedOn: '2025-07-07' })
    await call('PUT', `/api/books/${reread.id}/reading`, reader.token, { rating: 5 })

    const seen: { _id: string; finishedOn: string; rating: number | null }[] = []
    let url: string | undefined = `/api/users/${reader.id}/stats/2025/books?limit=2`
    while (url) {
      const res = await call('GET', url)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.headers['x-total-count']).toBe('5')
      const page = YearBookListSchema.parse(res.json())
      expect(page.length).toBeLessThanOrEqual(2)
      seen.push(...page)
      const link = res.headers.link as string | undefined
      url = link ? `/api${/^<\/api([^>]+)>/.exec(link)![1]}` : undefined
    }
    const [first, second] = [dated, tie].sort((a, b) => (a.id < b.id ? 1 : -1))
    expect(seen.map((b) => [b._id, b.finishedOn])).toEqual([
      [reread.id, '2025-09-30'],
      [first!.id, '2025-06-10'],
      [second!.id, '2025-06-10'],
      [monthOnly.id, '2025-06'],
      [yearOnly.id, '2025'],
    ])
    expect(seen[0]!.rating).toBe(5)
    expect(seen.find((b) => b._id === dated.id)).toMatchObject({ title: 'قصر الشوق', author: 'نجيب محفوظ', rating: null })

    // A year without books is an empty page; the page size is capped; nobody's year is a 404.
    const empty = await call('GET', `/api/users/${reader.id}/stats/2019/books`)
    expect([empty.statusCode, empty.json(), empty.headers['x-total-count']]).toEqual([200, [], '0'])
    const big = await call('GET', `/api/users/${reader.id}/stats/2025/books?limit=101`)
    expect(big.statusCode).toBe(400)
    expect(ErrorBodySchema.parse(big.json()).message).toBe('Limit must be at most 100')
    expect((await call('GET', '/api/users/01900000-0000-7000-8000-000000000009/stats/2025/books')).statusCode).toBe(404)
    const forged = await call('GET', `/api/users/${reader.id}/stats/2025/books?cursor=${Buffer.from('["2025-06-10","x"]').toString('base64url')}`)
    expect(forged.statusCode).toBe(400)
    expect(ErrorBodySchema.parse(forged.json()).message).toMatch(/^Cursor /)
  })
})
