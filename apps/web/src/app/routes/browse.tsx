import { useState, type FormEvent, type ReactNode } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Collapse from '@mui/material/Collapse'
import Container from '@mui/material/Container'
import Paper from '@mui/material/Paper'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import { useTheme } from '@mui/material/styles'
import FilterListIcon from '@mui/icons-material/FilterList'
import { LIMITS, PAGE_RANGES } from '@shelfwise/contracts/constants'
import type { Book } from '@shelfwise/contracts'
import { BookCard } from '#/components/book-card.tsx'
import { BookGrid } from '#/components/book-grid.tsx'
import { BadgeLabel } from '#/components/badge-label.tsx'
import { LoadMore } from '#/components/load-more.tsx'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { EmptyState } from '#/components/feedback/empty-state.tsx'
import type { QueryClient } from '@tanstack/react-query'
import { booksInfiniteQuery, useBooksInfinite } from '#/features/books/api/get-books.ts'
import { useBookSearchInfinite, type BookSearchParams } from '#/features/books/api/search-books.ts'
import { usePopularBooks } from '#/features/books/api/get-popular-books.ts'
import { useSortedBooks } from '#/features/books/api/get-books.ts'
import { activeFilterCount, BrowseFilters, emptyFilters, isDefaultYears, type Filters } from '#/features/books/components/browse-filters.tsx'
import { reviewsThisWeek } from '#/features/books/components/popular-books.tsx'
import { useDeferredData } from '#/lib/deferred.ts'

export const BROWSE_ERRORS = {
  books: 'Failed to fetch books',
  search: 'Failed to search books',
  filters: 'Failed to apply filters',
  popular: 'Failed to fetch popular books this week',
  newReleases: 'Failed to fetch new releases',
  topRated: 'Failed to fetch top rated books',
} as const

const PAGE_SIZE = 24
type Scope = 'all' | 'title' | 'author'

const hasFilters = (f: Filters) => activeFilterCount(f) > 0

/** The search call's parameters, or null for "the full list" (no text and no filter). */
function toParams(query: string, scope: Scope, f: Filters): BookSearchParams | null {
  const q = query.trim()
  if (!q && !hasFilters(f)) return null
  const range = PAGE_RANGES.find((p) => p.label === f.pageRange)
  return {
    query: q || undefined,
    type: scope,
    genres: f.genres,
    categories: f.categories,
    languages: f.languages,
    minRating: f.rating ?? undefined,
    minPages: range?.min,
    maxPages: range?.max,
    // The year range is sent only when it differs from 2000–2023 (spec §5).
    ...(isDefaultYears(f.years) ? {} : { minYear: f.years[0], maxYear: f.years[1] }),
  }
}

function BookCards({ books, badge, footer }: { books: Book[]; badge?: string; footer?: (b: Book) => ReactNode }) {
  return (
    <BookGrid>
      {books.map((b) => (
        <BookCard key={b._id} book={b} badges={badge ? <BadgeLabel color={badge === 'New' ? 'success' : badge === 'Top Rated' ? 'primary' : 'secondary'}>{badge}</BadgeLabel> : undefined} footer={footer?.(b)} />
      ))}
    </BookGrid>
  )
}

