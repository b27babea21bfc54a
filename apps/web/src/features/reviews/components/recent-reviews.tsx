import Box from '@mui/material/Box'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { EmptyState } from '#/components/feedback/empty-state.tsx'
import { useRecentReviews } from '#/features/reviews/api/get-recent-reviews.ts'
import { ReviewCard } from '#/features/reviews/components/review-card.tsx'
import { useDeferredData } from '#/lib/deferred.ts'

export const RECENT_ERROR = 'Failed to fetch recent reviews'
export const RECENT_EMPTY = 'No recent reviews found.'

export function RecentReviews() {
  const { data: answer, isPending, isError } = useRecentReviews()
  const data = useDeferredData(answer)
  if (isError) return <ErrorAlert>{RECENT_ERROR}</ErrorAlert>
  if (isPending || !data) return <SectionSpinner label="Loading recent reviews" />
  if (data.length === 0) return <EmptyState message={RECENT_EMPTY} />
  return (
    <Box
      component="ul"
      aria-label="Recent Reviews"
      sx={{ p: 0, m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' }, gap: 2 }}
    >
      {data.map((r) => (
        <ReviewCard key={r._id} review={r} showBook clamp />
      ))}
    </Box>
  )
}
