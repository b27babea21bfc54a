import type { ImportSource } from '@shelfwise/contracts'

// A look at an export file in the browser before it is sent (issue 14): which service it seems to
// come from, how many rows it has, and its first rows. The server reads the whole file again and has
// the last word; this reads only what the preview shows.
//
// CSV as the server reads it (RFC 4180): UTF-8 with or without a byte order mark, lines ending in
// CR LF, LF or a lone CR, quoted fields holding commas, doubled quotes and line breaks; blank lines
// are not rows. Lenient throughout: a quote inside an unquoted field is text, text after a closing
// quote is kept, and a quoted field that never closes runs to the end of the file (the server will
// refuse such a file and say where).
//
// Only the header and the first rows become fields. The rest is counted by a scan that only looks
// for line ends and for quotes at the start of a field, jumping over quoted fields with indexOf: a
// 10 MB export is counted in a few tens of milliseconds, and nothing else of it is kept.

const QUOTE = 34
const COMMA = 44
const LF = 10
const CR = 13
const BOM = 0xfeff

/** How many rows the preview shows. */
const PREVIEW_ROWS = 5

/** A row as the preview's table shows it: '' where the file has no such column or the row is short. */
interface PreviewRow {
  title: string
  author: string
  /** Goodreads's Exclusive Shelf or StoryGraph's Read Status. */
  shelf: string
  /** As written; '' when unrated (Goodreads writes 0). */
  rating: string
}

export interface CsvPreview {
  /** The export the header looks like, or null when it has none of either's own columns. */
  source: ImportSource | null
  /** Rows in the file, the header aside. */
  total: number
  /** The first PREVIEW_ROWS rows. */
  rows: PreviewRow[]
  /** Whether the header has any of the columns the table shows. */
  hasColumns: boolean
}

/** Columns only one export has (as the server tells them apart): any of them makes a file look like it. */
const DISTINCTIVE: Record<ImportSource, readonly string[]> = {
  goodreads: ['Exclusive Shelf', 'Book Id'],
  storygraph: ['Read Status', 'ISBN/UID'],
}

/** Where each of the table's values is found, by either export's name for it. */
const PREVIEW_COLUMNS: Record<keyof PreviewRow, readonly string[]> = {
  title: ['Title'],
  author: ['Author', 'Authors'],
  shelf: ['Exclusive Shelf', 'Read Status'],
  rating: ['My Rating', 'Star Rating'],
}

/** The longest cell the table shows: a title's own limit (the rest of a runaway field is not drawn). */
const MAX_CELL = 300

/** A column name as compared: trimmed, runs of spaces made one, lower case. */
const foldName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase()

const isLineEnd = (c: number) => c === LF || c === CR

/** Where the unquoted text from `pos` stops: the next comma or line end, or the end. */
function fieldEnd(text: string, pos: number): number {
  let i = pos
  for (let c = text.charCodeAt(i); i < text.length && c !== COMMA && c !== LF && c !== CR; c = text.charCodeAt(++i));
  return i
}

/** The record at or after `start` (blank lines skipped): its fields and where the next one begins; null at the end. */
function readRecord(text: string, start: number): { fields: string[]; next: number } | null {
  let pos = start
  while (pos < text.length && isLineEnd(text.charCodeAt(pos))) pos++
  if (pos >= text.length) return null
  const fields: string[] = []
  for (;;) {
    let value = ''
    if (text.charCodeAt(pos) === QUOTE) {
      let from = pos + 1
      for (;;) {
        const quote = text.indexOf('"', from)
        if (quote === -1) {
          value += text.slice(from)
          pos = text.length
          break
        }
        if (text.charCodeAt(quote + 1) === QUOTE) {
          value += text.slice(from, quote + 1)
          from = quote + 2
          continue
        }
        value += text.slice(from, quote)
        pos = quote + 1
        break
      }
    }
    const stop = fieldEnd(text, pos)
    value += text.slice(pos, stop)
    fields.push(value)
    pos = stop
    if (text.charCodeAt(pos) === COMMA) {
      pos++
      continue
    }
    if (pos < text.length) pos += text.charCodeAt(pos) === CR && text.charCodeAt(pos + 1) === LF ? 2 : 1
    return { fields, next: pos }
  }
}

