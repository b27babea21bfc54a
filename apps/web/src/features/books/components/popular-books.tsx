import Typography from '@mui/material/Typography'
import { BookCard } from '#/components/book-card.tsx'
import { BadgeLabel } from '#/components/badge-label.tsx'
import { BookGrid } from '#/components/book-grid.tsx'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { EmptyState } from '#/components/feedback/empty-state.tsx'
import { usePopularBooks } from '#/features/books/api/get-popular-books.ts'
import { useDeferredData } from '#/lib/deferred.ts'

export const POPULAR_ERROR = 'Failed to fetch popular books this week'
export const POPULAR_EMPTY = 'No popular books found for this week.'

export const reviewsThisWeek = (n: number) => `${n} reviews this week`

/** Popular Books This Week, as Home shows it. */
export function PopularBooks({ pendingHeight }: { pendingHeight?: string }) {
  const { data: answer, isPending, isError } = usePopularBooks()
  const data = useDeferredData(answer)
  if (isError) return <ErrorAlert>{POPULAR_ERROR}</ErrorAlert>
  if (isPending || !data) return <SectionSpinner label="Loading popular books" minHeight={pendingHeight} />
  if (data.length === 0) return <EmptyState message={POPULAR_EMPTY} />
  return (
    <BookGrid label="Popular Books This Week" wholeRowsOf={data.length}>
      {data.map(({ book, reviewCount }) => (
        <BookCard
          key={book._id}
          book={book}
          variant="preview"
          badges={<BadgeLabel>Popular</BadgeLabel>}
          footer={
            <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 0.5 }}>
              {reviewsThisWeek(reviewCount)}
            </Typography>
          }
        />
      ))}
    </BookGrid>
  )
}
