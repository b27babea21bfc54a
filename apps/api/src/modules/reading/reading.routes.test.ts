import { describe, expect, it } from 'vitest'
import { v7 as uuidv7 } from 'uuid'
import { BookSchema, ImportJobSchema, ImportRowListSchema, latestDayAnywhere, LibraryEntryListSchema, ReadSchema } from '@shelfwise/contracts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { readingCalls } from '../../../test/support/reading-calls.ts'
import { bearer, insertBook, insertRead, insertUser, insertWish } from '../../../test/support/factories.ts'
import { goodreadsCsv } from '../../../test/support/import-files.ts'
import { multipart } from '../../../test/support/multipart.ts'
import { readAllPages } from '../../../test/support/paging.ts'

describeEachDialect('reading log', (ctx) => {
  const { call, entry, put, expect400 } = readingCalls(ctx)
  const flags = async (bookId: string, token: string) => {
    const book = BookSchema.parse((await call('GET', `/api/books/${bookId}`, token)).json())
    return { inWishlist: book.inWishlist, inRecentlyRead: book.inRecentlyRead }
  }

  describe('status', () => {
    it('is none for a book never logged; Currently Reading opens a read started today, Read finishes it today', async () => {
      const reader = await insertUser(ctx.db)
      const book = await insertBook(ctx.db, { pageCount: 300 })
      expect(await entry(book.id, reader.token)).toMatchObject({ status: null, rating: null, reads: [], removedReads: [] })

      const started = await put(book.id, reader.token, { status: 'reading', today: '2026-03-01' })
      expect(started.status).toBe('reading')
      expect(started.reads).toHaveLength(1)
      expect(started.reads[0]).toMatchObject({ startedOn: '2026-03-01', finishedOn: null, outcome: null })

      const finished = await put(book.id, reader.token, { status: 'read', today: '2026-03-09' })
      expect(finished.reads).toHaveLength(1)
      expect(finished.reads[0]).toMatchObject({ startedOn: '2026-03-01', finishedOn: '2026-03-09', outcome: 'finished' })
      expect(await flags(book.id, reader.token)).toEqual({ inWishlist: false, inRecentlyRead: true })
    })

    it('Read with no open read adds a read finished today; a re-read is another read', async () => {
      const reader = await insertUser(ctx.db)
      const book = await insertBook(ctx.db)
      await put(book.id, reader.token, { status: 'read', today: '2025-01-02' })
      await put(book.id, reader.token, { status: 'reading', today: '2026-02-01' })
      const again = await put(book.id, reader.token, { status: 'read', today: '2026-02-20' })
      expect(again.reads.map((r) => [r.startedOn, r.finishedOn])).toEqual([
        [null, '2025-01-02'],
        ['2026-02-01', '2026-02-20'],
      ])
    })

    it('Did Not Finish stops the open read today; Paused keeps it open', async () => {
      const reader = await insertUser(ctx.db)
      const book = await insertBook(ctx.db)
      await put(book.id, reader.token, { status: 'reading', today: '2026-04-01' })
      const paused = await put(book.id, reader.token, { status: 'paused' })
      expect(paused.reads[0]!.outcome).toBeNull()
      const dnf = await put(book.id, reader.token, { status: 'dnf', today: '2026-04-10' })
      expect(dnf.reads[0]).toMatchObject({ stoppedOn: '2026-04-10', outcome: 'stopped' })
      expect(await flags(book.id, reader.token)).toEqual({ inWishlist: false, inRecentlyRead: false })
    })

    it('answers 400 naming the field for an unknown status, and 404 for an absent book', async () => {
      const reader = await insertUser(ctx.db)
      const book = await insertBook(ctx.db)
      await expect400(await call('PUT', `/api/books/${book.id}/reading`, reader.token, { status: 'finished' }), /^Status must be one of want, reading/)
      await expect400(
        await call('PUT', `/api/books/${book.id}/reading`, reader.token, {}),
        'Send at least one of status, rating, progress, progressUnit, editionId, owned, privateNotes and visibility',
      )
      expect((await call('PUT', `/api/books/${uuidv7()}/reading`, reader.token, { status: 'want' })).statusCode).toBe(404)
      expect((await call('GET', `/api/books/${uuidv7()}/reading`, reader.token)).statusCode).toBe(404)
    })
  })

  describe('progress', () => {
    it('applies to the open read, in pages, percent or minutes, and refuses a page past the book', async () => {
      const reader = await insertUser(ctx.db)
      const book = await insertBook(ctx.db, { pageCount: 320 })
      const first = await put(book.id, reader.token, { progress: { page: 40 }, today: '2026-05-01' })
      expect(first.status).toBe('reading')
      expect(first.progress).toEqual({ page: 40, percent: null, minutes: null })
      expect(first.reads[0]!.startedOn).toBe('2026-05-01')
      const more = await put(book.id, reader.token, { progress: { page: 120, percent: 37.5 } })
      expect(more.progress).toEqual({ page: 120, percent: 37.5, minutes: null })
      expect(more.reads).toHaveLength(1)
      await expect400(
        await call('PUT', `/api/books/${book.id}/reading`, reader.token, { progress: { page: 321 } }),
        "Progress page must be at most the book's 320 pages",
      )
      await expect400(await call('PUT', `/api/books/${book.id}/reading`, reader.token, { progress: { percent: 101 } }), 'Progress percent must be at most 100')
      expect((await entry(book.id, reader.token)).progress.page).toBe(120)
      const history = await ctx.db.selectFrom('progressUpdates').select(['page']).where('readId', '=', more.reads[0]!._id).orderBy('createdAt').execute()
      expect(history.map((h) => h.page)).toEqual([40, 120])
    })
  })

  describe('reads', () => {
    it('keeps partial dates exactly as given, and refuses a finish before its start or a date that is not real', async () => {
      const reader = await insertUser(ctx.db)
      const book = await insertBook(ctx.db)
      const res = await call('POST', `/api/books/${book.id}/reads`, reader.token, { startedOn: '2019', finishedOn: '2019-05' })
      expect(res.statusCode, res.body).toBe(201)
      expect(ReadSchema.parse(res.json())).toMatchObject({ startedOn: '2019', finishedOn: '2019-05', outcome: 'finished' })
      const e = await entry(book.id, reader.token)
      expect(e.status).toBe('read')
      expect(e.reads[0]).toMatchObject({ startedOn: '2019', finishedOn: '2019-05' })

      const bad = (body: object) => call('POST', `/api/books/${book.id}/reads`, reader.token, body)
      await expect400(await bad({ startedOn: '2020-03-10', finishedOn: '2020-03-09' }), 'Finished on must not be before started on')
      await expect400(await bad({ startedOn: '2023-02-30' }), /^Started on must be a real date/)
      await expect400(await bad({ finishedOn: '2023-13' }), /^Finished on must be a real date/)
      await expect400(await bad({ finishedOn: '15/03/2024' }), /^Finished on must be a real date/)
      await expect400(await bad({ finishedOn: '2024-01-01', stoppedOn: '2024-01-02' }), 'A read is either finished or stopped, not both')
      await expect400(await bad({ finishedOn: '2024-01-01', outcome: 'stopped' }), 'A read is either finished or stopped, not both')
      // A start in 2019 and a finish sometime in 2019 may well be in order.
      expect((await bad({ startedOn: '2019-11-02', finishedOn: '2019' })).statusCode).toBe(201)
      expect((await entry(book.id, reader.token)).reads).toHaveLength(2)
    })

    it('are changed and deleted by their reader only: 404 for anyone else and for none', async () => {
      const reader = await insertUser(ctx.db)
      const other = await insertUser(ctx.db)
      const book = await insertBook(ctx.db)
      const made = ReadSchema.parse((await call('POST', `/api/books/${book.id}/reads`, reader.token, { finishedOn: '2021-06-01' })).json())
      expect((await call('PUT', `/api/reads/${made._id}`, other.token, { finishedOn: '2021-06-02' })).statusCode).toBe(404)
      expect((await call('DELETE', `/api/reads/${made._id}`, other.token)).statusCode).toBe(404)
      expect((await call('DELETE', `/api/reads/${uuidv7()}`, reader.token)).statusCode).toBe(404)
      expect((await call('PUT', `/api/reads/${made._id}`)).statusCode).toBe(401)

      const fixed = await call('PUT', `/api/reads/${made._id}`, reader.token, { startedOn: '2021-05-20', finishedOn: '2021-06-02' })
      expect(ReadSchema.parse(fixed.json())).toMatchObject({ startedOn: '2021-05-20', finishedOn: '2021-06-02' })
      expect(await flags(book.id, reader.token)).toMatchObject({ inRecentlyRead: true })
      expect((await call('DELETE', `/api/reads/${made._id}`, reader.token)).statusCode).toBe(204)
      expect((await entry(book.id, reader.token)).reads).toEqual([])
      expect(await flags(book.id, reader.token)).toMatchObject({ inRecentlyRead: false })
    })

    it('refuses a date after the latest date anywhere now (the UTC date and one day), naming the field, and takes that date itself', async () => {
      const reader = await insertUser(ctx.db)
      const book = await insertBook(ctx.db)
      const latest = latestDayAnywhere()
      const dayAfter = new Date(Date.parse(`${latest}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
      const nextYear = String(Number(latest.slice(0, 4)) + 1)
      const add = (body: object) => call('POST', `/api/books/${book.id}/reads`, reader.token, body)
      const future = `must not be after ${latest}: no place on Earth has reached a later date yet`
      await expect400(await add({ finishedOn: '9999-12-31' }), `Finished on ${future}`)
      await expect400(await add({ startedOn: dayAfter }), `Started on ${future}`)
      await expect400(await add({ startedOn: '2020', stoppedOn: nextYear }), `Stopped on ${future}`)
      await expect400(await add({ finishedOn: `${nextYear}-01` }), `Finished on ${future}`)
      await expect400(await call('PUT', `/api/books/${book.id}/reading`, reader.token, { status: 'read', today: dayAfter }), `Today ${future}`)
      expect((await entry(book.id, reader.token)).reads).toEqual([])

      // A reader past midnight in Kiribati (UTC+14) finishes on the latest date; this year and month are not after it.
      const made = await add({ finishedOn: latest })
      expect(made.statusCode, made.body).toBe(201)
      expect((await add({ startedOn: latest.slice(0, 4), finishedOn: latest.slice(0, 7) })).statusCode).toBe(201)
      await expect400(await call('PUT', `/api/reads/${ReadSchema.parse(made.json())._id}`, reader.token, { finishedOn: '9999-12-31' }), `Finished on ${future}`)
      expect((await entry(book.id, reader.token)).reads.map((r) => r.finishedOn).sort()).toEqual([latest.slice(0, 7), latest])
    })

    it('imports a read dated after the latest date anywhere without that date, saying so, so it never heads Recently Read', async () => {
      const reader = await insertUser(ctx.db)
      const [planted, real] = [`Planted ${Date.now()}`, `Real ${Date.now()}`]
      const file = goodreadsCsv([
        { Title: planted, Author: 'Future Author', 'Exclusive Shelf': 'read', 'Date Read': '9999/12/31', 'Read Count': '1' },
        { Title: real, Author: 'Past Author', 'Exclusive Shelf': 'read', 'Date Read': '2024/03/15', 'Read Count': '1' },
      ])
      const body = multipart([{ name: 'file', value: file, filename: 'goodreads_library_export.csv', contentType: 'text/csv' }])
      const started = await ctx.app.inject({
        method: 'POST',
        url: '/api/imports',
        headers: { ...bearer(reader.token), ...body.headers },
        payload: body.payload,
      })
      expect(started.statusCode, started.body).toBe(202)
      const jobId = ImportJobSchema.parse(started.json())._id
      for (let i = 0; i < 400; i++) {
        const job = ImportJobSchema.parse((await call('GET', `/api/imports/${jobId}`, reader.token)).json())
        if (job.status === 'done' || job.status === 'failed') break
        await new Promise((r) => setTimeout(r, 25))
      }
      const rows = ImportRowListSchema.parse((await call('GET', `/api/imports/${jobId}/rows`, reader.token)).json())
      expect(rows.map((r) => r.outcome)).toEqual(['imported', 'imported'])
      expect(rows[0]!.message).toContain(`The date 9999-12-31 was left out: it is after ${latestDayAnywhere()}`)
      const plantedEntry = await entry(rows[0]!.bookId!, reader.token)
      expect(plantedEntry.reads).toMatchObject([{ finishedOn: null, outcome: 'finished' }])
      const list = await call('GET', `/api/users/recently-read/${reader.id}`)
      expect(list.json().map((b: { title: string }) => b.title)).toEqual([real, planted])
    })

    it('allows one open read at a time', async () => {
      const reader = await insertUser(ctx.db)
      const book = await insertBook(ctx.db)
      expect((await call('POST', `/api/books/${book.id}/reads`, reader.token, { startedOn: '2026-01-01' })).statusCode).toBe(201)
      expect((await call('POST', `/api/books/${book.id}/reads`, reader.token, { startedOn: '2026-02-01' })).statusCode).toBe(409)
    })
  })

  describe("the spec's toggles", () => {
    it('Add to Wishlist is Want to Read; taking it off leaves no status', async () => {
      const reader = await insertUser(ctx.db)
      const book = await insertBook(ctx.db)
      const on = await call('PUT', `/api/users/addtowishlist/${book.id}`, reader.token)
      expect(on.json()).toMatchObject({ inWishlist: true, wishlist: [book.id] })
      expect((await entry(book.id, reader.token)).status).toBe('want')
      const off = await call('PUT', `/api/users/addtowishlist/${book.id}`, reader.token)
      expect(off.json()).toMatchObject({ inWishlist: false, wishlist: [] })
      expect((await entry(book.id, reader.token)).status).toBeNull()
    })

    it('Add to Recently Read finishes a read today; Remove keeps the dated reads, restorable', async () => {
      const reader = await insertUser(ctx.db)
      const book = await insertBook(ctx.db)
      await call('POST', `/api/books/${book.id}/reads`, reader.token, { startedOn: '2018-04', finishedOn: '2018-05-12' })
      const off = await call('PUT', `/api/users/addto-recently-read/${book.id}`, reader.token)
      expect(off.json()).toMatchObject({ inRecentlyRead: false, recentlyRead: [] })
      const afterOff = await entry(book.id, reader.token)
      expect(afterOff.status).toBeNull()
      expect(afterOff.reads).toEqual([])
      expect(afterOff.removedReads[0]).toMatchObject({ startedOn: '2018-04', finishedOn: '2018-05-12' })

      const restored = await call('POST', `/api/reads/${afterOff.removedReads[0]!._id}/restore`, reader.token)
      expect(restored.statusCode).toBe(200)
      expect(await entry(book.id, reader.token)).toMatchObject({ status: 'read', removedReads: [] })
      expect(await flags(book.id, reader.token)).toMatchObject({ inRecentlyRead: true })

      await call('PUT', `/api/users/addto-recently-read/${book.id}`, reader.token)
      const on = await call('PUT', `/api/users/addto-recently-read/${book.id}`, reader.token)
      expect(on.json()).toMatchObject({ inRecentlyRead: true, recentlyRead: [book.id] })
      const today = new Date().toISOString().slice(0, 10)
      expect((await entry(book.id, reader.token)).reads.map((r) => r.finishedOn)).toEqual([today])
    })

    it('stay independent, as the spec has them: a book can be on both lists, and each toggle leaves the other', async () => {
      const reader = await insertUser(ctx.db)
      const book = await insertBook(ctx.db)
      const wish = () => call('PUT', `/api/users/addtowishlist/${book.id}`, reader.token)
      const read = () => call('PUT', `/api/users/addto-recently-read/${book.id}`, reader.token)
      await wish()
      await read()
      expect(await flags(book.id, reader.token)).toEqual({ inWishlist: true, inRecentlyRead: true })
      expect((await entry(book.id, reader.token)).status).toBe('want')
      await wish()
      expect(await flags(book.id, reader.token)).toEqual({ inWishlist: false, inRecentlyRead: true })
      expect((await entry(book.id, reader.token)).status).toBe('read')
      await wish()
      await read()
      expect(await flags(book.id, reader.token)).toEqual({ inWishlist: true, inRecentlyRead: false })
    })

    it('Recently Read lists the newest finish first, by the finish date a reader gave', async () => {
      const reader = await insertUser(ctx.db)
      const [older, newer] = [await insertBook(ctx.db), await insertBook(ctx.db)]
      await call('POST', `/api/books/${newer.id}/reads`, reader.token, { finishedOn: '2024-08' })
      await call('POST', `/api/books/${older.id}/reads`, reader.token, { finishedOn: '2001' })
      const list = await call('GET', `/api/users/recently-read/${reader.id}`)
      expect(list.json().map((b: { _id: string }) => b._id)).toEqual([newer.id, older.id])
    })

    it('rows made before the reading log behave as logged: a wish toggles off, a read shows its day', async () => {
      const reader = await insertUser(ctx.db)
      const [wished, read] = [await insertBook(ctx.db), await insertBook(ctx.db)]
      await insertWish(ctx.db, reader.id, wished.id)
      await insertRead(ctx.db, reader.id, read.id, '2025-07-04T10:00:00.000Z')
      expect((await entry(read.id, reader.token)).reads[0]).toMatchObject({ startedOn: null, finishedOn: '2025-07-04', outcome: 'finished' })
      expect((await call('PUT', `/api/users/addtowishlist/${wished.id}`, reader.token)).json()).toMatchObject({ inWishlist: false })
    })
  })

  describe('library', () => {
    it('pages a reader’s books by status with counts; Want to Read only for its reader', async () => {
      const reader = await insertUser(ctx.db)
      const other = await insertUser(ctx.db)
      const books = await Promise.all(Array.from({ length: 5 }, () => insertBook(ctx.db)))
      for (const b of books.slice(0, 3)) await put(b.id, reader.token, { status: 'reading', today: '2026-06-01' })
      await put(books[3]!.id, reader.token, { status: 'want' })
      await put(books[4]!.id, reader.token, { status: 'read', today: '2026-06-02' })

      const { pages, totals } = await readAllPages(ctx, `/api/users/${reader.id}/library?status=reading&limit=2`, LibraryEntryListSchema)
      expect(pages.map((p) => p.length)).toEqual([2, 1])
      expect(totals).toEqual(['3', '3'])
      expect(new Set(pages.flat().map((e) => e.book._id))).toEqual(new Set(books.slice(0, 3).map((b) => b.id)))
      expect(pages[0]![0]).toMatchObject({ status: 'reading', startedOn: '2026-06-01', readCount: 0 })

      const own = LibraryEntryListSchema.parse((await call('GET', `/api/users/${reader.id}/library`, reader.token)).json())
      expect(own).toHaveLength(5)
      const seen = LibraryEntryListSchema.parse((await call('GET', `/api/users/${reader.id}/library`, other.token)).json())
      expect(seen.map((e) => e.status).sort()).toEqual(['read', 'reading', 'reading', 'reading'])
      expect((await call('GET', `/api/users/${reader.id}/library/counts`, reader.token)).json()).toEqual({ want: 1, reading: 3, read: 1, paused: 0, dnf: 0 })
      expect((await call('GET', `/api/users/${reader.id}/library/counts`)).json()).toMatchObject({ want: 0, reading: 3 })
      expect((await call('GET', `/api/users/${uuidv7()}/library`)).statusCode).toBe(404)
      await expect400(await call('GET', `/api/users/${reader.id}/library?status=someday`), /^Status must be one of/)
    })

    it('filters the reader’s own library by the copies they own and by their copy’s format; anyone else gets an empty page', async () => {
      const reader = await insertUser(ctx.db)
      const other = await insertUser(ctx.db)
      const work = async (title: string, format: string | null) => {
        const book = await insertBook(ctx.db, { title: `${title} ${uuidv7().slice(-6)}` })
        if (format) await ctx.db.updateTable('books').set({ format }).where('id', '=', book.id).execute()
        return book
      }
      const edition = async (bookId: string, body: object) => {
        const res = await call('POST', `/api/books/${bookId}/editions`, reader.token, body)
        expect(res.statusCode, res.body).toBe(201)
        return (res.json() as { _id: string })._id
      }
      // Owned in paperback although the work's shown edition is a hardcover: the copies' format counts.
      const owned = await work('Owned paperback', 'hardcover')
      const longer = await edition(owned.id, { format: 'ebook', pageCount: 512 })
      await put(owned.id, reader.token, { status: 'read', today: '2026-05-01', owned: { format: 'paperback', copies: 2 }, editionId: longer })
      // Not owned: the work's shown edition's format.
      const ebook = await work('Read as an e-book', 'ebook')
      await put(ebook.id, reader.token, { status: 'reading', today: '2026-05-02' })
      // Owned without a format, reading an audiobook edition: the edition's format.
      const audio = await work('Listened to', 'paperback')
      const audioEdition = await edition(audio.id, { format: 'audiobook', audioSeconds: 36_000 })
      await put(audio.id, reader.token, { status: 'reading', today: '2026-05-03', editionId: audioEdition, owned: { copies: 1 } })
      // An edition chosen whose format nobody gave: unknown, not the work's hardcover.
      const unknown = await work('Unknown format', 'hardcover')
      const twelve = `979${String(Date.now() % 1e9).padStart(9, '0')}`
      const check = (10 - ([...twelve].reduce((sum, d, i) => sum + Number(d) * (i % 2 ? 3 : 1), 0) % 10)) % 10
      const quiet = await edition(unknown.id, { isbn: `${twelve}${check}`, edition: 'Book club' })
      await put(unknown.id, reader.token, { status: 'want', editionId: quiet })
      // Owned, no status: outside the status tabs, but among the books they own.
      const shelved = await work('Owned, no status', null)
      await put(shelved.id, reader.token, { owned: { format: 'hardcover', copies: 1 } })

      const titles = async (query: string, token: string | null = reader.token) => {
        const res = await call('GET', `/api/users/${reader.id}/library?${query}`, token ?? undefined)
        expect(res.statusCode, res.body).toBe(200)
        const list = LibraryEntryListSchema.parse(res.json())
        expect(res.headers['x-total-count']).toBe(String(list.length))
        return list.map((e) => e.book.title).sort()
      }
      const sorted = (...books: { title: string }[]) => books.map((b) => b.title).sort()
      expect(await titles('owned=true')).toEqual(sorted(owned, audio, shelved))
      expect(await titles('owned=false')).toEqual(sorted(ebook, unknown))
      expect(await titles('format=paperback')).toEqual(sorted(owned))
      expect(await titles('format=audiobook')).toEqual(sorted(audio))
      expect(await titles('format=ebook')).toEqual(sorted(ebook))
      expect(await titles('format=hardcover')).toEqual([])
      expect(await titles('owned=true&format=hardcover')).toEqual(sorted(shelved))
      expect(await titles('owned=true&status=reading')).toEqual(sorted(audio))
      expect(await titles('format=ebook&status=read')).toEqual([])

      // Each entry carries the copies owned, for its reader.
      const mine = LibraryEntryListSchema.parse((await call('GET', `/api/users/${reader.id}/library?owned=true`, reader.token)).json())
      expect(Object.fromEntries(mine.map((e) => [e.book._id, e.owned]))).toEqual({
        [owned.id]: { format: 'paperback', copies: 2 },
        [audio.id]: { format: null, copies: 1 },
        [shelved.id]: { format: 'hardcover', copies: 1 },
      })
      // Progress counts the pages of the edition read: the chosen one's when it says, else the book's.
      expect(Object.fromEntries(mine.map((e) => [e.book._id, e.pageCount]))).toEqual({ [owned.id]: 512, [audio.id]: 320, [shelved.id]: 320 })
      // Pages of the filtered list follow one another with the filter's count.
      const { pages, totals } = await readAllPages(ctx, `/api/users/${reader.id}/library?owned=true&limit=2`, LibraryEntryListSchema, reader.token)
      expect(pages.map((p) => p.length)).toEqual([2, 1])
      expect(totals).toEqual(['3', '3'])
      // A change of what they own shows at once (the kept page moves with the log's version).
      await put(ebook.id, reader.token, { owned: { format: 'ebook', copies: 1 } })
      expect(await titles('owned=true')).toEqual(sorted(owned, ebook, audio, shelved))
      await put(owned.id, reader.token, { owned: null })
      expect(await titles('owned=true')).toEqual(sorted(ebook, audio, shelved))
      expect(await titles('format=paperback')).toEqual([])
      // Owned no more: the format of the edition read, an e-book.
      expect(await titles('format=ebook')).toEqual(sorted(owned, ebook))

      // What a reader owns is theirs: anyone else, signed in or not, gets an empty page, and entries without it.
      for (const token of [other.token, null]) {
        expect(await titles('owned=true', token)).toEqual([])
        expect(await titles('owned=false', token)).toEqual([])
        expect(await titles('format=ebook', token)).toEqual([])
      }
      const seen = LibraryEntryListSchema.parse((await call('GET', `/api/users/${reader.id}/library`, other.token)).json())
      expect(seen.length).toBeGreaterThan(0)
      expect(seen.every((e) => e.owned === null)).toBe(true)
      expect(seen.find((e) => e.book._id === owned.id)?.pageCount).toBe(512)

      await expect400(await call('GET', `/api/users/${reader.id}/library?owned=yes`, reader.token), 'Owned must be true or false')
      await expect400(
        await call('GET', `/api/users/${reader.id}/library?format=scroll`, reader.token),
        /^Format must be one of hardcover, paperback, ebook, audiobook/,
      )
      expect((await call('GET', `/api/users/${uuidv7()}/library?owned=true`, reader.token)).statusCode).toBe(404)
    })
  })

  it('answers 401 before anything else without a token', async () => {
    const book = await insertBook(ctx.db)
    for (const [method, url] of [
      ['GET', `/api/books/${book.id}/reading`],
      ['PUT', `/api/books/${book.id}/reading`],
      ['POST', `/api/books/${book.id}/reads`],
      ['PUT', `/api/reads/not-an-id`],
      ['DELETE', `/api/reads/${uuidv7()}`],
    ] as const) {
      expect((await call(method, url)).statusCode).toBe(401)
    }
  })
})
