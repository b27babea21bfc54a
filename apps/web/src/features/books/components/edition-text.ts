import type { BookFormat } from '@shelfwise/contracts'
import { formatMonthYear } from '#/lib/format.ts'
import { groupDigits } from '@shelfwise/contracts/numbers'

// An edition in words (decision 0027): its name, its facts, an audiobook's length. Takes an edition
// of the list or a book as GET /books/{id} shows it (a work as one of its editions).

/** The formats in a reader's words (the reading feature names a reader's copies' formats alike, in its own copy-formats.ts). */
export const BOOK_FORMAT_LABELS: Record<BookFormat, string> = {
  hardcover: 'Hardcover',
  paperback: 'Paperback',
  ebook: 'E-book',
  audiobook: 'Audiobook',
}

interface EditionFields {
  format?: BookFormat | null | undefined
  edition: string
  publishedDate: string | null
  isbn: string
  publisher: string
  language: string
  pageCount: number | null
  audioSeconds?: number | null | undefined
}

/** An audiobook's length as h:mm, to the nearest minute: 36,000 s → "10:00". */
export function audioLength(seconds: number): string {
  const minutes = Math.round(seconds / 60)
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`
}

/** A length typed as h:mm (or whole hours) in seconds; undefined when it is not one or is nothing long. */
export function parseAudioLength(text: string): number | undefined {
  const m = /^(\d{1,4})(?::([0-5]\d))?$/.exec(text.trim())
  const seconds = m ? Number(m[1]) * 3600 + Number(m[2] ?? 0) * 60 : 0
  return seconds > 0 ? seconds : undefined
}

/** Text a reader wrote, isolated when it runs right to left, so that a line mixing it with ours keeps its order (a select's option has no dir). */
const isolated = (text: string) => (/[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/.test(text) ? `\u2068${text}\u2069` : text)

const yearOf = (date: string | null) => (date && /^\d{4}/.test(date) ? date.slice(0, 4) : '')

/** What a reader calls an edition: its format and note, with its year ("Paperback · Penguin Classics, 2003"). */
export function editionName(e: EditionFields): string {
  const name = [e.format ? BOOK_FORMAT_LABELS[e.format] : '', isolated(e.edition)].filter(Boolean).join(' · ') || 'Edition'
  const year = yearOf(e.publishedDate)
  return year ? `${name}, ${year}` : name
}

/** Pages, or an audiobook's length. */
export function editionLength(e: EditionFields): string {
  if (e.pageCount) return `${groupDigits(e.pageCount)} pages`
  return e.audioSeconds ? `${audioLength(e.audioSeconds)} long` : ''
}

/** The facts under an edition's name: publisher, date, language, length, ISBN — those it has. */
export function editionFacts(e: EditionFields): string[] {
  const date = e.publishedDate ? formatMonthYear(e.publishedDate) : ''
  return [isolated(e.publisher), date, isolated(e.language), editionLength(e), e.isbn ? `ISBN ${e.isbn}` : ''].filter(Boolean)
}

/** The line that tells a page shows one edition of a work: "Paperback edition, 2003 · ISBN 9780141439587". */
export function editionLine(e: EditionFields): string {
  const year = yearOf(e.publishedDate)
  const head = `${e.format ? `${BOOK_FORMAT_LABELS[e.format]} edition` : e.edition ? `${isolated(e.edition)} edition` : 'Another edition'}${year ? `, ${year}` : ''}`
  return e.isbn ? `${head} · ISBN ${e.isbn}` : head
}
