import { queryOptions, useQuery } from '@tanstack/react-query'
import type { LibrarySort, ReadingStatus } from '@shelfwise/contracts'
import { api } from '#/lib/api-client.ts'
import { LIST_PAGE_SIZE, pagedListQuery, usePagedList } from '#/lib/paged-list.ts'
import { readingKeys } from '#/lib/query-keys.ts'

/**
 * A reader's books of one status (or all), newest change first, a page at a time; `shelf`: only those
 * on one of their shelves; `owned`: only the books they own; `format`: only those whose copy is in it
 * (the last two for the reader's own library, decision 0027); `sort` and `order`: the order (issue 22),
 * `q`: only the books whose title or author holds every word.
 */
export const useLibrary = (
  userId: string,
  status: ReadingStatus | 'all',
  { enabled = true, pageSize = LIST_PAGE_SIZE, shelf = '', owned = false, format = '', sort, order, q = '' }: LibraryOptions = {},
) => {
  const filter = {
    ...(shelf ? { shelf } : {}),
    ...(owned ? { owned: 'true' } : {}),
    ...(format ? { format } : {}),
    ...(sort ? { sort } : {}),
    ...(order ? { order } : {}),
    ...(q ? { q } : {}),
  }
  return usePagedList(
    pagedListQuery(
      Object.keys(filter).length ? [...readingKeys.library(userId, status, pageSize), filter] : readingKeys.library(userId, status, pageSize),
      `/users/${encodeURIComponent(userId)}/library`,
      (c) => c.LibraryEntryListSchema,
      pageSize,
      { ...(status === 'all' ? {} : { status }), ...filter },
    ),
    Boolean(userId) && enabled,
  )
}

interface LibraryOptions {
  enabled?: boolean
  pageSize?: number
  shelf?: string
  owned?: boolean
  format?: string
  sort?: LibrarySort | undefined
  order?: 'asc' | 'desc' | undefined
  q?: string
}

const countsQuery = (userId: string) =>
  queryOptions({
    queryKey: readingKeys.counts(userId),
    queryFn: () => api.get(`/users/${encodeURIComponent(userId)}/library/counts`, (c) => c.LibraryCountsSchema),
  })

/** How many books a reader has of each status (Want to Read only for the reader). */
export const useLibraryCounts = (userId: string) => useQuery({ ...countsQuery(userId), enabled: Boolean(userId) })
