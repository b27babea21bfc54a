import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { AccountExportSchema, ImportJobSchema, ImportRowListSchema } from '@shelfwise/contracts'
import { csvRecords, GOODREADS_EXPORT_COLUMNS } from '@shelfwise/library-files'
import { describeEachDialect } from '../../../test/support/context.ts'
import { bearer, insertBook, insertUser, TEST_PASSWORD } from '../../../test/support/factories.ts'
import { multipart } from '../../../test/support/multipart.ts'

// Issue 21, point 6 (decision 0031): a Goodreads export imported and exported back is the same file,
// every column but Goodreads' own Book Id and Average Rating. Every column is filled on some row:
// custom shelves with positions and the status shelves' own places ("to-read (#3)"), a re-read,
// owned copies in two formats, private notes (of two lines; of three, with quotes), a book not
// finished, a book being read, books on to-read, an audiobook, Additional Authors of one name and of
// several (commas inside the cell), Bindings kept as written ("Mass Market Paperback", "Audio CD",
// "Board book"), Original Publication Years, a review marked as a spoiler, and two editions new to
// works the catalogue has (one under the catalogue's own title, one under a title and author the
// catalogue spells otherwise: "Frankenstein: The 1818 Text" by Mary Wollstonecraft Shelley).

const FIXTURE = readFileSync(new URL('../../../test/fixtures/imports/goodreads_round_trip.csv', import.meta.url), 'utf8')

type Row = Record<string, string>

/** A CSV file's lines as objects by column name. */
const rowsOf = (text: string): Row[] => {
  const [header, ...rows] = [...csvRecords(text)].map((r) => r.fields)
  return rows.map((fields) => Object.fromEntries(header!.map((h, i) => [h, fields[i] ?? ''])))
}

/** What the round trip keeps: every column but Goodreads' own ids and averages, by title. */
const comparable = (rows: Row[]) => Object.fromEntries(rows.map(({ 'Book Id': _id, 'Average Rating': _avg, ...rest }) => [rest.Title!, rest]))

