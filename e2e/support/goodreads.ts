import { csvQuoted, GOODREADS_EXPORT_COLUMNS } from '@shelfwise/library-files'

export type GoodreadsRow = Partial<Record<(typeof GOODREADS_EXPORT_COLUMNS)[number], string>>

/**
 * A Goodreads export: CR LF lines, ISBNs as ="…" (="" for none), unrated as 0, as Goodreads writes
 * it. Book Ids count up from `firstBookId`, so two specs' files never share one.
 */
export function goodreadsCsv(rows: GoodreadsRow[], firstBookId: number): string {
  const filled = rows.map((r, i): GoodreadsRow => ({
    'Book Id': String(firstBookId + i),
    ISBN: '=""',
    ISBN13: '=""',
    'My Rating': '0',
    'Average Rating': '3.95',
    'Date Added': '2024/01/02',
    'Read Count': r['Exclusive Shelf'] === 'read' ? '1' : '0',
    'Owned Copies': '0',
    ...r,
  }))
  return (
    [GOODREADS_EXPORT_COLUMNS, ...filled.map((r) => GOODREADS_EXPORT_COLUMNS.map((c) => r[c] ?? ''))]
      .map((cells) => cells.map(csvQuoted).join(','))
      .join('\r\n') + '\r\n'
  )
}
