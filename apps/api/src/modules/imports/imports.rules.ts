import type { Book, ImportCandidate, ImportOutcome, ImportRowResolve } from '@shelfwise/contracts'
import { compactIsbn, isIsbnShape } from '@shelfwise/library-files'
import { badRequest } from '#/errors.ts'
import { yieldToLoop } from '#/work-gate.ts'
import type { ImportRow as ParsedRow } from '#/modules/imports/import-formats.ts'
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
 * When an imported review was written, as near as the file tells: the day its last read ended (a
 * whole date, not after today), else undefined (now). Dated so, a library's old reviews take their
 * place in the past, not at the top of Recent Reviews and this week's Popular Books.
 */
export function writtenOn(row: ParsedRow): string | undefined {
  const last = row.reads.at(-1)
  const day = last?.finishedOn ?? last?.stoppedOn
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined
  const at = `${day}T12:00:00.000Z`
  return Date.parse(at) < Date.now() ? at : undefined
}

// ---- A file ------------------------------------------------------------------------------------

/** A file is turned into text this many bytes at a time, the event loop served between (10 MB at once held it ~20 ms). */
const DECODE_STEP = 1024 * 1024

/** The file's text: UTF-8 (a BOM is dropped); undefined for bytes that are not text. */
export async function textOf(parts: Iterable<Uint8Array> | AsyncIterable<Uint8Array>): Promise<string | undefined> {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  const pieces: string[] = []
  try {
    for await (const part of parts) {
      for (let at = 0; at < part.length; at += DECODE_STEP) {
        const piece = decoder.decode(part.subarray(at, at + DECODE_STEP), { stream: true })
        if (piece.includes('\u0000')) return undefined
        pieces.push(piece)
        await yieldToLoop()
      }
    }
    pieces.push(decoder.decode())
  } catch {
    return undefined
  }
  const text = pieces.join('')
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
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
  message: string | null
}

export const failed = (message: string): RowResult => ({ outcome: 'failed', bookId: null, candidates: [], message })

export const counted = (counts: OutcomeCounts, results: RowResult[]) => {
  const next = { ...counts }
  for (const r of results) next[r.outcome as keyof OutcomeCounts] += 1
  return next
}

/** The row as the reader corrected it (retry): title, author and ISBN as sent, the rest as the file gave it; 400 for an ISBN that is none. */
export function correctedRow(parsed: ParsedRow, input: Extract<ImportRowResolve, { action: 'retry' }>): ParsedRow {
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
