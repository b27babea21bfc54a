import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api, toPage } from '#/lib/api-client.ts'
import { reviewKeys } from '#/lib/query-keys.ts'

const COMMENTS_PAGE_SIZE = 50

/** A review's comments in thread order (each top-level comment, then its replies), page by page. */
const reviewCommentsQuery = (reviewId: string) =>
  infiniteQueryOptions({
    queryKey: reviewKeys.comments(reviewId),
    queryFn: async ({ pageParam }) => {
      const { data, headers } = await api.getWithHeaders(`/reviews/${encodeURIComponent(reviewId)}/comments`, (c) => c.CommentListSchema, {
        query: { limit: COMMENTS_PAGE_SIZE, cursor: pageParam },
      })
      return toPage(data, headers)
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  })

export const useReviewComments = (reviewId: string) => useInfiniteQuery(reviewCommentsQuery(reviewId))
