import { useState, type FormEvent } from 'react'
import { useLocation, useNavigate } from '#/lib/router/react.tsx'
import Box from '@mui/material/Box'
import Container from '@mui/material/Container'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import { useTheme } from '@mui/material/styles'
import type { QueryClient } from '@tanstack/react-query'
import { booksInfiniteQuery } from '#/features/books/api/get-books.ts'
import { useBookFacets } from '#/features/books/api/get-book-facets.ts'
import { emptyFilters, SPEC_FILTER_OPTIONS, YEAR_BOUNDS, type Filters } from '#/features/books/components/browse-filters.tsx'
import { BrowseFilterPanel } from '#/features/books/components/browse-filter-panel.tsx'
import { BrowseSearchForm } from '#/features/books/components/browse-search-form.tsx'
import { AllBooksTab, PAGE_SIZE, PopularTab, SearchSortedTab, SortedTab } from '#/features/books/components/browse-lists.tsx'
import { SkipToResults, RESULTS_ID } from '#/features/books/components/skip-to-results.tsx'
import { readBrowseState, toSearchParams, writeBrowseState, type BrowseState, type Scope } from '#/features/books/browse-url.ts'
import { useDocumentTitle } from '#/lib/document-title.ts'
import { useScrollMemory } from '#/lib/use-scroll-memory.ts'

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
  // The address's query, read from useLocation (the app's router has no useSearchParams, decision 0035).
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
  const go = (next: Partial<BrowseState>, replace = false) =>
    setParams(writeBrowseState({ ...state, ...next }), { replace, preventScrollReset: true, flushSync: true })
  // The box and scope follow the address when it changes (Back, a link); typing stays local until Search.
  const [typed, setTyped] = useState({ for: params.toString(), text: state.q, scope: state.scope })
  if (typed.for !== params.toString()) setTyped({ for: params.toString(), text: state.q, scope: state.scope })
  const { text, scope } = typed
  const setText = (t: string) => setTyped({ ...typed, text: t })
  const setScope = (s: Scope) => setTyped({ ...typed, scope: s })
  const applied = toSearchParams(state.q, state.scope, filters)
  const [source, setSource] = useState<'search' | 'filters'>('search')
  const facets = useBookFacets().data
  const yearBounds = { min: facets?.minYear ?? YEAR_BOUNDS.min, max: Math.max(facets?.maxYear ?? YEAR_BOUNDS.max, YEAR_BOUNDS.max) }
  // The lists offer what the catalogue carries (issue 22), the spec's lists until the answer comes.
  const options = facets ? { genres: facets.genres, categories: facets.categories, languages: facets.languages } : SPEC_FILTER_OPTIONS

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
  // The filters go, the words stay (issue 22, decision 0040): clearing filters is not a new search.
  const clearAll = () => go({ filters: emptyFilters() }, true)

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, md: 4 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 2 }}>
        Browse Books
      </Typography>
      <SkipToResults />
      <BrowseSearchForm text={text} scope={scope} onText={setText} onScope={setScope} onSubmit={handleSearch} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '260px 1fr' }, gap: 3, alignItems: 'start' }}>
        <BrowseFilterPanel
          filters={filters}
          isWide={isWide}
          yearBounds={yearBounds}
          options={options}
          searchFor={(f) => toSearchParams(state.q, state.scope, f)}
          onChange={applyFilters}
          onClear={clearAll}
        />
        <Box sx={{ minWidth: 0 }}>
          <Typography
            id={RESULTS_ID}
            tabIndex={-1}
            variant="h6"
            component="h2"
            sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}
          >
            Results
          </Typography>
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
