import { useCallback, useMemo } from 'react'
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryKey, type UseInfiniteQueryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import { api, toPage, type Page, type SchemaPick } from '#/lib/api-client.ts'

// One way to read a list that can grow (a reader's shelves, reviews, followers): pages of `limit`
// with the `cursor` of the Link header, the whole count from X-Total-Count; the list ends only
// when the server gives no next page, never at an arbitrary cap.

/** Rows per page: 24 fills whole rows of the 2, 3 or 4-column card grids. */
export const LIST_PAGE_SIZE = 24

/** Infinite-query options for a paged GET answering an array (the endpoint file owns the key); `filter` adds to each page's query. */
export function pagedListQuery<S extends z.ZodArray>(
  queryKey: QueryKey,
  path: string,
  schema: SchemaPick<S>,
  pageSize = LIST_PAGE_SIZE,
  filter?: Record<string, string>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: async ({ pageParam, signal }): Promise<Page<z.output<S>[number]>> => {
      const { data, headers } = await api.getWithHeaders(path, schema, { query: { ...filter, limit: pageSize, cursor: pageParam }, signal })
      return toPage(data as z.output<S>[number][], headers)
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  })
}

/** What a paged list screen needs: the rows so far, the whole count, and how to read on. */
export interface PagedList<T> {
  items: T[]
  /** The whole list's length (X-Total-Count); undefined until the first page arrives. */
  total: number | undefined
  isPending: boolean
  isError: boolean
  error: unknown
  hasNextPage: boolean
  isFetchingNextPage: boolean
  /** Reading the next page failed: the list says so and stops reading on by itself. */
  isFetchNextPageError: boolean
  fetchNextPage: () => void
}

type PagedOptions<T> = UseInfiniteQueryOptions<Page<T>, Error, InfiniteData<Page<T>>, QueryKey, string | undefined>

export function usePagedList<T>(options: PagedOptions<T>, enabled = true): PagedList<T> {
  const q = useInfiniteQuery({ ...options, enabled })
  const pages = q.data?.pages
  const items = useMemo(() => pages?.flatMap((p) => p.items) ?? [], [pages])
  const next = q.fetchNextPage
  const fetchNextPage = useCallback(() => {
    void next()
  }, [next])
  const last = pages?.[pages.length - 1]
  // The newest page's count is the freshest; without the header, a list read to its end counts itself.
  const total = last?.total ?? (pages && !q.hasNextPage ? items.length : undefined)
  return {
    items,
    total,
    isPending: q.isPending,
    isError: q.isError && !q.isFetchNextPageError,
    error: q.error,
    hasNextPage: q.hasNextPage,
    isFetchingNextPage: q.isFetchingNextPage,
    isFetchNextPageError: q.isFetchNextPageError,
    fetchNextPage,
  }
}
