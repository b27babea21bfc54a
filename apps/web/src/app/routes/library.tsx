import { lazy, Suspense, useCallback } from 'react'
import { Link as RouterLink, useLocation, useNavigate, useParams } from '#/lib/router/react.tsx'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import UploadIcon from '@mui/icons-material/Upload'
import { READING_STATUS_LABELS, READING_STATUSES } from '@shelfwise/contracts/constants'
import type { BookFormat, ReadingStatus } from '@shelfwise/contracts'
import { paths } from '#/config/paths.ts'
import { useAuth } from '#/lib/auth.tsx'
import { useDocumentTitle } from '#/lib/document-title.ts'
import { useUser } from '#/features/users/api/get-user.ts'
import { useLibraryCounts } from '#/features/reading/api/library.ts'
import { LibraryList } from '#/features/reading/components/library-list.tsx'
import { StatsLink } from '#/features/stats/components/stats-link.tsx'
import { layoutOf, withLayout, type LibraryLayout } from '#/features/reading/components/library-layout.ts'
import { groupDigits } from '@shelfwise/contracts/numbers'

// The reader's shelves come with their own chunk, after the page (decision 0028).
const LibraryShelves = lazy(() => import('#/features/bookshelves/components/library-shelves.tsx'))
// So do the reader's filters by the copies they own (decision 0027), and a list's order, search and view (issue 22).
const LibraryFilters = lazy(() => import('#/features/reading/components/library-filters.tsx'))
const LibraryControls = lazy(() => import('#/features/reading/components/library-controls.tsx'))

/** The formats the address may name (?format=); anything else is no filter. */
const FORMATS: readonly string[] = ['hardcover', 'paperback', 'ebook', 'audiobook'] satisfies BookFormat[]

/**
 * A reader's library: a tab per reading status with its count, the open one in the address (?status=),
 * or one of their shelves (?shelf=); on their own library, filters by the copies they own (?owned=true,
 * ?format=), kept from tab to tab. With a filter and no tab asked, every status shows. Each list is
 * ordered, searched and shown as a list, covers or a table as the address says (?sort=, ?order=, ?q=,
 * ?view=; issue 22), kept from tab to tab too.
 */
export function LibraryRoute() {
  const { userId = '' } = useParams()
  const { user: viewer } = useAuth()
  const own = viewer?._id === userId
  const { pathname, search } = useLocation()
  const navigate = useNavigate()
  const statuses = READING_STATUSES.filter((s) => own || s !== 'want')
  const query = new URLSearchParams(search)
  const asked = query.get('status') as ReadingStatus | null
  const isAsked = asked !== null && statuses.includes(asked)
  const status: ReadingStatus = isAsked ? asked : 'reading'
  const shelf = query.get('shelf')?.trim() || undefined
  // What a reader owns is theirs alone: another reader's library has no such filters.
  const owned = own && query.get('owned') === 'true'
  const typedFormat = query.get('format') ?? ''
  const format = own && FORMATS.includes(typedFormat) ? (typedFormat as BookFormat) : undefined
  const isFiltered = owned || format !== undefined
  // Every status at once: on a shelf, or filtered without a tab asked for.
  const isEveryStatus = shelf !== undefined || (isFiltered && !isAsked)
  const user = useUser(userId)
  const counts = useLibraryCounts(userId)
  const username = user.data?.username
  const layout = layoutOf(query, isEveryStatus ? 'all' : status)
  const onLayout = useCallback(
    (change: Partial<LibraryLayout>) => navigate({ pathname, search: withLayout(search, change) }, { replace: true }),
    [navigate, pathname, search],
  )
  const clearSearch = () => onLayout({ q: '' })
  useDocumentTitle(username ? `${shelf ?? (isEveryStatus ? 'All your books' : READING_STATUS_LABELS[status])} · @${username}'s library` : 'Library')
  /** The address with these filters, and the status or shelf it had. */
  const withFilter = (isOwned: boolean, asFormat: BookFormat | undefined) => {
    const next = new URLSearchParams(search)
    if (isOwned) next.set('owned', 'true')
    else next.delete('owned')
    if (asFormat) next.set('format', asFormat)
    else next.delete('format')
    const text = next.toString()
    return text ? `?${text}` : ''
  }
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, overflowWrap: 'anywhere', minWidth: 0 }}>
          {username ? (
            <>
              <Link component={RouterLink} to={paths.user.href(userId)} underline="hover" color="inherit" dir="auto">
                @{username}
              </Link>
              ’s library
            </>
          ) : (
            'Library'
          )}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <StatsLink userId={userId} />
          {own && (
            <Button component={RouterLink} to={paths.import.href()} variant="outlined" size="small" startIcon={<UploadIcon />}>
              Import
            </Button>
          )}
        </Box>
      </Box>
      <Suspense fallback={null}>
        <LibraryShelves userId={userId} own={own} selected={shelf} />
      </Suspense>
      {own && (
        <Suspense fallback={null}>
          <LibraryFilters filter={{ owned, format }} onChange={(f) => navigate({ pathname, search: withFilter(f.owned, f.format) }, { replace: true })} />
        </Suspense>
      )}
      <Paper variant="outlined" sx={{ px: { xs: 1, sm: 2 }, pb: 2 }}>
        <Tabs
          // On a shelf (or filtered with no tab asked), no status tab is open: choosing one leaves the shelf and keeps the filters.
          value={isEveryStatus ? false : status}
          onChange={(_, v: ReadingStatus) => {
            // The filters, order, search and view stay; the shelf is left.
            const rest = [...new URLSearchParams(search)].filter(([k]) => k !== 'shelf' && k !== 'status')
            navigate({ pathname, search: `?${new URLSearchParams([['status', v], ...rest]).toString()}` }, { replace: true })
          }}
          aria-label="Reading statuses"
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {statuses.map((s) => (
            <Tab key={s} value={s} label={counts.data ? `${READING_STATUS_LABELS[s]} (${groupDigits(counts.data[s])})` : READING_STATUS_LABELS[s]} />
          ))}
        </Tabs>
        <Suspense fallback={<Box sx={{ minHeight: 72 }} />}>
          <LibraryControls layout={layout} onChange={onLayout} />
        </Suspense>
        {isEveryStatus ? (
          <>
            <Typography variant="h6" component="h2" dir="auto" sx={{ fontWeight: 700, mt: 2, overflowWrap: 'anywhere' }}>
              {shelf ?? 'All your books'}
            </Typography>
            <LibraryList
              key={`shelf:${shelf ?? ''}`}
              userId={userId}
              status="all"
              own={own}
              shelf={shelf}
              owned={owned}
              format={format}
              layout={layout}
              onClearSearch={clearSearch}
            />
          </>
        ) : (
          <LibraryList key={status} userId={userId} status={status} own={own} owned={owned} format={format} layout={layout} onClearSearch={clearSearch} />
        )}
      </Paper>
    </Container>
  )
}
