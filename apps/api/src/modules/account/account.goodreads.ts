import type { BookFormat, ExportLibraryEntry, ReadingStatus } from '@shelfwise/contracts'
import { isbn10To13, isbn13To10, type CsvValue } from '@shelfwise/library-files'

// A library entry as a row of Goodreads's "Export Library" file (decision 0019), written the way
// Goodreads writes its own, so Goodreads, StoryGraph, BookWyrm, Hardcover and our own import read it.
// One difference: csvLine writes a text cell a spreadsheet would run as a formula after an apostrophe
// (the catalogue's titles, authors and publishers are other readers' text); the ISBN cells below are
// formulas of a quoted number only, inert, and stay as Goodreads writes them.

/** The exclusive shelf of each status; a book without one is on `read` (it has a rating, a review or a finished read). */
const SHELVES: Record<ReadingStatus, string> = {
  want: 'to-read',
  reading: 'currently-reading',
  read: 'read',
  paused: 'paused',
  dnf: 'did-not-finish',
}

export const exclusiveShelf = (status: ReadingStatus | null): string => (status === null ? 'read' : SHELVES[status])

/**
 * A book's ISBN in both forms. The form stored is always given; the other is worked out when the
 * stored one is a valid ISBN that has it (an ISBN-13 has a 10-digit form only under the 978 prefix).
 */
export function isbnForms(isbn: string): { isbn10: string; isbn13: string } {
  if (isbn.length === 10) return { isbn10: isbn, isbn13: isbn10To13(isbn) ?? '' }
  if (isbn.length === 13) return { isbn13: isbn, isbn10: isbn13To10(isbn) ?? '' }
  return { isbn10: '', isbn13: '' }
}

/** An ISBN cell as Goodreads writes it, so a spreadsheet keeps the leading zeros: ="0593135202", or ="" for none. */
export const isbnCell = (isbn: string) => `="${isbn}"`

/** A partial date (YYYY, YYYY-MM or YYYY-MM-DD, as the reader gave it) in Goodreads's way: 2024/03/15, 2024/03 or 2024. */
export const slashDate = (date: string | null) => (date === null ? '' : date.replaceAll('-', '/'))

/** The UTC day of a moment, written YYYY/MM/DD. */
export const slashDay = (iso: string) => iso.slice(0, 10).replaceAll('-', '/')

/** Words that belong to the family name that follows them ('Ursula K. Le Guin', 'Ludwig van Beethoven'). */
const PARTICLES = new Set(['da', 'de', 'del', 'della', 'der', 'den', 'di', 'du', 'la', 'le', 'van', 'von', 'st.', 'saint'])
/** Words after a family name that stay with it ('Martin Luther King Jr.' → 'King Jr., Martin Luther'). */
const SUFFIXES = /^(jr|sr|ii|iii|iv)\.?$/i

/**
 * 'N. K. Jemisin' → 'Jemisin, N. K.', 'Ursula K. Le Guin' → 'Le Guin, Ursula K.'; a name already
 * written family name first, or of one word, stays as it is.
 */
export function authorLastFirst(author: string): string {
  const name = author.trim()
  if (name.includes(',')) return name
  const words = name.split(/\s+/)
  let cut = words.length - 1
  if (cut > 1 && SUFFIXES.test(words[cut]!)) cut--
  while (cut > 1 && PARTICLES.has(words[cut - 1]!.toLowerCase())) cut--
  if (cut < 1) return name
  return `${words.slice(cut).join(' ')}, ${words.slice(0, cut).join(' ')}`
}

/** A review's text as Goodreads writes it: its line breaks as <br/>. */
export const reviewHtml = (text: string) => text.replace(/\r\n|\r|\n/g, '<br/>')

/**
 * The Binding written for each format (decision 0031): Goodreads's own words for the commonest
 * printing of each, which our import and Goodreads's read back as the same format.
 */
const BINDINGS: Record<BookFormat, string> = {
  hardcover: 'Hardcover',
  paperback: 'Paperback',
  ebook: 'Kindle Edition',
  audiobook: 'Audible Audio',
}

/** The edition a row describes (decision 0031): the one the reader names on their entry, else the work's shown one. */
export interface GoodreadsEdition {
  isbn: string
  format: BookFormat | null
  publisher: string
  pageCount: number | null
  publishedDate: string | null
  /** The edition's own title and credit when they are not the work's ("Frankenstein: The 1818 Text", decision 0031). */
  title?: string | null
  author?: string | null
  /** The edition's binding as its source wrote it ("Mass Market Paperback"), its other contributors, and the work's first year (decision 0031). */
  binding?: string | null
  additionalAuthors?: string | null
  originalYear?: number | null
}

