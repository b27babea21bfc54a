import {
  READING_STATUS_LABELS,
  type Book,
  type BookFormat,
  type ImportCandidate,
  IMPORT_CORRECTABLE,
  type ImportCorrectable,
  type ImportNote,
  type ImportNoteKind,
  type ImportOutcome,
  type ImportRowAction,
  type ImportRowResolve,
  type ReadingStatus,
} from '@shelfwise/contracts'
import { compactIsbn, isIsbnShape } from '@shelfwise/library-files'
import { badRequest } from '#/errors.ts'
import { yieldToLoop } from '#/work-gate.ts'
import { mapRow, type ImportFormat, type ImportRow as ParsedRow } from '#/modules/imports/import-formats.ts'
import type { OutcomeCounts, StoredRow } from '#/modules/imports/imports.rows.repository.ts'

// The imports' rules that need no database (issue 14, decision 0020): what a file's bytes say, what a
// row's outcome counts for, how a corrected row reads, how the report's lines and pages are made.
// Unit-tested on their own (imports.rules.test.ts).

/** The longest the job holds the event loop between two looks at it (ms). */
export const SLICE_MS = 8
export const DAY_MS = 86_400_000

/** A day (UTC) as the allowances count it. */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)
export const inWords = (ms: number) => new Date(ms).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

/**
 * When an imported review was written, as near as the file tells (decision 0036): the day its last
 * read ended (a whole date, not after today), else the day the book came into the library (Date
 * Added: the review is no older), else undefined (now). Dated so, a library's old reviews take their
 * place in the past, not at the top of this week's Popular Books.
 */
export function writtenOn(row: ParsedRow): string | undefined {
  const last = row.reads.at(-1)
  const ended = last?.finishedOn ?? last?.stoppedOn
  const isDay = (d: string | null | undefined): d is string => Boolean(d && /^\d{4}-\d{2}-\d{2}$/.test(d))
  // Not before the book came into the library (decision 0031): the export's Date Added stays the file's.
  const day = isDay(ended) ? (row.addedOn && ended < row.addedOn ? row.addedOn : ended) : row.addedOn
  if (!isDay(day)) return undefined
  const at = `${day}T12:00:00.000Z`
  return Date.parse(at) < Date.now() ? at : undefined
}

// ---- A file ------------------------------------------------------------------------------------

/** A file is turned into text this many bytes at a time, the event loop served between (10 MB at once held it ~20 ms). */
const DECODE_STEP = 1024 * 1024

/**
 * The file's text, UTF-8 (a BOM dropped), in the pieces it was decoded in (a megabyte each), for
 * csvRecordsSliced to read one after another: never joined, since making one 10 MB string held the
 * event loop 30 ms on a quiet machine and 95 ms beside the database. Undefined for bytes that are
 * not text.
 */
export async function textPiecesOf(parts: Iterable<Uint8Array> | AsyncIterable<Uint8Array>): Promise<string[] | undefined> {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  const pieces: string[] = []
  try {
    for await (const part of parts) {
      for (let at = 0; at < part.length; at += DECODE_STEP) {
        const piece = decoder.decode(part.subarray(at, at + DECODE_STEP), { stream: true })
        if (piece.includes('\u0000')) return undefined
        if (piece) pieces.push(pieces.length === 0 && piece.charCodeAt(0) === 0xfeff ? piece.slice(1) : piece)
        await yieldToLoop()
      }
    }
    const last = decoder.decode()
    if (last) pieces.push(last)
  } catch {
    return undefined
  }
  return pieces
}

/** The file's name as kept: control characters out (it is shown, and it names the download of rows that did not import). */
export const fileNameOf = (name: string): string =>
  [...name]
    .filter((c) => c >= ' ' && c !== '\u007f')
    .join('')
    .slice(0, 200) || 'library.csv'

// ---- A row -------------------------------------------------------------------------------------

export interface RowResult {
  outcome: ImportOutcome
  bookId: string | null
  candidates: string[]
  /** What the import noted of the row (issue 21), in the order it happened. */
  notes: ImportNote[]
}

export const note = (kind: ImportNoteKind, message: string): ImportNote => ({ kind, message })

