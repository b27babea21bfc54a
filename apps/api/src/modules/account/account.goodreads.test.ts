import { describe, expect, it } from 'vitest'
import { GOODREADS_EXPORT_COLUMNS } from '@shelfwise/library-files'
import {
  authorLastFirst,
  exclusiveShelf,
  goodreadsRow,
  isbnCell,
  isbnForms,
  dateRead,
  reviewHtml,
  slashDate,
  slashDay,
} from '#/modules/account/account.goodreads.ts'
import type { ExportLibraryEntry } from '@shelfwise/contracts'

// The cells of Goodreads's "Export Library" file, one rule at a time (decision 0019).

describe('Goodreads cells', () => {
  it.each([
    ['0593135202', { isbn10: '0593135202', isbn13: '9780593135204' }],
    ['9780593135204', { isbn10: '0593135202', isbn13: '9780593135204' }],
    // An ISBN-10 whose check character is X, both ways.
    ['080442957X', { isbn10: '080442957X', isbn13: '9780804429573' }],
    ['9780804429573', { isbn10: '080442957X', isbn13: '9780804429573' }],
    // A 979 ISBN-13 has no 10-digit form.
    ['9791032305690', { isbn10: '', isbn13: '9791032305690' }],
    // A wrong check digit: the ISBN is written as stored, and no other form is made up from it.
    ['0593135203', { isbn10: '0593135203', isbn13: '' }],
    ['9780593135205', { isbn10: '', isbn13: '9780593135205' }],
    ['', { isbn10: '', isbn13: '' }],
  ])('gives both forms of %s when it has them', (isbn, forms) => {
    expect(isbnForms(isbn)).toEqual(forms)
  })

  it('writes an ISBN as a formula a spreadsheet keeps as text', () => {
    expect(isbnCell('0593135202')).toBe('="0593135202"')
    expect(isbnCell('')).toBe('=""')
  })

  it('writes dates with slashes, as precise as the reader gave them', () => {
    expect(slashDate('2024-03-15')).toBe('2024/03/15')
    expect(slashDate('2024-03')).toBe('2024/03')
    expect(slashDate('2024')).toBe('2024')
    expect(slashDate(null)).toBe('')
    expect(slashDay('2024-03-15T23:59:59.999Z')).toBe('2024/03/15')
  })

  it('turns an author around, family name first', () => {
    expect(authorLastFirst('N. K. Jemisin')).toBe('Jemisin, N. K.')
    expect(authorLastFirst('Ursula K. Le Guin')).toBe('Le Guin, Ursula K.')
    expect(authorLastFirst('Ludwig van Beethoven')).toBe('van Beethoven, Ludwig')
    expect(authorLastFirst('Martin Luther King Jr.')).toBe('King Jr., Martin Luther')
    expect(authorLastFirst('Le Carré')).toBe('Carré, Le')
    expect(authorLastFirst('Homer')).toBe('Homer')
    expect(authorLastFirst('Tolkien, J.R.R.')).toBe('Tolkien, J.R.R.')
  })

  it('writes line breaks of every kind as <br/>', () => {
    expect(reviewHtml('a\nb\r\nc\rd')).toBe('a<br/>b<br/>c<br/>d')
  })

  it('maps each status to its exclusive shelf, and none to read', () => {
    expect(['want', 'reading', 'read', 'paused', 'dnf', null].map((s) => exclusiveShelf(s as never))).toEqual([
      'to-read',
      'currently-reading',
      'read',
      'paused',
      'did-not-finish',
      'read',
    ])
  })

  it('takes the latest dated finish of the reads kept, whatever order they were logged in; none for a book not finished', () => {
    const read = (finishedOn: string | null, removed = false, outcome: 'finished' | 'stopped' = 'finished') => ({
      startedOn: null,
      finishedOn: outcome === 'finished' ? finishedOn : null,
      stoppedOn: outcome === 'stopped' ? finishedOn : null,
      outcome,
      progress: { page: null, percent: null, minutes: null },
      removed,
      progressUpdates: [],
    })
    const entry = (reads: ReturnType<typeof read>[]) => ({ reads }) as unknown as ExportLibraryEntry
    expect(dateRead(entry([read('2019-05'), read('2024-03-15'), read(null)]))).toBe('2024-03-15')
    expect(dateRead(entry([read('2019'), read('2019-05')]))).toBe('2019-05')
    expect(dateRead(entry([read(null)]))).toBeNull()
    // A read taken off the list, or stopped, is not a finish.
    expect(dateRead(entry([read('2019-01-01'), read('2025-01-01', true), read('2026-01-01', false, 'stopped')]))).toBe('2019-01-01')
    // A did-not-finish row has none, as on Goodreads (decision 0031), even when an earlier read was finished.
    const dnf = { ...entry([read('2019-01-01'), read('2026-01', false, 'stopped')]), status: 'dnf' } as ExportLibraryEntry
    expect(dateRead(dnf)).toBeNull()
  })

  it('writes the reader’s own edition, shelves with positions, copies, notes and a read under way as Goodreads does (decision 0031)', () => {
    const entry = {
      book: {
        _id: 'b1',
        title: 'Orbit',
        author: 'Lena Hart',
        isbn: '9780000001030',
        publisher: 'Work Press',
        publishedDate: '1990-01-01',
        pageCount: 100,
        language: 'en',
        edition: '',
      },
      status: 'reading',
      rating: null,
      reads: [
        {
          startedOn: null,
          finishedOn: '2020',
          stoppedOn: null,
          outcome: 'finished',
          progress: { page: null, percent: null, minutes: null },
          removed: false,
          progressUpdates: [],
        },
        {
          startedOn: '2025-01',
          finishedOn: null,
          stoppedOn: null,
          outcome: null,
          progress: { page: null, percent: null, minutes: null },
          removed: false,
          progressUpdates: [],
        },
      ],
      review: null,
      addedAt: '2019-07-01T00:00:00.000Z',
      editionId: 'e1',
      owned: { format: 'paperback', copies: 2 },
      privateNotes: 'Signed.',
    } as ExportLibraryEntry
    const edition = { isbn: '9780000001016', format: 'ebook' as const, publisher: 'Hart & Vale', pageCount: 388, publishedDate: '2024-01-01' }
    const shelves = [
      { name: '2025-challenge', position: 2 },
      { name: 'sci-fi', position: 4 },
    ]
    const cells = Object.fromEntries(GOODREADS_EXPORT_COLUMNS.map((c, i) => [c, goodreadsRow(entry, 3.9, edition, shelves)[i]]))
    expect(cells).toMatchObject({
      ISBN: '="0000001015"',
      ISBN13: '="9780000001016"',
      Publisher: 'Hart & Vale',
      'Number of Pages': 388,
      'Year Published': '2024',
      // The edition's format first; the copies' only when the edition has none.
      Binding: 'Kindle Edition',
      'Date Added': '2019/07/01',
      Bookshelves: 'currently-reading, 2025-challenge, sci-fi',
      'Bookshelves with positions': '2025-challenge (#2), sci-fi (#4)',
      'Private Notes': 'Signed.',
      // The finished read and the one under way.
      'Read Count': 2,
      'Owned Copies': 2,
    })
    const workOnly = Object.fromEntries(
      GOODREADS_EXPORT_COLUMNS.map((c, i) => [c, goodreadsRow({ ...entry, owned: null, privateNotes: null }, 3.9, { ...edition, format: null })[i]]),
    )
    expect(workOnly).toMatchObject({ Binding: '', 'Owned Copies': 0, 'Private Notes': '' })
  })
})
