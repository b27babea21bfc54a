// One piece (~590 lines): the specification of the format reader, every block mapping rows through the fixture rows and helpers below.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CreateBookInputSchema } from '@shelfwise/contracts'
import { csvRecords, STORYGRAPH_EXPORT_COLUMNS, toCsv } from '@shelfwise/library-files'
import { withoutTags } from '#/modules/imports/import-cells.ts'
import {
  AUTHOR_MAX,
  detectFormat,
  firstAuthor,
  IMPORT_FORMAT_MESSAGES as M,
  mapRow,
  SHELF_MAX,
  TITLE_MAX,
  type ImportFormat,
  type ImportRow,
  type MappedRow,
} from '#/modules/imports/import-formats.ts'
import type { ImportRead } from '#/modules/imports/import-reads.ts'
import { GOODREADS_HEADER } from '../../../test/support/import-files.ts'

/** The current export's 24 columns (packages/library-files' GOODREADS_EXPORT_COLUMNS, through the test support). */
const GOODREADS_24 = GOODREADS_HEADER

const GOODREADS_31 = [
  ...GOODREADS_24.slice(0, 23),
  'Recommended For',
  'Recommended By',
  'Owned Copies',
  'Original Purchase Date',
  'Original Purchase Location',
  'Condition',
  'Condition Description',
  'BCID',
]

const STORYGRAPH: string[] = [...STORYGRAPH_EXPORT_COLUMNS]

type Cells = Record<string, string>

const GOODREADS_ROW: Cells = {
  'Book Id': '41',
  Title: 'The Fifth Season (The Broken Earth, #1)',
  Author: 'N.K. Jemisin',
  'Author l-f': 'Jemisin, N.K.',
  ISBN: '=""',
  ISBN13: '=""',
  'My Rating': '0',
  'Average Rating': '4.31',
  Binding: 'Paperback',
  'Date Added': '2023/01/02',
  'Exclusive Shelf': 'read',
  'Read Count': '1',
  'Owned Copies': '0',
}

const STORYGRAPH_ROW: Cells = {
  Title: 'Piranesi',
  Authors: 'Susanna Clarke',
  'ISBN/UID': '',
  Format: 'hardcover',
  'Read Status': 'read',
  'Date Added': '2023/01/02',
  'Read Count': '1',
  'Owned?': 'No',
}

/** A whole file as the service would write it: `header`, then each row's cells under their columns. */
const fileOf = (header: string[], rows: Cells[]) =>
  toCsv(
    header,
    rows.map((row) => header.map((column) => row[column] ?? '')),
  )

/** Reads `text` as an upload is read: its header detected, then every row mapped. */
function importFile(text: string, source?: ImportFormat): MappedRow[] {
  const [header, ...records] = [...csvRecords(text)]
  const detected = detectFormat(header!.fields, source)
  if (!detected.ok) throw new Error(detected.message)
  return records.map((record) => mapRow(detected.format, detected.columns, record))
}

/** The one row a Goodreads file with `cells` (over a plain read book) imports as. */
function goodreadsRow(cells: Cells, header = GOODREADS_24): ImportRow {
  const [result] = importFile(fileOf(header, [{ ...GOODREADS_ROW, ...cells }]))
  if (!result?.ok) throw new Error(`expected the row to import: ${JSON.stringify(result)}`)
  return result.row
}

function storygraphRow(cells: Cells): ImportRow {
  const [result] = importFile(fileOf(STORYGRAPH, [{ ...STORYGRAPH_ROW, ...cells }]))
  if (!result?.ok) throw new Error(`expected the row to import: ${JSON.stringify(result)}`)
  return result.row
}

function failureOf(format: ImportFormat, cells: Cells) {
  const [header, base] = format === 'goodreads' ? [GOODREADS_24, GOODREADS_ROW] : [STORYGRAPH, STORYGRAPH_ROW]
  const [result] = importFile(fileOf(header, [{ ...base, ...cells }]))
  if (result?.ok !== false) throw new Error(`expected the row to fail: ${JSON.stringify(result)}`)
  return result
}

const finished = (finishedOn: string | null, startedOn: string | null = null): ImportRead => ({ startedOn, finishedOn, stoppedOn: null, outcome: 'finished' })
const open = (startedOn: string | null = null): ImportRead => ({ startedOn, finishedOn: null, stoppedOn: null, outcome: null })
const stopped = (stoppedOn: string | null, startedOn: string | null = null): ImportRead => ({ startedOn, finishedOn: null, stoppedOn, outcome: 'stopped' })