export const failed = (kind: ImportNoteKind, message: string): RowResult => ({ outcome: 'failed', bookId: null, candidates: [], notes: [note(kind, message)] })

/** “Emma” by Jane Austen: a book as a note names it. */
const named = (b: { title: string; author: string }) => `“${b.title}”${b.author ? ` by ${b.author}` : ''}`

/** A format as a note names it. */
const FORMAT_WORDS: Record<BookFormat, string> = { hardcover: 'a hardcover', paperback: 'a paperback', ebook: 'an e-book', audiobook: 'an audiobook' }

/** What the import's notes say, each plain and specific (the reading log's own notes come from reading.importEntry). */
export const NOTE_TEXTS = {
  bookCreated: 'Added to the catalogue from this row: no book here had this title and author',
  matchedByTitle: (book: { title: string; author: string }, row: { title: string; author: string }) => {
    const same = book.title === row.title && book.author === row.author
    return `Found by its title and author: ${named(book)}${same ? '' : `; the file says ${named(row)}`}`
  },
  editionAttached: (isbn: string, book: { title: string }) => `Your edition (ISBN ${isbn}) was added to “${book.title}” as another of its editions`,
  editionToAttach: (isbn: string, book: { title: string }, why: string) =>
    `Your edition (ISBN ${isbn}) could not be added to “${book.title}” (${why}): the row was filed under the work`,
  several: (n: number) => `${n.toLocaleString('en-US')} books here have this title and author: choose the one you read`,
  familyOnly: (author: string) => `The file names the author only as “${author}”: if one of these is your book, choose it; otherwise create it`,
  noAuthor: 'The file gives no author: if one of these is your book, choose it; otherwise create it',
  subtitle: (title: string) => `“${title}” may be one of these books, whose titles differ after the main title: choose the one you read, or create it`,
  similar: 'A similar book is already on Shelfwise: if one of these is your book, choose it; otherwise create it',
  reviewUnrated: 'The review was brought over without stars: it shows with your name and counts in no average',
  reviewCut: (max: number) => `The review was cut to ${max.toLocaleString('en-US')} characters`,
  reviewDropped: 'The review in the file was not brought over: you have another review of this book here, and yours was kept',
  shelfMapped: (shelf: string, status: ReadingStatus) => `Your shelf “${shelf}” was read as ${READING_STATUS_LABELS[status]}`,
  shelfNotStatus: (shelf: string) =>
    `The shelf “${shelf}” is not a reading status here: it is one of your shelves, and the book’s status was left as it was (Want to Read for a book new to your library)`,
  ratingRounded: (from: number, to: number) => `Rating ${from} rounded to ${to}★`,
  shelvesPlaced: (placed: readonly string[], created: readonly string[]) =>
    `Put on your shelves ${placed.map((n) => `“${n}”`).join(', ')}${created.length ? `; made private: ${created.map((n) => `“${n}”`).join(', ')}` : ''}`,
  shelfLeftOut: (name: string, why: string) => `The shelf “${name}” was left out: ${why}`,
  formatNotKept: (format: BookFormat, shown: BookFormat | null) =>
    `The file says ${FORMAT_WORDS[format]}, but the edition here with this ISBN ${shown ? `is ${FORMAT_WORDS[shown]}` : 'gives no format'} and the file lists no copy you own: the file’s format was not kept`,
  formatLeftOut: (binding: string) => `The format “${binding}” is not one kept here (hardcover, paperback, e-book, audiobook): it was left out`,
  catalogueKept: (kept: readonly { column: string; catalogue: string; file: string }[]) =>
    `${kept.map((k) => `${k.column} here is “${k.catalogue}”, the file says “${k.file}”`).join('; ')}: the catalogue’s is kept, as every reader sees it`,
  noEditionFor: (left: readonly { column: string; file: string }[]) =>
    `${left.map((l) => `${l.column} “${l.file}”`).join(' and ')} not kept: no edition of this book here is named by the row’s ISBN`,
  notAdded: (why: string) => `The book could not be added: ${why}`,
  bookRemoved: 'The book was removed from the catalogue while the row was applied',
} as const

