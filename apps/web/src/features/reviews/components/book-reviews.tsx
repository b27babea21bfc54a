import { useState, type ReactNode } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import type { Review } from '@shelfwise/contracts'
import { LIMITS } from '@shelfwise/contracts/constants'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { EmptyState } from '#/components/feedback/empty-state.tsx'
import { useBookReviews } from '#/features/reviews/api/get-book-reviews.ts'
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
  const { data: answer, isPending, isError, hasNextPage, fetchNextPage, isFetchingNextPage } = useBookReviews(bookId)
  const data = useDeferredData(answer)
  if (isError) return <ErrorAlert>Failed to fetch reviews</ErrorAlert>
  if (isPending || !data) return <SectionSpinner label="Loading reviews" />
  const others = data.pages.flatMap((p) => p.items).filter((r) => r._id !== mine?._id)
  const reviews = mine ? [mine, ...others] : others
  if (reviews.length === 0) return <EmptyState message={NO_REVIEWS} />
  const shown = showAll ? reviews : reviews.slice(0, LIMITS.reviewsShown)
  const hasMore = reviews.length > LIMITS.reviewsShown || hasNextPage
  return (
    <>
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