describe('detectFormat', () => {
  it('recognises the current 24-column and the older 31-column Goodreads exports', () => {
    for (const header of [GOODREADS_24, GOODREADS_31]) {
      const detected = detectFormat(header)
      expect(detected).toMatchObject({ ok: true, format: 'goodreads' })
      if (detected.ok) expect(detected.columns.get('Exclusive Shelf')).toBe(18)
    }
    expect(goodreadsRow({ 'Exclusive Shelf': 'to-read' }, GOODREADS_31).status).toBe('want')
  })

  it('recognises a StoryGraph export', () => {
    expect(detectFormat(STORYGRAPH)).toMatchObject({ ok: true, format: 'storygraph' })
    expect(detectFormat(STORYGRAPH, 'storygraph')).toMatchObject({ ok: true, format: 'storygraph' })
  })

  it('finds columns by name in any order, whatever their case and spacing, ignoring columns it does not know', () => {
    const header = ['  exclusive shelf ', 'My  Rating', 'Notes of mine', 'ISBN13', 'TITLE', 'isbn', 'Author']
    const text = toCsv(header, [['to-read', '4', 'ignore me', '="9780593135204"', 'Project Hail Mary', '="0593135202"', 'Andy Weir']])
    const [result] = importFile(text)
    expect(result).toMatchObject({ ok: true, row: { title: 'Project Hail Mary', author: 'Andy Weir', status: 'want', rating: 4, isbn13: '9780593135204' } })
  })

  it('names the missing columns when a file is not the export the reader chose', () => {
    const header = GOODREADS_24.filter((c) => c !== 'My Rating' && c !== 'Exclusive Shelf')
    expect(detectFormat(header, 'goodreads')).toEqual({
      ok: false,
      message: 'This is not a Goodreads export: the columns My Rating and Exclusive Shelf are missing',
    })
    expect(
      detectFormat(
        STORYGRAPH.filter((c) => c !== 'Star Rating'),
        'storygraph',
      ),
    ).toEqual({
      ok: false,
      message: 'This is not a StoryGraph export: the column Star Rating is missing',
    })
  })

  it('names the missing columns of the export a file looks like when no source is chosen', () => {
    const header = GOODREADS_24.filter((c) => c !== 'ISBN13')
    expect(detectFormat(header)).toEqual({ ok: false, message: M.notThisFormat('goodreads', ['ISBN13']) })
    expect(M.notThisFormat('goodreads', ['ISBN13'])).toBe('This is not a Goodreads export: the column ISBN13 is missing')
  })

  it('says which export a file is when the reader chose the other one', () => {
    expect(detectFormat(STORYGRAPH, 'goodreads')).toEqual({
      ok: false,
      message:
        'This is not a Goodreads export: the columns Author, ISBN, ISBN13, My Rating and Exclusive Shelf are missing. It looks like a StoryGraph export: import it as one',
    })
  })

  it('refuses a file that is neither, naming the columns each export has', () => {
    const detected = detectFormat(['Name', 'Writer', 'Stars'])
    expect(detected).toEqual({ ok: false, message: M.notAnExport })
    expect(M.notAnExport).toBe(
      'This is not a Goodreads or StoryGraph export: a Goodreads export has the columns Title, Author, ISBN, ISBN13, My Rating and Exclusive Shelf; ' +
        'a StoryGraph export has Title, Authors, ISBN/UID, Read Status and Star Rating',
    )
    expect(detectFormat([])).toEqual({ ok: false, message: M.notAnExport })
  })

  it('asks which export a file is when it has the columns of both', () => {
    expect(detectFormat([...GOODREADS_24, 'Authors', 'ISBN/UID', 'Read Status', 'Star Rating'])).toEqual({ ok: false, message: M.bothFormats })
  })
})

