import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import type { Book, Review } from '@shelfwise/contracts'
import { api, type Page } from '#/lib/api-client.ts'
import { bookReviewsQuery } from '#/features/reviews/api/get-book-reviews.ts'

export interface NewReview {
  rating: number
  content: string
}

// The book page sends the text as `content` (spec §3); the server reads `comment` or `content`.
export const createReview = (bookId: string, input: NewReview) =>
  api.post(`/reviews/book/${encodeURIComponent(bookId)}`, (c) => c.ReviewSchema, { rating: input.rating, content: input.content })

const bookDetailKey = (bookId: string) => ['books', 'detail', bookId] as const

export const useCreateReview = (bookId: string, options: { onSuccess?: (review: Review) => void; onError?: (err: unknown) => void } = {}) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: NewReview) => createReview(bookId, input),
    onSuccess: (review) => {
      // The new review goes on top at once; the average moves with it, then both are re-read.
      queryClient.setQueryData<InfiniteData<Page<Review>, string | undefined>>(bookReviewsQuery(bookId).queryKey, (data) => {
        if (!data) return data
        const [first, ...rest] = data.pages
        const head: Page<Review> = first
          ? { ...first, items: [review, ...first.items.filter((r) => r._id !== review._id)], total: first.total === undefined ? undefined : first.total + 1 }
          : { items: [review], total: 1, nextCursor: undefined }
        return { ...data, pages: [head, ...rest] }
      })
      queryClient.setQueryData<Book>(bookDetailKey(bookId), (b) => {
        if (!b) return b
        const total = b.totalReviews + 1
        return { ...b, totalReviews: total, averageRating: (b.averageRating * b.totalReviews + review.rating) / total }
      })
      void queryClient.invalidateQueries({ queryKey: bookDetailKey(bookId) })
      void queryClient.invalidateQueries({ queryKey: ['reviews', 'recent'] })
      void queryClient.invalidateQueries({ queryKey: ['users'] })
      options.onSuccess?.(review)
    },
    onError: options.onError,
  })
}
