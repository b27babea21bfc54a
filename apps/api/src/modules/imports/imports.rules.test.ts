import { describe, expect, it } from 'vitest'
import type { Book } from '@shelfwise/contracts'
import { AppError } from '#/errors.ts'
import { detectFormat, type ImportRow as ParsedRow } from '#/modules/imports/import-formats.ts'
import type { StoredRow } from '#/modules/imports/imports.rows.repository.ts'
import {
  candidateOf,
  correctableOf,
  correctedCells,
  correctedRow,
  counted,
  CSV_FIRST_PAGE,
  dayOf,
  entryNote,
  failed,
  fileNameOf,
  inWords,
  keptCellsOf,
  nextCsvPage,
  NOTE_TEXTS,
  rowActions,
  shelfNote,
  textPiecesOf,
  writtenOn,
} from '#/modules/imports/imports.rules.ts'

// The imports' rules that need no database (imports.rules.ts), each on its own.

const parsed = (over: Partial<ParsedRow> = {}): ParsedRow => ({
  line: 2,
  title: 'The Fifth Season',
  author: 'N. K. Jemisin',
  isbn13: '9780316229296',
  isbn10: '0316229296',
  pages: 512,
  year: 2015,
  publisher: 'Orbit',
  status: 'read',
  shelf: 'read',
  reads: [],
  rating: 5,
  ratingRoundedFrom: null,
  review: null,
  ...over,
})

const finished = (finishedOn: string | null) => ({ startedOn: null, finishedOn, stoppedOn: null, outcome: 'finished' as const })

const stored = (over: Partial<StoredRow> = {}): StoredRow => ({
  line: 3,
  title: 'Emma',
  author: 'Jane Austen',
  data: null,
  fields: '[]',
  outcome: 'imported',
  bookId: null,
  candidates: [],
  message: null,
  ...over,
})

const bytes = (text: string) => new TextEncoder().encode(text)

describe('when an imported review was written', () => {
  it('is noon (UTC) of the day its last read ended, finished or stopped', () => {
    expect(writtenOn(parsed({ reads: [finished('2019-01-01'), finished('2020-05-02')] }))).toBe('2020-05-02T12:00:00.000Z')
    expect(writtenOn(parsed({ reads: [{ startedOn: '2021-03-01', finishedOn: null, stoppedOn: '2021-03-09', outcome: 'stopped' }] }))).toBe(
      '2021-03-09T12:00:00.000Z',
    )
  })

  it('is the Date Added when no read has a whole end date, as with no read at all', () => {
    expect(writtenOn(parsed({ reads: [finished('2020-05')], addedOn: '2018-02-03' }))).toBe('2018-02-03T12:00:00.000Z')
    expect(writtenOn(parsed({ reads: [], addedOn: '2018-02-03' }))).toBe('2018-02-03T12:00:00.000Z')
    expect(writtenOn(parsed({ reads: [finished('2017-01-01')], addedOn: '2018-02-03' }))).toBe('2018-02-03T12:00:00.000Z')
  })

  it('is now (undefined) for a read with no whole date, a read still open, no read, or a day not yet past, without a Date Added', () => {
    expect(writtenOn(parsed({ reads: [finished('2020-05')] }))).toBeUndefined()
    expect(writtenOn(parsed({ reads: [finished(null)] }))).toBeUndefined()
    expect(writtenOn(parsed({ reads: [{ startedOn: '2020-01-01', finishedOn: null, stoppedOn: null, outcome: null }] }))).toBeUndefined()
    expect(writtenOn(parsed({ reads: [] }))).toBeUndefined()
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    expect(writtenOn(parsed({ reads: [finished(tomorrow)] }))).toBeUndefined()
  })
})

describe('days', () => {
  it('counts allowances by the UTC day, and names a day in words', () => {
    expect(dayOf(Date.UTC(2026, 0, 2, 23, 59))).toBe('2026-01-02')
    expect(dayOf(Date.UTC(2026, 0, 3, 0, 0))).toBe('2026-01-03')
    expect(inWords(Date.UTC(2026, 0, 2, 23, 59))).toBe('January 2, 2026')
  })
})

