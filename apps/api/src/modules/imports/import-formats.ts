import { isPartialDate, LIMITS, mayPrecede, singleLineText, statusNamed, type BookFormat, type ReadingStatus } from '@shelfwise/contracts'
import { foldColumnName, fromInertCell, IMPORT_COLUMNS, type CsvRecord } from '@shelfwise/library-files'
import { isbnsOf, oneSpaced, plainText, positiveInt, publisherOf, reviewText, yearOf } from '#/modules/imports/import-cells.ts'
import { finishedRead, openRead, settleReads, type ImportRead } from '#/modules/imports/import-reads.ts'

// The formats a reader's library comes in (issue 14): Goodreads's "Export Library" CSV (the current
// 24 columns and the older 31) and StoryGraph's export. This layer only reads: it recognises the
// format from the header and turns each record into an ImportRow, or into a row-level failure that
// says why in words. No database, no network; matching and applying come after.
//
// Decisions where the exports leave room:
// - Columns are found by name (trimmed, spacing and case folded), in any order; others are ignored.
// - Dates are kept as written, whole or partial ('2019', '2019-05', '2019-05-02'), and never
//   invented: a read with no date stays undated. `Date Added` is never a read's date.
// - Read Count counts every read, the one in progress included (Goodreads gives a book being read
//   for the first time a Read Count of 1). When it is larger than the reads the dates give, undated
//   finished reads are added before them (Date Read and Last Date Read are the latest finish).
// - Only the newest read may stay open (the reading log keeps one open read per book); an older
//   range with no end is a finished read whose end is not known.
// - A Goodreads exclusive shelf of the reader's own gets a status when its name says one (did not
//   finish, paused); any other own shelf (owned, tbr-2024, favourites) gets no status, and the row
//   still brings its reads, rating and review. `shelf` keeps the name so the report can show it.
// - Bookshelves (Goodreads's non-exclusive shelves, with their positions from "Bookshelves with
//   positions") and StoryGraph's Tags are the reader's shelves (decision 0031): the reading statuses'
//   names among them are not shelves and are left out. Date Added (a whole day) is when the book came
//   into the library; Binding or Format its format; Owned Copies or Owned? the copies owned; Private
//   Notes the reader's own notes (decision 0031). Additional Authors, the Binding as written and
//   Original Publication Year (the work's, apart from Year Published, the edition's), Spoiler and
//   the status shelf's place ("to-read (#3)") come along too, to be kept where each belongs.
// - A value that cannot be read (a date that is not a date, a rating of 7) fails the row with a
//   message rather than being dropped, so the reader can correct it; an ISBN with a wrong checksum,
//   pages or a year that are not numbers are book details and are left out instead.
// - Cells are as long as the catalogue allows (issue 19). A title, an author or a shelf name longer
//   than that fails the row naming the column (cut, it would file the reads under another book or
//   shelf); so do Dates Read listing more reads than Read Count may count. A publisher longer than
//   the catalogue's is a book detail and is left out, as above. A review is kept whole here (the CSV
//   reader caps every field) and cut to the review limit when applied, with a note saying so. A
//   value quoted in a message is shortened to its first 40 characters.
// - Every step over a cell is linear in its length: patterns have no two ways to match the same
//   text, and markup is stripped by a scan rather than a pattern that rescans the rest of the review
//   from every `<` (issue 19: 120 KB of `<a` held the server for 9.9 s).

export type ImportFormat = 'goodreads' | 'storygraph'

