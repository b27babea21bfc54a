import { lazy, memo, Suspense, useCallback, useMemo, useState, type ChangeEvent, type FormEvent } from 'react'
import { useLocation, useNavigate } from 'react-router'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import SearchIcon from '@mui/icons-material/Search'
import { useAuth } from '#/lib/auth.tsx'
import { paths } from '#/config/paths.ts'
import { Section } from '#/components/section.tsx'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import type { QueryClient } from '@tanstack/react-query'
import { booksInfiniteQuery, useBooksInfinite } from '#/features/books/api/get-books.ts'
import { useFollowedBooks } from '#/features/books/api/get-followed-books.ts'
import { popularBooksQuery, usePopularBooks } from '#/features/books/api/get-popular-books.ts'
import { recentReviewsQuery } from '#/features/reviews/api/get-recent-reviews.ts'
import { useDeferredData } from '#/lib/deferred.ts'
import { useDocumentTitle } from '#/lib/document-title.ts'
import { useScrollMemory } from '#/lib/use-scroll-memory.ts'

// Book cards show only once the server has answered, so their code (cards, covers, stars) loads in
// parallel with the first requests, not before the first render; sections below the fold likewise.
const PopularBooks = lazy(async () => ({ default: (await import('#/features/books/components/popular-books.tsx')).PopularBooks }))
const HomeSearch = lazy(() => import('#/features/books/components/home-search.tsx'))
const FollowedBooks = lazy(async () => ({ default: (await import('#/features/books/components/followed-books.tsx')).FollowedBooks }))
const AllBooksGrid = lazy(async () => ({ default: (await import('#/features/books/components/all-books-grid.tsx')).AllBooksGrid }))
const RecentReviews = lazy(async () => ({ default: (await import('#/features/reviews/components/recent-reviews.tsx')).RecentReviews }))

// Popular Books This Week, once loaded, is taller than a screen (ten cards): while it loads it keeps
// a screen's height, so the sections below start out of view instead of being pushed down later.
const POPULAR_PENDING_HEIGHT = '100vh'

export const HOME_BOOKS_ERROR = 'Failed to fetch books'
export const FOLLOWED_ERROR = 'Failed to fetch books from followed users'

/** MUI's Container, spelt as a Box: Container's own code would be one more file in Home's first load. */
const frame = (maxWidth: 'md' | 'lg') => ({ width: '100%', mx: 'auto', px: { xs: 2, sm: 3 }, maxWidth }) as const

// Memoised: the screen draws again whenever a query's state changes; the hero need not.
const Hero = memo(function Hero({ initial, onSearch }: { initial: string; onSearch: (query: string) => void }) {
  const [text, setText] = useState(initial)
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault()
    onSearch(text)
  }
  return (
    <Box
      sx={{
        height: 500,
        display: 'flex',
        alignItems: 'center',
        color: 'common.white',
        // A drawn "shelf" of spines behind a dark wash keeps the text readable (AA).
        background: (t) => `linear-gradient(120deg, rgba(0,30,70,0.92), rgba(21,101,192,0.85)),
          repeating-linear-gradient(90deg, ${t.palette.secondary.dark} 0 22px, ${t.palette.primary.dark} 22px 40px, ${t.palette.secondary.main} 40px 56px, ${t.palette.primary.main} 56px 84px)`,
      }}
    >
      <Box sx={{ ...frame('md'), textAlign: 'center' }}>
        <Typography variant="h3" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '2rem', sm: '2.6rem', md: '3rem' } }}>
          Discover Your Next Great Read
        </Typography>
        <Typography variant="h6" component="p" sx={{ mt: 1, mb: 4, fontWeight: 400, opacity: 0.95 }}>
          Explore new books and authors. Rated by the community.
        </Typography>
        <Paper
          component="form"
          role="search"
          onSubmit={handleSubmit}
          sx={{ display: 'flex', alignItems: 'center', p: 0.5, pl: 2, maxWidth: 640, mx: 'auto', '&:focus-within': { outline: '3px solid', outlineColor: 'secondary.light' } }}
        >
          <SearchIcon aria-hidden sx={{ color: 'text.secondary', mr: 1 }} />
          <Box
            component="input"
            type="search"
            value={text}
            onChange={(e: ChangeEvent<HTMLInputElement>) => setText(e.target.value)}
            placeholder="Search books by title or author..."
            aria-label="Search books"
            // LIMITS.searchQueryMax, spelt out: the constants stay out of Home's first code.
            maxLength={200}
            sx={{ flexGrow: 1, minWidth: 0, border: 0, outline: 0, font: 'inherit', fontSize: '1rem', py: 1, bgcolor: 'transparent', color: 'text.primary' }}
          />
          <Button type="submit" variant="contained" color="secondary" sx={{ ml: 1, px: 3 }}>Search</Button>
        </Paper>
      </Box>
    </Box>
  )
})