describeEachDialect('account: the Goodreads round trip', (ctx) => {
  const call = (method: 'GET' | 'POST', url: string, token: string) => ctx.app.inject({ method, url, headers: bearer(token) })

  /** The works the catalogue already has: Emma under the file's ISBN, Persuasion and Frankenstein under others. */
  const catalogue = async () => {
    // Once per database: the tests share it.
    if (await ctx.db.selectFrom('books').select('id').where('isbn', '=', '9780141439587').executeTakeFirst()) return
    await insertBook(ctx.db, {
      title: 'Emma',
      author: 'Jane Austen',
      isbn: '9780141439587',
      publisher: 'Penguin Classics',
      pageCount: 474,
      publishedDate: '2003-05-01',
    })
    await insertBook(ctx.db, { title: 'Persuasion', author: 'Jane Austen', isbn: '9780199535552', publisher: 'Oxford World’s Classics', pageCount: 272 })
    await insertBook(ctx.db, { title: 'Frankenstein', author: 'Mary Shelley', isbn: '9780000001030', publisher: 'Oxford', pageCount: 300 })
  }

  const importFile = async (token: string, text: string) => {
    const body = multipart([{ name: 'file', value: text, filename: 'goodreads_library_export.csv', contentType: 'text/csv' }])
    const started = await ctx.app.inject({ method: 'POST', url: '/api/imports', headers: { ...bearer(token), ...body.headers }, payload: body.payload })
    expect(started.statusCode, started.body).toBe(202)
    let job = ImportJobSchema.parse(started.json())
    for (let i = 0; i < 400 && job.status !== 'done' && job.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 25))
      job = ImportJobSchema.parse((await call('GET', `/api/imports/${job._id}`, token)).json())
    }
    expect(job.status).toBe('done')
    return job
  }

  const exportCsv = async (token: string) => {
    const res = await call('GET', '/api/me/export/goodreads.csv', token)
    expect(res.statusCode, res.body).toBe(200)
    return res.body
  }

  it('imports a Goodreads export and exports it back with every column equal but Book Id and Average Rating', async () => {
    await catalogue()
    const reader = await insertUser(ctx.db)
    const job = await importFile(reader.token, FIXTURE)
    expect(job).toMatchObject({ total: 10, imported: 10, failed: 0, needsReview: 0, editionsAttached: 2 })
    expect(job.notes).toEqual(expect.arrayContaining([{ kind: 'shelves_placed', count: 9 }]))
    // Nothing the file says was set aside: every detail found its place.
    expect(job.notes.map((n) => n.kind)).not.toContain('details_not_kept')

    const text = await exportCsv(reader.token)
    expect([...csvRecords(text)][0]!.fields).toEqual([...GOODREADS_EXPORT_COLUMNS])
    const sent = comparable(rowsOf(FIXTURE))
    const back = comparable(rowsOf(text))
    // Every row whole, the Frankenstein row too: its edition keeps the file's title and credit as its own (decision 0031).
    expect(back).toEqual(sent)
    // The work is still the catalogue's, under its own name, for everyone.
    const id = rowsOf(text).find((r) => r.Title === 'Frankenstein: The 1818 Text')!['Book Id']
    const work = (await ctx.app.inject({ url: `/api/books/${id}` })).json() as { title: string; author: string }
    expect(work).toMatchObject({ title: 'Frankenstein', author: 'Mary Shelley' })
  })

  it('changes nothing when the same file comes again, and the second export is the same file', async () => {
    const reader = await insertUser(ctx.db)
    await importFile(reader.token, FIXTURE)
    const first = await exportCsv(reader.token)
    const again = await importFile(reader.token, FIXTURE)
    expect(again).toMatchObject({ imported: 0, unchanged: 10 })
    expect(await exportCsv(reader.token)).toBe(first)
  })

  it('keeps the shelves private, the notes the reader’s own, and puts both in the JSON export', async () => {
    const reader = await insertUser(ctx.db)
    const job = await importFile(reader.token, FIXTURE)
    const shelves = (await ctx.app.inject({ url: `/api/users/${reader.id}/shelves` })).json() as { name: string }[]
    // Made private: nobody else sees them.
    expect(shelves).toEqual([])
    const own = (await call('GET', `/api/users/${reader.id}/shelves`, reader.token)).json() as { name: string; count: number; public: boolean }[]
    expect(own.map((s) => [s.name, s.count, s.public])).toEqual([
      ['2025-challenge', 1, false],
      ['book-club', 1, false],
      ['classics', 4, false],
      ['favourites', 1, false],
      ['gothic', 1, false],
      ['russian', 1, false],
      ['sci-fi', 1, false],
      ['sea', 1, false],
      ['spanish', 1, false],
      ['wishlist-2025', 1, false],
    ])
    const rows = ImportRowListSchema.parse((await call('GET', `/api/imports/${job._id}/rows?note=shelves_placed&limit=50`, reader.token)).json())
    expect(rows.find((r) => r.title === 'Emma')?.notes).toEqual(
      expect.arrayContaining([{ kind: 'shelves_placed', message: 'Put on your shelves “classics”, “favourites”; made private: “classics”, “favourites”' }]),
    )

    const json = AccountExportSchema.parse((await call('GET', '/api/me/export.json', reader.token)).json())
    const persuasion = json.library.find((e) => e.book.title === 'Persuasion')!
    expect(persuasion.privateNotes).toBe('Borrowed from Mum; give it back by March.')
    expect(persuasion.editionId).not.toBeNull()
    expect(json.library.find((e) => e.book.title === 'Orbit of Glass')).toMatchObject({
      owned: { format: 'hardcover', copies: 2 },
      addedAt: '2025-01-15T00:00:00.000Z',
    })
    expect(json.shelves.placements.filter((p) => p.bookId === persuasion.book._id)).toMatchObject([{ position: 3 }])
    expect(json.library.find((e) => e.book.title === 'Sea Notes')?.statusPosition).toBe(3)
    expect(json.library.find((e) => e.book.title === 'Moby-Dick or, The Whale')?.review).toMatchObject({ spoiler: true })
    expect(json.library.find((e) => e.book.title === 'Emma')?.review).toMatchObject({ spoiler: false })

    // Nobody else reads the notes: not on the reader's library, not on the book.
    const someone = await insertUser(ctx.db)
    for (const url of [`/api/users/${reader.id}/library`, `/api/books/${persuasion.book._id}`, `/api/books/${persuasion.book._id}/reviews`]) {
      const res = await call('GET', url, someone.token)
      expect(res.body).not.toContain('Borrowed from Mum')
    }

    // Closing the account takes the notes and the shelves with it.
    const closed = await ctx.app.inject({ method: 'DELETE', url: '/api/users/me', headers: bearer(reader.token), payload: { password: TEST_PASSWORD } })
    expect(closed.statusCode, closed.body).toBe(204)
    const notes = await ctx.db
      .selectFrom('readingEntries')
      .select('privateNotes')
      .where('privateNotes', 'is not', null)
      .where('userId', '=', reader.id)
      .execute()
    expect(notes).toEqual([])
    expect(await ctx.db.selectFrom('shelves').select('id').where('userId', '=', reader.id).execute()).toEqual([])
  })

  it('fills what the catalogue lacks from a file, never changes what it has: a second reader’s other values are kept out, and the report says so', async () => {
    await catalogue()
    const first = await insertUser(ctx.db)
    await importFile(first.token, FIXTURE)
    const firstExport = await exportCsv(first.token)

    const second = await insertUser(ctx.db)
    const header = FIXTURE.split('\n')[0]!
    // Emma again by its ISBN, with another year and other contributors; a Moby-Dick with no ISBN, found by title.
    const emma = `3001,Emma,Jane Austen,"Austen, Jane",Someone Else,"=""0141439580""","=""9780141439587""",4,4.03,Penguin Classics,Paperback,474,2003,1816,2024/01/02,2024/01/01,,,read,,,,1,0`
    const moby = `3002,Moby-Dick,Herman Melville,"Melville, Herman",Tom Quirk,"=""""","=""""",0,3.53,,Hardcover,,,1851,,2024/01/01,to-read,,to-read,,,,0,0`
    const job = await importFile(second.token, `${header}\n${emma}\n${moby}\n`)
    expect(job).toMatchObject({ imported: 2, failed: 0 })
    const rows = ImportRowListSchema.parse((await call('GET', `/api/imports/${job._id}/rows?note=details_not_kept`, second.token)).json())
    expect(rows.map((r) => [r.title, r.notes.filter((n) => n.kind === 'details_not_kept').map((n) => n.message)])).toEqual([
      [
        'Emma',
        [
          'Original Publication Year here is “1815”, the file says “1816”; Additional Authors here is “Fiona Stafford”, the file says “Someone Else”: the catalogue’s is kept, as every reader sees it',
        ],
      ],
      ['Moby-Dick', ['Binding “Hardcover” and Additional Authors “Tom Quirk” not kept: no edition of this book here is named by the row’s ISBN']],
    ])
    const back = comparable(rowsOf(await exportCsv(second.token)))
    expect(back.Emma).toMatchObject({ 'Original Publication Year': '1815', 'Additional Authors': 'Fiona Stafford' })
    // The first reader's file is as it was (but Emma's average, which the second reader's stars moved).
    expect(comparable(rowsOf(await exportCsv(first.token)))).toEqual(comparable(rowsOf(firstExport)))
  })

  it('says when a row’s Binding is not kept: its ISBN names an edition the catalogue has, and the reader owns no copy', async () => {
    const isbn = '9780000001047'
    const book = await insertBook(ctx.db, { title: 'Quiet Harbour', author: 'Nell Tide', isbn })
    const reader = await insertUser(ctx.db)
    const header = FIXTURE.split('\n')[0]!
    const line = `2001,Quiet Harbour,Nell Tide,"Tide, Nell",,"=""000000104X""","=""${isbn}""",0,4.00,,Paperback,,,,,2024/04/04,,,to-read,,,,0,0`
    const job = await importFile(reader.token, `${header}\n${line}\n`)
    const rows = ImportRowListSchema.parse((await call('GET', `/api/imports/${job._id}/rows?note=format_left_out`, reader.token)).json())
    expect(rows.map((r) => [r.bookId, r.notes.filter((n) => n.kind === 'format_left_out').map((n) => n.message)])).toEqual([
      [
        book.id,
        ['The file says a paperback, but the edition here with this ISBN gives no format and the file lists no copy you own: the file’s format was not kept'],
      ],
    ])
  })
})

describe('the round trip fixture', () => {
  it('is a Goodreads export of 10 books with every column, each filled on some row', () => {
    const rows = rowsOf(FIXTURE)
    expect(rows).toHaveLength(10)
    expect(Object.keys(rows[0]!)).toEqual([...GOODREADS_EXPORT_COLUMNS])
    const empty = GOODREADS_EXPORT_COLUMNS.filter((c) => rows.every((r) => r[c] === '' || r[c] === '=""'))
    expect(empty).toEqual([])
  })
})