function AllBooksTab({ applied, source, filters, onRemove, onClear }: {
  applied: BookSearchParams | null
  source: 'search' | 'filters'
  filters: Filters
  onRemove: (f: Filters) => void
  onClear: () => void
}) {
  const all = useBooksInfinite(PAGE_SIZE)
  const search = useBookSearchInfinite(applied, PAGE_SIZE)
  const q = applied ? search : all
  const errorText = applied ? BROWSE_ERRORS[source] : BROWSE_ERRORS.books
  const shown = useDeferredData(q.data)
  const books = shown?.pages.flatMap((p) => p.items) ?? []
  const total = shown?.pages[0]?.total ?? books.length
  const range = PAGE_RANGES.find((p) => p.label === filters.pageRange)
  const chips = [
    ...filters.genres.map((g) => ({ key: `g-${g}`, label: g, remove: () => onRemove({ ...filters, genres: filters.genres.filter((x) => x !== g) }) })),
    ...filters.categories.map((c) => ({ key: `c-${c}`, label: c, remove: () => onRemove({ ...filters, categories: filters.categories.filter((x) => x !== c) }) })),
    ...filters.languages.map((l) => ({ key: `l-${l}`, label: l, remove: () => onRemove({ ...filters, languages: filters.languages.filter((x) => x !== l) }) })),
    ...(filters.rating ? [{ key: 'rating', label: `${filters.rating}+ Stars`, remove: () => onRemove({ ...filters, rating: null }) }] : []),
    ...(range ? [{ key: 'pages', label: `${range.min}-${range.max} pages`, remove: () => onRemove({ ...filters, pageRange: null }) }] : []),
  ]
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        {!q.isPending && !q.isError && shown && <Typography sx={{ fontWeight: 600, mr: 1 }} role="status">{total} books found</Typography>}
        {chips.map((c) => <Chip key={c.key} label={c.label} onDelete={c.remove} color="primary" variant="outlined" size="small" />)}
        {(chips.length > 0 || !isDefaultYears(filters.years)) && <Button size="small" onClick={onClear}>Clear All Filters</Button>}
      </Box>
      {q.isError ? (
        <ErrorAlert>{errorText}</ErrorAlert>
      ) : q.isPending || !shown ? (
        // A screen's height kept for the cards to come: the footer stays below, out of view.
        <SectionSpinner label="Loading books" minHeight="100vh" />
      ) : books.length === 0 ? (
        <EmptyState message="No books match your search." />
      ) : (
        <>
          <BookCards books={books} />
          {/* Only for the list on screen: while the list drawn lags the query's (a search just undone,
              a page just come), asking for "the next page" would ask the wrong list for it. */}
          <LoadMore hasNextPage={q.hasNextPage && shown === q.data} isFetching={q.isFetchingNextPage} onLoad={() => void q.fetchNextPage()} />
        </>
      )}
    </>
  )
}

function PopularTab() {
  const { data, isPending, isError } = usePopularBooks()
  if (isPending) return <SectionSpinner label="Loading popular books" />
  if (isError) return <ErrorAlert>{BROWSE_ERRORS.popular}</ErrorAlert>
  if (data.length === 0) return <EmptyState message="No popular books found for this week." />
  const counts = new Map(data.map((e) => [e.book._id, e.reviewCount]))
  return (
    <BookCards
      books={data.map((e) => e.book)}
      badge="Popular"
      footer={(b) => <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>{reviewsThisWeek(counts.get(b._id) ?? 0)}</Typography>}
    />
  )
}

function SortedTab({ sort }: { sort: 'published' | 'rating' }) {
  const limit = sort === 'published' ? LIMITS.newReleases : LIMITS.topRated
  const { data, isPending, isError } = useSortedBooks(sort, limit)
  if (isPending) return <SectionSpinner label="Loading books" />
  if (isError) return <ErrorAlert>{sort === 'published' ? BROWSE_ERRORS.newReleases : BROWSE_ERRORS.topRated}</ErrorAlert>
  if (data.length === 0) return <EmptyState message="No books found." />
  return <BookCards books={data} badge={sort === 'published' ? 'New' : 'Top Rated'} />
}

/** The queries Browse's first render asks for (RouteHandle.prefetch). */
export function prefetchBrowse(client: QueryClient): void {
  void client.prefetchInfiniteQuery(booksInfiniteQuery(PAGE_SIZE))
}

