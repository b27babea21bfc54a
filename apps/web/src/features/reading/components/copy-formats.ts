import type { BookFormat } from '@shelfwise/contracts'
import { groupDigits } from '@shelfwise/contracts/numbers'

// The formats of a reader's copies in a reader's words (decision 0027): the same words the books
// feature gives an edition's format (edition-text.ts), kept here since a feature imports no other.

export const COPY_FORMAT_LABELS: Record<BookFormat, string> = {
  hardcover: 'Hardcover',
  paperback: 'Paperback',
  ebook: 'E-book',
  audiobook: 'Audiobook',
}

/** The formats in the order a choice lists them. */
export const COPY_FORMATS = Object.keys(COPY_FORMAT_LABELS) as BookFormat[]

/** What a reader owns, in words: "2 copies · Paperback". */
export const ownedInWords = ({ format, copies }: { format: BookFormat | null; copies: number }) =>
  `${groupDigits(copies)} ${copies === 1 ? 'copy' : 'copies'}${format ? ` · ${COPY_FORMAT_LABELS[format]}` : ''}`
