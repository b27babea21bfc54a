import type { ComponentProps, ReactNode } from 'react'
import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { Book } from '@shelfwise/contracts'
import { formatMonthYear } from '#/lib/format.ts'
import { BookNameLink } from '#/features/books/components/book-name-link.tsx'

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" sx={{ color: 'text.secondary', fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  )
}

/** A book's facts under its description: published, language, pages, edition, publisher (a link), ISBN. */
export function BookFacts({
  book,
  lookupUser,
  onNameError,
}: {
  book: Book
  lookupUser: ComponentProps<typeof BookNameLink>['lookupUser']
  onNameError: (message: string) => void
}) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 3, rowGap: 1, m: 0, overflowWrap: 'anywhere' }}>
      <Detail label="Published">{formatMonthYear(book.publishedDate)}</Detail>
      <Detail label="Language">{book.language || '—'}</Detail>
      <Detail label="Pages">{book.pageCount ?? '—'}</Detail>
      <Detail label="Edition">{book.edition || '—'}</Detail>
      <Detail label="Publisher">
        {book.publisher ? (
          <BookNameLink field="publisher" name={book.publisher} username={book.publisher_username} lookupUser={lookupUser} onError={onNameError} />
        ) : (
          '—'
        )}
      </Detail>
      {book.isbn && <Detail label="ISBN">{book.isbn}</Detail>}
    </Box>
  )
}
