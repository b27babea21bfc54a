import type { ReactNode } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Typography from '@mui/material/Typography'
import { GENRES, LIMITS, PAGE_RANGES } from '@shelfwise/contracts/constants'
import type { Book } from '@shelfwise/contracts'
import { BookCard } from '#/components/book-card.tsx'
import { BookGrid } from '#/components/book-grid.tsx'
import { BadgeLabel } from '#/components/badge-label.tsx'
import { LoadMore } from '#/components/load-more.tsx'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { EmptyState } from '#/components/feedback/empty-state.tsx'
import { useBooksInfinite, useSortedBooks } from '#/features/books/api/get-books.ts'
import { useBookSearchInfinite, type BookSearchParams } from '#/features/books/api/search-books.ts'
import { usePopularBooks } from '#/features/books/api/get-popular-books.ts'
import { isDefaultYears, type Filters } from '#/features/books/components/browse-filters.tsx'
import { reviewsThisWeek } from '#/features/books/components/popular-books.tsx'
import { booksFound } from '#/features/books/browse-url.ts'
import { useDeferredData } from '#/lib/deferred.ts'

// Browse's tab lists (app/routes/browse.tsx).

const BROWSE_ERRORS = {
  books: 'Failed to fetch books',
  search: 'Failed to search books',
  filters: 'Failed to apply filters',
  popular: 'Failed to fetch popular books this week',
  newReleases: 'Failed to fetch new releases',
  topRated: 'Failed to fetch top rated books',
} as const

export const PAGE_SIZE = 24

function BookCards({ books, badge, footer }: { books: Book[]; badge?: string; footer?: (b: Book) => ReactNode }) {
  return (
    <BookGrid>
      {books.map((b) => (
        <BookCard
          key={b._id}
          book={b}
          badges={badge ? <BadgeLabel color={badge === 'New' ? 'success' : badge === 'Top Rated' ? 'primary' : 'secondary'}>{badge}</BadgeLabel> : undefined}
          footer={footer?.(b)}
        />
      ))}
    </BookGrid>
  )
}

export function AllBooksTab({
  applied,
  source,
  filters,
  onRemove,
  onClear,
}: {
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
    ...filters.categories.map((c) => ({
      key: `c-${c}`,
      // Add Book's categories Fiction, Non-Fiction and Biography are genres' names too: their chips say which.
      label: (GENRES as readonly string[]).includes(c) ? `${c} (category)` : c,
      remove: () => onRemove({ ...filters, categories: filters.categories.filter((x) => x !== c) }),
    })),
    ...filters.languages.map((l) => ({ key: `l-${l}`, label: l, remove: () => onRemove({ ...filters, languages: filters.languages.filter((x) => x !== l) }) })),
    ...(filters.rating ? [{ key: 'rating', label: `${filters.rating}+ Stars`, remove: () => onRemove({ ...filters, rating: null }) }] : []),
    ...(range
      ? [
          {
            key: 'pages',
            label: range.max === undefined ? range.label : `${range.min}-${range.max} pages`,
            remove: () => onRemove({ ...filters, pageRange: null }),
          },
        ]
      : []),
  ]
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        {!q.isPending && !q.isError && shown && (
          <Typography sx={{ fontWeight: 600, mr: 1 }} role="status">
            {booksFound(total)}
          </Typography>
        )}
        {chips.map((c) => (
          <Chip key={c.key} label={c.label} onDelete={c.remove} color="primary" variant="outlined" size="small" />
        ))}
        {(chips.length > 0 || !isDefaultYears(filters.years)) && (
          <Button size="small" onClick={onClear}>
            Clear All Filters
          </Button>
        )}
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

export function PopularTab() {
  const { data, isPending, isError } = usePopularBooks()
  if (isPending) return <SectionSpinner label="Loading popular books" />
  if (isError) return <ErrorAlert>{BROWSE_ERRORS.popular}</ErrorAlert>
  if (data.length === 0) return <EmptyState message="No popular books found for this week." />
  const counts = new Map(data.map((e) => [e.book._id, e.reviewCount]))
  return (
    <BookCards
      books={data.map((e) => e.book)}
      badge="Popular"
      footer={(b) => (
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
          {reviewsThisWeek(counts.get(b._id) ?? 0)}
        </Typography>
      )}
    />
  )
}

export function SortedTab({ sort }: { sort: 'published' | 'rating' }) {
  const limit = sort === 'published' ? LIMITS.newReleases : LIMITS.topRated
  const { data, isPending, isError } = useSortedBooks(sort, limit)
  if (isPending) return <SectionSpinner label="Loading books" />
  if (isError) return <ErrorAlert>{sort === 'published' ? BROWSE_ERRORS.newReleases : BROWSE_ERRORS.topRated}</ErrorAlert>
  if (data.length === 0) return <EmptyState message="No books found." />
  return <BookCards books={data} badge={sort === 'published' ? 'New' : 'Top Rated'} />
}

/** A tab's list for the active search and filters, in the tab's order, a page at a time. */
export function SearchSortedTab({ applied, sort }: { applied: BookSearchParams; sort: 'popular' | 'published' | 'rating' }) {
  const q = useBookSearchInfinite({ ...applied, sort }, PAGE_SIZE)
  const shown = useDeferredData(q.data)
  const books = shown?.pages.flatMap((p) => p.items) ?? []
  const error = sort === 'popular' ? BROWSE_ERRORS.popular : sort === 'published' ? BROWSE_ERRORS.newReleases : BROWSE_ERRORS.topRated
  if (q.isError) return <ErrorAlert>{error}</ErrorAlert>
  if (q.isPending || !shown) return <SectionSpinner label="Loading books" />
  if (books.length === 0) return <EmptyState message="No books match your search." />
  return (
    <>
      <Typography sx={{ fontWeight: 600, mb: 2 }} role="status">
        {booksFound(shown.pages[0]?.total ?? books.length)}
      </Typography>
      <BookCards books={books} badge={sort === 'popular' ? 'Popular' : sort === 'published' ? 'New' : 'Top Rated'} />
      <LoadMore hasNextPage={q.hasNextPage && shown === q.data} isFetching={q.isFetchingNextPage} onLoad={() => void q.fetchNextPage()} />
    </>
  )
}