/** The shelves the exports write for a status: any other name that gave one is the reader's own, read as that status. */
const STATUS_SHELVES = new Set(['read', 'to read', 'currently reading', 'paused', 'did not finish'])

/** The note on a row's shelf: one of the reader's own read as a status, or one that is no status; none for the exports' own. */
export function shelfNote(row: { shelf: string | null; status: ReadingStatus | null }): ImportNote | undefined {
  if (!row.shelf) return undefined
  if (row.status === null) return note('shelf_not_status', NOTE_TEXTS.shelfNotStatus(row.shelf))
  const folded = row.shelf
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
  return STATUS_SHELVES.has(folded) ? undefined : note('shelf_mapped', NOTE_TEXTS.shelfMapped(row.shelf, row.status))
}

/** A note of the reading log's merge (reading.importEntry says it in words) with its kind. */
export function entryNote(text: string): ImportNote {
  if (text.startsWith('Status changed from')) return note('status_changed', text)
  if (text.startsWith('The date ')) return note('date_left_out', text)
  if (text.startsWith('Your review’s rating')) return note('rating_kept', text)
  return note('other', text)
}

export const counted = (counts: OutcomeCounts, results: RowResult[]) => {
  const next = { ...counts }
  for (const r of results) next[r.outcome as keyof OutcomeCounts] += 1
  return next
}

/** The row as the reader corrected it (retry) when its cells are no longer kept: title, author and ISBN as sent, the rest as the file gave it; 400 for an ISBN that is none. */
export function correctedRow(parsed: ParsedRow, input: Extract<ImportRowResolve, { action: 'retry' }>): ParsedRow {
  const other = (['dateRead', 'rating', 'readCount'] as const).find((f) => input[f] !== undefined)
  if (other !== undefined)
    throw badRequest(`${other}: this row's cells are no longer kept: correct its title, author or ISBN, or download the rows and import them again`)
  const isbn = input.isbn === undefined ? undefined : compactIsbn(input.isbn)
  if (isbn !== undefined && isbn !== '' && !isIsbnShape(isbn)) throw badRequest('isbn: must be an ISBN-10 or ISBN-13')
  return {
    ...parsed,
    title: input.title ?? parsed.title,
    author: input.author ?? parsed.author,
    ...(isbn === undefined
      ? {}
      : isbn === ''
        ? { isbn13: null, isbn10: null }
        : isbn.length === 13
          ? { isbn13: isbn, isbn10: null }
          : { isbn10: isbn, isbn13: null }),
  }
}

/** The cells a correction writes, per export: the first column of each must be in the file for the field to be corrected. */
const CORRECTION_COLUMNS: Record<ImportFormat, Record<ImportCorrectable, readonly string[]>> = {
  goodreads: { title: ['Title'], author: ['Author'], isbn: ['ISBN13', 'ISBN'], dateRead: ['Date Read'], rating: ['My Rating'], readCount: ['Read Count'] },
  storygraph: {
    title: ['Title'],
    author: ['Authors'],
    isbn: ['ISBN/UID'],
    dateRead: ['Dates Read', 'Last Date Read'],
    rating: ['Star Rating'],
    readCount: ['Read Count'],
  },
}

/** What a correction may change of a row of this file: the fields whose cells the file has. */
export const correctableOf = (format: ImportFormat, columns: ReadonlyMap<string, number>): ImportCorrectable[] =>
  IMPORT_CORRECTABLE.filter((field) => CORRECTION_COLUMNS[format][field].some((c) => columns.has(c)))

/**
 * A row's cells as the reader corrected them (retry): each field sent written into its column as the
 * export writes it, then the row read again by the export's own rules. 400 naming what is still wrong
 * (a date that is no date, an ISBN that is none, a field the file has no column for); the row is then
 * left as it was.
 */
