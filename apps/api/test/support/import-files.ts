import { csvQuoted, GOODREADS_EXPORT_COLUMNS, STORYGRAPH_EXPORT_COLUMNS } from '@shelfwise/library-files'

// Export files as Goodreads and StoryGraph write them, for the import tests (issue 14): the exports'
// columns and the CSV quoting of @shelfwise/library-files, every cell written as given.

export const GOODREADS_HEADER: string[] = [...GOODREADS_EXPORT_COLUMNS]

export const quote = csvQuoted
const csvOf = (header: readonly string[], rows: Record<string, string>[]) =>
  [header, ...rows.map((r) => header.map((h) => r[h] ?? ''))].map((cells) => cells.map(quote).join(',')).join('\r\n') + '\r\n'

export type GoodreadsRow = Partial<Record<(typeof GOODREADS_HEADER)[number], string>>
export const goodreadsCsv = (rows: GoodreadsRow[]) =>
  csvOf(
    GOODREADS_HEADER,
    rows.map(
      (r) =>
        ({ 'Book Id': '1', ISBN: '=""', ISBN13: '=""', 'My Rating': '0', 'Exclusive Shelf': 'to-read', 'Read Count': '0', ...r }) as Record<string, string>,
    ),
  )
export const storygraphCsv = (rows: Record<string, string>[]) => csvOf(STORYGRAPH_EXPORT_COLUMNS, rows)
