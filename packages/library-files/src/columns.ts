import type { ImportSource } from '@shelfwise/contracts'

// The columns of the two exports Shelfwise reads (issue 14), spelt as the exports spell them: the
// whole headers, in their order, and the columns an import reads each export by.

/** The 24 columns of Goodreads's "Export Library" file, in its order (Shelfwise's own export writes them too). */
export const GOODREADS_EXPORT_COLUMNS = [
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
] as const

/** The 23 columns of StoryGraph's export, in its order. */
export const STORYGRAPH_EXPORT_COLUMNS = [
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
] as const

interface ImportColumns {
  /** Without these a file is not this export. */
  required: readonly string[]
  optional: readonly string[]
  /** Columns only this export has: any of them makes a file look like it. */
  distinctive: readonly string[]
}

/** The columns an import reads each export by; the others are ignored. */
export const IMPORT_COLUMNS: Record<ImportSource, ImportColumns> = {
  goodreads: {
    required: ['Title', 'Author', 'ISBN', 'ISBN13', 'My Rating', 'Exclusive Shelf'],
    optional: [
      'Book Id',
      'Publisher',
      'Number of Pages',
      'Year Published',
      'Original Publication Year',
      'Date Read',
      'My Review',
      'Read Count',
      // Issue 21, point 6 (decision 0031): the reader's shelves, copies, notes and when the book was added.
      'Date Added',
      'Bookshelves',
      'Bookshelves with positions',
      'Binding',
      'Owned Copies',
      'Private Notes',
      'Additional Authors',
      'Spoiler',
    ],
    distinctive: ['Exclusive Shelf', 'Book Id'],
  },
  storygraph: {
    required: ['Title', 'Authors', 'ISBN/UID', 'Read Status', 'Star Rating'],
    optional: ['Last Date Read', 'Dates Read', 'Read Count', 'Review', 'Date Added', 'Tags', 'Owned?', 'Format'],
    distinctive: ['Read Status', 'ISBN/UID'],
  },
}

/** A column name as compared: trimmed, runs of spaces made one, lower case (a file's header may differ in these). */
export const foldColumnName = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase()
