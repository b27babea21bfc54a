// Export files as Goodreads and StoryGraph write them, for the import tests (issue 14).

export const GOODREADS_HEADER = [
  'Book Id',
  'Title',
  'Author',
  'Author l-f',
  'Additional Authors',
  'ISBN',
  'ISBN13',
  'My Rating',
  'Average Rating',
  'Publisher',
  'Binding',
  'Number of Pages',
  'Year Published',
  'Original Publication Year',
  'Date Read',
  'Date Added',
  'Bookshelves',
  'Bookshelves with positions',
  'Exclusive Shelf',
  'My Review',
  'Spoiler',
  'Private Notes',
  'Read Count',
  'Owned Copies',
]

const STORYGRAPH_HEADER = [
  'Title',
  'Authors',
  'Contributors',
  'ISBN/UID',
  'Format',
  'Read Status',
  'Date Added',
  'Last Date Read',
  'Dates Read',
  'Read Count',
  'Moods',
  'Pace',
  'Character- or Plot-Driven?',
  'Strong Character Development?',
  'Loveable Characters?',
  'Diverse Characters?',
  'Flawed Characters?',
  'Star Rating',
  'Review',
  'Content Warnings',
  'Content Warning Description',
  'Tags',
  'Owned?',
]

export const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)
const csvOf = (header: string[], rows: Record<string, string>[]) =>
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
export const storygraphCsv = (rows: Record<string, string>[]) => csvOf(STORYGRAPH_HEADER, rows)
