import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { v7 as uuidv7 } from 'uuid'
import { AccountExportSchema, ErrorBodySchema, MESSAGES, type AccountExport, type ExportLibraryEntry } from '@shelfwise/contracts'
import { csvRecords, GOODREADS_EXPORT_COLUMNS } from '@shelfwise/library-files'
import { createUploadsService } from '#/modules/uploads/uploads.service.ts'
import { createBooksService } from '#/modules/books/books.service.ts'
import { createReviewsService } from '#/modules/reviews/reviews.service.ts'
import { createUsersService } from '#/modules/users/users.service.ts'
import { createConversationService } from '#/modules/conversation/conversation.service.ts'
import { createAccountService } from '#/modules/account/account.service.ts'
import { createReaderData } from '#/reader-data-doors.ts'
import { rowCount } from '#/db/portable.ts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { callerOf, type Method } from '../../../test/support/calls.ts'
import { bearer, insertBook, insertFollow, insertReview, insertShelves, insertUser, signUp, TEST_PASSWORD } from '../../../test/support/factories.ts'
import { plainPng, uploadImage } from '../../../test/support/uploads.ts'
import { countersFromRows, storedCounters } from '../../../test/support/book-counters.ts'
import { multipart } from '../../../test/support/multipart.ts'

// The reader's data taken away and the account closed (issue 14, decision 0019).

const CSV_URL = '/api/me/export/goodreads.csv'
const JSON_URL = '/api/me/export.json'