function SearchResults({ query, submitted }: { query: string | null; submitted: number }) {
  if (query === null) return null
  return <Suspense fallback={<SectionSpinner label="Searching" />}><HomeSearch query={query} submitted={submitted} /></Suspense>
}

function PopularSection() {
  // The request starts with the first render, while the section's code loads.
  usePopularBooks()
  return (
    <Section title="Popular Books This Week">
      <Suspense fallback={<SectionSpinner label="Loading popular books" minHeight={POPULAR_PENDING_HEIGHT} />}><PopularBooks pendingHeight={POPULAR_PENDING_HEIGHT} /></Suspense>
    </Section>
  )
}

function FollowedSection({ viewerId }: { viewerId: string }) {
  const { data, isPending, isError } = useFollowedBooks(viewerId)
  if (isPending) return <Section title="From People You Follow"><SectionSpinner label="Loading books from people you follow" /></Section>
  if (isError) return <Section title="From People You Follow"><ErrorAlert>{FOLLOWED_ERROR}</ErrorAlert></Section>
  if (data.length === 0) return null
  return (
    <Section title="From People You Follow">
      <Suspense fallback={<SectionSpinner label="Loading books from people you follow" />}><FollowedBooks entries={data} /></Suspense>
    </Section>
  )
}

/** The queries Home's first render asks for (RouteHandle.prefetch). */
export function prefetchHome(client: QueryClient): void {
  void client.prefetchInfiniteQuery(booksInfiniteQuery())
  void client.prefetchQuery(popularBooksQuery())
  void client.prefetchQuery(recentReviewsQuery())
}

export function HomeRoute() {
  const { user, token } = useAuth()
  // The query lives in the address (?q=), so Back from a result finds the results again.
  const navigate = useNavigate()
  const query = new URLSearchParams(useLocation().search).get('q')?.trim() || null
  const [submitted, setSubmitted] = useState(0)
  const search = useCallback((q: string) => {
    const text = q.trim()
    navigate({ pathname: paths.home.href(), search: text ? `?${new URLSearchParams({ q: text })}` : '' }, { replace: true, preventScrollReset: true })
    setSubmitted((n) => n + 1)
  }, [navigate])
  useDocumentTitle(query ? `Search Results for “${query}”` : 'Discover Your Next Great Read')
  // Back from a book returns to the same card at the same place (decision 0010).
  useScrollMemory()
  const books = useBooksInfinite()
  const shown = useDeferredData(books.data)
  const shownBooks = useMemo(() => shown?.pages.flatMap((p) => p.items), [shown])
  const viewerId = token && user?._id ? user._id : null

  if (books.isError) {
    return (
      <Box sx={{ ...frame('lg'), py: 4 }}>
        <ErrorAlert>{HOME_BOOKS_ERROR}</ErrorAlert>
      </Box>
    )
  }

  return (
    <>
      <Hero initial={query ?? ''} onSearch={search} />
      <Box sx={frame('lg')}>
        <SearchResults query={query} submitted={submitted} />
        <PopularSection />
        {viewerId && <FollowedSection viewerId={viewerId} />}
        <Section title="All Books">
          {books.isPending || !shown || !shownBooks ? (
            <SectionSpinner label="Loading books" />
          ) : (
            <Suspense fallback={<SectionSpinner label="Loading books" />}>
              <AllBooksGrid
                books={shownBooks}
                total={shown.pages[0]?.total}
                // Only once the grid shows the query's pages: the next page follows the last one drawn.
                hasNextPage={books.hasNextPage && shown === books.data}
                isFetchingNextPage={books.isFetchingNextPage}
                fetchNextPage={books.fetchNextPage}
              />
            </Suspense>
          )}
        </Section>
        <Section title="Recent Reviews">
          <Suspense fallback={<SectionSpinner label="Loading recent reviews" />}><RecentReviews /></Suspense>
        </Section>
      </Box>
    </>
  )
}
