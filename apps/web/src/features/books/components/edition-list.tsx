import { Link as RouterLink } from '#/lib/router/react.tsx'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import type { Book } from '@shelfwise/contracts'
import { paths } from '#/config/paths.ts'
import { BookCover } from '#/components/book-cover.tsx'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { useEditions } from '#/features/books/api/editions.ts'
import { editionFacts, editionName } from '#/features/books/components/edition-text.ts'
import { groupDigits } from '@shelfwise/contracts/numbers'

/**
 * The other editions of the work a page shows (decision 0027): every edition but the one on the
 * page, the main one first, each with its cover, name and facts and a link to its own page; a
 * page of them at a time, the next on "Load More".
 */
export function EditionList({ book, id }: { book: Book; id?: string }) {
  const list = useEditions(book._id)
  const shown = book.editionId ?? book._id
  if (list.isPending) return <SectionSpinner label="Loading the editions" />
  if (list.isError) return <ErrorAlert>Failed to load the editions</ErrorAlert>
  const others = list.items.filter((e) => e._id !== shown)
  const total = list.total === undefined ? undefined : Math.max(0, list.total - 1)
  return (
    <Box id={id}>
      <Box component="ul" aria-label="Other editions" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {others.map((e) => (
          <Box component="li" key={e._id} sx={{ display: 'flex', gap: 2, py: 1.5, borderBottom: 1, borderColor: 'divider', minWidth: 0 }}>
            {/* The link beside it names the edition: the cover is a picture only. */}
            <Box aria-hidden sx={{ width: 48, flexShrink: 0 }}>
              <BookCover title={book.title} author={book.author} src={e.coverImage || (e.primary ? book.coverImage : '')} compact />
            </Box>
            <Box sx={{ minWidth: 0, flexGrow: 1 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Link component={RouterLink} to={paths.book.href(e._id)} dir="auto" sx={{ fontWeight: 700, overflowWrap: 'anywhere', minWidth: 0 }}>
                  {editionName(e)}
                </Link>
                {e.primary && <Chip size="small" label="Main edition" variant="outlined" />}
              </Box>
              <Typography variant="body2" dir="auto" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                {editionFacts(e).join(' · ') || 'No details given'}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
      {list.hasNextPage && (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mt: 2 }}>
          <Button variant="outlined" onClick={list.fetchNextPage} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? 'Loading...' : 'Load More'}
          </Button>
          {total !== undefined && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
              {`${groupDigits(others.length)} of ${groupDigits(total)} shown`}
            </Typography>
          )}
        </Box>
      )}
      {list.isFetchNextPageError && <ErrorAlert>Failed to load more editions</ErrorAlert>}
    </Box>
  )
}
