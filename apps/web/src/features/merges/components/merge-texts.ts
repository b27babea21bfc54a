import type { Book, MergeKind, MergeProposal, MergeStatus } from '@shelfwise/contracts'
import { formatFullDate } from '#/lib/format.ts'

export const MERGE_TEXT = {
  title: 'Duplicates',
  intro:
    'Readers propose that two books on Shelfwise are the same book, or that two editions are the same edition. A moderator or a trusted reader applies the merge, and any merge can be reverted in one step.',
  empty: 'No duplicates have been proposed yet. When two books on Shelfwise are the same, open one of them and choose “Report a duplicate”.',
  listError: 'Failed to fetch merge proposals',
  report: 'Report a duplicate',
  fromImport: 'Suggested by an import',
  apply: 'Apply merge',
  applying: 'Applying...',
  revert: 'Revert merge',
  reverting: 'Reverting...',
  none: 'None',
  gone: 'No longer on Shelfwise',
  seeAll: 'See all duplicates',
} as const

export const KIND_LABEL: Record<MergeKind, string> = { work: 'Same book', edition: 'Same edition' }
export const STATUS_LABEL: Record<MergeStatus, string> = { open: 'Open', applied: 'Applied', reverted: 'Reverted' }

/** The side-by-side's row names, for the fields the API compares (an unknown one shows its own name). */
const FIELD_LABEL: Record<string, string> = {
  title: 'Title',
  author: 'Author',
  isbn: 'ISBN',
  format: 'Format',
  pageCount: 'Pages',
  audioSeconds: 'Length (h:mm)',
  publisher: 'Publisher',
  publishedDate: 'Published',
  language: 'Language',
  edition: 'Edition',
  category: 'Category',
  genre: 'Genres',
  description: 'Description',
  coverImage: 'Cover image',
  averageRating: 'Average rating',
  ratingsCount: 'Ratings',
  totalReviews: 'Reviews',
  editionCount: 'Editions',
  createdAt: 'Added',
}
export const fieldLabel = (field: string) => FIELD_LABEL[field] ?? field

// As the book page names them (features/books' edition-text.ts: features do not share code).
const FORMAT_LABEL: Record<string, string> = { hardcover: 'Hardcover', paperback: 'Paperback', ebook: 'E-book', audiobook: 'Audiobook' }

/** A value of the side-by-side as a reader reads it: the API's text, with lengths and dates in words. */
export function fieldText(field: string, value: string): string {
  if (field === 'format') return FORMAT_LABEL[value] ?? value
  if (field === 'audioSeconds' && /^\d+$/.test(value)) {
    // h:mm, as an edition's length reads on the book page.
    const minutes = Math.round(Number(value) / 60)
    return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`
  }
  if (field === 'createdAt') return formatFullDate(value)
  return value
}

/** The fields the API compares, read from two books as GET /books/{id} answers them (for the comparison before a proposal is sent). */
export function bookFields(a: Book, b: Book): MergeProposal['fields'] {
  const text = (book: Book, field: string): string | null => {
    const v = (book as unknown as Record<string, unknown>)[field]
    if (v === null || v === undefined || v === '') return null
    if (Array.isArray(v)) return v.length ? v.join(', ') : null
    return String(v)
  }
  return Object.keys(FIELD_LABEL).map((field) => {
    const values = [text(a, field), text(b, field)]
    return { field, values, same: values[0] === values[1] }
  })
}

/**
 * Which of the two would stay, by the API's rule (decision 0030), for the comparison before a
 * proposal is sent; the proposal itself then says which one the API chose. Books: the one more
 * readers rated, then the older, then the smaller id. Editions: the work's shown edition, else the
 * one added first (ids are time-ordered).
 */
export function wouldStay(kind: MergeKind, [a, b]: readonly [Book, Book], ids: readonly [string, string]): string {
  if (kind === 'edition') {
    const shown = ids.find((id, i) => [a, b][i]!._id === id)
    if (shown) return shown
    return ids[0] < ids[1] ? ids[0] : ids[1]
  }
  if (a.ratingsCount !== b.ratingsCount) return a.ratingsCount > b.ratingsCount ? ids[0] : ids[1]
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? ids[0] : ids[1]
  return ids[0] < ids[1] ? ids[0] : ids[1]
}
