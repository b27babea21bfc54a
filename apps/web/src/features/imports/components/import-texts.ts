import type { ImportJob, ImportNoteKind, ImportSource, ImportStatus } from '@shelfwise/contracts'
import { groupDigits } from '@shelfwise/contracts/numbers'

export const count = (n: number) => groupDigits(n)

/** '1,234 of 5,000 rows': how far an import has gone. */
export const rowsDoneText = (job: Pick<ImportJob, 'processed' | 'total'>) =>
  `${count(job.processed)} of ${count(job.total)} ${job.total === 1 ? 'row' : 'rows'}`

export const SOURCE_LABELS: Record<ImportSource, string> = { goodreads: 'Goodreads', storygraph: 'StoryGraph' }

export const STATUS_LABELS: Record<ImportStatus, string> = {
  queued: 'Waiting to start',
  running: 'Importing',
  done: 'Finished',
  failed: 'Stopped',
}

/** The counts of a job, in the order the screen shows them. */
export const COUNT_LABELS = [
  ['imported', 'Imported'],
  ['unchanged', 'Already there'],
  ['needsReview', 'Needs your choice'],
  ['failed', 'Could not import'],
  ['skipped', 'Skipped'],
] as const satisfies readonly (readonly [keyof ImportJob, string])[]

/** '1 book', '1,234 books'. */
export const booksText = (n: number) => `${count(n)} ${n === 1 ? 'book' : 'books'}`

/** What the preview of a chosen file says (read in the browser before it is sent; the server has the last word). */
export const PREVIEW_TEXT = {
  region: 'Preview of the file',
  reading: 'Reading the file…',
  looksLike: (source: ImportSource) => `Looks like a ${SOURCE_LABELS[source]} export`,
  notAnExport:
    'This does not look like a Goodreads or StoryGraph export: it has none of the columns Book Id, Exclusive Shelf, ISBN/UID or Read Status. ' +
    'You can still send it; the import will say what is missing.',
  unreadable: 'This file could not be read for a preview. You can still send it.',
  caption: (shown: number, total: number) =>
    shown < total ? `The first ${count(shown)} of ${booksText(total)}` : shown === 1 ? 'The one book in the file' : `All ${count(shown)} books in the file`,
  columns: { title: 'Title', author: 'Author', rating: 'Rating' },
  shelfColumn: (source: ImportSource | null) => (source === 'goodreads' ? 'Shelf' : source === 'storygraph' ? 'Status' : 'Shelf or status'),
  noTitle: 'No title',
} as const

/** Each kind of note as the report's summary names it, before its number of rows. */
export const NOTE_LABELS: Record<ImportNoteKind, string> = {
  matched_by_title: 'Found by title and author',
  edition_attached: 'New editions attached',
  edition_to_attach: 'Editions not added',
  book_created: 'Books created',
  waiting_for_you: 'Waiting for you',
  status_changed: 'Status changed',
  shelf_mapped: 'Shelf read as a status',
  shelf_not_status: 'Shelf that is no status',
  shelves_placed: 'Put on your shelves',
  shelf_left_out: 'Shelf left out',
  format_left_out: 'Binding or format left out',
  details_not_kept: 'Book details not kept',
  rating_rounded: 'Rating rounded',
  rating_kept: 'Your rating kept',
  review_unrated: 'Review kept without stars',
  review_cut: 'Review shortened',
  review_dropped: 'Review not brought over',
  review_waits: 'Review waiting for tomorrow',
  date_left_out: 'Date left out',
  unreadable: 'Could not be read',
  not_added: 'Book could not be added',
  books_wait: 'Book waiting for tomorrow',
  book_removed: 'Book removed meanwhile',
  interrupted: 'Interrupted',
  other: 'Other notes',
}
