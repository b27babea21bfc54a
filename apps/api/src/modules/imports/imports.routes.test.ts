// One piece (~450 lines): every block drives one app per dialect through the upload, get and resolve helpers below; split, each file would start its own.
import { describe, expect, it } from 'vitest'
import { ErrorBodySchema, ImportJobSchema, ImportRowListSchema, ImportRowSchema, ReadingEntrySchema, type ImportJob } from '@shelfwise/contracts'
import { buildApp } from '#/app.ts'
import { loadConfig } from '#/config.ts'
import { describeEachDialect, TEST_JWT_SECRET } from '../../../test/support/context.ts'
import { bearer, insertBook, insertImport, insertReview, insertUser } from '../../../test/support/factories.ts'
import { multipart } from '../../../test/support/multipart.ts'
import { GOODREADS_HEADER, goodreadsCsv, quote, storygraphCsv } from '../../../test/support/import-files.ts'

// Fixture files for each failure mode the issue names (issue 14): books without ISBN, the wrong
// book by title alone, reads without dates, re-imports, both services' histories, waiting rows.

let n = 0
/** A name no other test uses, so matches never cross tests. */
const fresh = (what: string) => `${what} ${(++n).toString(36)}${Date.now().toString(36)}`

describeEachDialect('imports', (ctx) => {
  const upload = (token: string | undefined, text: string | Buffer, query = '') => {
    const body = multipart([{ name: 'file', value: text, filename: 'goodreads_library_export.csv', contentType: 'text/csv' }])
    return ctx.app.inject({ method: 'POST', url: `/api/imports${query}`, headers: { ...(token ? bearer(token) : {}), ...body.headers }, payload: body.payload })
  }
  const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) })
  const resolve = (token: string, id: string, line: number, body: object) =>
    ctx.app.inject({ method: 'POST', url: `/api/imports/${id}/rows/${line}/resolve`, headers: bearer(token), payload: body })

  /** Sends a file and waits for its import to end. */
  const importFile = async (token: string, text: string, query = ''): Promise<ImportJob> => {
    const res = await upload(token, text, query)
    expect(res.statusCode, res.body).toBe(202)
    const job = ImportJobSchema.parse(res.json())
    for (let i = 0; i < 400; i++) {
      const now = ImportJobSchema.parse((await get(`/api/imports/${job._id}`, token)).json())
      if (now.status === 'done' || now.status === 'failed') return now
      await new Promise((r) => setTimeout(r, 25))
    }
    throw new Error('the import did not end')
  }
  const rowsOf = async (token: string, id: string, outcome = '') =>
    ImportRowListSchema.parse((await get(`/api/imports/${id}/rows?limit=500${outcome ? `&outcome=${outcome}` : ''}`, token)).json())
  const entry = async (token: string, bookId: string) => ReadingEntrySchema.parse((await get(`/api/books/${bookId}/reading`, token)).json())
  const countOf = async (table: 'books' | 'reviews' | 'imports' | 'importRows' | 'readThroughs', where?: { userId: string }) => {
    let q = ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'))
    if (where) q = q.where('userId' as never, '=', where.userId as never)
    return Number((await q.executeTakeFirstOrThrow()).n)
  }

  describe('Goodreads', () => {
    it('matches by ISBN-13 or ISBN-10, applies shelves, dates, re-reads, ratings and reviews, and keeps every row', async () => {
      const reader = await insertUser(ctx.db)
      const byIsbn13 = await insertBook(ctx.db, { isbn: '9780593135204', title: 'Project Hail Mary' })
      const byIsbn10 = await insertBook(ctx.db, { isbn: '0441013597', title: 'Dune' })
      const author = fresh('Ursula Le Guin')
      const byName = await insertBook(ctx.db, { title: 'The Dispossessed', author, isbn: null })
      const dnfTitle = fresh('Heavy Tome')
      const job = await importFile(
        reader.token,
        goodreadsCsv([
          {
            Title: 'Project Hail Mary',
            Author: 'Andy Weir',
            ISBN: '="0593135202"',
            ISBN13: '="9780593135204"',
            'Exclusive Shelf': 'read',
            'Date Read': '2024/03/15',
            'Read Count': '1',
            'My Rating': '5',
          },
          // Its ISBN-13 is the catalogue's ISBN-10 written the other way.
          {
            Title: 'Dune',
            Author: 'Frank Herbert',
            ISBN13: '="9780441013593"',
            'Exclusive Shelf': 'read',
            'Date Read': '2023/01/02',
            'Read Count': '3',
            'My Rating': '4',
            'My Review': 'Spice.<br/><br/>Sand &amp; worms.',
          },
          // An e-book: no ISBN at all, found by its title (series note aside) and author.
          { Title: 'The Dispossessed (Hainish Cycle, #6)', Author: author, 'Exclusive Shelf': 'to-read' },
          {
            Title: dnfTitle,
            Author: 'Nobody Here',
            'Exclusive Shelf': 'abandoned',
            'Number of Pages': '900',
            'Year Published': '1999',
            Publisher: 'Big Press',
          },
        ]),
      )
      expect(job).toMatchObject({ status: 'done', source: 'goodreads', total: 4, processed: 4, imported: 4, unchanged: 0, needsReview: 0, failed: 0 })

      const hail = await entry(reader.token, byIsbn13.id)
      expect(hail).toMatchObject({ status: 'read', rating: 5 })
      expect(hail.reads.map((r) => [r.finishedOn, r.outcome])).toEqual([['2024-03-15', 'finished']])

      // Read Count 3 with one date: one read on that date and two whose dates nobody knows — never today.
      const dune = await entry(reader.token, byIsbn10.id)
      expect(dune.status).toBe('read')
      expect(dune.reads.map((r) => r.finishedOn).sort()).toEqual(['2023-01-02', null, null].sort())
      expect(dune.reads.every((r) => r.outcome === 'finished')).toBe(true)
      const review = await get(`/api/reviews/book/${byIsbn10.id}`, reader.token)
      // Dated the day its last read ended, not today: a library's old reviews stay out of Recent Reviews.
      expect(review.json()).toEqual([expect.objectContaining({ rating: 4, comment: 'Spice.\n\nSand & worms.', createdAt: '2023-01-02T12:00:00.000Z' })])

      expect((await entry(reader.token, byName.id)).status).toBe('want')
      // The spec's wishlist is the Want to Read shelf.
      expect((await get(`/api/books/${byName.id}`, reader.token)).json()).toMatchObject({ inWishlist: true })

      // No book had that title: it is made from the row, listed by the reader, marked Did Not Finish.
      const made = (await rowsOf(reader.token, job._id)).find((r) => r.title === dnfTitle)!
      expect(made).toMatchObject({ outcome: 'imported', message: expect.stringContaining('Added to the catalogue') })
      const book = (await get(`/api/books/${made.bookId}`, reader.token)).json()
      expect(book).toMatchObject({
        title: dnfTitle,
        author: 'Nobody Here',
        pageCount: 900,
        publisher: 'Big Press',
        publishedDate: expect.stringMatching(/^1999-01-01/),
      })
      expect((await entry(reader.token, made.bookId!)).status).toBe('dnf')
    })

    it('dates a review without a read date the day its book was added, on the book and the profile, and keeps it out of Recent Reviews', async () => {
      const reader = await insertUser(ctx.db)
      const book = await insertBook(ctx.db, { title: fresh('Added Long Ago'), author: 'Dated Writer' })
      const job = await importFile(
        reader.token,
        goodreadsCsv([
          { Title: book.title, Author: book.author, 'Exclusive Shelf': 'read', 'My Rating': '3', 'My Review': 'Fine.', 'Date Added': '2015/06/07' },
        ]),
      )
      expect(job).toMatchObject({ status: 'done', imported: 1 })
      const dated = expect.objectContaining({ comment: 'Fine.', createdAt: '2015-06-07T12:00:00.000Z' })
      expect((await get(`/api/reviews/book/${book.id}`, reader.token)).json()).toEqual([dated])
      expect((await get(`/api/users/reviews/${reader.id}`, reader.token)).json()).toEqual([dated])
      const recent = (await get('/api/reviews/recent?limit=50', reader.token)).json() as { user: { _id: string } }[]
      expect(recent.filter((r) => r.user._id === reader.id)).toEqual([])
    })

    it('keeps a read without a date undated, yet on Recently Read and in the profile’s Books Read, after the dated ones', async () => {
      const reader = await insertUser(ctx.db)
      const undated = await insertBook(ctx.db, { title: fresh('Read Once'), author: 'Un Dated' })
      const dated = await insertBook(ctx.db, { title: fresh('Read Later'), author: 'Da Ted' })
      await importFile(
        reader.token,
        goodreadsCsv([
          { Title: undated.title, Author: 'Un Dated', 'Exclusive Shelf': 'read' },
          { Title: dated.title, Author: 'Da Ted', 'Exclusive Shelf': 'read', 'Date Read': '2019/07/07' },
        ]),
      )
      expect((await entry(reader.token, undated.id)).reads).toEqual([expect.objectContaining({ startedOn: null, finishedOn: null, outcome: 'finished' })])
      expect((await get(`/api/books/${undated.id}`, reader.token)).json()).toMatchObject({ inRecentlyRead: true })
      expect((await get(`/api/users/${reader.id}/stats`, reader.token)).json()).toMatchObject({ readBooks: 2 })
      const list = (await get(`/api/users/recently-read/${reader.id}`, reader.token)).json() as { _id: string }[]
      expect(list.map((b) => b._id)).toEqual([dated.id, undated.id])
    })

    it('never takes a book by another author with the same title, and tolerates initials', async () => {
      const reader = await insertUser(ctx.db)
      const title = fresh('Emma')
      const austen = await insertBook(ctx.db, { title, author: 'Jane Austen' })
      const tolkienTitle = fresh('The Hobbit')
      const tolkien = await insertBook(ctx.db, { title: tolkienTitle, author: 'J. R. R. Tolkien' })
      const job = await importFile(
        reader.token,
        goodreadsCsv([
          { Title: title, Author: 'Emma Tennant', 'Exclusive Shelf': 'to-read' },
          { Title: tolkienTitle, Author: 'JRR Tolkien', 'Exclusive Shelf': 'read' },
        ]),
      )
      const rows = await rowsOf(reader.token, job._id)
      expect(rows[0]!.bookId).not.toBe(austen.id)
      expect(rows[0]!.message).toContain('Added to the catalogue')
      expect(rows[1]!.bookId).toBe(tolkien.id)
      expect((await entry(reader.token, austen.id)).status).toBeNull()
    })

    it('makes one book of two rows naming the same new book, and finds a family name with an apostrophe', async () => {
      const reader = await insertUser(ctx.db)
      const journey = await insertBook(ctx.db, { title: fresh('Journey to the West'), author: 'Wu Cheng’en', isbn: null })
      const title = fresh('Brand New')
      const job = await importFile(
        reader.token,
        goodreadsCsv([
          { Title: `${journey.title} (Street Trilogy, #2)`, Author: 'Wu Cheng’en', 'Exclusive Shelf': 'read' },
          { Title: title, Author: 'New Writer', ISBN13: '="9791234567896"', 'Exclusive Shelf': 'read', 'Date Read': '2024/01/01' },
          { Title: title, Author: 'New Writer', ISBN13: '="9791234567896"', 'Exclusive Shelf': 'read', 'Date Read': '2025/01/01' },
        ]),
      )
      const rows = await rowsOf(reader.token, job._id)
      expect(rows[0]!.bookId).toBe(journey.id)
      expect(rows[1]!.bookId).toBe(rows[2]!.bookId)
      expect((await entry(reader.token, rows[1]!.bookId!)).reads.map((r) => r.finishedOn)).toEqual(['2024-01-01', '2025-01-01'])
    })

    it('adds nothing twice when the same file comes again: every row unchanged', async () => {
      const reader = await insertUser(ctx.db)
      const book = await insertBook(ctx.db, { isbn: null, title: fresh('Middlemarch'), author: 'George Eliot' })
      const file = goodreadsCsv([
        {
          Title: book.title,
          Author: 'George Eliot',
          'Exclusive Shelf': 'read',
          'Date Read': '2020/05/01',
          'Read Count': '2',
          'My Rating': '5',
          'My Review': 'Slow, then everything.',
        },
        { Title: fresh('Unheard Of'), Author: 'Some One', 'Exclusive Shelf': 'currently-reading', 'My Rating': '3' },
      ])
      const first = await importFile(reader.token, file)
      expect(first).toMatchObject({ imported: 2, unchanged: 0 })
      const books = await countOf('books')
      const reads = await countOf('readThroughs', { userId: reader.id })
      const again = await importFile(reader.token, file)
      expect(again).toMatchObject({ status: 'done', imported: 0, unchanged: 2 })
      expect(await countOf('books')).toBe(books)
      expect(await countOf('readThroughs', { userId: reader.id })).toBe(reads)
      expect((await get(`/api/reviews/book/${book.id}`, reader.token)).json()).toHaveLength(1)
    })

    it('keeps a rating without text as a rating alone, and the reader’s own different review', async () => {
      const reader = await insertUser(ctx.db)
      const rated = await insertBook(ctx.db, { title: fresh('Rated'), author: 'Ann Author' })
      const reviewed = await insertBook(ctx.db, { title: fresh('Reviewed'), author: 'Ann Author' })
      await insertReview(ctx.db, { bookId: reviewed.id, userId: reader.id, rating: 2, comment: 'Mine, written here.' })
      const job = await importFile(
        reader.token,
        goodreadsCsv([
          { Title: rated.title, Author: 'Ann Author', 'Exclusive Shelf': 'read', 'My Rating': '4' },
          { Title: reviewed.title, Author: 'Ann Author', 'Exclusive Shelf': 'read', 'My Rating': '5', 'My Review': 'From the other site.' },
        ]),
      )
      expect((await entry(reader.token, rated.id)).rating).toBe(4)
      expect((await get(`/api/reviews/book/${rated.id}`, reader.token)).json()).toEqual([])
      const rows = await rowsOf(reader.token, job._id)
      expect(rows[1]!.message).toContain('yours was kept')
      expect((await get(`/api/reviews/book/${reviewed.id}`, reader.token)).json()).toEqual([
        expect.objectContaining({ comment: 'Mine, written here.', rating: 2 }),
      ])
    })
  })

  describe('StoryGraph', () => {
    it('makes one read per range, an open range a current read, and rounds quarter stars saying so', async () => {
      const reader = await insertUser(ctx.db)
      const book = await insertBook(ctx.db, { isbn: '9780316498838', title: 'The Fifth Season' })
      const current = await insertBook(ctx.db, { title: fresh('Current'), author: 'Cur Rent' })
      const job = await importFile(
        reader.token,
        storygraphCsv([
          {
            Title: 'The Fifth Season',
            Authors: 'N. K. Jemisin',
            'ISBN/UID': '9780316498838',
            'Read Status': 'read',
            'Dates Read': '2021/01/03-2021/01/20, 2023/06/01-2023/06/09',
            'Read Count': '2',
            'Star Rating': '3.75',
          },
          { Title: current.title, Authors: 'Cur Rent', 'Read Status': 'currently-reading', 'Dates Read': '2026/11/01-' },
        ]),
        '?source=storygraph',
      )
      expect(job).toMatchObject({ status: 'done', source: 'storygraph', imported: 2 })
      const fifth = await entry(reader.token, book.id)
      expect(fifth.reads.map((r) => [r.startedOn, r.finishedOn])).toEqual([
        ['2021-01-03', '2021-01-20'],
        ['2023-06-01', '2023-06-09'],
      ])
      expect(fifth.rating).toBe(4)
      const rows = await rowsOf(reader.token, job._id)
      expect(rows[0]!.message).toContain('Rating 3.75 rounded to 4★')
      const open = await entry(reader.token, current.id)
      expect(open.status).toBe('reading')
      expect(open.reads).toEqual([expect.objectContaining({ startedOn: '2026-11-01', finishedOn: null, outcome: null })])
    })

    it('adds nothing twice when the same history comes from Goodreads and then StoryGraph', async () => {
      const reader = await insertUser(ctx.db)
      const book = await insertBook(ctx.db, { isbn: '9780765326355', title: 'The Way of Kings' })
      await importFile(
        reader.token,
        goodreadsCsv([
          {
            Title: 'The Way of Kings',
            Author: 'Brandon Sanderson',
            ISBN13: '="9780765326355"',
            'Exclusive Shelf': 'read',
            'Date Read': '2024/02/10',
            'Read Count': '2',
            'My Rating': '5',
          },
        ]),
      )
      const job = await importFile(
        reader.token,
        storygraphCsv([
          {
            Title: 'The Way of Kings',
            Authors: 'Brandon Sanderson',
            'ISBN/UID': '9780765326355',
            'Read Status': 'read',
            'Dates Read': '2019/08/01-2019/09/01, 2024/01/20-2024/02/10',
            'Read Count': '2',
            'Star Rating': '5.0',
          },
        ]),
      )
      // The undated read Goodreads knew of is the 2019 read StoryGraph dates: two reads, not three.
      const reads = (await entry(reader.token, book.id)).reads
      expect(reads.map((r) => [r.startedOn, r.finishedOn])).toEqual([
        ['2019-08-01', '2019-09-01'],
        ['2024-01-20', '2024-02-10'],
      ])
      expect(job.imported).toBe(1)
    })
  })

  describe('rows that wait or fail', () => {
    it('waits for the reader’s choice among several books, and applies the one chosen', async () => {
      const reader = await insertUser(ctx.db)
      const title = fresh('Twice Listed')
      const a = await insertBook(ctx.db, { title, author: 'Dup Author', isbn: null })
      const b = await insertBook(ctx.db, { title, author: 'Dup Author', isbn: null })
      const stranger = await insertBook(ctx.db)
      const job = await importFile(reader.token, goodreadsCsv([{ Title: title, Author: 'Dup Author', 'Exclusive Shelf': 'read', 'Date Read': '2022/02/02' }]))
      expect(job).toMatchObject({ needsReview: 1, imported: 0 })
      const [row] = await rowsOf(reader.token, job._id, 'needs_review')
      expect(row).toMatchObject({ line: 2, outcome: 'needs_review', message: expect.stringContaining('choose') })
      expect(row!.candidates.map((c) => c._id).sort()).toEqual([a.id, b.id].sort())
      // Nothing was applied to either book meanwhile.
      expect((await entry(reader.token, a.id)).status).toBeNull()

      const refused = await resolve(reader.token, job._id, 2, { action: 'choose', bookId: stranger.id })
      expect(refused.statusCode).toBe(400)
      expect(ErrorBodySchema.parse(refused.json()).message).toContain('not one of the row')

      const chosen = await resolve(reader.token, job._id, 2, { action: 'choose', bookId: b.id })
      expect(chosen.statusCode, chosen.body).toBe(200)
      expect(ImportRowSchema.parse(chosen.json())).toMatchObject({ outcome: 'imported', bookId: b.id })
      expect((await entry(reader.token, b.id)).reads[0]).toMatchObject({ finishedOn: '2022-02-02' })
      expect(ImportJobSchema.parse((await get(`/api/imports/${job._id}`, reader.token)).json())).toMatchObject({ needsReview: 0, imported: 1 })
      expect((await resolve(reader.token, job._id, 2, { action: 'skip' })).statusCode).toBe(409)
    })

    it('lists a row it cannot read with its line and reason; the reader can skip it and download it', async () => {
      const reader = await insertUser(ctx.db)
      const job = await importFile(
        reader.token,
        goodreadsCsv([
          { Title: '', Author: 'Nameless' },
          { Title: fresh('Fine'), Author: 'Fine Author', 'Exclusive Shelf': 'to-read' },
        ]),
      )
      expect(job).toMatchObject({ failed: 1, imported: 1 })
      const [failed] = await rowsOf(reader.token, job._id, 'failed')
      expect(failed).toMatchObject({ line: 2, author: 'Nameless', outcome: 'failed', message: expect.stringMatching(/title/i) })
      const csv = await get(`/api/imports/${job._id}/rows.csv`, reader.token)
      expect(csv.headers['content-type']).toMatch(/^text\/csv/)
      expect(csv.headers['content-disposition']).toMatch(/attachment; filename=".*not-imported\.csv"/)
      const lines = csv.body.trim().split('\r\n')
      expect(lines).toHaveLength(2)
      expect(lines[0]).toBe(GOODREADS_HEADER.map(quote).join(','))
      expect(lines[1]).toContain('Nameless')
      const skipped = await resolve(reader.token, job._id, 2, { action: 'skip' })
      expect(ImportRowSchema.parse(skipped.json()).outcome).toBe('skipped')
      expect(ImportJobSchema.parse((await get(`/api/imports/${job._id}`, reader.token)).json())).toMatchObject({ failed: 0, skipped: 1 })
    })

    it('looks again with a corrected author, or makes the book when asked', async () => {
      const reader = await insertUser(ctx.db)
      const title = fresh('Misattributed')
      const book = await insertBook(ctx.db, { title, author: 'Right Person' })
      const twin = fresh('Twin')
      await insertBook(ctx.db, { title: twin, author: 'Twin Writer' })
      await insertBook(ctx.db, { title: twin, author: 'Twin Writer' })
      const job = await importFile(
        reader.token,
        goodreadsCsv([
          { Title: title, Author: 'Wrong Person', 'Exclusive Shelf': 'read' },
          { Title: twin, Author: 'Twin Writer', 'Exclusive Shelf': 'to-read' },
        ]),
      )
      // The wrong author made a new book; the reader's correction finds the right one.
      expect((await rowsOf(reader.token, job._id))[0]!.outcome).toBe('imported')
      const row3 = await resolve(reader.token, job._id, 3, { action: 'create' })
      expect(ImportRowSchema.parse(row3.json())).toMatchObject({ outcome: 'imported', message: expect.stringContaining('Added to the catalogue') })

      const waiting = await importFile(reader.token, goodreadsCsv([{ Title: twin, Author: 'Twin Writer', 'Exclusive Shelf': 'read' }]))
      expect(waiting.needsReview).toBe(1)
      // A catalogue book with the title, taken by the row once its author is right.
      const retry = await resolve(reader.token, waiting._id, 2, { action: 'retry', title, author: 'Right Person' })
      expect(ImportRowSchema.parse(retry.json())).toMatchObject({ outcome: 'imported', bookId: book.id, title, author: 'Right Person' })
    })
  })

  describe('refused files', () => {
    it('refuses a file that is not an export, naming the missing columns, and keeps nothing', async () => {
      const reader = await insertUser(ctx.db)
      const before = await countOf('imports')
      const res = await upload(reader.token, 'Title,Author,Rating\r\nDune,Frank Herbert,5\r\n', '?source=goodreads')
      expect(res.statusCode).toBe(400)
      expect(ErrorBodySchema.parse(res.json()).message).toMatch(/ISBN.*ISBN13.*My Rating.*Exclusive Shelf/)
      const unknown = await upload(reader.token, 'a,b,c\r\n1,2,3\r\n')
      expect(unknown.statusCode).toBe(400)
      expect(ErrorBodySchema.parse(unknown.json()).message).toMatch(/not a Goodreads or StoryGraph export/)
      const broken = await upload(reader.token, goodreadsCsv([{ Title: 'A', Author: 'B' }]) + '"never closed,\r\n')
      expect(broken.statusCode).toBe(400)
      expect(ErrorBodySchema.parse(broken.json()).message).toMatch(/Line 3/)
      const binary = await upload(reader.token, Buffer.from([0xff, 0xfe, 0x00, 0x41, 0xc3, 0x28]))
      expect(binary.statusCode).toBe(400)
      expect(await countOf('imports')).toBe(before)
    })

    it('refuses more than 50,000 rows and more than 10 MB with 413, and anyone without a token with 401', async () => {
      const reader = await insertUser(ctx.db)
      const row = '1,T,A,,,="",="",0,,,,,,,,,,,to-read,,,,0,0\r\n'
      const many = await upload(reader.token, GOODREADS_HEADER.join(',') + '\r\n' + row.repeat(50_001))
      expect(many.statusCode).toBe(413)
      expect(ErrorBodySchema.parse(many.json()).message).toContain('50,000')
      const big = await upload(reader.token, GOODREADS_HEADER.join(',') + '\r\n' + `1,"${'x'.repeat(10 * 1024 * 1024)}",A\r\n`)
      expect(big.statusCode).toBe(413)
      expect(ErrorBodySchema.parse(big.json()).message).toContain('10 MB')
      expect((await upload(undefined, goodreadsCsv([]))).statusCode).toBe(401)
    })

    it('shows one reader’s import to nobody else (404)', async () => {
      const owner = await insertUser(ctx.db)
      const other = await insertUser(ctx.db)
      const job = await importFile(owner.token, goodreadsCsv([{ Title: fresh('Private'), Author: 'P Q' }]))
      expect((await get(`/api/imports/${job._id}`, other.token)).statusCode).toBe(404)
      expect((await get(`/api/imports/${job._id}/rows`, other.token)).statusCode).toBe(404)
      expect((await resolve(other.token, job._id, 2, { action: 'skip' })).statusCode).toBe(404)
      expect((await get('/api/imports', other.token)).json()).toEqual([])
    })
  })

  it('goes on after a restart: an instance takes up a job left running by one that stopped', async () => {
    const reader = await insertUser(ctx.db)
    const book = await insertBook(ctx.db, { title: fresh('After Restart'), author: 'Re Start' })
    const text = goodreadsCsv([{ Title: book.title, Author: 'Re Start', 'Exclusive Shelf': 'read', 'Date Read': '2025/12/24' }])
    const id = '01900000-0000-7000-8000-000000000001'
    const at = new Date(Date.now() - 60_000).toISOString()
    // As an instance stopped mid-job leaves it: running, its lease run out, its file not yet read.
    await insertImport(ctx.db, reader.id, { id, status: 'running', fileText: text, header: GOODREADS_HEADER, total: 1, leaseUntil: at, at })
    const config = loadConfig({
      ...process.env,
      DATA_DIR: ctx.config.dataDir,
      DATABASE_URL: ctx.config.databaseUrl,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      IMPORT_POLL_INTERVAL: '0.05',
    })
    const second = await buildApp({ config, db: ctx.db, jwtSecret: TEST_JWT_SECRET })
    try {
      await second.ready()
      let job: ImportJob | undefined
      for (let i = 0; i < 200 && job?.status !== 'done'; i++) {
        await new Promise((r) => setTimeout(r, 25))
        job = ImportJobSchema.parse((await get(`/api/imports/${id}`, reader.token)).json())
      }
      expect(job).toMatchObject({ status: 'done', imported: 1 })
      expect((await entry(reader.token, book.id)).reads[0]).toMatchObject({ finishedOn: '2025-12-24' })
    } finally {
      await second.close()
    }
  })
})