describe('Goodreads rows', () => {
  it('imports an e-book whose ISBN cells are ="" (not dropped: no ISBN, title and author kept)', () => {
    const text =
      GOODREADS_24.join(',') +
      '\r\n' +
      '99,"Before Dawn (Night, #2)",Ann Example,"Example, Ann",,"=""""","=""""",0,3.90,,Kindle Edition,,2022,2020,,2023/11/25,to-read,to-read (#6),to-read,,,,0,0\r\n'
    expect(importFile(text)).toEqual([
      {
        ok: true,
        row: {
          line: 2,
          title: 'Before Dawn (Night, #2)',
          author: 'Ann Example',
          isbn13: null,
          isbn10: null,
          pages: null,
          // The edition's year; the work's first year apart (decision 0031).
          year: 2022,
          originalYear: 2020,
          additionalAuthors: null,
          publisher: null,
          status: 'want',
          shelf: 'to-read',
          reads: [],
          rating: null,
          ratingRoundedFrom: null,
          review: null,
          // Decision 0031: the day it was added, its shelves (to-read is the status, not a shelf), its format.
          addedOn: '2023-11-25',
          shelves: [],
          format: 'ebook',
          binding: null,
          bindingText: 'Kindle Edition',
          ownedCopies: null,
          privateNotes: null,
          spoiler: false,
          // Its place on to-read, kept apart from the shelves.
          statusPosition: 6,
        },
      },
    ])
  })

  it('reads ISBNs from ="…" cells, plain digits or hyphenated, filling in the other form when it converts', () => {
    expect(goodreadsRow({ ISBN: '="0593135202"', ISBN13: '="9780593135204"' })).toMatchObject({ isbn10: '0593135202', isbn13: '9780593135204' })
    expect(goodreadsRow({ ISBN: '0593135202', ISBN13: '' })).toMatchObject({ isbn10: '0593135202', isbn13: '9780593135204' })
    expect(goodreadsRow({ ISBN: '', ISBN13: '978-0-593-13520-4' })).toMatchObject({ isbn10: '0593135202', isbn13: '9780593135204' })
    expect(goodreadsRow({ ISBN: '="080442957x"' })).toMatchObject({ isbn10: '080442957X', isbn13: '9780804429573' })
    expect(goodreadsRow({ ISBN13: '="9791032305690"' })).toMatchObject({ isbn10: null, isbn13: '9791032305690' })
  })

  it('leaves out an ISBN whose checksum is wrong, and still imports the row', () => {
    expect(goodreadsRow({ ISBN: '="0593135203"', ISBN13: '="9780593135205"' })).toMatchObject({ title: GOODREADS_ROW.Title, isbn10: null, isbn13: null })
  })

  it('keeps the title as in the file (series included), and takes Author rather than Author l-f', () => {
    expect(goodreadsRow({ Author: 'John D.  Burns' })).toMatchObject({ title: 'The Fifth Season (The Broken Earth, #1)', author: 'John D. Burns' })
  })

  it('maps the three Goodreads shelves to Want to Read, Currently Reading and Read', () => {
    expect(goodreadsRow({ 'Exclusive Shelf': 'to-read', 'Read Count': '0' })).toMatchObject({ status: 'want', reads: [] })
    expect(goodreadsRow({ 'Exclusive Shelf': 'currently-reading', 'Read Count': '1' })).toMatchObject({ status: 'reading', reads: [open()] })
    expect(goodreadsRow({ 'Exclusive Shelf': 'read', 'Date Read': '2024/03/15' })).toMatchObject({ status: 'read', reads: [finished('2024-03-15')] })
  })

  it("maps the reader's own shelves named like did-not-finish to Did Not Finish, with the read stopped", () => {
    for (const shelf of ['did-not-finish', 'DNF', 'dnf-2023', 'abandoned', 'gave-up', 'quit', "didn't-finish"]) {
      expect(goodreadsRow({ 'Exclusive Shelf': shelf, 'Read Count': '1' }), shelf).toMatchObject({ status: 'dnf', shelf, reads: [stopped(null)] })
    }
    expect(goodreadsRow({ 'Exclusive Shelf': 'dnf', 'Date Read': '2023/06/01' }).reads).toEqual([stopped('2023-06-01')])
  })

  it("maps the reader's own paused or on-hold shelf to Paused, with a read still open", () => {
    expect(goodreadsRow({ 'Exclusive Shelf': 'on-hold', 'Read Count': '1' })).toMatchObject({ status: 'paused', reads: [open()] })
    expect(goodreadsRow({ 'Exclusive Shelf': 'paused' }).status).toBe('paused')
  })

  it('gives any other own exclusive shelf no status, keeping its name, rating, review and reads', () => {
    expect(goodreadsRow({ 'Exclusive Shelf': 'owned-not-read', 'My Rating': '4', 'My Review': 'Kept', 'Read Count': '0' })).toMatchObject({
      status: null,
      shelf: 'owned-not-read',
      rating: 4,
      review: 'Kept',
      reads: [],
    })
    expect(goodreadsRow({ 'Exclusive Shelf': 'quite-good', 'Date Read': '2021/01/01' })).toMatchObject({ status: null, reads: [finished('2021-01-01')] })
  })

  it('adds undated reads when Read Count is larger than the reads with dates: Read Count 3 with one date is 1 dated and 2 undated', () => {
    expect(goodreadsRow({ 'Date Read': '2024/03/15', 'Read Count': '3' }).reads).toEqual([finished(null), finished(null), finished('2024-03-15')])
  })

  it('keeps a read book with no date undated (never today), even with Read Count 0 or empty', () => {
    const today = new Date().toISOString().slice(0, 10)
    for (const count of ['0', '', '1']) {
      const row = goodreadsRow({ 'Date Read': '', 'Read Count': count })
      expect(row.reads).toEqual([finished(null)])
      expect(JSON.stringify(row)).not.toContain(today)
    }
  })

  it('keeps a finished read beside the one in progress when a book being re-read has a Date Read', () => {
    expect(goodreadsRow({ 'Exclusive Shelf': 'currently-reading', 'Date Read': '2020/05/01', 'Read Count': '2' }).reads).toEqual([
      finished('2020-05-01'),
      open(),
    ])
  })

  it('reads dates as 2024/03/15, 2024-03-15, or partial as 2024/03 and 2024, keeping them as given', () => {
    expect(goodreadsRow({ 'Date Read': '2024-03-15' }).reads).toEqual([finished('2024-03-15')])
    expect(goodreadsRow({ 'Date Read': '2024/3/5' }).reads).toEqual([finished('2024-03-05')])
    expect(goodreadsRow({ 'Date Read': '2024/03' }).reads).toEqual([finished('2024-03')])
    expect(goodreadsRow({ 'Date Read': '2019' }).reads).toEqual([finished('2019')])
  })

  it('fails a row whose Date Read is not a date, saying so with its line, title and author', () => {
    expect(failureOf('goodreads', { 'Date Read': '2024/13/45' })).toEqual({
      ok: false,
      line: 2,
      title: GOODREADS_ROW.Title,
      author: GOODREADS_ROW.Author,
      message: 'Date Read "2024/13/45" is not a date',
    })
    expect(failureOf('goodreads', { 'Date Read': '2023/02/29' }).message).toBe('Date Read "2023/02/29" is not a date')
    expect(failureOf('goodreads', { 'Date Read': '15/03/2024' }).message).toBe(M.notADate('Date Read', '15/03/2024'))
  })

  it('reads My Rating as whole stars, 0 as unrated, and fails a rating that is not one', () => {
    expect(goodreadsRow({ 'My Rating': '5' }).rating).toBe(5)
    expect(goodreadsRow({ 'My Rating': '0' }).rating).toBeNull()
    expect(failureOf('goodreads', { 'My Rating': '7' }).message).toBe('My Rating "7" is not a rating from 0 to 5')
  })

  it('fails a Read Count that is not a small whole number', () => {
    expect(failureOf('goodreads', { 'Read Count': 'twice' }).message).toBe('Read Count "twice" is not a whole number from 0 to 100')
    expect(failureOf('goodreads', { 'Read Count': '5000' }).message).toBe(M.notACount('Read Count', '5000'))
  })

  it('turns <br/> in a review into line breaks, drops other markup and decodes entities', () => {
    const review = 'Loved it.<br/><br/>The <b>ending</b> &amp; the <i>map</i>&#8217;s&nbsp;detail.<br>I &lt;3 it, 2 < 3<br />'
    expect(goodreadsRow({ 'My Review': review }).review).toBe('Loved it.\n\nThe ending & the map’s detail.\nI <3 it, 2 < 3')
    expect(goodreadsRow({ 'My Review': '  <br/> ' }).review).toBeNull()
    expect(goodreadsRow({ 'My Review': 'Q&amp;A &amp;lt; unknown &bogus; &#0;' }).review).toBe('Q&A &lt; unknown &bogus; &#0;')
  })

  it("keeps the edition's year and the work's original year apart (the Odyssey's -800 included), with pages and publisher", () => {
    expect(goodreadsRow({ 'Year Published': '2016', 'Original Publication Year': '2015', 'Number of Pages': '468', Publisher: 'Orbit' })).toMatchObject({
      year: 2016,
      originalYear: 2015,
      pages: 468,
      publisher: 'Orbit',
    })
    expect(goodreadsRow({ 'Year Published': '2016', 'Original Publication Year': '' })).toMatchObject({ year: 2016, originalYear: null })
    expect(goodreadsRow({ 'Original Publication Year': '-800' })).toMatchObject({ year: null, originalYear: -800 })
    expect(goodreadsRow({ 'Number of Pages': '0' }).pages).toBeNull()
  })

  it('fails a row with no title, on the line it really starts on after a review of several lines', () => {
    const text = fileOf(GOODREADS_24, [
      { ...GOODREADS_ROW, 'My Review': 'one\ntwo\nthree' },
      { ...GOODREADS_ROW, Title: '  ', Author: 'Someone' },
    ])
    const [first, second] = importFile(text)
    expect(first).toMatchObject({ ok: true, row: { line: 2, review: 'one\ntwo\nthree' } })
    expect(second).toEqual({ ok: false, line: 5, title: '', author: 'Someone', message: 'The row has no title' })
  })

  it('imports a row shorter than the header with what it has', () => {
    const text = `${GOODREADS_24.join(',')}\n1,Dune,Frank Herbert,"Herbert, Frank",,"=""0441013597""","=""9780441013593""",5,4.3,Ace,Paperback\n`
    expect(importFile(text)).toMatchObject([{ ok: true, row: { title: 'Dune', rating: 5, status: null, isbn10: '0441013597', reads: [] } }])
  })
})