/**
 * How many records start at or after `start` (a record's first character): the line ends outside
 * quoted fields that close a line with something on it, and a last line without one. The text
 * between quoted fields is searched with indexOf only, the next LF and CR remembered until passed,
 * so a file with no CR is not searched to its end once per quoted field.
 */
function countRecords(text: string, start: number): number {
  const end = text.length
  const find = (char: string, from: number) => {
    const i = text.indexOf(char, from)
    return i === -1 ? end : i
  }
  // A line end closes a record when something comes before it on its line (blank lines are not rows).
  const closesRecord = (i: number) => i > start && !isLineEnd(text.charCodeAt(i - 1))
  const opensField = (i: number) => i === start || [COMMA, LF, CR].includes(text.charCodeAt(i - 1))
  let nextLf = -1
  let nextCr = -1
  let count = 0
  let pos = start
  for (;;) {
    // The next quote that opens a quoted field; any other quote is text.
    let quote = find('"', pos)
    while (quote < end && !opensField(quote)) quote = find('"', quote + 1)
    if (nextLf < pos) nextLf = find('\n', pos)
    for (; nextLf < quote; nextLf = find('\n', nextLf + 1)) if (closesRecord(nextLf)) count++
    if (nextCr < pos) nextCr = find('\r', pos)
    for (; nextCr < quote; nextCr = find('\r', nextCr + 1)) if (closesRecord(nextCr)) count++
    if (quote === end) break
    // Over the quoted field to its closing quote; a doubled quote is text.
    let close = find('"', quote + 1)
    while (close < end && text.charCodeAt(close + 1) === QUOTE) close = find('"', close + 2)
    if (close === end) return count + 1
    pos = close + 1
  }
  return end > start && !isLineEnd(text.charCodeAt(end - 1)) ? count + 1 : count
}

/** Which export `header` looks like: the one with more of its own columns (Goodreads on a tie), or null with none. */
function sourceOf(names: ReadonlySet<string>): ImportSource | null {
  const score = (source: ImportSource) => DISTINCTIVE[source].filter((name) => names.has(foldName(name))).length
  const goodreads = score('goodreads')
  const storygraph = score('storygraph')
  if (goodreads === 0 && storygraph === 0) return null
  return storygraph > goodreads ? 'storygraph' : 'goodreads'
}

/** The preview of an export's text: its likely source, its number of rows and its first rows. */
export function previewCsv(text: string): CsvPreview {
  const header = readRecord(text, text.charCodeAt(0) === BOM ? 1 : 0)
  if (!header) return { source: null, total: 0, rows: [], hasColumns: false }
  const at = new Map<string, number>()
  header.fields.forEach((name, i) => {
    if (!at.has(foldName(name))) at.set(foldName(name), i)
  })
  const indexOf = (key: keyof PreviewRow) => PREVIEW_COLUMNS[key].map((name) => at.get(foldName(name))).find((i) => i !== undefined)
  const columns = { title: indexOf('title'), author: indexOf('author'), shelf: indexOf('shelf'), rating: indexOf('rating') }
  const cell = (fields: string[], i: number | undefined) => (i === undefined ? '' : (fields[i] ?? '').trim().slice(0, MAX_CELL))

  const rows: PreviewRow[] = []
  let pos = header.next
  while (rows.length < PREVIEW_ROWS) {
    const record = readRecord(text, pos)
    if (!record) break
    pos = record.next
    const rating = cell(record.fields, columns.rating)
    rows.push({
      title: cell(record.fields, columns.title),
      author: cell(record.fields, columns.author),
      shelf: cell(record.fields, columns.shelf),
      rating: /^0+(\.0*)?$/.test(rating) ? '' : rating,
    })
  }
  return {
    source: sourceOf(new Set(at.keys())),
    total: rows.length + countRecords(text, pos),
    rows,
    hasColumns: Object.values(columns).some((i) => i !== undefined),
  }
}
