import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api, toPage } from '#/lib/api-client.ts'
import { reviewKeys } from '#/lib/query-keys.ts'

const REVIEWS_PAGE_SIZE = 50

/** How a book's reviews are ordered: newest first (the default), most liked first, or people the reader follows first. */
export type ReviewOrder = 'newest' | 'liked' | 'following'

// The newest-first list keeps the book's own key (the review caches write into it); each other order has one below it.
export const bookReviewsQuery = (bookId: string, sort: ReviewOrder = 'newest') =>
  infiniteQueryOptions({
    queryKey: sort === 'newest' ? reviewKeys.ofBook(bookId) : ([...reviewKeys.ofBook(bookId), sort] as const),
    queryFn: async ({ pageParam }) => {
      const { data, headers } = await api.getWithHeaders(`/reviews/book/${encodeURIComponent(bookId)}`, (c) => c.ReviewListSchema, {
        query: { limit: REVIEWS_PAGE_SIZE, cursor: pageParam, ...(sort === 'newest' ? {} : { sort }) },
      })
      return toPage(data, headers)
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  })

export const useBookReviews = (bookId: string, sort: ReviewOrder = 'newest') => useInfiniteQuery(bookReviewsQuery(bookId, sort))