describe("a file's text", () => {
  it('is its UTF-8, a BOM dropped, a character split between two pieces joined again', async () => {
    const e = bytes('é')
    const text = await textPiecesOf([bytes('\ufeffTitle,Author\n'), bytes('Les Mis'), e.subarray(0, 1), e.subarray(1), bytes('rables,Hugo')])
    expect(text?.join('')).toBe('Title,Author\nLes Misérables,Hugo')
    async function* pieces() {
      yield bytes('a,')
      yield bytes('b')
    }
    expect((await textPiecesOf(pieces()))?.join('')).toBe('a,b')
  })

  it('is none for bytes that are not UTF-8, or text holding a NUL', async () => {
    expect(await textPiecesOf([new Uint8Array([0x54, 0xff, 0x54])])).toBeUndefined()
    expect(await textPiecesOf([bytes('Title'), new Uint8Array([0xc3])])).toBeUndefined()
    expect(await textPiecesOf([bytes('Title\u0000,Author')])).toBeUndefined()
  })

  it('keeps a name without its control characters, at most 200 characters, library.csv when nothing is left', () => {
    expect(fileNameOf('my\u0007 library\u007f\u001b.csv')).toBe('my library.csv')
    expect(fileNameOf('x'.repeat(300))).toBe('x'.repeat(200))
    expect(fileNameOf('\u0000\u0001')).toBe('library.csv')
    expect(fileNameOf('')).toBe('library.csv')
  })
})

describe("a row's outcome", () => {
  it('fails with its note, and counts once among the outcomes without changing the counts it was given', () => {
    expect(failed('unreadable', 'No title')).toEqual({ outcome: 'failed', bookId: null, candidates: [], notes: [{ kind: 'unreadable', message: 'No title' }] })
    const before = { imported: 1, unchanged: 0, needs_review: 0, failed: 2, skipped: 0 }
    const after = counted(before, [failed('other', 'x'), { outcome: 'imported', bookId: 'b', candidates: [], notes: [] }, failed('other', 'y')])
    expect(after).toEqual({ imported: 2, unchanged: 0, needs_review: 0, failed: 4, skipped: 0 })
    expect(before.failed).toBe(2)
  })
})

describe("a row's notes", () => {
  it('say when a shelf of the reader’s own was read as a status, or is none, and nothing of the exports’ own shelves', () => {
    expect(shelfNote({ shelf: 'abandoned', status: 'dnf' })).toEqual({ kind: 'shelf_mapped', message: 'Your shelf “abandoned” was read as Did Not Finish' })
    expect(shelfNote({ shelf: 'favourites', status: null })).toMatchObject({ kind: 'shelf_not_status', message: expect.stringContaining('“favourites”') })
    for (const shelf of ['read', 'to-read', 'currently-reading', 'Did not finish', 'paused'])
      expect(shelfNote({ shelf, status: 'read' }), shelf).toBeUndefined()
    expect(shelfNote({ shelf: null, status: 'read' })).toBeUndefined()
  })

  it('give the reading log’s own words their kinds', () => {
    expect(entryNote('Status changed from Want to Read to Read').kind).toBe('status_changed')
    expect(entryNote('The date 9999-12-31 was left out: it is after 2026-03-10, and no place on Earth has reached it yet').kind).toBe('date_left_out')
    expect(entryNote('Your review’s rating (4★) kept; the file says 3★').kind).toBe('rating_kept')
    expect(entryNote('Something new')).toEqual({ kind: 'other', message: 'Something new' })
  })

  it('name the book found by title, and what the file says when it says it otherwise', () => {
    const emma = { title: 'Emma', author: 'Jane Austen' }
    expect(NOTE_TEXTS.matchedByTitle(emma, emma)).toBe('Found by its title and author: “Emma” by Jane Austen')
    expect(NOTE_TEXTS.matchedByTitle(emma, { title: 'Emma (Penguin Classics)', author: 'Jane Austen' })).toBe(
      'Found by its title and author: “Emma” by Jane Austen; the file says “Emma (Penguin Classics)” by Jane Austen',
    )
  })
})