/**
 * Bookshelves as Goodreads writes them: the status's shelf (but `read`), then the reader's own; with
 * positions, the status's shelf at the place a file gave it (decision 0031), then each own shelf as `name (#n)`.
 */
function bookshelves(
  shelf: string,
  own: readonly { name: string; position: number }[],
  statusPosition: number | null,
): { names: string; withPositions: string } {
  return {
    names: [...(shelf === 'read' ? [] : [shelf]), ...own.map((s) => s.name)].join(', '),
    withPositions: [...(statusPosition === null ? [] : [{ name: shelf, position: statusPosition }]), ...own]
      .map((s) => `${s.name} (#${s.position})`)
      .join(', '),
  }
}

/** The finished reads that count: the ones the reader kept on their lists. */
const keptFinished = (entry: ExportLibraryEntry) => entry.reads.filter((r) => r.outcome === 'finished' && !r.removed)

/**
 * Whether the entry is a row of the file: it has a status, a rating, a review or a finished read. An
 * entry the reader emptied (no status, reads taken off the list) is in the JSON export only.
 */
export const isOnAShelf = (entry: ExportLibraryEntry) =>
  entry.status !== null || entry.rating !== null || entry.review !== null || keptFinished(entry).length > 0

/** The latest of some partial dates, compared as text ('2019-05' after '2019', before '2019-06-02'); null when there is none. */
const latestOf = (dates: (string | null)[]): string | null => dates.reduce<string | null>((a, d) => (d !== null && (a === null || d > a) ? d : a), null)

/**
 * The Date Read cell's date, as precise as the reader gave it: the latest date of the book's kept
 * finished reads (an undated read has none to give); on a did-not-finish row, the day the reader
 * last stopped, as Goodreads's own did-not-finish shelves carry it. Null when none is dated.
 */
export function dateRead(entry: ExportLibraryEntry): string | null {
  // A book the reader did not finish has no Date Read, as on Goodreads (decision 0031); the JSON keeps the day they stopped.
  if (entry.status === 'dnf') return null
  return latestOf(keptFinished(entry).map((r) => r.finishedOn))
}

/**
 * Read Count as Goodreads counts it: the kept finished reads, and the one in progress on a book being
 * read (a first read under way counts 1); on `read` at least 1.
 */
function readCount(entry: ExportLibraryEntry, shelf: string): number {
  const open = entry.status === 'reading' || entry.status === 'paused' ? entry.reads.filter((r) => r.outcome === null && !r.removed).length : 0
  const count = keptFinished(entry).length + open
  return shelf === 'read' ? Math.max(1, count) : count
}

/** One row of the file, in GOODREADS_EXPORT_COLUMNS's order. */
export function goodreadsRow(
  entry: ExportLibraryEntry,
  averageRating: number,
  edition: GoodreadsEdition = { ...entry.book, format: null },
  own: readonly { name: string; position: number }[] = [],
): CsvValue[] {
  const { book } = entry
  // The reader's own edition's ISBN (decision 0031), never another's.
  const { isbn10, isbn13 } = isbnForms(edition.isbn)
  const shelf = exclusiveShelf(entry.status)
  const shelves = bookshelves(shelf, own, entry.statusPosition ?? null)
  const format = edition.format ?? entry.owned?.format ?? null
  // The binding as the edition's source wrote it when it has one (kept only on an edition of its format), else the format's usual word.
  const binding = edition.binding ?? (format ? BINDINGS[format] : '')
  // The reader's edition's own title and credit when it has them, as the file they imported named it.
  const author = edition.author ?? book.author
  return [
    book._id,
    edition.title ?? book.title,
    author,
    authorLastFirst(author),
    edition.additionalAuthors ?? '',
    isbnCell(isbn10),
    isbnCell(isbn13),
    // A review without stars (rating 0, decision 0029) leaves the rating given without a review.
    entry.review?.rating || entry.rating || 0,
    averageRating.toFixed(2),
    edition.publisher,
    binding,
    edition.pageCount,
    edition.publishedDate?.slice(0, 4),
    edition.originalYear ?? '',
    slashDate(dateRead(entry)),
    slashDay(entry.addedAt),
    // Goodreads lists every shelf but `read` here, the reader's own after the status's.
    shelves.names,
    shelves.withPositions,
    shelf,
    reviewHtml(entry.review?.comment ?? ''),
    // Goodreads writes `true` for a review marked as a spoiler and leaves the cell empty otherwise.
    entry.review?.spoiler ? 'true' : '',
    entry.privateNotes ?? '',
    // On Goodreads a book on `read` was read at least once, and importers count it so: a book rated or
    // reviewed without a read logged says 1, so importing the file and exporting again gives the same file.
    readCount(entry, shelf),
    entry.owned?.copies ?? 0,
  ]
}
