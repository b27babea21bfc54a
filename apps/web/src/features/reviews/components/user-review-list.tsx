import Box from '@mui/material/Box'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { EmptyState } from '#/components/feedback/empty-state.tsx'
import { PagedListFooter } from '#/components/paged-list-footer.tsx'
import { useUserReviews } from '#/features/reviews/api/get-user-reviews.ts'
import { ProfileReviewCard } from '#/features/reviews/components/profile-review-card.tsx'

const USER_REVIEWS_TEXT = { empty: 'No reviews yet', failed: 'Failed to load reviews' } as const

/** A reader's reviews on a profile, newest first, read a page at a time to the end. */
export function UserReviewList({ userId }: { userId: string }) {
  const list = useUserReviews(userId)
  if (list.isPending) return <SectionSpinner label="Loading reviews" />
  if (list.isError) return <ErrorAlert>{USER_REVIEWS_TEXT.failed}</ErrorAlert>
  if (list.items.length === 0) return <EmptyState message={USER_REVIEWS_TEXT.empty} />
  return (
    <>
      <Box component="ul" aria-label="Reviews" sx={{ p: 0, m: 0, display: 'grid', gap: 2 }}>
        {list.items.map((r) => (
          <ProfileReviewCard key={r._id} review={r} />
        ))}
      </Box>
      <PagedListFooter list={list} errorText={USER_REVIEWS_TEXT.failed} what="reviews" />
    </>
  )
}
