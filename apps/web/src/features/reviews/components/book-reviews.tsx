import { useState, type ReactNode } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import type { Review } from '@shelfwise/contracts'
import { LIMITS } from '@shelfwise/contracts/constants'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { EmptyState } from '#/components/feedback/empty-state.tsx'
import { useBookReviews, type ReviewOrder } from '#/features/reviews/api/get-book-reviews.ts'
import { useAuth } from '#/lib/auth.tsx'
import { ReviewCard } from '#/features/reviews/components/review-card.tsx'
import { useDeferredData } from '#/lib/deferred.ts'

const NO_REVIEWS = 'No reviews yet. Be the first to review this book!'
const YOUR_REVIEW = 'Your review'

/**
 * A book's reviews: the first 5, then all with 'Show All Reviews' / 'Show Less'. The signed-in
 * reader's own review (`mine`) comes first, marked, with `ownActions` (Edit, Delete).
 */
export function BookReviews({ bookId, mine = null, ownActions }: { bookId: string; mine?: Review | null; ownActions?: (review: Review) => ReactNode }) {
  const [showAll, setShowAll] = useState(false)
  const [order, setOrder] = useState<ReviewOrder>('newest')
  const { isAuthenticated } = useAuth()
  const { data: answer, isPending, isError, hasNextPage, fetchNextPage, isFetchingNextPage } = useBookReviews(bookId, order)
  const data = useDeferredData(answer)
  const orders: [ReviewOrder, string][] = [
    ['newest', 'Newest'],
    ['liked', 'Most liked'],
    ...(isAuthenticated ? [['following', 'People you follow'] as [ReviewOrder, string]] : []),
  ]
  // Plain buttons with aria-pressed: the book page's first load stays light.
  const sortControl = (
    <Box role="group" aria-label="Sort reviews" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
      {orders.map(([value, label]) => (
        <Button
          key={value}
          size="small"
          variant={order === value ? 'contained' : 'outlined'}
          aria-pressed={order === value}
          onClick={() => setOrder(value)}
          sx={{ textTransform: 'none' }}
        >
          {label}
        </Button>
      ))}
    </Box>
  )
  if (isError) return <ErrorAlert>Failed to fetch reviews</ErrorAlert>
  if (isPending || !data) {
    // Another order being read keeps its control in place.
    return order === 'newest' ? (
      <SectionSpinner label="Loading reviews" />
    ) : (
      <>
        {sortControl}
        <SectionSpinner label="Loading reviews" />
      </>
    )
  }
  const others = data.pages.flatMap((p) => p.items).filter((r) => r._id !== mine?._id)
  const reviews = mine ? [mine, ...others] : others
  if (reviews.length === 0) return <EmptyState message={NO_REVIEWS} />
  const shown = showAll ? reviews : reviews.slice(0, LIMITS.reviewsShown)
  const hasMore = reviews.length > LIMITS.reviewsShown || hasNextPage
  return (
    <>
      {sortControl}
      <Box component="ul" aria-label="Reviews" sx={{ p: 0, m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
        {shown.map((r) =>
          r._id === mine?._id ? <ReviewCard key={r._id} review={r} label={YOUR_REVIEW} actions={ownActions?.(r)} /> : <ReviewCard key={r._id} review={r} />,
        )}
      </Box>
      {showAll && hasNextPage && data === answer && (
        <Button sx={{ mt: 2 }} onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
          {isFetchingNextPage ? 'Loading...' : 'Load more reviews'}
        </Button>
      )}
      {hasMore && (
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Button variant="outlined" onClick={() => setShowAll((s) => !s)} aria-expanded={showAll}>
            {showAll ? 'Show Less' : 'Show All Reviews'}
          </Button>
        </Box>
      )}
    </>
  )
}
