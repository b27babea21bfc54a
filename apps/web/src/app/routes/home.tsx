import { lazy, Suspense, useCallback, useMemo, useState } from 'react'
import { useLocation, useNavigate } from '#/lib/router/react.tsx'
import Box from '@mui/material/Box'
import { useAuth } from '#/lib/auth.tsx'
import { paths } from '#/config/paths.ts'
import { Section } from '#/components/section.tsx'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import type { QueryClient } from '@tanstack/react-query'
import { booksInfiniteQuery, useBooksInfinite } from '#/features/books/api/get-books.ts'
import { popularBooksQuery, usePopularBooks } from '#/features/books/api/get-popular-books.ts'
import { recentReviewsQuery } from '#/features/reviews/api/get-recent-reviews.ts'
import { useDeferredData } from '#/lib/deferred.ts'
import { useDocumentTitle } from '#/lib/document-title.ts'
import { useScrollMemory } from '#/lib/use-scroll-memory.ts'
import { frame, HomeHero } from '#/features/books/components/home-hero.tsx'

// Book cards show only once the server has answered, so their code (cards, covers, stars) loads in
// parallel with the first requests, not before the first render; sections below the fold likewise.
const PopularBooks = lazy(async () => ({ default: (await import('#/features/books/components/popular-books.tsx')).PopularBooks }))
const HomeSearch = lazy(() => import('#/features/books/components/home-search.tsx'))
// Only a signed-in reader has this section: its code, and its request, come after the first render.
const FollowedSection = lazy(async () => ({ default: (await import('#/features/books/components/followed-books.tsx')).FollowedSection }))
const HomePersonal = lazy(() => import('#/app/home-personal.tsx'))
const AllBooksGrid = lazy(async () => ({ default: (await import('#/features/books/components/all-books-grid.tsx')).AllBooksGrid }))
const RecentReviews = lazy(async () => ({ default: (await import('#/features/reviews/components/recent-reviews.tsx')).RecentReviews }))

// Popular Books This Week, once loaded, is taller than a screen (ten cards): while it loads it keeps
// a screen's height, so the sections below start out of view instead of being pushed down later.
const POPULAR_PENDING_HEIGHT = '100vh'

/**
 * A signed-in reader's top part (goal, Currently Reading, Popular) while it waits: a screen's height
 * and one spinner, so what is below starts out of view and what replaces it is new on screen —
 * nothing visible moves when the reader's sections arrive (issue 22: layout shift under 0.1).
 */
const personalPending = <SectionSpinner label="Loading your books" minHeight={POPULAR_PENDING_HEIGHT} />

const HOME_BOOKS_ERROR = 'Failed to fetch books'

function SearchResults({ query, submitted }: { query: string | null; submitted: number }) {
  if (query === null) return null
  return (
    <Suspense fallback={<SectionSpinner label="Searching" />}>
      <HomeSearch query={query} submitted={submitted} />
    </Suspense>
  )
}

function PopularSection() {
  // The request starts with the first render, while the section's code loads.
  usePopularBooks()
  return (
    <Section title="Popular Books This Week">
      <Suspense fallback={<SectionSpinner label="Loading popular books" minHeight={POPULAR_PENDING_HEIGHT} />}>
        <PopularBooks pendingHeight={POPULAR_PENDING_HEIGHT} />
      </Suspense>
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
  const location = useLocation()
  const query = new URLSearchParams(location.search).get('q')?.trim() || null
  const notice = (location.state as { notice?: unknown } | null)?.notice
  const [submitted, setSubmitted] = useState(0)
  const search = useCallback(
    (q: string) => {
      const text = q.trim()
      navigate({ pathname: paths.home.href(), search: text ? `?${new URLSearchParams({ q: text })}` : '' }, { replace: true, preventScrollReset: true })
      setSubmitted((n) => n + 1)
    },
    [navigate],
  )
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
      {/* A word the page the reader came from left (their account deleted). */}
      {typeof notice === 'string' && (
        <Box role="status" sx={{ ...frame('lg'), py: 1.5, bgcolor: 'success.main', color: 'success.contrastText', fontWeight: 500 }}>
          {notice}
        </Box>
      )}
      <HomeHero initial={query ?? ''} onSearch={search} />
      <Box sx={frame('lg')}>
        <SearchResults query={query} submitted={submitted} />
        {viewerId ? (
          // The reader's goal and books come with Popular, never above it later (no layout shift).
          <Suspense fallback={personalPending}>
            <HomePersonal userId={viewerId} pending={personalPending}>
              <PopularSection />
            </HomePersonal>
          </Suspense>
        ) : (
          <PopularSection />
        )}
        {viewerId && (
          <Suspense fallback={null}>
            <FollowedSection viewerId={viewerId} />
          </Suspense>
        )}
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
          <Suspense fallback={<SectionSpinner label="Loading recent reviews" />}>
            <RecentReviews />
          </Suspense>
        </Section>
      </Box>
    </>
  )
}