export function correctedCells(
  format: ImportFormat,
  columns: ReadonlyMap<string, number>,
  line: number,
  cells: readonly string[],
  input: Extract<ImportRowResolve, { action: 'retry' }>,
): { row: ParsedRow; cells: string[] } {
  const next = [...cells]
  const set = (column: string, value: string) => {
    const at = columns.get(column)
    if (at === undefined) return false
    while (next.length <= at) next.push('')
    next[at] = value
    return true
  }
  const write = (field: ImportCorrectable, values: readonly string[]) => {
    const written = CORRECTION_COLUMNS[format][field].map((c, i) => set(c, values[i] ?? values[0]!))
    if (!written.some(Boolean)) throw badRequest(`${field}: this file has no ${CORRECTION_COLUMNS[format][field][0]} column to correct`)
  }
  if (input.title !== undefined) write('title', [input.title])
  if (input.author !== undefined) write('author', [input.author])
  if (input.isbn !== undefined) {
    const isbn = compactIsbn(input.isbn)
    if (isbn !== '' && !isIsbnShape(isbn)) throw badRequest('isbn: must be an ISBN-10 or ISBN-13')
    write('isbn', format === 'goodreads' ? (isbn.length === 13 ? [isbn, ''] : ['', isbn]) : [isbn])
  }
  if (input.dateRead !== undefined) write('dateRead', [input.dateRead])
  if (input.rating !== undefined) write('rating', [String(input.rating)])
  if (input.readCount !== undefined) write('readCount', [String(input.readCount)])
  const mapped = mapRow(format, columns, { line, fields: next })
  if (!mapped.ok) throw badRequest(`The row still cannot be read: ${mapped.message}`)
  return { row: mapped.row, cells: next }
}

/** Whether the reader's imports may still, today, add a book and post a review. */
export interface Allowances {
  books: boolean
  reviews: boolean
}

/**
 * What the reader can do with a row now, offered only when it can work: a settled row nothing; a row
 * that waits its candidates, the book made (while today's books allow), a correction, a skip; a row
 * that failed what its note says can help (a book that cannot be made as read is corrected, not made
 * again; a review that waits for tomorrow is looked at again once today's reviews allow).
 */
export function rowActions(row: StoredRow, kinds: readonly ImportNoteKind[], today: Allowances): ImportRowAction[] {
  if (row.outcome !== 'needs_review' && row.outcome !== 'failed') return []
  const hasCells = row.fields !== '[]' && row.fields !== ''
  if (row.data === null) return hasCells ? ['retry', 'skip'] : ['skip']
  const create: ImportRowAction[] = today.books ? ['create'] : []
  if (row.outcome === 'needs_review') return [...(row.candidates.length ? (['choose'] as const) : []), ...create, 'retry', 'skip']
  if (kinds.includes('review_waits')) return today.reviews ? ['retry', 'skip'] : ['skip']
  if (kinds.includes('not_added')) return ['retry', 'skip']
  return [...create, 'retry', 'skip']
}

// ---- The report --------------------------------------------------------------------------------

export const candidateOf = (b: Book): ImportCandidate => ({
  _id: b._id,
  title: b.title,
  author: b.author,
  publishedDate: b.publishedDate ?? null,
  isbn: b.isbn || null,
  totalReviews: b.totalReviews,
})

/** Where the title and author go in a line of the file's own columns, for a row whose cells were dropped. */
export function keptCellsOf(header: string[]): (row: StoredRow) => string[] {
  const at = (...names: string[]) => header.findIndex((h) => names.includes(h.trim().toLowerCase()))
  const title = at('title')
  const author = at('author', 'authors')
  return (row) => {
    const cells = JSON.parse(row.fields) as string[]
    if (cells.length) return cells
    const line = header.map(() => '')
    if (title >= 0) line[title] = row.title
    if (author >= 0) line[author] = row.author
    return line
  }
}

/** Rows per page of the CSV of rows, each page read in its turn (costly reads take turns). */
const CSV_PAGE = 500
/** About how many characters of CSV one page of `rows.csv` may hold before the next page is made smaller. */
const CSV_PAGE_CHARS = 256 * 1024
/** The first page is small, until the rows show what they weigh (50 rows of 65,536-character cells were a 10 MB read). */
export const CSV_FIRST_PAGE = 4

/** The rows the next page of `rows.csv` asks for: a page heavier than CSV_PAGE_CHARS makes it smaller; a light one lets it grow back. */
export const nextCsvPage = (asked: number, chars: number): number =>
  chars > CSV_PAGE_CHARS ? Math.max(1, Math.floor(asked / 4)) : Math.min(CSV_PAGE, asked * 2)
