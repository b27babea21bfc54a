import { lazy, Suspense } from 'react'
import { Link as RouterLink } from '#/lib/router/react.tsx'
import Box from '@mui/material/Box'
import LinearProgress from '@mui/material/LinearProgress'
import Link from '@mui/material/Link'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { READING_STATUS_LABELS, READING_STATUSES } from '@shelfwise/contracts/constants'
import type { BookFormat, LibraryEntry, ReadingStatus } from '@shelfwise/contracts'
import { paths } from '#/config/paths.ts'
import { BookCover } from '#/components/book-cover.tsx'
import { Stars } from '#/components/stars.tsx'
import { LoadMore } from '#/components/load-more.tsx'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { EmptyState } from '#/components/feedback/empty-state.tsx'
import { useLibrary } from '#/features/reading/api/library.ts'
import { useUpdateReading } from '#/features/reading/api/reading.ts'
import { partialDateInWords } from '#/features/reading/components/partial-date.ts'
import { entryPages, progressPercent } from '#/features/reading/components/progress.ts'

// The copies a reader owns come in the filters' chunk, which their own library loads (decision 0027).
const OwnedNote = lazy(async () => ({ default: (await import('#/features/reading/components/library-filters.tsx')).OwnedNote }))

function entryDetails(e: LibraryEntry): string {
  const parts: string[] = []
  if (e.startedOn) parts.push(`Started ${partialDateInWords(e.startedOn)}`)
  // A book being read again: its finish is an earlier read's, so it says so.
  const reading = e.status === 'reading' || e.status === 'paused'
  if (e.finishedOn) parts.push(`${reading ? 'Last finished' : 'Finished'} ${partialDateInWords(e.finishedOn)}`)
  if (e.readCount > 1) parts.push(`Read ${e.readCount} times`)
  return parts.join(' · ')
}

/** The reader's own status control on a row of their library: a change moves the book to its new tab. */
function StatusSelect({ entry }: { entry: LibraryEntry }) {
  const update = useUpdateReading(entry.book._id)
  return (
    <TextField
      select
      size="small"
      label="Status"
      value={entry.status ?? ''}
      disabled={update.isPending}
      error={update.isError}
      helperText={update.isError ? 'Could not save. Please try again.' : undefined}
      onChange={(ev) => update.mutate({ status: (ev.target.value || null) as ReadingStatus | null })}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'aria-label': `Status of ${entry.book.title}` } }}
      sx={{ minWidth: 170, mt: 1 }}
    >
      <option value="">No status</option>
      {READING_STATUSES.map((st) => (
        <option key={st} value={st}>
          {READING_STATUS_LABELS[st]}
        </option>
      ))}
    </TextField>
  )
}

/**
 * One tab of a reader's library (or one of their shelves), filtered by the copies they own when asked:
 * each book with its status, rating, dates and progress; on their own library, the copies they own
 * and a status control on each.
 */
export function LibraryList({
  userId,
  status,
  own = false,
  shelf,
  owned = false,
  format,
}: {
  userId: string
  status: ReadingStatus | 'all'
  own?: boolean
  shelf?: string | undefined
  owned?: boolean
  format?: BookFormat | undefined
}) {
  const list = useLibrary(userId, status, { ...(shelf ? { shelf } : {}), owned, ...(format ? { format } : {}) })
  if (list.isPending) return <SectionSpinner label="Loading the library" />
  if (list.isError) return <ErrorAlert>Failed to load the library</ErrorAlert>
  if (list.items.length === 0)
    return <EmptyState message={owned || format ? 'No books match these filters.' : shelf ? 'No books on this shelf yet.' : 'No books here yet.'} />
  return (
    <>
      <Box component="ul" aria-label="Books" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {list.items.map((e) => {
          const pct = e.status === 'reading' || e.status === 'paused' ? progressPercent(e.progress, entryPages(e)) : undefined
          const details = entryDetails(e)
          return (
            <Box component="li" key={e.book._id} sx={{ display: 'flex', gap: 2, py: 1.5, borderBottom: 1, borderColor: 'divider', minWidth: 0 }}>
              <Box sx={{ width: 56, flexShrink: 0 }}>
                <BookCover title={e.book.title} author={e.book.author} src={e.book.coverImage} />
              </Box>
              <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                <Link component={RouterLink} to={paths.book.href(e.book._id)} dir="auto" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                  {e.book.title}
                </Link>
                <Typography variant="body2" dir="auto" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  {e.book.author}
                  {e.status ? ` · ${READING_STATUS_LABELS[e.status]}` : ''}
                </Typography>
                {e.rating !== null && <Stars value={e.rating} label={`Rated ${e.rating} out of 5`} />}
                {details && <Typography variant="body2">{details}</Typography>}
                {e.owned && (
                  <Suspense fallback={null}>
                    <OwnedNote owned={e.owned} />
                  </Suspense>
                )}
                {pct !== undefined && (
                  <LinearProgress
                    variant="determinate"
                    value={pct}
                    aria-label={`Progress in ${e.book.title}`}
                    sx={{ mt: 0.5, height: 6, borderRadius: 3, maxWidth: 320 }}
                  />
                )}
                {own && <StatusSelect entry={e} />}
              </Box>
            </Box>
          )
        })}
      </Box>
      <LoadMore hasNextPage={list.hasNextPage} isFetching={list.isFetchingNextPage} onLoad={list.fetchNextPage} />
    </>
  )
}
