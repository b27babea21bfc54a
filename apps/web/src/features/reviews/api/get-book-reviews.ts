import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api, toPage } from '#/lib/api-client.ts'
import { reviewKeys } from '#/lib/query-keys.ts'

const REVIEWS_PAGE_SIZE = 50

export const bookReviewsQuery = (bookId: string) =>
  infiniteQueryOptions({
    queryKey: reviewKeys.ofBook(bookId),
    queryFn: async ({ pageParam }) => {
      const { data, headers } = await api.getWithHeaders(`/reviews/book/${encodeURIComponent(bookId)}`, (c) => c.ReviewListSchema, {
        query: { limit: REVIEWS_PAGE_SIZE, cursor: pageParam },
      })
      return toPage(data, headers)
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  })

export const useBookReviews = (bookId: string) => useInfiniteQuery(bookReviewsQuery(bookId))