describe('StoryGraph rows', () => {
  it('takes the first of several authors', () => {
    expect(storygraphRow({ Authors: 'Neil Gaiman, Terry Pratchett' }).author).toBe('Neil Gaiman')
    expect(storygraphRow({ Authors: 'Martin Luther King, Jr., Coretta Scott King' }).author).toBe('Martin Luther King, Jr.')
  })

  it('reads ISBN/UID as an ISBN when it is one, and ignores StoryGraph ids that are not', () => {
    expect(storygraphRow({ 'ISBN/UID': '9781635575637' })).toMatchObject({ isbn13: '9781635575637', isbn10: '163557563X' })
    expect(storygraphRow({ 'ISBN/UID': '0593135202' })).toMatchObject({ isbn13: '9780593135204', isbn10: '0593135202' })
    expect(storygraphRow({ 'ISBN/UID': 'f6ad5e2c-1b7e-4b1a-9d0a-5bb8c4b2e8a1' })).toMatchObject({ title: 'Piranesi', isbn13: null, isbn10: null })
  })

  it('maps every Read Status', () => {
    const status = (s: string) => storygraphRow({ 'Read Status': s }).status
    expect(['to-read', 'currently-reading', 'read', 'paused', 'did-not-finish', ''].map(status)).toEqual(['want', 'reading', 'read', 'paused', 'dnf', null])
  })

  it('makes two ranges two reads, oldest first, whichever separator and order the file uses', () => {
    const reads = [finished('2021-02-20', '2021-02-01'), finished('2024-03-15', '2024-03-01')]
    expect(storygraphRow({ 'Dates Read': '2021/02/01-2021/02/20, 2024/03/01-2024/03/15' }).reads).toEqual(reads)
    expect(storygraphRow({ 'Dates Read': '2024/03/01-2024/03/15,2021/02/01-2021/02/20' }).reads).toEqual(reads)
  })

  it('makes a range with an open end a read in progress', () => {
    expect(storygraphRow({ 'Read Status': 'currently-reading', 'Dates Read': '2024/03/01-', 'Read Count': '0' }).reads).toEqual([open('2024-03-01')])
    expect(storygraphRow({ 'Read Status': 'paused', 'Dates Read': '2023/01/01-2023/01/09, 2024/03/01-' }).reads).toEqual([
      finished('2023-01-09', '2023-01-01'),
      open('2024-03-01'),
    ])
  })

  it('gives a book being read one open read when it has no dates', () => {
    expect(storygraphRow({ 'Read Status': 'currently-reading', 'Read Count': '0' }).reads).toEqual([open()])
  })

  it('makes a single date a finish, and keeps partial dates as given', () => {
    expect(storygraphRow({ 'Dates Read': '2024/03/15' }).reads).toEqual([finished('2024-03-15')])
    expect(storygraphRow({ 'Dates Read': '2019-2019/05' }).reads).toEqual([finished('2019-05', '2019')])
  })

  it('makes the end of the last range a stop for a book not finished', () => {
    expect(storygraphRow({ 'Read Status': 'did-not-finish', 'Dates Read': '2024/03/01-2024/03/09' }).reads).toEqual([stopped('2024-03-09', '2024-03-01')])
    expect(storygraphRow({ 'Read Status': 'did-not-finish', 'Dates Read': '2024/03/01-' }).reads).toEqual([stopped(null, '2024-03-01')])
    expect(storygraphRow({ 'Read Status': 'did-not-finish', 'Read Count': '0' }).reads).toEqual([stopped(null)])
  })

  it('uses Last Date Read only when Dates Read is empty', () => {
    expect(storygraphRow({ 'Last Date Read': '2024/02/20' }).reads).toEqual([finished('2024-02-20')])
    expect(storygraphRow({ 'Last Date Read': '2024/02/20', 'Dates Read': '2024/02/01-2024/02/19' }).reads).toEqual([finished('2024-02-19', '2024-02-01')])
  })

  it('adds undated reads when Read Count is larger than the reads with dates, and never dates them', () => {
    expect(storygraphRow({ 'Dates Read': '2024/03/01-2024/03/15', 'Read Count': '3' }).reads).toEqual([
      finished(null),
      finished(null),
      finished('2024-03-15', '2024-03-01'),
    ])
    expect(storygraphRow({ 'Read Count': '0' }).reads).toEqual([finished(null)])
  })

  it('rounds quarter stars to the nearest whole star, halves up, and says what it rounded from', () => {
    const rating = (stars: string) => {
      const row = storygraphRow({ 'Star Rating': stars })
      return [row.rating, row.ratingRoundedFrom]
    }
    expect(rating('3.75')).toEqual([4, 3.75])
    expect(rating('3.5')).toEqual([4, 3.5])
    expect(rating('3.25')).toEqual([3, 3.25])
    expect(rating('0.25')).toEqual([1, 0.25])
    expect(rating('4.0')).toEqual([4, null])
    expect(rating('5')).toEqual([5, null])
    expect(rating('')).toEqual([null, null])
    expect(rating('0')).toEqual([null, null])
  })

  it('fails a Star Rating that is not a rating', () => {
    expect(failureOf('storygraph', { 'Star Rating': '6' }).message).toBe('Star Rating "6" is not a rating from 0 to 5')
    expect(failureOf('storygraph', { 'Star Rating': 'great' }).message).toBe(M.notARating('Star Rating', 'great'))
  })

  it('fails Dates Read that are not dates, or a range that ends before it starts', () => {
    expect(failureOf('storygraph', { 'Dates Read': 'last summer' })).toEqual({
      ok: false,
      line: 2,
      title: 'Piranesi',
      author: 'Susanna Clarke',
      message: 'Dates Read "last summer" is not a date or a range of dates such as 2024/03/01-2024/03/15',
    })
    expect(failureOf('storygraph', { 'Dates Read': '2024/03/01-2024/02/30' }).message).toBe(M.notARange('Dates Read', '2024/03/01-2024/02/30'))
    expect(failureOf('storygraph', { 'Dates Read': '2024/03/10-2024/03/01' }).message).toBe('Dates Read "2024/03/10-2024/03/01" ends before it starts')
  })

  it('cleans the review as for Goodreads', () => {
    expect(storygraphRow({ Review: 'Strange<br/>and lovely &amp; <em>quiet</em>' }).review).toBe('Strange\nand lovely & quiet')
  })
})