describeEachDialect('account: export and leaving', (ctx) => {
  const call = callerOf(ctx)
  const ok = async (method: Method, url: string, token: string, payload?: object) => {
    const res = await call(method, url, token, payload)
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300)
    return res
  }
  const setReading = (bookId: string, token: string, body: object) => ok('PUT', `/api/books/${bookId}/reading`, token, body)
  const addRead = (bookId: string, token: string, body: object) => ok('POST', `/api/books/${bookId}/reads`, token, body)
  const review = (bookId: string, token: string, rating: number, comment: string) => ok('POST', `/api/reviews/book/${bookId}`, token, { rating, comment })

  /** The CSV file's records as a reader reads them: the header and one object per line. */
  const readCsv = (text: string) => {
    const [header, ...rows] = [...csvRecords(text)].map((r) => r.fields)
    return { header: header!, rows: rows.map((fields) => Object.fromEntries(header!.map((h, i) => [h, fields[i]!]))) }
  }
  const exportCsv = async (token: string) => {
    const res = await call('GET', CSV_URL, token)
    expect(res.statusCode, res.body).toBe(200)
    return { res, ...readCsv(res.body) }
  }
  const exportJson = async (token: string): Promise<AccountExport> => {
    const res = await call('GET', JSON_URL, token)
    expect(res.statusCode, res.body).toBe(200)
    return AccountExportSchema.parse(res.json())
  }
  const dayOf = (iso: string | Date) => new Date(iso).toISOString().slice(0, 10).replaceAll('-', '/')

  it('answers 401 without a token, or with one that is not valid, on all three routes, before looking at the body', async () => {
    for (const [method, url] of [
      ['GET', CSV_URL],
      ['GET', JSON_URL],
      ['DELETE', '/api/users/me'],
    ] as const) {
      const anonymous = await call(method, url, undefined, method === 'DELETE' ? { password: TEST_PASSWORD } : undefined)
      expect(anonymous.statusCode).toBe(401)
      expect(anonymous.json()).toEqual({ message: MESSAGES.authRequired, code: 'unauthorized' })
      const forged = await call(method, url, 'not.a.token')
      expect(forged.json()).toEqual({ message: MESSAGES.authFailed, code: 'unauthorized' })
    }
  })

  describe('GET /api/me/export/goodreads.csv', () => {
    it('is a download of Goodreads’s 24 columns, private to its reader', async () => {
      const reader = await insertUser(ctx.db)
      const { res, header, rows } = await exportCsv(reader.token)
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
      expect(res.headers['content-disposition']).toBe('attachment; filename="shelfwise-library.csv"')
      expect(res.headers['cache-control']).toBe('no-store')
      expect(header).toEqual([...GOODREADS_EXPORT_COLUMNS])
      expect(header).toHaveLength(24)
      expect(res.body.split('\r\n')[0]).toBe(
        'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,' +
          'Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,' +
          'Spoiler,Private Notes,Read Count,Owned Copies',
      )
      expect(rows).toEqual([])
    })

    it('writes each book as Goodreads does: shelves, ISBNs as ="…", ratings, the last finish as precise as given, re-reads counted, reviews with <br/>', async () => {
      const reader = await insertUser(ctx.db)
      const t = reader.token
      const fifth = await insertBook(ctx.db, { title: 'The "Fifth", Season', author: 'N. K. Jemisin', isbn: '0593135202', publisher: 'Orbit', pageCount: 468 })
      const wanted = await insertBook(ctx.db, { isbn: '9780306406157', publishedDate: '1999-04-01' })
      const partial = await insertBook(ctx.db, { pageCount: null, publishedDate: null })
      const yearOnly = await insertBook(ctx.db)
      const reviewedOnly = await insertBook(ctx.db)
      const dropped = await insertBook(ctx.db)
      const paused = await insertBook(ctx.db)
      const reading = await insertBook(ctx.db)
      const ratedOnly = await insertBook(ctx.db)
      const emptied = await insertBook(ctx.db)

      // Read in March 2024, earlier in May 2019, and once more on a day nobody remembers.
      await setReading(fifth.id, t, { status: 'reading', today: '2024-03-01' })
      await setReading(fifth.id, t, { status: 'read', today: '2024-03-15' })
      await addRead(fifth.id, t, { finishedOn: '2019-05' })
      await addRead(fifth.id, t, { outcome: 'finished' })
      await review(fifth.id, t, 5, 'Loved it.\nSecond line\r\nThird, with "quotes"')
      await setReading(wanted.id, t, { status: 'want' })
      await addRead(partial.id, t, { startedOn: '2019', finishedOn: '2019-05' })
      await setReading(partial.id, t, { rating: 3 })
      await addRead(yearOnly.id, t, { finishedOn: '2018' })
      await review(reviewedOnly.id, t, 2, 'Not for me')
      await setReading(dropped.id, t, { status: 'reading', today: '2025-01-01' })
      await setReading(dropped.id, t, { status: 'dnf', today: '2025-01-09' })
      await setReading(paused.id, t, { status: 'reading', today: '2025-02-01' })
      await setReading(paused.id, t, { status: 'paused' })
      await setReading(reading.id, t, { status: 'reading', today: '2025-03-01' })
      await setReading(ratedOnly.id, t, { rating: 4 })
      // Read, then taken off Recently Read: no status, its read kept aside. Not a line of the file.
      await setReading(emptied.id, t, { status: 'read', today: '2020-01-01' })
      await ok('PUT', `/api/users/addto-recently-read/${emptied.id}`, t)

      const { res, rows } = await exportCsv(t)
      const byId = new Map(rows.map((r) => [r['Book Id']!, r]))
      expect(rows).toHaveLength(9)
      expect(byId.has(emptied.id)).toBe(false)
      // Every line has the 24 fields.
      for (const record of [...csvRecords(res.body)]) expect(record.fields).toHaveLength(24)

      const added = async (bookId: string) => {
        const entry = await ctx.db
          .selectFrom('readingEntries')
          .select('createdAt')
          .where('userId', '=', reader.id)
          .where('bookId', '=', bookId)
          .executeTakeFirst()
        return dayOf(entry!.createdAt)
      }
      expect(byId.get(fifth.id)).toEqual({
        'Book Id': fifth.id,
        Title: 'The "Fifth", Season',
        Author: 'N. K. Jemisin',
        'Author l-f': 'Jemisin, N. K.',
        'Additional Authors': '',
        ISBN: '="0593135202"',
        ISBN13: '="9780593135204"',
        'My Rating': '5',
        'Average Rating': '5.00',
        Publisher: 'Orbit',
        Binding: '',
        'Number of Pages': '468',
        'Year Published': '2001',
        'Original Publication Year': '',
        'Date Read': '2024/03/15',
        'Date Added': await added(fifth.id),
        Bookshelves: '',
        'Bookshelves with positions': '',
        'Exclusive Shelf': 'read',
        'My Review': 'Loved it.<br/>Second line<br/>Third, with "quotes"',
        Spoiler: '',
        'Private Notes': '',
        'Read Count': '3',
        'Owned Copies': '0',
      })
      // As Goodreads writes its cells: the ISBN's quotes doubled inside a quoted field.
      expect(res.body).toContain(',"=""0593135202""","=""9780593135204""",')

      expect(byId.get(wanted.id)).toMatchObject({
        ISBN: '="0306406152"',
        ISBN13: '="9780306406157"',
        'My Rating': '0',
        'Year Published': '1999',
        'Date Read': '',
        Bookshelves: 'to-read',
        'Exclusive Shelf': 'to-read',
        'Read Count': '0',
      })
      expect(byId.get(partial.id)).toMatchObject({
        ISBN: '=""',
        ISBN13: '=""',
        'My Rating': '3',
        'Number of Pages': '',
        'Year Published': '',
        'Date Read': '2019/05',
        'Exclusive Shelf': 'read',
        'Read Count': '1',
      })
      expect(byId.get(yearOnly.id)).toMatchObject({ 'Date Read': '2018', 'Exclusive Shelf': 'read', 'Read Count': '1' })
      expect(byId.get(reviewedOnly.id)).toMatchObject({
        'My Rating': '2',
        'My Review': 'Not for me',
        'Exclusive Shelf': 'read',
        // On the read shelf, so read once as far as Goodreads is concerned; no day to give.
        'Read Count': '1',
        'Date Read': '',
      })
      expect(byId.get(reviewedOnly.id)!['Date Added']).toBe(
        dayOf((await ctx.db.selectFrom('reviews').select('createdAt').where('bookId', '=', reviewedOnly.id).executeTakeFirstOrThrow()).createdAt),
      )
      // A book not finished has no Date Read (decision 0031); the JSON export keeps the day the reader stopped.
      expect(byId.get(dropped.id)).toMatchObject({
        'Date Read': '',
        Bookshelves: 'did-not-finish',
        'Exclusive Shelf': 'did-not-finish',
        'Read Count': '0',
      })
      expect(byId.get(paused.id)).toMatchObject({ Bookshelves: 'paused', 'Exclusive Shelf': 'paused' })
      expect(byId.get(reading.id)).toMatchObject({ Bookshelves: 'currently-reading', 'Exclusive Shelf': 'currently-reading' })
      expect(byId.get(ratedOnly.id)).toMatchObject({ 'My Rating': '4', 'Exclusive Shelf': 'read', 'Read Count': '1' })

      // Another reader's file holds nothing of this one's.
      expect((await exportCsv((await insertUser(ctx.db)).token)).rows).toEqual([])
    })

    it('reads a large library in pages: every book once, entries and reviewed-only books alike', async () => {
      const reader = await insertUser(ctx.db)
      const logged = await Promise.all(Array.from({ length: 230 }, () => insertBook(ctx.db)))
      const reviewed = await Promise.all(Array.from({ length: 215 }, () => insertBook(ctx.db)))
      const at = new Date().toISOString()
      await ctx.db
        .insertInto('readingEntries')
        .values(logged.map((b, i) => ({ userId: reader.id, bookId: b.id, status: i % 2 ? 'want' : 'reading', rating: null, createdAt: at, updatedAt: at })))
        .execute()
      // Reviews written in the same instant: the keyset's tie on the id keeps each once.
      await ctx.db
        .insertInto('reviews')
        .values(reviewed.map((b) => ({ id: uuidv7(), bookId: b.id, userId: reader.id, rating: 3, comment: 'ok', createdAt: at, updatedAt: at })))
        .execute()
      const { rows } = await exportCsv(reader.token)
      const ids = rows.map((r) => r['Book Id'])
      expect(new Set(ids).size).toBe(445)
      expect(new Set(ids)).toEqual(new Set([...logged, ...reviewed].map((b) => b.id)))
      const json = await exportJson(reader.token)
      expect(json.library).toHaveLength(445)
    })
  })

  describe('paging (pages of 2 and 3)', () => {
    const service = () =>
      createAccountService({
        db: ctx.db,
        books: createBooksService({ db: ctx.db }),
        auth: { checkPassword: async () => {} },
        readerData: createReaderData({
          books: { ratings: { takeOutLoneRatingsOf: async () => {} } },
          reviews: { removeAllBy: async () => 0, moveCounters: async () => undefined },
          uploads: { releaseAllOf: async () => 0 },
          conversation: { removeForAccount: async () => {} },
        }),
        pages: { library: 3, ids: 2 },
      })
    const text = async (pieces: AsyncIterable<string>) => {
      let out = ''
      for await (const piece of pieces) out += piece
      return out
    }

    it('walks every list past its pages, ties in time included, each item once', async () => {
      const reader = await insertUser(ctx.db)
      const actor = { id: reader.id, jti: 'test', exp: 0 }
      const at = new Date().toISOString()
      const logged = await Promise.all(Array.from({ length: 7 }, () => insertBook(ctx.db)))
      const reviewedOnly = await Promise.all(Array.from({ length: 5 }, () => insertBook(ctx.db)))
      await ctx.db
        .insertInto('readingEntries')
        .values(logged.map((b) => ({ userId: reader.id, bookId: b.id, status: 'read', rating: null, createdAt: at, updatedAt: at })))
        .execute()
      await ctx.db
        .insertInto('reviews')
        .values(reviewedOnly.map((b) => ({ id: uuidv7(), bookId: b.id, userId: reader.id, rating: 4, comment: 'fine', createdAt: at, updatedAt: at })))
        .execute()
      // Five follows each way, all in the same instant.
      const people = await Promise.all(Array.from({ length: 5 }, () => insertUser(ctx.db)))
      for (const p of people) {
        await insertFollow(ctx.db, reader.id, p.id, at)
        await insertFollow(ctx.db, p.id, reader.id, at)
      }
      const listed = await Promise.all(Array.from({ length: 5 }, () => insertBook(ctx.db, { createdByUserId: reader.id, listedByUserId: reader.id })))
      // Five shelves, read along their ids.
      const shelves = await insertShelves(
        ctx.db,
        reader.id,
        Array.from({ length: 5 }, (_, i) => `Shelf ${i}`),
        at,
      )

      const data = AccountExportSchema.parse(JSON.parse(await text(await service().exportJson(actor))))
      expect(data.library.map((e) => e.book._id).sort()).toEqual([...logged, ...reviewedOnly].map((b) => b.id).sort())
      const ids = people.map((p) => p.id).sort()
      expect(data.follows.following.map((p) => p._id).sort()).toEqual(ids)
      expect(data.follows.followers.map((p) => p._id).sort()).toEqual(ids)
      expect(data.booksListed).toEqual(listed.map((b) => b.id).sort())
      expect(data.booksCredited).toEqual([])
      expect(data.shelves.shelves.map((x) => x._id)).toEqual(shelves.map((x) => x.id).sort())

      const csv = readCsv(await text(await service().goodreadsCsv(actor)))
      expect(csv.rows.map((r) => r['Book Id']).sort()).toEqual([...logged, ...reviewedOnly].map((b) => b.id).sort())
    })

    it('writes valid JSON and a lone header for a reader with nothing', async () => {
      const reader = await insertUser(ctx.db)
      const actor = { id: reader.id, jti: 'test', exp: 0 }
      const data = AccountExportSchema.parse(JSON.parse(await text(await service().exportJson(actor))))
      expect({ ...data, exportedAt: '' }).toMatchObject({
        library: [],
        follows: { following: [], followers: [] },
        booksListed: [],
        booksCredited: [],
        goals: [],
        bookEdits: [],
        personalTokens: [],
      })
      expect(await text(await service().goodreadsCsv(actor))).toBe(`${GOODREADS_EXPORT_COLUMNS.join(',')}\r\n`)
    })
  })

  describe('round trip', () => {
    it('exports a library, imports the file into a new account, and that account’s export is the same file', async () => {
      const a = await insertUser(ctx.db)
      const t = a.token
      const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
      const withIsbn = await insertBook(ctx.db, { isbn: '9780765326355', title: `Kings ${unique}`, author: 'Brandon Sanderson' })
      const noIsbn = await insertBook(ctx.db, { isbn: null, title: `Quiet Book ${unique}`, author: `Ann Quiet${unique}` })
      const dropped = await insertBook(ctx.db, { isbn: '0441013597' })
      const wanted = await insertBook(ctx.db, { isbn: null, title: `Wanted ${unique}`, author: `Will Want${unique}` })
      const reviewedOnly = await insertBook(ctx.db, { isbn: null, title: `Reviewed ${unique}`, author: `Rae View${unique}` })
      await setReading(withIsbn.id, t, { status: 'read', today: '2024-03-15' })
      await addRead(withIsbn.id, t, { finishedOn: '2019-05' })
      await addRead(withIsbn.id, t, { outcome: 'finished' })
      await review(withIsbn.id, t, 5, 'Storms.\nMore storms.')
      await addRead(noIsbn.id, t, { finishedOn: '2018' })
      await setReading(noIsbn.id, t, { rating: 3 })
      await setReading(dropped.id, t, { status: 'reading', today: '2025-01-01' })
      await setReading(dropped.id, t, { status: 'dnf', today: '2025-01-09' })
      await setReading(wanted.id, t, { status: 'want' })
      await review(reviewedOnly.id, t, 2, 'Not for me')

      const first = await exportCsv(t)
      expect(first.rows).toHaveLength(5)
      const b = await insertUser(ctx.db)
      const body = multipart([{ name: 'file', value: first.res.body, filename: 'shelfwise-library.csv', contentType: 'text/csv' }])
      const started = await ctx.app.inject({ method: 'POST', url: '/api/imports', headers: { ...bearer(b.token), ...body.headers }, payload: body.payload })
      expect(started.statusCode, started.body).toBe(202)
      let job = started.json() as { _id: string; status: string; imported: number }
      for (let i = 0; i < 400 && job.status !== 'done' && job.status !== 'failed'; i++) {
        await new Promise((r) => setTimeout(r, 25))
        job = (await call('GET', `/api/imports/${job._id}`, b.token)).json()
      }
      expect(job).toMatchObject({ status: 'done', imported: 5 })

      const again = await exportCsv(b.token)
      // The same lines, but for the day each book came into the library.
      const comparable = (rows: Record<string, string>[]) =>
        rows.map(({ 'Date Added': _added, ...rest }) => rest).sort((x, y) => x['Book Id']!.localeCompare(y['Book Id']!))
      expect(comparable(again.rows)).toEqual(comparable(first.rows))
    })
  })

  describe('GET /api/me/export.json', () => {
    it('holds the profile, every book with its reads, progress, rating and review, the follows, the books listed and credited, and goals', async () => {
      const reader = await insertUser(ctx.db, { bio: 'Reads on trains', name: 'Ada Reader' })
      const t = reader.token
      const other = await insertUser(ctx.db)
      const fan = await insertUser(ctx.db)
      await insertFollow(ctx.db, reader.id, other.id)
      await insertFollow(ctx.db, fan.id, reader.id)
      const progressing = await insertBook(ctx.db, { isbn: '9780140449136', pageCount: 300 })
      const reviewedBook = await insertBook(ctx.db)
      const lone = await insertBook(ctx.db)
      const listed = await insertBook(ctx.db, { listedByUserId: reader.id, createdByUserId: reader.id })
      const credited = await insertBook(ctx.db, { authorUserId: reader.id, createdByUserId: other.id, listedByUserId: other.id })

      await setReading(progressing.id, t, { progress: { page: 40 }, today: '2026-01-05' })
      await setReading(progressing.id, t, { progress: { page: 120, percent: 40 } })
      await review(reviewedBook.id, t, 4, 'Line one\nLine two')
      await setReading(lone.id, t, { rating: 3, status: 'read', today: '2025-12-24' })
      await ok('PUT', `/api/users/addto-recently-read/${lone.id}`, t)
      await ok('PUT', '/api/me/goals/2026', t, { books: 24 })
      await ok('PUT', '/api/me/goals/2025', t, { pages: 5000 })
      await ok('PUT', `/api/books/${listed.id}`, t, { title: listed.title, author: listed.author, description: 'A better blurb' })

      const res = await call('GET', JSON_URL, t)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(res.headers['content-disposition']).toBe('attachment; filename="shelfwise-export.json"')
      expect(res.headers['cache-control']).toBe('no-store')
      const body = res.json()
      expect(Object.keys(body)).toEqual([
        'exportedAt',
        'profile',
        'library',
        'follows',
        'booksListed',
        'booksCredited',
        'editionsAdded',
        'goals',
        'bookEdits',
        'shelves',
        'conversation',
        'syncSettings',
        'discussions',
        'webhooks',
        'personalTokens',
        'safety',
        'notifications',
      ])
      const data = AccountExportSchema.parse(body)
      expect(Date.now() - Date.parse(data.exportedAt)).toBeLessThan(60_000)
      expect(data.profile).toEqual({
        name: 'Ada Reader',
        username: reader.username,
        email: reader.email,
        userType: 'Reader',
        bio: 'Reads on trains',
        profileImage: '',
        createdAt: new Date(reader.createdAt).toISOString(),
      })
      const entryOf = (bookId: string) => data.library.find((e) => e.book._id === bookId)
      expect(data.library).toHaveLength(3)

      const p = entryOf(progressing.id)!
      expect(p.book).toMatchObject({ _id: progressing.id, title: progressing.title, author: progressing.author, isbn: '9780140449136', pageCount: 300 })
      expect(p).toMatchObject({ status: 'reading', rating: null, review: null })
      expect(p.reads).toHaveLength(1)
      expect(p.reads[0]).toMatchObject({
        startedOn: '2026-01-05',
        finishedOn: null,
        outcome: null,
        removed: false,
        progress: { page: 120, percent: 40, minutes: null },
      })
      expect(p.reads[0]!.progressUpdates.map((u) => [u.page, u.percent])).toEqual([
        [40, null],
        [120, 40],
      ])

      const r = entryOf(reviewedBook.id)!
      expect(r).toMatchObject({ status: null, rating: 4, reads: [] })
      expect(r.review).toMatchObject({ rating: 4, comment: 'Line one\nLine two' })

      const l = entryOf(lone.id)! as ExportLibraryEntry
      expect(l).toMatchObject({ status: null, rating: 3, review: null })
      expect(l.reads).toEqual([expect.objectContaining({ finishedOn: '2025-12-24', outcome: 'finished', removed: true })])

      expect(data.follows).toEqual({ following: [{ _id: other.id, username: other.username }], followers: [{ _id: fan.id, username: fan.username }] })
      expect(data.booksListed).toEqual([listed.id])
      expect(data.booksCredited).toEqual([credited.id])
      expect(data.goals).toEqual([
        { year: 2025, books: null, pages: 5000 },
        { year: 2026, books: 24, pages: null },
      ])
      // The edit form sends the whole book: every field it changed is a line of the book's history.
      expect(data.bookEdits.every((e) => e.bookId === listed.id && e.editedBy?._id === reader.id)).toBe(true)
      expect(data.bookEdits).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            bookId: listed.id,
            field: 'description',
            newValue: 'A better blurb',
            editedBy: { _id: reader.id, username: reader.username },
          }),
        ]),
      )
      // Nothing of another reader's: their e-mail appears nowhere.
      expect(res.body).not.toContain(other.email)
      expect(res.body).not.toMatch(/\$argon2|password_?hash|token_?version/i)

      // Compressed on the way out like any answer, streamed all the same.
      const zipped = await ctx.app.inject({ url: JSON_URL, headers: { ...bearer(t), 'accept-encoding': 'gzip' } })
      expect(zipped.headers['content-encoding']).toBe('gzip')
      const unzipped = AccountExportSchema.parse(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8')))
      expect(unzipped.library).toEqual(data.library)
    })
  })

  describe('DELETE /api/users/me', () => {
    let image: Buffer
    beforeAll(async () => {
      image = await plainPng(32, 32, { r: 200, g: 40, b: 40 })
    })
    const upload = (token: string) => uploadImage(ctx.app, token, image)

    const TABLES = ['users', 'reviews', 'readingEntries', 'readThroughs', 'progressUpdates', 'wishlist', 'reads', 'follows', 'keptTokens'] as const
    /** The rows of each table that are the reader's. */
    const rowsOf = async (userId: string) => {
      const db = ctx.db
      const own = (table: 'reviews' | 'readingEntries' | 'readThroughs' | 'wishlist' | 'reads' | 'keptTokens') =>
        rowCount(db.selectFrom(table).where('userId', '=', userId))
      return {
        users: await rowCount(db.selectFrom('users').where('id', '=', userId)),
        reviews: await own('reviews'),
        readingEntries: await own('readingEntries'),
        readThroughs: await own('readThroughs'),
        progressUpdates: await rowCount(
          db.selectFrom('progressUpdates').where('readId', 'in', (eb) => eb.selectFrom('readThroughs').select('id').where('userId', '=', userId)),
        ),
        wishlist: await own('wishlist'),
        reads: await own('reads'),
        follows: await rowCount(db.selectFrom('follows').where((eb) => eb.or([eb('followerId', '=', userId), eb('followeeId', '=', userId)]))),
        keptTokens: await own('keptTokens'),
      } satisfies Record<(typeof TABLES)[number], number>
    }
    /** A book's counters as stored, and as its review and rating rows say they should be. */
    const counters = async (bookId: string) => ({ stored: await storedCounters(ctx.db, bookId), fromRows: await countersFromRows(ctx.db, bookId) })
    const count = async (url: string) => (await ctx.app.inject({ url })).json().count as number

    /** A reader with something in every table, and the people and books around them. */
    async function scene() {
      const leaver = await signUp(ctx.app, { password: TEST_PASSWORD })
      const other = await insertUser(ctx.db)
      const followed = await insertUser(ctx.db)
      const fan = await insertUser(ctx.db)
      let token = leaver.token
      // A password change keeps its session in kept_tokens.
      const changed = await ok('PUT', '/api/users/password', token, { currentPassword: TEST_PASSWORD, newPassword: 'a-brand-new-phrase' })
      const password = 'a-brand-new-phrase'
      token = changed.json().token
      await insertFollow(ctx.db, leaver.id, followed.id)
      await insertFollow(ctx.db, fan.id, leaver.id)
      await insertFollow(ctx.db, fan.id, followed.id)

      // Reviewed by the leaver (5) and another reader (3), and rated without a review by a third (4).
      const shared = await insertBook(ctx.db)
      await review(shared.id, token, 5, 'Wonderful')
      await insertReview(ctx.db, { bookId: shared.id, userId: other.id, rating: 3 })
      await setReading(shared.id, fan.token, { rating: 4 })
      // Rated without a review by the leaver (2), reviewed by another reader (4).
      const rated = await insertBook(ctx.db)
      await setReading(rated.id, token, { rating: 2, status: 'read', today: '2024-06-01' })
      await review(rated.id, other.token, 4, 'Good')
      // Read in progress, wished for, on Recently Read.
      const progressing = await insertBook(ctx.db, { pageCount: 200 })
      await setReading(progressing.id, token, { progress: { page: 20 } })
      const wished = await insertBook(ctx.db)
      await setReading(wished.id, token, { status: 'want' })
      // Books the leaver listed (with an uploaded cover) and is credited on, which others have read.
      const cover = await upload(token)
      const listedRes = await ok('POST', '/api/books', token, {
        title: 'Listed by the leaver',
        author: 'Someone Else',
        role: 'none',
        coverImage: `https://shelfwise.example${cover}`,
      })
      const listed = listedRes.json()._id as string
      await review(listed, other.token, 2, 'Meh')
      const credited = await insertBook(ctx.db, { authorUserId: leaver.id, createdByUserId: other.id, listedByUserId: other.id })
      const avatar = await upload(token)
      await ok('PUT', '/api/users/profile/update', token, { profileImage: avatar })
      return { leaver, token, password, other, followed, fan, shared, rated, progressing, wished, listed, credited, cover, avatar }
    }

    it('answers 400 with the wrong password and leaves everything as it was', async () => {
      const s = await scene()
      const before = await rowsOf(s.leaver.id)
      expect(Object.values(before).every((n) => n > 0)).toBe(true)
      const res = await call('DELETE', '/api/users/me', s.token, { password: 'not-my-password' })
      expect(res.statusCode).toBe(400)
      expect(ErrorBodySchema.parse(res.json())).toEqual({ message: MESSAGES.wrongPassword, code: 'bad_request' })
      expect(await rowsOf(s.leaver.id)).toEqual(before)
      expect((await call('GET', '/api/users/me', s.token)).statusCode).toBe(200)
      // No password at all is a validation error naming the field.
      const missing = await call('DELETE', '/api/users/me', s.token, {})
      expect(missing.statusCode).toBe(400)
      expect(missing.json().message).toBe('Password is required')
      expect(await rowsOf(s.leaver.id)).toEqual(before)
    })

    it('takes nothing away when a step of the deletion fails: it is one transaction', async () => {
      const s = await scene()
      const before = await rowsOf(s.leaver.id)
      const stored = async () => Promise.all([s.shared.id, s.rated.id].map(async (id) => (await counters(id)).stored))
      const countersBefore = await stored()
      const books = createBooksService({ db: ctx.db })
      const realReviews = createReviewsService({ db: ctx.db, books, reading: { supersedeRating: async () => {}, keepRating: async () => {} } })
      const failing = createAccountService({
        db: ctx.db,
        books,
        auth: { checkPassword: async () => {} },
        readerData: createReaderData({
          books,
          reviews: realReviews,
          conversation: createConversationService({
            db: ctx.db,
            users: createUsersService({ db: ctx.db }),
            reviews: realReviews,
            spoilers: { standingOf: async () => ({ signedIn: false }) },
          }),
          // The step after follows, reviews, the reading log, goals and the links on books have gone.
          uploads: {
            releaseAllOf: async () => {
              throw new Error('the disk is on fire')
            },
          },
        }),
      })
      await expect(failing.deleteAccount({ id: s.leaver.id, jti: 'x', exp: 0 }, { password: s.password })).rejects.toThrow('the disk is on fire')
      expect(await rowsOf(s.leaver.id)).toEqual(before)
      expect(await stored()).toEqual(countersBefore)
      expect(await count(`/api/users/follower-count/${s.followed.id}`)).toBe(2)
      expect((await call('GET', '/api/users/me', s.token)).statusCode).toBe(200)
    })

    it('removes the account and the reader’s data in one go; books stay with their averages and counts right, others’ counts drop', async () => {
      const s = await scene()
      expect(await count(`/api/users/follower-count/${s.followed.id}`)).toBe(2)
      expect(await count(`/api/users/following-count/${s.fan.id}`)).toBe(2)
      const books = [s.shared.id, s.rated.id, s.progressing.id, s.wished.id, s.listed, s.credited.id]
      for (const id of books) {
        const c = await counters(id)
        expect(c.stored).toEqual(c.fromRows)
      }
      expect((await counters(s.shared.id)).stored).toMatchObject({ totalReviews: 2, loneRatings: 1, averageRating: 4 })

      const res = await call('DELETE', '/api/users/me', s.token, { password: s.password })
      expect(res.statusCode, res.body).toBe(204)
      expect(res.body).toBe('')

      // Nothing of the reader's is left in any table.
      expect(await rowsOf(s.leaver.id)).toEqual(Object.fromEntries(TABLES.map((t) => [t, 0])))
      // Every book stays, its counters as its remaining rows say.
      for (const id of books) {
        const c = await counters(id)
        expect(c.stored, id).toEqual(c.fromRows)
      }
      expect((await counters(s.shared.id)).stored).toEqual({ totalReviews: 1, ratingSum: 3, loneRatings: 1, loneRatingSum: 4, averageRating: 3.5 })
      expect((await counters(s.rated.id)).stored).toEqual({ totalReviews: 1, ratingSum: 4, loneRatings: 0, loneRatingSum: 0, averageRating: 4 })
      const book = (await call('GET', `/api/books/${s.shared.id}`)).json()
      expect({ averageRating: book.averageRating, totalReviews: book.totalReviews, ratingsCount: book.ratingsCount }).toEqual({
        averageRating: 3.5,
        totalReviews: 1,
        ratingsCount: 2,
      })
      // Books the reader listed or is credited on stay in the catalogue, without the link to them.
      const links = await ctx.db
        .selectFrom('books')
        .select(['id', 'createdByUserId', 'listedByUserId', 'authorUserId', 'publisherUserId'])
        .where('id', 'in', [s.listed, s.credited.id])
        .orderBy('id')
        .execute()
      expect(links.map((b) => b.id).sort()).toEqual([s.listed, s.credited.id].sort())
      for (const b of links) expect([b.createdByUserId, b.listedByUserId, b.authorUserId, b.publisherUserId]).not.toContain(s.leaver.id)
      expect((await call('GET', `/api/reviews/book/${s.listed}`)).json()).toHaveLength(1)
      // Others' follower and following counts drop.
      expect(await count(`/api/users/follower-count/${s.followed.id}`)).toBe(1)
      expect(await count(`/api/users/following-count/${s.fan.id}`)).toBe(1)

      // The uploads are let go of: the sweep removes the avatar, and keeps the cover a book still shows.
      const name = (url: string) => url.replace('/uploads/', '')
      const released = await ctx.db.selectFrom('uploads').select(['name', 'releasedAt']).where('userId', '=', s.leaver.id).execute()
      expect(released.map((u) => u.name).sort()).toEqual([name(s.cover), name(s.avatar)].sort())
      for (const u of released) expect(u.releasedAt).not.toBeNull()
      const removed = await createUploadsService({ db: ctx.db, config: ctx.config }).sweep(new Date(Date.now() + 2 * 3_600_000))
      expect(removed).toContain(name(s.avatar))
      expect(removed).not.toContain(name(s.cover))
      expect(existsSync(join(ctx.config.uploadsDir, name(s.avatar)))).toBe(false)
      expect(existsSync(join(ctx.config.uploadsDir, name(s.cover)))).toBe(true)

      // The old token is refused, the e-mail signs in nobody, and the e-mail and username can be taken again.
      expect((await call('GET', '/api/users/me', s.token)).statusCode).toBe(401)
      expect((await call('DELETE', '/api/users/me', s.token, { password: s.password })).statusCode).toBe(401)
      const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: s.leaver.user.email, password: s.password } })
      expect(login.statusCode).toBe(401)
      const again = await signUp(ctx.app, { username: s.leaver.user.username, email: s.leaver.user.email })
      expect(again.id).not.toBe(s.leaver.id)
    })
  })
})
