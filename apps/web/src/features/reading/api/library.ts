import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ReadingStatus } from '@shelfwise/contracts'
import { api } from '#/lib/api-client.ts'
import { LIST_PAGE_SIZE, pagedListQuery, usePagedList } from '#/lib/paged-list.ts'
import { readingKeys } from '#/lib/query-keys.ts'

/** A reader's books of one status (or all), newest change first, a page at a time. */
export const useLibrary = (userId: string, status: ReadingStatus | 'all', { enabled = true, pageSize = LIST_PAGE_SIZE } = {}) =>
  usePagedList(
    pagedListQuery(
      readingKeys.library(userId, status, pageSize),
      `/users/${encodeURIComponent(userId)}/library`,
      (c) => c.LibraryEntryListSchema,
      pageSize,
      status === 'all' ? {} : { status },
    ),
    Boolean(userId) && enabled,
  )

const countsQuery = (userId: string) =>
  queryOptions({
    queryKey: readingKeys.counts(userId),
    queryFn: () => api.get(`/users/${encodeURIComponent(userId)}/library/counts`, (c) => c.LibraryCountsSchema),
  })

/** How many books a reader has of each status (Want to Read only for the reader). */
export const useLibraryCounts = (userId: string) => useQuery({ ...countsQuery(userId), enabled: Boolean(userId) })