/** One row of an export, ready to be matched and applied. */
export interface ImportRow {
  line: number
  /** As in the file (a series such as "(The Broken Earth, #1)" kept), runs of spaces made one. */
  title: string
  /** The first author; may be empty, when the file has none (an ISBN can still match). */
  author: string
  /** Valid checksums only; both forms when one converts to the other (978 ISBN-13s). */
  isbn13: string | null
  isbn10: string | null
  pages: number | null
  year: number | null
  publisher: string | null
  status: ReadingStatus | null
  /** The Exclusive Shelf or Read Status as written, or null when empty. */
  shelf: string | null
  /** Oldest first; undated reads before dated ones; only the last may be open. */
  reads: ImportRead[]
  /** Whole stars, 1 to 5. */
  rating: number | null
  /** StoryGraph's quarter-star rating when it was rounded to `rating`, e.g. 3.75. */
  ratingRoundedFrom: number | null
  /** Plain text: line breaks kept, markup dropped, entities decoded. */
  review: string | null
  // Issue 21, point 6 (decision 0031). Optional: rows stored before them lack them.
  /** Date Added, a whole day 'YYYY-MM-DD'; null when absent or not a whole day. */
  addedOn?: string | null
  /** The reader's own shelves, in the file's order, each with its position when the file gives one. */
  shelves?: { name: string; position: number | null }[]
  /** Binding or Format as a format; `binding` the cell as written when it names none here. */
  format?: BookFormat | null
  binding?: string | null
  /** Owned Copies (Goodreads), 1 for StoryGraph's Owned? "Yes"; null for none. */
  ownedCopies?: number | null
  /** Private Notes, as written (line breaks kept). */
  privateNotes?: string | null
  // Issue 21, point 6, the rest of the columns (decision 0031). Optional as above.
  /** The Binding cell as written ("Mass Market Paperback"), whether or not it names a format here. */
  bindingText?: string | null
  /** Additional Authors as written: the edition's other contributors, comma-joined. */
  additionalAuthors?: string | null
  /** Original Publication Year: the work's first year, apart from `year` (the edition's). */
  originalYear?: number | null
  /** Spoiler: the reader marked their review as one. */
  spoiler?: boolean
  /** The book's place on its status shelf ("to-read (#3)" in Bookshelves with positions). */
  statusPosition?: number | null
}

export type FormatDetection = { ok: true; format: ImportFormat; columns: ReadonlyMap<string, number> } | { ok: false; message: string }

export type MappedRow = { ok: true; row: ImportRow } | { ok: false; line: number; title: string; author: string; message: string }

const FORMAT_NAMES: Record<ImportFormat, string> = { goodreads: 'Goodreads', storygraph: 'StoryGraph' }

const FORMATS = Object.keys(IMPORT_COLUMNS) as ImportFormat[]

/** Most readers count at most a few dozen re-reads; more is a typing slip and would make thousands of reads. */
const MAX_READ_COUNT = 100

/** The longest title and author the catalogue takes (CreateBookInputSchema). */
export const TITLE_MAX = LIMITS.titleMax
export const AUTHOR_MAX = 200
/** Goodreads's shelf names are short; StoryGraph's Read Status is one of five. */
export const SHELF_MAX = 100
/** How much of a value a message quotes. */
const QUOTED_MAX = 40

/** The first `max` characters of `text` and an ellipsis, not cutting an emoji (two UTF-16 units) in half; `text` when it fits. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text
  const last = text.charCodeAt(max - 1)
  return `${text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max)}…`
}

/** `value` as a message quotes it: whole when short, else its first QUOTED_MAX characters and an ellipsis. */
const quoted = (value: string) => `"${cut(value, QUOTED_MAX)}"`

