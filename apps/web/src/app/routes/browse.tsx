import { useState, type FormEvent } from 'react'
import { useLocation, useNavigate } from 'react-router'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
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
import { PAGE_RANGES } from '@shelfwise/contracts/constants'
import type { QueryClient } from '@tanstack/react-query'
import { booksInfiniteQuery } from '#/features/books/api/get-books.ts'
import type { BookSearchParams } from '#/features/books/api/search-books.ts'
import { useBookFacets } from '#/features/books/api/get-book-facets.ts'
import { activeFilterCount, BrowseFilters, emptyFilters, isDefaultYears, YEAR_BOUNDS, type Filters } from '#/features/books/components/browse-filters.tsx'
import { AllBooksTab, PAGE_SIZE, PopularTab, SearchSortedTab, SortedTab } from '#/features/books/components/browse-lists.tsx'
import { SkipToResults, RESULTS_ID } from '#/features/books/components/skip-to-results.tsx'
import { readBrowseState, writeBrowseState, type BrowseState, type Scope } from '#/features/books/browse-url.ts'
import { useDocumentTitle } from '#/lib/document-title.ts'
import { useScrollMemory } from '#/lib/use-scroll-memory.ts'

export { BROWSE_ERRORS } from '#/features/books/components/browse-lists.tsx'

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
    // '501+ pages' has no upper end (decision 0009).
    minPages: range?.min,
    maxPages: range?.max,
    // The year range is sent only when it differs from 2000–2023 (spec §5).
    ...(isDefaultYears(f.years) ? {} : { minYear: f.years[0], maxYear: f.years[1] }),
  }
}

/** The queries Browse's first render asks for (RouteHandle.prefetch). */
export function prefetchBrowse(client: QueryClient): void {
  void client.prefetchInfiniteQuery(booksInfiniteQuery(PAGE_SIZE))
}

export function BrowseRoute() {
  const theme = useTheme()
  const isWide = useMediaQuery(theme.breakpoints.up('md'))
  useDocumentTitle('Browse')
  // Back from a book: the same card at the same place, once the list is drawn again (the router's own
  // restoring scrolls once, while the list is still its spinner).
  useScrollMemory()
  // Query, scope, filters and tab live in the address: Back, Reload and a shared link restore them.
  // The address's query, read with useLocation (useSearchParams would bring its own code into every
  // screen's first load: React Router sits in the entry chunk).
  const { search, pathname } = useLocation()
  const navigate = useNavigate()
  const params = new URLSearchParams(search)
  const setParams = (next: URLSearchParams, opts: { replace?: boolean; preventScrollReset?: boolean; flushSync?: boolean }) => {
    const q = next.toString()
    void navigate({ pathname, search: q ? `?${q}` : '' }, opts)
  }
  const state = readBrowseState(params)
  const { tab, filters } = state
  // flushSync: the address and the screen change within the click. Left to a later transition, a
  // clicked checkbox would spring back unchecked until then, and a second click meanwhile would build
  // on the old address and drop the first choice.
  const go = (next: Partial<BrowseState>, replace = false) => setParams(writeBrowseState({ ...state, ...next }), { replace, preventScrollReset: true, flushSync: true })
  // The box and scope follow the address when it changes (Back, a link); typing stays local until Search.
  const [typed, setTyped] = useState({ for: params.toString(), text: state.q, scope: state.scope })
  if (typed.for !== params.toString()) setTyped({ for: params.toString(), text: state.q, scope: state.scope })
  const { text, scope } = typed
  const setText = (t: string) => setTyped({ ...typed, text: t })
  const setScope = (s: Scope) => setTyped({ ...typed, scope: s })
  const applied = toParams(state.q, state.scope, filters)
  const [source, setSource] = useState<'search' | 'filters'>('search')
  const facets = useBookFacets().data
  const yearBounds = { min: facets?.minYear ?? YEAR_BOUNDS.min, max: Math.max(facets?.maxYear ?? YEAR_BOUNDS.max, YEAR_BOUNDS.max) }
  const [isFiltersOpen, setFiltersOpen] = useState(false)
  // The filter panel (dozens of checkboxes) is drawn the first time it shows, not hidden on every
  // first view of a small screen.
  const [hasShownFilters, setHasShownFilters] = useState(false)
  if ((isWide || isFiltersOpen) && !hasShownFilters) setHasShownFilters(true)
  const count = activeFilterCount(filters)

  const handleSearch = (e: FormEvent) => {
    e.preventDefault()
    setSource('search')
    // A search is a history entry and returns to the first tab (spec §5).
    go({ q: text.trim(), scope, tab: 0 })
  }
  const applyFilters = (f: Filters) => {
    setSource('filters')
    go({ filters: f }, true)
  }
  const clearAll = () => go({ q: '', filters: emptyFilters() }, true)

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, md: 4 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 2 }}>Browse Books</Typography>
      <SkipToResults />
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
                <BrowseFilters filters={filters} onChange={applyFilters} yearBounds={yearBounds} />
              </Paper>
            )}
          </Collapse>
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={RESULTS_ID} tabIndex={-1} variant="h6" component="h2" sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>Results</Typography>
          {/* Each tab is a history entry. */}
          <Tabs value={tab} onChange={(_, v: number) => go({ tab: v })} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }} aria-label="Book lists">
            <Tab label="All Books" />
            <Tab label="Popular This Week" />
            <Tab label="New Releases" />
            <Tab label="Top Rated" />
          </Tabs>
          {tab === 0 && <AllBooksTab applied={applied} source={source} filters={filters} onRemove={applyFilters} onClear={clearAll} />}
          {/* With a search or filters, every tab lists their matches in its own order. */}
          {tab === 1 && (applied ? <SearchSortedTab applied={applied} sort="popular" /> : <PopularTab />)}
          {tab === 2 && (applied ? <SearchSortedTab applied={applied} sort="published" /> : <SortedTab sort="published" />)}
          {tab === 3 && (applied ? <SearchSortedTab applied={applied} sort="rating" /> : <SortedTab sort="rating" />)}
        </Box>
      </Box>
    </Container>
  )
}