describe('what the reader can do with a row', () => {
  const open = { books: true, reviews: true }
  const data = JSON.stringify(parsed())
  const cells = JSON.stringify(['1', 'Emma'])

  it('is nothing once it is settled', () => {
    for (const outcome of ['imported', 'unchanged', 'skipped', 'pending'] as const) expect(rowActions(stored({ outcome, data }), [], open)).toEqual([])
  })

  it('is choosing a candidate, making the book while today allows, correcting or skipping a row that waits', () => {
    expect(rowActions(stored({ outcome: 'needs_review', data, candidates: ['b1'] }), ['waiting_for_you'], open)).toEqual(['choose', 'create', 'retry', 'skip'])
    expect(rowActions(stored({ outcome: 'needs_review', data, candidates: ['b1'] }), ['waiting_for_you'], { books: false, reviews: true })).toEqual([
      'choose',
      'retry',
      'skip',
    ])
  })

  it('is correcting in place a row that could not be read, and only what can help a row that failed', () => {
    expect(rowActions(stored({ outcome: 'failed', data: null, fields: cells }), ['unreadable'], open)).toEqual(['retry', 'skip'])
    expect(rowActions(stored({ outcome: 'failed', data: null }), ['unreadable'], open)).toEqual(['skip'])
    expect(rowActions(stored({ outcome: 'failed', data, fields: cells }), ['not_added'], open)).toEqual(['retry', 'skip'])
    expect(rowActions(stored({ outcome: 'failed', data, bookId: 'b' }), ['review_waits'], { books: true, reviews: false })).toEqual(['skip'])
    expect(rowActions(stored({ outcome: 'failed', data, bookId: 'b' }), ['review_waits'], open)).toEqual(['retry', 'skip'])
    expect(rowActions(stored({ outcome: 'failed', data }), ['books_wait'], { books: false, reviews: true })).toEqual(['retry', 'skip'])
    expect(rowActions(stored({ outcome: 'failed', data }), ['interrupted'], open)).toEqual(['create', 'retry', 'skip'])
  })
})

describe('a row corrected in place', () => {
  const header = ['Book Id', 'Title', 'Author', 'ISBN', 'ISBN13', 'My Rating', 'Exclusive Shelf', 'Date Read', 'Read Count']
  const format = detectFormat(header)
  if (!format.ok) throw new Error(format.message)
  const cells = ['1', 'Emma', 'Jane Austen', '=""', '=""', '4', 'read', '2024/13/45', '1']
  const retry = (over: object) => ({ action: 'retry' as const, ...over })

  it('is read again by the export’s rules once its cells are corrected', () => {
    expect(correctableOf(format.format, format.columns)).toEqual(['title', 'author', 'isbn', 'dateRead', 'rating', 'readCount'])
    const { row, cells: next } = correctedCells(
      format.format,
      format.columns,
      5,
      cells,
      retry({ dateRead: '2024/03/15', rating: 5, readCount: 2, isbn: '978-0-14-143958-7' }),
    )
    expect(row).toMatchObject({ line: 5, title: 'Emma', rating: 5, isbn13: '9780141439587', status: 'read' })
    expect(row.reads.map((r) => r.finishedOn)).toEqual([null, '2024-03-15'])
    expect(next).toEqual(['1', 'Emma', 'Jane Austen', '', '9780141439587', '5', 'read', '2024/03/15', '2'])
  })

  it('is refused with a 400 saying what is still wrong, or what the file has no column for', () => {
    const refusal = (input: object, columns = format.columns) => {
      try {
        correctedCells(format.format, columns, 5, cells, retry(input))
      } catch (err) {
        return err
      }
    }
    expect(refusal({ rating: 5 })).toMatchObject({ status: 400, message: expect.stringContaining('Date Read "2024/13/45" is not a date') })
    expect(refusal({ isbn: '123' })).toMatchObject({ status: 400, message: 'isbn: must be an ISBN-10 or ISBN-13' })
    const without = new Map([...format.columns].filter(([name]) => name !== 'Read Count' && name !== 'Date Read'))
    expect(refusal({ readCount: 2 }, without)).toMatchObject({ status: 400, message: expect.stringContaining('no Read Count column') })
    expect(correctableOf(format.format, without)).toEqual(['title', 'author', 'isbn', 'rating'])
  })
})

