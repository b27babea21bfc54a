import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Review } from '@shelfwise/contracts'
import { api } from '#/lib/api-client.ts'
import { moveBookAverage, putReviewInList, refreshAfterReviewChange } from '#/features/reviews/api/review-caches.ts'

export interface NewReview {
  rating: number
  content: string
  /** The review contains spoilers (its text hidden until asked). */
  spoiler?: boolean
}

// The book page sends the text as `content` (spec §3); the server reads `comment` or `content`.
const createReview = (bookId: string, input: NewReview) =>
  api.post(`/reviews/book/${encodeURIComponent(bookId)}`, (c) => c.ReviewSchema, {
    rating: input.rating,
    content: input.content,
    ...(input.spoiler === undefined ? {} : { spoiler: input.spoiler }),
  })

export const useCreateReview = (bookId: string, options: { onSuccess?: (review: Review) => void; onError?: (err: unknown) => void } = {}) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: NewReview) => createReview(bookId, input),
    onSuccess: (review) => {
      // The new review goes on top at once; the average moves with it, then both are re-read.
      putReviewInList(queryClient, bookId, review, true)
      moveBookAverage(queryClient, bookId, null, review.rating)
      void refreshAfterReviewChange(queryClient, bookId)
      options.onSuccess?.(review)
    },
    onError: options.onError,
  })
}
