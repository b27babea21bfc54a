import type { ComponentProps, ReactNode } from 'react'
import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { Book } from '@shelfwise/contracts'
import { formatMonthYear } from '#/lib/format.ts'
import { BookNameLink } from '#/features/books/components/book-name-link.tsx'
import { audioLength, BOOK_FORMAT_LABELS } from '#/features/books/components/edition-text.ts'

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

/** A book's facts under its description: published, language, format, pages (or an audiobook's length), edition, publisher (a link), ISBN. */
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
      {book.format && <Detail label="Format">{BOOK_FORMAT_LABELS[book.format]}</Detail>}
      {/* An audiobook is as long as it plays (decision 0027): its pages only when it has some. */}
      {!(book.format === 'audiobook' && book.pageCount === null) && <Detail label="Pages">{book.pageCount ?? '—'}</Detail>}
      {book.audioSeconds ? <Detail label="Length">{`${audioLength(book.audioSeconds)} (h:mm)`}</Detail> : null}
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
