import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Review } from '@shelfwise/contracts'
import { api } from '#/lib/api-client.ts'
import { moveBookAverage, putReviewInList, refreshAfterReviewChange } from '#/features/reviews/api/review-caches.ts'

export interface ReviewChange {
  rating: number
  content: string
  spoiler?: boolean
}

/** PUT /reviews/{id}: the author changes their own review. */
const updateReview = (reviewId: string, change: ReviewChange) =>
  api.put(`/reviews/${encodeURIComponent(reviewId)}`, (c) => c.ReviewSchema, {
    rating: change.rating,
    content: change.content,
    ...(change.spoiler === undefined ? {} : { spoiler: change.spoiler }),
  })

/** Changes `review` (the reader's own); the book's list, average and the reader's profile follow. */
export const useUpdateReview = (
  review: Review | null | undefined,
  options: { onSuccess?: (review: Review) => void; onError?: (err: unknown) => void } = {},
) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: ReviewChange) => updateReview(review!._id, change),
    onSuccess: async (updated) => {
      putReviewInList(queryClient, updated.book._id, updated, false)
      moveBookAverage(queryClient, updated.book._id, review?.rating ?? updated.rating, updated.rating)
      options.onSuccess?.(updated)
      await refreshAfterReviewChange(queryClient, updated.book._id)
    },
    onError: options.onError,
  })
}