describe('a row the reader corrected', () => {
  const retry = (over: { title?: string; author?: string; isbn?: string }) => ({ action: 'retry' as const, ...over })

  it('takes the title and author sent, and keeps the rest as the file gave it', () => {
    const row = correctedRow(parsed(), retry({ title: 'The Obelisk Gate', author: 'Nora Jemisin' }))
    expect(row).toEqual(parsed({ title: 'The Obelisk Gate', author: 'Nora Jemisin' }))
    expect(correctedRow(parsed(), retry({}))).toEqual(parsed())
  })

  it('takes an ISBN-13 or ISBN-10 in place of both, written with hyphens or spaces, and none when it is emptied', () => {
    expect(correctedRow(parsed(), retry({ isbn: '978-0-306-40615-7' }))).toMatchObject({ isbn13: '9780306406157', isbn10: null })
    expect(correctedRow(parsed(), retry({ isbn: '0 306 40615 2' }))).toMatchObject({ isbn10: '0306406152', isbn13: null })
    expect(correctedRow(parsed(), retry({ isbn: '' }))).toMatchObject({ isbn13: null, isbn10: null })
  })

  it('refuses an ISBN that is none with a 400 naming the field', () => {
    const refusal = (() => {
      try {
        correctedRow(parsed(), retry({ isbn: '12345' }))
      } catch (err) {
        return err
      }
    })()
    expect(refusal).toBeInstanceOf(AppError)
    expect(refusal).toMatchObject({ status: 400, message: 'isbn: must be an ISBN-10 or ISBN-13' })
  })
})

describe('the report', () => {
  it('shows a candidate book with what tells editions apart, an absent ISBN or date as null', () => {
    const book = { _id: 'b1', title: 'Emma', author: 'Jane Austen', publishedDate: undefined, isbn: '', totalReviews: 7 } as unknown as Book
    expect(candidateOf(book)).toEqual({ _id: 'b1', title: 'Emma', author: 'Jane Austen', publishedDate: null, isbn: null, totalReviews: 7 })
  })

  it("writes a row's own cells, and a settled row's title and author under the file's own columns", () => {
    const goodreads = keptCellsOf(['Book Id', ' Title ', 'Author', 'ISBN'])
    expect(goodreads(stored({ fields: JSON.stringify(['1', 'Emma', 'Jane Austen', '']) }))).toEqual(['1', 'Emma', 'Jane Austen', ''])
    expect(goodreads(stored())).toEqual(['', 'Emma', 'Jane Austen', ''])
    expect(keptCellsOf(['title', 'Authors', 'Read Status'])(stored())).toEqual(['Emma', 'Jane Austen', ''])
    expect(keptCellsOf(['Read Status'])(stored())).toEqual([''])
  })

  it('starts rows.csv with a small page, doubles a light one up to 500 rows, and quarters a heavy one down to 1', () => {
    expect(CSV_FIRST_PAGE).toBe(4)
    expect(nextCsvPage(4, 1_000)).toBe(8)
    expect(nextCsvPage(400, 1_000)).toBe(500)
    expect(nextCsvPage(500, 256 * 1024)).toBe(500)
    expect(nextCsvPage(500, 256 * 1024 + 1)).toBe(125)
    expect(nextCsvPage(2, 10_000_000)).toBe(1)
  })
})
