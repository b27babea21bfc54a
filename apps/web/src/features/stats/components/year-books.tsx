import { useState } from 'react'
import { Link as RouterLink } from '#/lib/router/react.tsx'
import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import type { YearBook } from '@shelfwise/contracts'
import { paths } from '#/config/paths.ts'
import { errorMessage } from '#/lib/api-client.ts'
import { BookCover } from '#/components/book-cover.tsx'
import { Stars } from '#/components/stars.tsx'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { PagedListFooter } from '#/components/paged-list-footer.tsx'
import { useYearBooks } from '#/features/stats/api/year-books.ts'
import { groupDigits } from '@shelfwise/contracts/numbers'

export const YEAR_BOOKS_TEXT = {
  loadFailed: 'Could not load the year’s books. Please try again.',
} as const

type View = 'list' | 'covers'

/** A reader's date ('2025', '2025-06', '2025-06-10') in words, as precise as it was kept. */
export type DateInWords = (value: string) => string

function BookRow({ book, dateInWords }: { book: YearBook; dateInWords: DateInWords }) {
  return (
    <Box component="li" sx={{ display: 'grid', gridTemplateColumns: '48px minmax(0, 1fr)', gap: 1.5, alignItems: 'start', py: 1.25 }}>
      <BookCover title={book.title} author={book.author} src={book.coverImage} compact />
      <Box sx={{ minWidth: 0 }}>
        <Link component={RouterLink} to={paths.book.href(book._id)} dir="auto" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {book.title}
        </Link>
        <Typography variant="body2" dir="auto" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {book.author}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mt: 0.25 }}>
          <Typography variant="body2">Finished {dateInWords(book.finishedOn)}</Typography>
          {book.rating !== null ? (
            <Stars value={book.rating} size={16} />
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Not rated
            </Typography>
          )}
        </Box>
      </Box>
    </Box>
  )
}

function CoverTile({ book }: { book: YearBook }) {
  return (
    <Box component="li" sx={{ minWidth: 0 }}>
      <Link component={RouterLink} to={paths.book.href(book._id)} aria-label={book.title} sx={{ display: 'block', borderRadius: 1 }}>
        <BookCover title={book.title} author={book.author} src={book.coverImage} compact />
      </Link>
    </Box>
  )
}

/** The books of the year, each once, last finished first: as a list or as a wall of covers, a page at a time. */
export function YearBooks({ userId, year, dateInWords }: { userId: string; year: number; dateInWords: DateInWords }) {
  const [view, setView] = useState<View>('list')
  const list = useYearBooks(userId, year)
  const heading = `Books of ${year}`
  return (
    <Paper component="section" variant="outlined" aria-labelledby="year-books-heading" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography id="year-books-heading" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {heading}
          {list.total !== undefined && ' '}
          {list.total !== undefined && (
            <Typography component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
              ({groupDigits(list.total)})
            </Typography>
          )}
        </Typography>
        <ToggleButtonGroup size="small" exclusive value={view} onChange={(_e, v: View | null) => v && setView(v)} aria-label="Show the books as">
          <ToggleButton value="list">List</ToggleButton>
          <ToggleButton value="covers">Covers</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {list.isPending ? (
        <SectionSpinner label="Loading the year’s books" />
      ) : list.isError ? (
        <ErrorAlert>{errorMessage(list.error, YEAR_BOOKS_TEXT.loadFailed)}</ErrorAlert>
      ) : view === 'list' ? (
        <Box component="ul" aria-label={heading} sx={{ listStyle: 'none', m: 0, p: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}>
          {list.items.map((b) => (
            <BookRow key={b._id} book={b} dateInWords={dateInWords} />
          ))}
        </Box>
      ) : (
        <Box
          component="ul"
          aria-label={`Covers of the books of ${year}`}
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(76px, 1fr))' }}
        >
          {list.items.map((b) => (
            <CoverTile key={b._id} book={b} />
          ))}
        </Box>
      )}
      <PagedListFooter list={list} errorText={YEAR_BOOKS_TEXT.loadFailed} what="books" />
    </Paper>
  )
}
