import type { ImportSource } from '@shelfwise/contracts'
import { foldColumnName, IMPORT_COLUMNS } from '@shelfwise/library-files/columns'
import { csvHead } from '@shelfwise/library-files/csv-read'

// A look at an export file in the browser before it is sent (issue 14): which service it seems to
// come from, how many rows it has, and its first rows. The server reads the whole file again and has
// the last word; this reads only what the preview shows.
//
// The file is read by the server's own CSV reader (@shelfwise/library-files), lenient: a quoted
// field that never closes runs to the end of the file and text after a closing quote is kept (the
// server will refuse such a file and say where). Only the header and the first rows become fields;
// the rest is counted without keeping any: a 10 MB export in a few tens of milliseconds.

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

/** Where each of the table's values is found, by either export's name for it. */
const PREVIEW_COLUMNS: Record<keyof PreviewRow, readonly string[]> = {
  title: ['Title'],
  author: ['Author', 'Authors'],
  shelf: ['Exclusive Shelf', 'Read Status'],
  rating: ['My Rating', 'Star Rating'],
}

/** The longest cell the table shows: a title's own limit (the rest of a runaway field is not drawn). */
const MAX_CELL = 300

/** Which export `header` looks like: the one with more of its own columns (Goodreads on a tie), or null with none. */
function sourceOf(names: ReadonlySet<string>): ImportSource | null {
  const score = (source: ImportSource) => IMPORT_COLUMNS[source].distinctive.filter((name) => names.has(foldColumnName(name))).length
  const goodreads = score('goodreads')
  const storygraph = score('storygraph')
  if (goodreads === 0 && storygraph === 0) return null
  return storygraph > goodreads ? 'storygraph' : 'goodreads'
}

/** The preview of an export's text: its likely source, its number of rows and its first rows. */
export function previewCsv(text: string): CsvPreview {
  const { records, rest } = csvHead(text, 1 + PREVIEW_ROWS)
  const [header, ...firstRows] = records
  if (!header) return { source: null, total: 0, rows: [], hasColumns: false }
  const at = new Map<string, number>()
  header.fields.forEach((name, i) => {
    if (!at.has(foldColumnName(name))) at.set(foldColumnName(name), i)
  })
  const indexOf = (key: keyof PreviewRow) => PREVIEW_COLUMNS[key].map((name) => at.get(foldColumnName(name))).find((i) => i !== undefined)
  const columns = { title: indexOf('title'), author: indexOf('author'), shelf: indexOf('shelf'), rating: indexOf('rating') }
  const cell = (fields: string[], i: number | undefined) => (i === undefined ? '' : (fields[i] ?? '').trim().slice(0, MAX_CELL))

  const rows = firstRows.map(({ fields }): PreviewRow => {
    const rating = cell(fields, columns.rating)
    return {
      title: cell(fields, columns.title),
      author: cell(fields, columns.author),
      shelf: cell(fields, columns.shelf),
      rating: /^0+(\.0*)?$/.test(rating) ? '' : rating,
    }
  })
  return {
    source: sourceOf(new Set(at.keys())),
    total: rows.length + rest,
    rows,
    hasColumns: Object.values(columns).some((i) => i !== undefined),
  }
}