describe('hostile cells (issue 19)', () => {
  /** How long `fn` takes (ms), and what it gives. */
  function timed<T>(fn: () => T): { value: T; ms: number } {
    const started = performance.now()
    const value = fn()
    return { value, ms: performance.now() - started }
  }

  /**
   * A row mapped straight from its cells, as the job maps a record: without the CSV reader, which
   * refuses a field over 65,536 characters before any of this runs, so the text steps are shown
   * linear on their own.
   */
  function mappedRow(format: ImportFormat, cells: Cells): MappedRow {
    const [header, base] = format === 'goodreads' ? [GOODREADS_24, GOODREADS_ROW] : [STORYGRAPH, STORYGRAPH_ROW]
    const detected = detectFormat(header, format)
    if (!detected.ok) throw new Error(detected.message)
    const row = { ...base, ...cells }
    return mapRow(format, detected.columns, { line: 2, fields: header.map((column) => row[column] ?? '') })
  }
  const reviewOf = (html: string) => {
    const mapped = mappedRow('goodreads', { 'My Review': html })
    if (!mapped.ok) throw new Error(mapped.message)
    return mapped.row.review
  }

  // Each bound is generous against a busy test machine: the same input took seconds before.
  it('strips markup from a review of 120 KB of "<a" at once, keeping text that opens no tag', () => {
    const { value, ms } = timed(() => reviewOf('<a'.repeat(60_000)))
    expect(value).toBe('<a'.repeat(60_000))
    expect(ms).toBeLessThan(200) // 9.9 s before
    const closing = timed(() => reviewOf(`Good${'</a'.repeat(40_000)}`))
    expect(closing.value).toBe(`Good${'</a'.repeat(40_000)}`)
    expect(closing.ms).toBeLessThan(200) // 6.5 s before
    expect(reviewOf(`${'<a'.repeat(60_000)}> kept`)).toBe('kept')
  })

  it('strips the same tags as the pattern it replaces, on any short review', () => {
    const oldTags = (text: string) => text.replace(/<\/?[a-z][^>]*>/gi, '')
    const unit = fc.constantFrom('<', '>', '/', 'a', 'B', 'br', ' ', '&', ';', 'x', '\n')
    fc.assert(
      fc.property(
        fc.array(unit, { maxLength: 40 }).map((units) => units.join('')),
        (text) => {
          expect(withoutTags(text)).toBe(oldTags(text))
        },
      ),
      { numRuns: 3000 },
    )
  })

  it('takes the first author from 40 KB of spaces between two names at once', () => {
    const authors = `Ann Leckie${' '.repeat(40_000)}and Becky Chambers, Someone Else`
    const { value, ms } = timed(() => storygraphRow({ Authors: authors }).author)
    expect(value).toBe('Ann Leckie and Becky Chambers')
    expect(ms).toBeLessThan(200) // 2.4 s before
  })

  it('splits authors as the pattern it replaces did, on any short list', () => {
    const oldFirst = (authors: string) => {
      const [first = '', ...rest] = authors.split(/\s*,\s*/)
      const next = rest.findIndex((part) => !/^(jr|sr|ii|iii|iv|phd|md)\.?$/i.test(part))
      return [first, ...(next === -1 ? rest : rest.slice(0, next))].join(', ')
    }
    const unit = fc.constantFrom(',', ' ', '\t', 'Jr.', 'A', 'b', 'II', '\u00a0')
    fc.assert(
      fc.property(
        fc.array(unit, { maxLength: 30 }).map((units) => units.join('').trim()),
        (authors) => {
          expect(firstAuthor(authors)).toBe(oldFirst(authors))
        },
      ),
      { numRuns: 3000 },
    )
  })

  it('maps a row whose every cell is 65,536 characters of the worst case of some pattern in a few milliseconds', () => {
    const worst = ['<a', '</a', '<br', ' ', '&', '&#x1', '&a', 'a, ', '2020/01/01,', '<a &amp;', '"']
    for (const unit of worst) {
      const cell = unit.repeat(Math.ceil(65_536 / unit.length)).slice(0, 65_536)
      const filled = (header: string[]) => Object.fromEntries(header.map((column) => [column, cell]))
      for (const [format, header] of [
        ['goodreads', GOODREADS_24],
        ['storygraph', STORYGRAPH],
      ] as const) {
        const record = { line: 2, fields: header.map((column) => filled(header)[column]!) }
        const columns = (detectFormat(header, format) as { columns: ReadonlyMap<string, number> }).columns
        const { value, ms } = timed(() => mapRow(format, columns, record))
        expect(value.ok, `${format} ${JSON.stringify(unit)}`).toBe(false)
        expect(ms, `${format} ${JSON.stringify(unit)}`).toBeLessThan(100)
      }
      // The review alone, the rest of the row ordinary: it imports.
      const { value, ms } = timed(() => goodreadsRow({ 'My Review': cell }))
      expect(value.review?.length ?? 0).toBeLessThanOrEqual(65_536)
      expect(ms, JSON.stringify(unit)).toBeLessThan(100)
    }
  })

  it('fails a title or author longer than the catalogue takes, naming the column and showing the start of it', () => {
    expect(goodreadsRow({ Title: 't'.repeat(TITLE_MAX), Author: 'a'.repeat(AUTHOR_MAX) })).toMatchObject({ title: 't'.repeat(300), author: 'a'.repeat(200) })
    expect(failureOf('goodreads', { Title: 't'.repeat(TITLE_MAX + 1) })).toEqual({
      ok: false,
      line: 2,
      title: `${'t'.repeat(300)}…`,
      author: GOODREADS_ROW.Author,
      message: 'Title is longer than 300 characters, the most it may have here: shorten it in the file and import the row again',
    })
    expect(failureOf('goodreads', { Author: 'a'.repeat(9_000) })).toMatchObject({ author: `${'a'.repeat(200)}…`, message: M.tooLong('Author', 200) })
    expect(failureOf('storygraph', { Authors: `${'a'.repeat(201)}, Someone` }).message).toBe(M.tooLong('The first author in Authors', 200))
    // Spaces made one first: a title padded with spaces is not too long.
    expect(goodreadsRow({ Title: `Dune${' '.repeat(10_000)}Messiah` }).title).toBe('Dune Messiah')
  })

  it('caps titles and authors at what the catalogue takes', () => {
    expect(TITLE_MAX).toBe(CreateBookInputSchema.shape.title.maxLength)
    expect(AUTHOR_MAX).toBe(CreateBookInputSchema.shape.author.maxLength)
  })

  it('fails a shelf name longer than a shelf name can be, and Dates Read listing more than 100 reads', () => {
    expect(failureOf('goodreads', { 'Exclusive Shelf': 'x'.repeat(SHELF_MAX + 1) }).message).toBe(M.tooLong('Exclusive Shelf', 100))
    expect(failureOf('storygraph', { 'Read Status': 'read '.repeat(10_000) }).message).toBe(M.tooLong('Read Status', 100))
    expect(storygraphRow({ 'Dates Read': '2020/01/01,'.repeat(100), 'Read Count': '0' }).reads).toHaveLength(100)
    const { value, ms } = timed(() => failureOf('storygraph', { 'Dates Read': '2020/01/01,'.repeat(5_000) }).message)
    expect(value).toBe('Dates Read lists more than 100 reads: keep the ones you want to import')
    expect(ms).toBeLessThan(200)
  })

  it('leaves out a publisher longer than the catalogue takes, and imports the row', () => {
    expect(goodreadsRow({ Publisher: 'p'.repeat(200) }).publisher).toBe('p'.repeat(200))
    expect(goodreadsRow({ Publisher: 'p'.repeat(201) })).toMatchObject({ title: GOODREADS_ROW.Title, publisher: null })
  })

  it('quotes at most the first 40 characters of a value in a message', () => {
    const message = failureOf('goodreads', { 'Date Read': '2'.repeat(60_000) }).message
    expect(message).toBe(`Date Read "${'2'.repeat(40)}…" is not a date`)
    expect(failureOf('storygraph', { 'Star Rating': `${'9'.repeat(39)}📚📚` }).message).toBe(`Star Rating "${'9'.repeat(39)}…" is not a rating from 0 to 5`)
  })

  it('reads "constructor" as no status and no entity, as any other unknown word', () => {
    expect(storygraphRow({ 'Read Status': 'constructor' })).toMatchObject({ status: null, shelf: 'constructor' })
    expect(goodreadsRow({ 'My Review': 'a &constructor; b' }).review).toBe('a &constructor; b')
  })
})

