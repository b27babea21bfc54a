import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, ApiError } from '#/lib/api-client.ts'
import { reviewKeys } from '#/lib/query-keys.ts'

/**
 * The signed-in reader's own review of a book, or null when they have not reviewed it: asked with
 * none=204, so that answer is 204 No Content, not a 404 the browser reports as an error.
 */
export const myReviewQuery = (bookId: string) =>
  queryOptions({
    queryKey: reviewKeys.mine(bookId),
    queryFn: async () => {
      try {
        return (await api.get(`/reviews/book/${encodeURIComponent(bookId)}/mine`, (c) => c.ReviewSchema.optional(), { query: { none: '204' } })) ?? null
      } catch (err) {
        // A server without none=204 answers 404 as before.
        if (err instanceof ApiError && err.status === 404) return null
        throw err
      }
    },
  })

/** Asked only for a signed-in reader (`enabled`); undefined data while unknown. */
export const useMyReview = (bookId: string, enabled: boolean) => useQuery({ ...myReviewQuery(bookId), enabled })
