import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Review } from '@shelfwise/contracts'
import { api } from '#/lib/api-client.ts'
import { dropReviewFromList, moveBookAverage, refreshAfterReviewChange } from '#/features/reviews/api/review-caches.ts'

/** DELETE /reviews/{id}: the author deletes their own review, its stars kept as their rating when asked (decision 0036). */
const deleteReview = (reviewId: string, keepRating: boolean) => api.delete(`/reviews/${encodeURIComponent(reviewId)}${keepRating ? '?keepRating=true' : ''}`)

/**
 * Deletes the reader's own review. Pending until the lists showing it have been read again, so a
 * confirmation stays busy until the review is gone from the screen.
 */
export const useDeleteReview = (options: { onSuccess?: (review: Review) => void; onError?: (err: unknown) => void } = {}) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ review, keepRating = false }: { review: Review; keepRating?: boolean }) => {
      await deleteReview(review._id, keepRating)
      return { review, keepRating }
    },
    onSuccess: async ({ review, keepRating }) => {
      dropReviewFromList(queryClient, review)
      moveBookAverage(queryClient, review.book._id, review.rating, null, keepRating)
      await refreshAfterReviewChange(queryClient, review.book._id)
      options.onSuccess?.(review)
    },
    onError: options.onError,
  })
}
