import { Link as RouterLink } from '#/lib/router/react.tsx'
import Link from '@mui/material/Link'
import type { SxProps, Theme } from '@mui/material/styles'
import type { LibraryEntry } from '@shelfwise/contracts'
import { paths } from '#/config/paths.ts'
import { Stars } from '#/components/stars.tsx'
import { partialDateInWords } from '#/features/reading/components/partial-date.ts'

// What every view of the library (list, covers, table) shows of an entry the same way.

/** The book's title, a link to its page, in its own direction, wrapping anywhere. */
export function EntryTitle({ entry, sx }: { entry: LibraryEntry; sx?: SxProps<Theme> }) {
  return (
    <Link component={RouterLink} to={paths.book.href(entry.book._id)} dir="auto" sx={{ fontWeight: 700, overflowWrap: 'anywhere', ...sx }}>
      {entry.book.title}
    </Link>
  )
}

/** When the reader last finished the book: its day in words, 'date unknown' for a finish without one, '' when never finished. */
export function dateReadInWords(e: Pick<LibraryEntry, 'finishedOn' | 'readCount'>): string {
  if (e.finishedOn) return partialDateInWords(e.finishedOn)
  return e.readCount > 0 ? 'date unknown' : ''
}

/** The reader's rating of the book as stars, or nothing when unrated. */
export function EntryStars({ entry, size }: { entry: LibraryEntry; size?: number }) {
  return entry.rating === null ? null : <Stars value={entry.rating} label={`Rated ${entry.rating} out of 5`} {...(size ? { size } : {})} />
}

const twoDigits = (n: number) => String(n).padStart(2, '0')

/** When the book entered the library, on the reader's own calendar, in the words its dates read use ('5 January 2026'). */
export function dateAddedInWords(addedAt: string | undefined): string {
  const at = addedAt ? new Date(addedAt) : undefined
  if (!at || Number.isNaN(at.getTime())) return ''
  return partialDateInWords(`${at.getFullYear()}-${twoDigits(at.getMonth() + 1)}-${twoDigits(at.getDate())}`)
}
