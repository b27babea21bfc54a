import { useState } from 'react'
import { Link as RouterLink } from '#/lib/router/react.tsx'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import LinearProgress from '@mui/material/LinearProgress'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { LibraryEntry } from '@shelfwise/contracts'
import { paths } from '#/config/paths.ts'
import { errorMessage } from '#/lib/api-client.ts'
import { BookCover } from '#/components/book-cover.tsx'
import { GridList } from '#/components/grid-list.tsx'
import type { PagedList } from '#/lib/paged-list.ts'
import { useUpdateReading } from '#/features/reading/api/reading.ts'
import { entryPages, progressPercent } from '#/features/reading/components/progress.ts'
import { groupDigits } from '@shelfwise/contracts/numbers'

function progressWords(e: LibraryEntry): string {
  const pages = entryPages(e)
  if (e.progress.page !== null) return `Page ${groupDigits(e.progress.page)}${pages ? ` of ${groupDigits(pages)}` : ''}`
  if (e.progress.percent !== null) return `${e.progress.percent}%`
  return 'Just started'
}

/** One page number and Save: progress in one step, from the strip. */
function QuickProgress({ entry }: { entry: LibraryEntry }) {
  const update = useUpdateReading(entry.book._id)
  const [page, setPage] = useState('')
  const [error, setError] = useState<string | null>(null)
  return (
    <Box
      component="form"
      noValidate
      aria-label={`Progress in ${entry.book.title}`}
      onSubmit={(e) => {
        e.preventDefault()
        const n = Number(page)
        if (page.trim() === '' || !Number.isInteger(n) || n < 0) return setError('Page must be a whole number')
        setError(null)
        update.mutate(
          { progress: { page: n } },
          { onSuccess: () => setPage(''), onError: (err) => setError(errorMessage(err, 'Could not save. Please try again.')) },
        )
      }}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 1 }}
    >
      <TextField
        size="small"
        label="Page"
        type="number"
        value={page}
        onChange={(e) => setPage(e.target.value)}
        error={Boolean(error)}
        helperText={error}
        slotProps={{ htmlInput: { min: 0, inputMode: 'numeric' } }}
        sx={{ width: 96 }}
      />
      <Button type="submit" size="small" variant="outlined" disabled={update.isPending} sx={{ mt: 0.5 }}>
        Save
      </Button>
    </Box>
  )
}

/** The strip's books with their progress bars (and, for the reader themself, a page box each). */
export function CurrentlyReadingStrip({ userId, own, list }: { userId: string; own: boolean; list: PagedList<LibraryEntry> }) {
  return (
    // Home's section look, spelled here: sharing Home's Section component would split it out of Home's first chunk.
    <Box component="section" aria-labelledby="currently-reading-heading" sx={{ mt: { xs: 4, md: 6 } }}>
      <Typography id="currently-reading-heading" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        Currently Reading
      </Typography>
      <GridList label="Currently Reading" columns={{ xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' }}>
        {list.items.map((e) => {
          const pct = progressPercent(e.progress, entryPages(e))
          return (
            <Paper component="li" key={e.book._id} variant="outlined" sx={{ p: 1.5, display: 'flex', gap: 1.5, minWidth: 0 }}>
              <Box sx={{ width: 56, flexShrink: 0 }}>
                <BookCover title={e.book.title} author={e.book.author} src={e.book.coverImage} />
              </Box>
              <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                <Link component={RouterLink} to={paths.book.href(e.book._id)} dir="auto" sx={{ fontWeight: 700, overflowWrap: 'anywhere', display: 'block' }}>
                  {e.book.title}
                </Link>
                <Typography variant="body2" dir="auto" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  {e.book.author}
                </Typography>
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  {progressWords(e)}
                </Typography>
                {pct !== undefined && (
                  <LinearProgress variant="determinate" value={pct} aria-label={`Progress in ${e.book.title}`} sx={{ mt: 0.5, height: 6, borderRadius: 3 }} />
                )}
                {own && <QuickProgress entry={e} />}
              </Box>
            </Paper>
          )
        })}
      </GridList>
      {list.total !== undefined && list.total > list.items.length && (
        <Link component={RouterLink} to={paths.library.href(userId, 'reading')} sx={{ display: 'inline-block', mt: 1 }}>
          All {groupDigits(list.total)} books being read
        </Link>
      )}
    </Box>
  )
}
