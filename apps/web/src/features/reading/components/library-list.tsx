import { lazy, Suspense } from 'react'
import Box from '@mui/material/Box'
import LinearProgress from '@mui/material/LinearProgress'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { READING_STATUS_LABELS, READING_STATUSES } from '@shelfwise/contracts/constants'
import type { BookFormat, LibraryEntry, ReadingStatus } from '@shelfwise/contracts'
import { BookCover } from '#/components/book-cover.tsx'
import { LoadMore } from '#/components/load-more.tsx'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { EmptyState } from '#/components/feedback/empty-state.tsx'
import { useLibrary } from '#/features/reading/api/library.ts'
import { useUpdateReading } from '#/features/reading/api/reading.ts'
import { partialDateInWords } from '#/features/reading/components/partial-date.ts'
import { entryPages, progressPercent } from '#/features/reading/components/progress.ts'
import { NativeSelectField } from '#/features/reading/components/reading-fields.tsx'
import { dateReadInWords, EntryStars, EntryTitle } from '#/features/reading/components/library-entry-parts.tsx'
import type { LibraryLayout } from '#/features/reading/components/library-layout.ts'

// The copies a reader owns come in the filters' chunk, which their own library loads (decision 0027).
const OwnedNote = lazy(async () => ({ default: (await import('#/features/reading/components/library-filters.tsx')).OwnedNote }))
// The covers and the table come with their own chunk, when a reader picks them (issue 22).
const LibraryGrid = lazy(async () => ({ default: (await import('#/features/reading/components/library-views.tsx')).LibraryGrid }))
const LibraryTable = lazy(async () => ({ default: (await import('#/features/reading/components/library-views.tsx')).LibraryTable }))

const STATUS_OPTIONS = [{ value: '', label: 'No status' }, ...READING_STATUSES.map((s) => ({ value: s, label: READING_STATUS_LABELS[s] }))]

function entryDetails(e: LibraryEntry): string {
  const parts: string[] = []
  if (e.startedOn) parts.push(`Started ${partialDateInWords(e.startedOn)}`)
  // A book being read again: its finish is an earlier read's, so it says so.
  const reading = e.status === 'reading' || e.status === 'paused'
  const finished = reading ? 'Last finished' : 'Finished'
  if (e.finishedOn) parts.push(`${finished} ${partialDateInWords(e.finishedOn)}`)
  else if (e.readCount > 0) parts.push(`${finished}, ${dateReadInWords(e)}`)
  if (e.readCount > 1) parts.push(`Read ${e.readCount} times`)
  return parts.join(' · ')
}

/** The reader's own status control on a row of their library: a change moves the book to its new tab. */
function StatusSelect({ entry }: { entry: LibraryEntry }) {
  const update = useUpdateReading(entry.book._id)
  return (
    <NativeSelectField
      label="Status"
      value={entry.status ?? ''}
      options={STATUS_OPTIONS}
      accessibleName={`Status of ${entry.book.title}`}
      disabled={update.isPending}
      errorText={update.isError ? 'Could not save. Please try again.' : undefined}
      onChange={(v) => update.mutate({ status: (v || null) as ReadingStatus | null })}
      sx={{ minWidth: 170, mt: 1 }}
    />
  )
}

/**
 * One tab of a reader's library (or one of their shelves), filtered by the copies they own when asked:
 * each book with its status, rating, dates and progress; on their own library, the copies they own
 * and a status control on each. `layout` orders and searches it, and lays it out as a list, covers
 * or a table (issue 22).
 */
export function LibraryList({
  userId,
  status,
  own = false,
  shelf,
  owned = false,
  format,
  layout,
  onClearSearch,
}: {
  userId: string
  status: ReadingStatus | 'all'
  own?: boolean
  shelf?: string | undefined
  owned?: boolean
  format?: BookFormat | undefined
  layout?: LibraryLayout | undefined
  onClearSearch?: () => void
}) {
  const q = layout?.q.trim() ?? ''
  const order = layout ? { sort: layout.sort, order: layout.order, ...(q ? { q } : {}) } : {}
  const list = useLibrary(userId, status, { ...(shelf ? { shelf } : {}), owned, ...(format ? { format } : {}), ...order })
  if (list.isPending) return <SectionSpinner label="Loading the library" />
  if (list.isError) return <ErrorAlert>Failed to load the library</ErrorAlert>
  if (list.items.length === 0 && q)
    return (
      <EmptyState
        message={`No books match ‘${q}’`}
        action={
          onClearSearch && (
            <Button variant="outlined" onClick={onClearSearch}>
              Clear search
            </Button>
          )
        }
      />
    )
  if (list.items.length === 0)
    return <EmptyState message={owned || format ? 'No books match these filters.' : shelf ? 'No books on this shelf yet.' : 'No books here yet.'} />
  const more = <LoadMore hasNextPage={list.hasNextPage} isFetching={list.isFetchingNextPage} onLoad={list.fetchNextPage} />
  if (layout?.view === 'grid' || layout?.view === 'table') {
    const View = layout.view === 'grid' ? LibraryGrid : LibraryTable
    return (
      <>
        <Suspense fallback={<SectionSpinner label="Loading the library" />}>
          <View entries={list.items} />
        </Suspense>
        {more}
      </>
    )
  }
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
                <EntryTitle entry={e} />
                <Typography variant="body2" dir="auto" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  {e.book.author}
                  {e.status ? ` · ${READING_STATUS_LABELS[e.status]}` : ''}
                </Typography>
                <EntryStars entry={e} />
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
      {more}
    </>
  )
}