/** "A", "A and B", "A, B and C". */
function listInWords(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

/** What a refused file or row is told, shared by the API and its tests. */
export const IMPORT_FORMAT_MESSAGES = {
  notThisFormat: (format: ImportFormat, missing: readonly string[], looksLike?: ImportFormat) =>
    `This is not a ${FORMAT_NAMES[format]} export: ${missing.length === 1 ? 'the column' : 'the columns'} ${listInWords(missing)} ${
      missing.length === 1 ? 'is' : 'are'
    } missing${looksLike ? `. It looks like a ${FORMAT_NAMES[looksLike]} export: import it as one` : ''}`,
  notAnExport:
    `This is not a Goodreads or StoryGraph export: a Goodreads export has the columns ${listInWords(IMPORT_COLUMNS.goodreads.required)}; ` +
    `a StoryGraph export has ${listInWords(IMPORT_COLUMNS.storygraph.required)}`,
  bothFormats: 'This file has the columns of both a Goodreads and a StoryGraph export: say which one it is',
  noTitle: 'The row has no title',
  notADate: (column: string, value: string) => `${column} ${quoted(value)} is not a date`,
  notARange: (column: string, value: string) => `${column} ${quoted(value)} is not a date or a range of dates such as 2024/03/01-2024/03/15`,
  endsBeforeStart: (column: string, value: string) => `${column} ${quoted(value)} ends before it starts`,
  notARating: (column: string, value: string) => `${column} ${quoted(value)} is not a rating from 0 to 5`,
  notACount: (column: string, value: string) => `${column} ${quoted(value)} is not a whole number from 0 to ${MAX_READ_COUNT}`,
  tooLong: (column: string, max: number) =>
    `${column} is longer than ${max.toLocaleString('en-US')} characters, the most it may have here: shorten it in the file and import the row again`,
  tooManyReads: (column: string) => `${column} lists more than ${MAX_READ_COUNT} reads: keep the ones you want to import`,
} as const

const M = IMPORT_FORMAT_MESSAGES

// ---- Detection ---------------------------------------------------------------------------------

/** Where each of `format`'s columns is in `header` (the first, if a name comes twice). */
function columnsOf(format: ImportFormat, header: readonly string[]): Map<string, number> {
  const at = new Map<string, number>()
  header.forEach((name, i) => {
    const folded = foldColumnName(name)
    if (!at.has(folded)) at.set(folded, i)
  })
  const { required, optional } = IMPORT_COLUMNS[format]
  const columns = new Map<string, number>()
  for (const name of [...required, ...optional]) {
    const i = at.get(foldColumnName(name))
    if (i !== undefined) columns.set(name, i)
  }
  return columns
}

const missingOf = (format: ImportFormat, columns: ReadonlyMap<string, number>) => IMPORT_COLUMNS[format].required.filter((name) => !columns.has(name))

/**
 * Which export `header` (the file's first record) is, and where its columns are: the `source` the
 * reader chose, or, without one, the export whose distinctive columns the file has. A refusal says
 * which columns are missing.
 */
export function detectFormat(header: readonly string[], source?: ImportFormat): FormatDetection {
  const found = new Map(FORMATS.map((format) => [format, columnsOf(format, header)]))
  const missing = (format: ImportFormat) => missingOf(format, found.get(format)!)
  const complete = FORMATS.filter((format) => missing(format).length === 0)
  const accept = (format: ImportFormat): FormatDetection => ({ ok: true, format, columns: found.get(format)! })

  if (source) {
    if (complete.includes(source)) return accept(source)
    return { ok: false, message: M.notThisFormat(source, missing(source), complete[0]) }
  }
  const distinctive = (format: ImportFormat) => IMPORT_COLUMNS[format].distinctive.filter((name) => found.get(format)!.has(name)).length
  const candidates = FORMATS.filter((format) => distinctive(format) > 0)
  if (candidates.length === 0) return { ok: false, message: M.notAnExport }
  const usable = candidates.filter((format) => complete.includes(format))
  if (usable.length === 1) return accept(usable[0]!)
  if (usable.length > 1) return { ok: false, message: M.bothFormats }
  const likeliest = candidates.reduce((best, format) => (distinctive(format) > distinctive(best) ? format : best))
  return { ok: false, message: M.notThisFormat(likeliest, missing(likeliest)) }
}

// ---- Cells -------------------------------------------------------------------------------------

/** A value the row cannot be imported with; mapRow turns it into the row's failure. */
class RowProblem extends Error {}

type Cell = (column: string) => string

/** The row's cell under `column`, trimmed; '' when the file has no such column or the row is short. */
function cellsOf(columns: ReadonlyMap<string, number>, record: CsvRecord): Cell {
  return (column) => {
    const i = columns.get(column)
    // Our own export writes a cell a spreadsheet would run as a formula after an apostrophe; read back, it is the text again.
    return i === undefined ? '' : fromInertCell(record.fields[i] ?? '').trim()
  }
}

/** The shelf name in `column`; one longer than a shelf name can be fails the row. */
function shelfCell(cell: Cell, column: string): string {
  const shelf = cell(column)
  if (shelf.length > SHELF_MAX) throw new RowProblem(M.tooLong(column, SHELF_MAX))
  return shelf
}

/** A date written YYYY/MM/DD, YYYY-MM-DD, YYYY/MM or YYYY, as 'YYYY-MM-DD', 'YYYY-MM' or 'YYYY'; null if it is none. */
function partialDate(text: string): string | null {
  const m = /^(\d{4})(?:[/-](\d{1,2})(?:[/-](\d{1,2}))?)?$/.exec(text)
  if (!m) return null
  const date = [m[1], m[2], m[3]]
    .filter((part) => part !== undefined)
    .map((part) => part!.padStart(2, '0'))
    .join('-')
  return isPartialDate(date) ? date : null
}

/** The date in `column`, null when empty; a value that is not a date fails the row. */
function dateCell(cell: Cell, column: string): string | null {
  const text = cell(column)
  if (text === '') return null
  const date = partialDate(text)
  if (date === null) throw new RowProblem(M.notADate(column, text))
  return date
}

function countCell(cell: Cell, column: string): number {
  const text = cell(column)
  if (text === '') return 0
  if (!/^\d+$/.test(text) || Number(text) > MAX_READ_COUNT) throw new RowProblem(M.notACount(column, text))
  return Number(text)
}

// ---- Shelves, formats, copies (decision 0031) ---------------------------------------------------

/** The most shelves read from one row (a book is on at most 50 of a reader's shelves; the rest are refused when placed). */
const SHELVES_PER_ROW = 60
/** The longest private notes kept, as a review. */
const NOTES_MAX = LIMITS.reviewMax

/**
 * A row's own shelves: the names of a comma-separated cell, trimmed, each once (letter case folded),
 * the statuses' names (to-read, read, currently-reading, …) and `skip` left out; a position from
 * `withPositions` ("classics (#3), favourites (#12)") joins its name.
 */
function shelvesOf(names: string, withPositions = '', skip: string[] = []): { name: string; position: number | null }[] {
  const positions = new Map<string, number>()
  for (const part of withPositions.split(',')) {
    const m = /^(.*?)\s*\(#(\d{1,9})\)$/.exec(part.trim())
    if (m && m[1]) positions.set(m[1].toLowerCase(), Number(m[2]))
  }
  const seen = new Set(skip.map((n) => n.toLowerCase()))
  const shelves: { name: string; position: number | null }[] = []
  const add = (raw: string) => {
    const name = raw.trim()
    const key = name.toLowerCase()
    if (name === '' || seen.has(key) || statusNamed(name) || shelves.length >= SHELVES_PER_ROW) return
    seen.add(key)
    shelves.push({ name: name.length > SHELF_MAX ? cut(name, SHELF_MAX) : name, position: positions.get(key) ?? null })
  }
  for (const name of names.split(',')) add(name)
  // A shelf only the positions name (a file edited by hand) is still one of the book's.
  for (const part of withPositions.split(',')) add(part.trim().replace(/\s*\(#\d{1,9}\)$/, ''))
  return shelves
}

/** Goodreads's Bindings and StoryGraph's Formats, folded, as formats here. */
const FORMATS_NAMED = new Map<string, BookFormat>([
  ['hardcover', 'hardcover'],
  ['hardback', 'hardcover'],
  ['library binding', 'hardcover'],
  ['paperback', 'paperback'],
  ['mass market paperback', 'paperback'],
  ['trade paperback', 'paperback'],
  ['kindle edition', 'ebook'],
  ['ebook', 'ebook'],
  ['e book', 'ebook'],
  ['nook', 'ebook'],
  ['kobo ebook', 'ebook'],
  ['digital', 'ebook'],
  ['audiobook', 'audiobook'],
  ['audible audio', 'audiobook'],
  ['audio cd', 'audiobook'],
  ['audio', 'audiobook'],
  ['mp3 cd', 'audiobook'],
])

/** The format a Binding or Format cell names, and the cell when it names none here (for the report). */
function formatOf(text: string): { format: BookFormat | null; binding: string | null } {
  if (text === '') return { format: null, binding: null }
  const format = FORMATS_NAMED.get(foldShelf(text)) ?? null
  return { format, binding: format ? null : cut(text, SHELF_MAX) }
}

/** The position "Bookshelves with positions" gives `shelf` ("to-read (#3)" → 3), else null. */
function positionOn(shelf: string, withPositions: string): number | null {
  const key = shelf.toLowerCase()
  for (const part of withPositions.split(',')) {
    const m = /^(.*?)\s*\(#(\d{1,9})\)$/.exec(part.trim())
    if (m && m[1]?.toLowerCase() === key) return Number(m[2])
  }
  return null
}

/** The longest Additional Authors kept (a translator, an illustrator, a narrator: a few names). */
const ADDITIONAL_AUTHORS_MAX = 1000

/** A cell of names or words on one line, spaces made one, cut to `max`; null when empty. */
const lineOf = (text: string, max: number): string | null => {
  const line = oneSpaced(singleLineText(text))
  return line ? cut(line, max) : null
}

/** Date Added as a whole day; null when empty or not a whole day (it is no read's date: never a reason to fail the row). */
function addedOnOf(text: string): string | null {
  const date = partialDate(text.split(' ')[0] ?? '')
  return date !== null && date.length === 10 ? date : null
}

/** Private Notes as kept: markup-free text, cut to the longest a review may be. */
function notesOf(text: string): string | null {
  const notes = plainText(text)
  return notes ? notes.slice(0, NOTES_MAX) : null
}

// ---- Goodreads ---------------------------------------------------------------------------------

/** A shelf name as compared: lower case, apostrophes dropped, anything else not a letter or digit a space. */
const foldShelf = (shelf: string) =>
  shelf
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()

const DNF_SHELF = /\b(dnf|did not finish|didnt finish|abandon\w*|gave up|give up|given up|quit|quitted)\b/
const PAUSED_SHELF = /\b(paused|on hold)\b/

/** Goodreads's three shelves, and the reader's own exclusive shelves whose names say a status. */
function goodreadsStatus(shelf: string): ReadingStatus | null {
  const folded = foldShelf(shelf)
  if (folded === 'read') return 'read'
  if (folded === 'to read') return 'want'
  if (folded === 'currently reading') return 'reading'
  if (DNF_SHELF.test(folded)) return 'dnf'
  if (PAUSED_SHELF.test(folded)) return 'paused'
  return null
}

/** My Rating: whole stars, 0 meaning not rated. */
function goodreadsRating(cell: Cell): number | null {
  const text = cell('My Rating')
  if (text === '') return null
  if (!/^[0-5]$/.test(text)) throw new RowProblem(M.notARating('My Rating', text))
  return Number(text) || null
}

function goodreadsRow(cell: Cell, line: number, title: string, author: string): ImportRow {
  const shelf = shelfCell(cell, 'Exclusive Shelf')
  const status = goodreadsStatus(shelf)
  const dateRead = dateCell(cell, 'Date Read')
  const reads = settleReads(status, dateRead ? [finishedRead(dateRead)] : [], countCell(cell, 'Read Count'))
  return {
    line,
    title,
    author,
    ...isbnsOf(cell('ISBN13'), cell('ISBN')),
    pages: positiveInt(cell('Number of Pages'), 100_000),
    // The edition's year; the work's first year is kept apart (decision 0031), so each goes back to its own column.
    year: yearOf(cell('Year Published')),
    originalYear: yearOf(cell('Original Publication Year')),
    additionalAuthors: lineOf(cell('Additional Authors'), ADDITIONAL_AUTHORS_MAX),
    publisher: publisherOf(cell('Publisher')),
    status,
    shelf: shelf || null,
    reads,
    rating: goodreadsRating(cell),
    ratingRoundedFrom: null,
    review: reviewText(cell('My Review')),
    addedOn: addedOnOf(cell('Date Added')),
    // An exclusive shelf that says a status is that status; one of the reader's own that says none is a shelf too (decision 0028).
    shelves: status
      ? shelvesOf(cell('Bookshelves'), cell('Bookshelves with positions'), [shelf])
      : shelvesOf(`${shelf},${cell('Bookshelves')}`, cell('Bookshelves with positions')),
    ...formatOf(cell('Binding')),
    bindingText: lineOf(cell('Binding'), SHELF_MAX),
    ownedCopies: positiveInt(cell('Owned Copies'), 1000),
    privateNotes: notesOf(cell('Private Notes')),
    spoiler: /^(true|yes|1)$/i.test(cell('Spoiler')),
    statusPosition: status && shelf ? positionOn(shelf, cell('Bookshelves with positions')) : null,
  }
}

// ---- StoryGraph --------------------------------------------------------------------------------

// A Map, not an object: a Read Status of "constructor" must not find Object's constructor.
const STORYGRAPH_STATUSES = new Map<string, ReadingStatus>([
  ['to read', 'want'],
  ['currently reading', 'reading'],
  ['read', 'read'],
  ['paused', 'paused'],
  ['did not finish', 'dnf'],
])

/** Name parts that follow a comma without being another author: "Martin Luther King, Jr.". */
const NAME_SUFFIX = /^(jr|sr|ii|iii|iv|phd|md)\.?$/i

/**
 * The first of StoryGraph's comma-separated authors. Split at commas, then each part trimmed:
 * splitting at a pattern of spaces, a comma and spaces tried every space of a run as the start of a
 * separator and ran to the end of the run each time (2.4 s for 40 KB of spaces).
 */
export function firstAuthor(authors: string): string {
  const [first = '', ...rest] = authors.split(',').map((part) => part.trim())
  const next = rest.findIndex((part) => !NAME_SUFFIX.test(part))
  return [first, ...(next === -1 ? rest : rest.slice(0, next))].join(', ')
}

const RANGE_DATE = String.raw`\d{4}(?:[/-]\d{1,2}(?:[/-]\d{1,2})?)?`
const RANGE = new RegExp(String.raw`^(${RANGE_DATE})?\s*-\s*(${RANGE_DATE})?$`)

/**
 * One entry of Dates Read: `start-end` (a finished read), `start-` (a read still open), `-end` or a
 * lone date (a finish with no start).
 */
function storygraphRange(entry: string, cellText: string): ImportRead {
  const lone = partialDate(entry)
  if (lone) return finishedRead(lone)
  const m = RANGE.exec(entry)
  const start = m?.[1] ? partialDate(m[1]) : null
  const end = m?.[2] ? partialDate(m[2]) : null
  if (!m || (m[1] && !start) || (m[2] && !end) || (!start && !end)) throw new RowProblem(M.notARange('Dates Read', cellText))
  if (start && end && !mayPrecede(start, end)) throw new RowProblem(M.endsBeforeStart('Dates Read', entry))
  return end ? finishedRead(end, start) : openRead(start)
}

/** The reads Dates Read lists (ranges separated by commas), else the one Last Date Read gives. */
function storygraphDatedReads(cell: Cell): ImportRead[] {
  const datesRead = cell('Dates Read')
  const entries = datesRead
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
  if (entries.length > MAX_READ_COUNT) throw new RowProblem(M.tooManyReads('Dates Read'))
  if (entries.length > 0) return entries.map((entry) => storygraphRange(entry, datesRead))
  const last = dateCell(cell, 'Last Date Read')
  return last ? [finishedRead(last)] : []
}

/** Star Rating in quarter stars, rounded to the nearest whole star (halves up), at least 1; 0 is not rated. */
function storygraphRating(cell: Cell): { rating: number | null; ratingRoundedFrom: number | null } {
  const text = cell('Star Rating')
  const stars = Number(text)
  if (text !== '' && !(/^\d+(\.\d+)?$/.test(text) && stars <= 5)) throw new RowProblem(M.notARating('Star Rating', text))
  if (text === '' || stars === 0) return { rating: null, ratingRoundedFrom: null }
  const rating = Math.max(1, Math.floor(stars + 0.5))
  return { rating, ratingRoundedFrom: rating === stars ? null : stars }
}

function storygraphRow(cell: Cell, line: number, title: string, author: string): ImportRow {
  const shelf = shelfCell(cell, 'Read Status')
  const status = STORYGRAPH_STATUSES.get(foldShelf(shelf)) ?? null
  const reads = settleReads(status, storygraphDatedReads(cell), countCell(cell, 'Read Count'))
  return {
    line,
    title,
    author,
    ...isbnsOf(cell('ISBN/UID')),
    pages: null,
    year: null,
    publisher: null,
    status,
    shelf: shelf || null,
    reads,
    ...storygraphRating(cell),
    review: reviewText(cell('Review')),
    addedOn: addedOnOf(cell('Date Added')),
    shelves: shelvesOf(cell('Tags')),
    ...formatOf(cell('Format')),
    ownedCopies: /^(yes|true|1)$/i.test(cell('Owned?')) ? 1 : null,
    privateNotes: null,
  }
}

// ---- Rows --------------------------------------------------------------------------------------

/**
 * One record of a `format` export (its columns as detectFormat found them) as an ImportRow, or the
 * reason it cannot be imported, with its line, title and author so the report can show it.
 */
export function mapRow(format: ImportFormat, columns: ReadonlyMap<string, number>, record: CsvRecord): MappedRow {
  const cell = cellsOf(columns, record)
  // Control and format characters (bidi overrides, zero-width spaces) go as they do from a form's title and author.
  const title = oneSpaced(singleLineText(cell('Title')))
  const author = oneSpaced(singleLineText(format === 'goodreads' ? cell('Author') : firstAuthor(cell('Authors'))))
  const fail = (message: string): MappedRow => ({
    ok: false,
    line: record.line,
    // Cut for the report; the message says why.
    title: cut(title, TITLE_MAX),
    author: cut(author, AUTHOR_MAX),
    message,
  })
  if (title === '') return fail(M.noTitle)
  if (title.length > TITLE_MAX) return fail(M.tooLong('Title', TITLE_MAX))
  if (author.length > AUTHOR_MAX) return fail(M.tooLong(format === 'goodreads' ? 'Author' : 'The first author in Authors', AUTHOR_MAX))
  try {
    const row = format === 'goodreads' ? goodreadsRow(cell, record.line, title, author) : storygraphRow(cell, record.line, title, author)
    return { ok: true, row }
  } catch (error) {
    if (error instanceof RowProblem) return fail(error.message)
    throw error
  }
}