describe('our own export read back (issue 19)', () => {
  it('takes back the apostrophe our export puts before a formula-like title, and drops invisible characters as a form does', () => {
    const titles = ['-ism', '+1 for Dune', '=SUM(A1)', '@home', "'Salem's Lot"]
    const text = toCsv(
      GOODREADS_24,
      titles.map((title, i) =>
        GOODREADS_24.map((column) => (column === 'Title' ? title : column === 'Author' ? `A\u202Euthor\u200B ${i}` : (GOODREADS_ROW[column] ?? ''))),
      ),
    )
    const [header, ...records] = [...csvRecords(text)]
    const detected = detectFormat(header!.fields, 'goodreads')
    if (!detected.ok) throw new Error(detected.message)
    const rows = records.map((record) => mapRow('goodreads', detected.columns, record))
    expect(rows.map((r) => (r.ok ? r.row.title : r.message))).toEqual(titles)
    expect(rows.map((r) => (r.ok ? r.row.author : r.message))).toEqual(titles.map((_t, i) => `Author ${i}`))
  })
})

describe('shelves, formats, copies, notes and the day added (issue 21, point 6, decision 0031)', () => {
  it('reads Goodreads’s Bookshelves with their positions, leaving the statuses’ names out', () => {
    const row = goodreadsRow({
      'Exclusive Shelf': 'currently-reading',
      Bookshelves: 'currently-reading, sci-fi, 2025-challenge, to-read, Sci-Fi',
      'Bookshelves with positions': 'sci-fi (#4), 2025-challenge (#2), currently-reading (#9)',
    })
    expect(row.shelves).toEqual([
      { name: 'sci-fi', position: 4 },
      { name: '2025-challenge', position: 2 },
    ])
  })

  it('keeps an own exclusive shelf that says no status as a shelf, and one that says a status as that status only', () => {
    expect(goodreadsRow({ 'Exclusive Shelf': 'classics-club', Bookshelves: 'classics-club, favourites' })).toMatchObject({
      status: null,
      shelves: [
        { name: 'classics-club', position: null },
        { name: 'favourites', position: null },
      ],
    })
    expect(goodreadsRow({ 'Exclusive Shelf': 'abandoned', Bookshelves: 'abandoned' })).toMatchObject({ status: 'dnf', shelves: [] })
  })

  it('reads Binding as a format, and keeps one it does not know for the report', () => {
    expect(goodreadsRow({ Binding: 'Mass Market Paperback' })).toMatchObject({ format: 'paperback', binding: null })
    expect(goodreadsRow({ Binding: 'Kindle Edition' })).toMatchObject({ format: 'ebook', binding: null })
    expect(goodreadsRow({ Binding: 'Audible Audio' })).toMatchObject({ format: 'audiobook', binding: null })
    expect(goodreadsRow({ Binding: 'Board book' })).toMatchObject({ format: null, binding: 'Board book' })
    expect(goodreadsRow({ Binding: '' })).toMatchObject({ format: null, binding: null })
  })

  it('reads Owned Copies, Private Notes and Date Added (a whole day only; never a reason to fail the row)', () => {
    expect(goodreadsRow({ 'Owned Copies': '2', 'Private Notes': 'Signed.<br/>Shelf 3', 'Date Added': '2019/07/01' })).toMatchObject({
      ownedCopies: 2,
      privateNotes: 'Signed.\nShelf 3',
      addedOn: '2019-07-01',
    })
    expect(goodreadsRow({ 'Owned Copies': '0', 'Private Notes': '', 'Date Added': '2019/07' })).toMatchObject({
      ownedCopies: null,
      privateNotes: null,
      addedOn: null,
    })
    expect(goodreadsRow({ 'Date Added': 'yesterday' })).toMatchObject({ addedOn: null })
  })

  it('reads StoryGraph’s Tags as shelves, Owned? as one copy, Format as the format', () => {
    const header = [...STORYGRAPH, 'Tags', 'Owned?', 'Format', 'Date Added'].filter((c, i, all) => all.indexOf(c) === i)
    const [result] = importFile(
      fileOf(header, [{ ...STORYGRAPH_ROW, Tags: 'cosy, book club, read', 'Owned?': 'Yes', Format: 'digital', 'Date Added': '2024/02/03' }]),
    )
    expect(result).toMatchObject({
      ok: true,
      row: {
        shelves: [
          { name: 'cosy', position: null },
          { name: 'book club', position: null },
        ],
        ownedCopies: 1,
        format: 'ebook',
        addedOn: '2024-02-03',
      },
    })
  })
})
