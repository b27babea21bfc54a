import { forwardRef } from 'react'
import { Link as RouterLink } from '#/lib/router/react.tsx'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import type { BookDuplicate } from '@shelfwise/contracts'
import { BOOK_MESSAGES } from '#/features/books/components/add-book-values.ts'
import { paths } from '#/config/paths.ts'

const DUPLICATE_TEXT = {
  maybe: 'This book may already be on Shelfwise:',
  isbn: `${BOOK_MESSAGES.isbnTaken}:`,
  addAnyway: 'It is a different book: add it anyway',
} as const

const year = (date: string | null) => (date ? ` (${date.slice(0, 4)})` : '')

/**
 * Books already on Shelfwise that the one being added may repeat, each a link to its page. For the
 * same title and author the reader may say it is another book (another edition, say) and add it
 * anyway; the same ISBN cannot be added twice.
 */
export const DuplicateNotice = forwardRef<HTMLDivElement, { matches: BookDuplicate[]; kind: 'isbn' | 'title'; onAddAnyway?: () => void }>(
  function DuplicateNotice({ matches, kind, onAddAnyway }, ref) {
    return (
      <Alert
        ref={ref}
        tabIndex={-1}
        severity={kind === 'isbn' ? 'error' : 'warning'}
        role="alert"
        data-testid={`duplicate-${kind}`}
        sx={{ minWidth: 0, '& .MuiAlert-message': { minWidth: 0 } }}
      >
        <Box>{kind === 'isbn' ? DUPLICATE_TEXT.isbn : DUPLICATE_TEXT.maybe}</Box>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {matches.map(({ book }) => (
            <li key={book._id}>
              {/* A new tab: what was typed here stays as it is. */}
              <Link
                component={RouterLink}
                to={paths.book.href(book._id)}
                target="_blank"
                rel="noopener"
                dir="auto"
                sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
              >
                {book.title}
              </Link>
              <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                {' '}
                by <bdi>{book.author}</bdi>
                {year(book.publishedDate)}
              </Box>
            </li>
          ))}
        </Box>
        {onAddAnyway && (
          <Button size="small" color="inherit" variant="outlined" onClick={onAddAnyway} sx={{ mt: 1 }}>
            {DUPLICATE_TEXT.addAnyway}
          </Button>
        )}
      </Alert>
    )
  },
)
