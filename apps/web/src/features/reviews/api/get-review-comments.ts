import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { api, toPage } from '#/lib/api-client.ts'
import { reviewKeys } from '#/lib/query-keys.ts'

const COMMENTS_PAGE_SIZE = 50

/**
 * A review's comments in thread order (each top-level comment, then its replies), page by page;
 * `reveal` names the comments the server withholds that the reader asked to see (decision 0059; at
 * most 100, as the API takes).
 */
const reviewCommentsQuery = (reviewId: string, reveal: readonly string[]) =>
  infiniteQueryOptions({
    queryKey: [...reviewKeys.comments(reviewId), [...reveal].sort()],
    queryFn: async ({ pageParam }) => {
      const { data, headers } = await api.getWithHeaders(`/reviews/${encodeURIComponent(reviewId)}/comments`, (c) => c.CommentListSchema, {
        query: { limit: COMMENTS_PAGE_SIZE, cursor: pageParam, ...(reveal.length ? { reveal: reveal.slice(-100).join(',') } : {}) },
      })
      return toPage(data, headers)
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  })

// The thread stays on screen while it is read again with a comment revealed.
export const useReviewComments = (reviewId: string, reveal: readonly string[] = []) =>
  useInfiniteQuery({ ...reviewCommentsQuery(reviewId, reveal), placeholderData: keepPreviousData })
