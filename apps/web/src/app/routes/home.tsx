import { lazy, Suspense, useState, type ChangeEvent, type FormEvent } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import SearchIcon from '@mui/icons-material/Search'
import type { Book } from '@shelfwise/contracts'
import { useAuth } from '#/lib/auth.tsx'
import { Section } from '#/components/section.tsx'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { useBooksInfinite } from '#/features/books/api/get-books.ts'
import { useBookSearch } from '#/features/books/api/search-books.ts'
import { useFollowedBooks } from '#/features/books/api/get-followed-books.ts'
import { usePopularBooks } from '#/features/books/api/get-popular-books.ts'

// Book cards show only once the server has answered, so their code (cards, covers, stars) loads in
// parallel with the first requests, not before the first render; sections below the fold likewise.
const PopularBooks = lazy(async () => ({ default: (await import('#/features/books/components/popular-books.tsx')).PopularBooks }))
const SearchMatches = lazy(() => import('#/features/books/components/search-matches.tsx'))
const FollowedBooks = lazy(async () => ({ default: (await import('#/features/books/components/followed-books.tsx')).FollowedBooks }))
const AllBooksGrid = lazy(async () => ({ default: (await import('#/features/books/components/all-books-grid.tsx')).AllBooksGrid }))
const RecentReviews = lazy(async () => ({ default: (await import('#/features/reviews/components/recent-reviews.tsx')).RecentReviews }))

export const HOME_BOOKS_ERROR = 'Failed to fetch books'
export const FOLLOWED_ERROR = 'Failed to fetch books from followed users'
// The server's word matches complete the books already loaded; the page keeps only title or author matches.
export const HOME_SEARCH_LIMIT = 100

function Hero({ onSearch }: { onSearch: (query: string) => void }) {
  const [text, setText] = useState('')
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
      <Container maxWidth="md" sx={{ textAlign: 'center' }}>
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
            sx={{ flexGrow: 1, minWidth: 0, border: 0, outline: 0, font: 'inherit', fontSize: '1rem', py: 1, bgcolor: 'transparent', color: 'text.primary' }}
          />
          <Button type="submit" variant="contained" color="secondary" sx={{ ml: 1, px: 3 }}>Search</Button>
        </Paper>
      </Container>
    </Box>
  )
}

function SearchResults({ query, loaded }: { query: string | null; loaded: Book[] }) {
  const { data, isFetching, isError } = useBookSearch(query === null ? null : { query }, HOME_SEARCH_LIMIT)
  if (query === null) return null
  if (isFetching && !data) return <SectionSpinner label="Searching" />
  if (isError) return <ErrorAlert>Failed to search books</ErrorAlert>
  return <Suspense fallback={<SectionSpinner label="Searching" />}><SearchMatches query={query} books={[...loaded, ...(data?.items ?? [])]} /></Suspense>
}

function PopularSection() {
  // The request starts with the first render, while the section's code loads.
  usePopularBooks()
  return (
    <Section title="Popular Books This Week">
      <Suspense fallback={<SectionSpinner label="Loading popular books" />}><PopularBooks /></Suspense>
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

export function HomeRoute() {
  const { user, token } = useAuth()
  const [query, setQuery] = useState<string | null>(null)
  const books = useBooksInfinite()
  const viewerId = token && user?._id ? user._id : null

  if (books.isError) {
    return (
      <Container maxWidth="lg" sx={{ py: 4 }}>
        <ErrorAlert>{HOME_BOOKS_ERROR}</ErrorAlert>
      </Container>
    )
  }

  const all = books.data?.pages.flatMap((p) => p.items) ?? []
  return (
    <>
      <Hero onSearch={(q) => setQuery(q.trim() === '' ? null : q.trim())} />
      <Container maxWidth="lg">
        <SearchResults query={query} loaded={all} />
        <PopularSection />
        {viewerId && <FollowedSection viewerId={viewerId} />}
        <Section title="All Books">
          {books.isPending ? (
            <SectionSpinner label="Loading books" />
          ) : (
            <Suspense fallback={<SectionSpinner label="Loading books" />}>
              <AllBooksGrid
                books={all}
                total={books.data.pages[0]?.total}
                hasNextPage={books.hasNextPage}
                isFetchingNextPage={books.isFetchingNextPage}
                fetchNextPage={books.fetchNextPage}
              />
            </Suspense>
          )}
        </Section>
        <Section title="Recent Reviews">
          <Suspense fallback={<SectionSpinner label="Loading recent reviews" />}><RecentReviews /></Suspense>
        </Section>
      </Container>
    </>
  )
}