export function BrowseRoute() {
  const theme = useTheme()
  const isWide = useMediaQuery(theme.breakpoints.up('md'))
  const [tab, setTab] = useState(0)
  const [text, setText] = useState('')
  const [scope, setScope] = useState<Scope>('all')
  const [filters, setFilters] = useState<Filters>(emptyFilters)
  const [submitted, setSubmitted] = useState('')
  const [applied, setApplied] = useState<BookSearchParams | null>(null)
  const [source, setSource] = useState<'search' | 'filters'>('search')
  const [isFiltersOpen, setFiltersOpen] = useState(false)
  // The filter panel (dozens of checkboxes) is drawn the first time it shows, not hidden on every
  // first view of a small screen.
  const [hasShownFilters, setHasShownFilters] = useState(false)
  if ((isWide || isFiltersOpen) && !hasShownFilters) setHasShownFilters(true)
  const count = activeFilterCount(filters)

  const handleSearch = (e: FormEvent) => {
    e.preventDefault()
    const q = text.trim()
    setSubmitted(q)
    setSource('search')
    setApplied(toParams(q, scope, filters))
    setTab(0)
  }
  const applyFilters = (f: Filters) => {
    setFilters(f)
    setSource('filters')
    setApplied(toParams(submitted, scope, f))
  }
  const clearAll = () => {
    setFilters(emptyFilters())
    setText('')
    setSubmitted('')
    setApplied(null)
  }

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, md: 4 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 2 }}>Browse Books</Typography>
      <Paper component="form" role="search" onSubmit={handleSearch} variant="outlined" sx={{ p: 1.5, mb: 3, display: 'flex', gap: 1, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <TextField
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Search by title, author, or keyword..."
          size="small"
          fullWidth
          slotProps={{ htmlInput: { 'aria-label': 'Search books' } }}
        />
        <TextField
          select
          size="small"
          label="Search in"
          value={scope}
          onChange={(e) => setScope(e.target.value as Scope)}
          slotProps={{ select: { native: true } }}
          sx={{ minWidth: 150, flexShrink: 0 }}
        >
          <option value="all">All Fields</option>
          <option value="title">Title Only</option>
          <option value="author">Author Only</option>
        </TextField>
        <Button type="submit" variant="contained" sx={{ flexShrink: 0, px: 3 }}>Search</Button>
      </Paper>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '260px 1fr' }, gap: 3, alignItems: 'start' }}>
        <Box component="aside" aria-label="Filters">
          {!isWide && (
            <Button
              variant="outlined"
              startIcon={<FilterListIcon />}
              onClick={() => setFiltersOpen((o) => !o)}
              aria-expanded={isFiltersOpen}
              aria-controls="browse-filters"
              fullWidth
            >
              {isFiltersOpen ? 'Hide Filters' : 'Show Filters'}
              {/* The count badge, after the label so the button reads 'Show Filters 2'; absent at 0. */}
              {count > 0 && (
                <Box component="span" data-testid="filter-count" sx={{ ml: 1, minWidth: 20, height: 20, px: 0.75, borderRadius: 10, bgcolor: 'secondary.main', color: 'secondary.contrastText', fontSize: 12, fontWeight: 700, lineHeight: '20px' }}>
                  {count}
                </Box>
              )}
            </Button>
          )}
          <Collapse in={isWide || isFiltersOpen} id="browse-filters">
            {(isWide || isFiltersOpen || hasShownFilters) && (
              <Paper variant="outlined" sx={{ p: 2, mt: isWide ? 0 : 1 }}>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
                  <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>Filters</Typography>
                  <Button size="small" onClick={clearAll}>Clear All Filters</Button>
                </Box>
                <BrowseFilters filters={filters} onChange={applyFilters} />
              </Paper>
            )}
          </Collapse>
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Tabs value={tab} onChange={(_, v: number) => setTab(v)} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }} aria-label="Book lists">
            <Tab label="All Books" />
            <Tab label="Popular This Week" />
            <Tab label="New Releases" />
            <Tab label="Top Rated" />
          </Tabs>
          {tab === 0 && <AllBooksTab applied={applied} source={source} filters={filters} onRemove={applyFilters} onClear={clearAll} />}
          {tab === 1 && <PopularTab />}
          {tab === 2 && <SortedTab sort="published" />}
          {tab === 3 && <SortedTab sort="rating" />}
        </Box>
      </Box>
    </Container>
  )
}
