import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import type { SEARCH_SORTS, SEARCH_TYPES } from '@shelfwise/contracts'
import { api, toPage } from '#/lib/api-client.ts'
import { bookKeys } from '#/lib/query-keys.ts'

export interface BookSearchParams {
  query?: string
  type?: (typeof SEARCH_TYPES)[number]
  genres?: string[]
  categories?: string[]
  languages?: string[]
  minPages?: number
  maxPages?: number
  minRating?: number
  minYear?: number
  maxYear?: number
  sort?: (typeof SEARCH_SORTS)[number]
}

/** The query string of GET /books/search: lists comma-joined, empty values left out. */
function toSearchQuery(p: BookSearchParams, limit: number, cursor?: string) {
  return {
    query: p.query?.trim() || undefined,
    type: p.type && p.type !== 'all' ? p.type : p.query?.trim() ? 'all' : undefined,
    genres: p.genres?.length ? p.genres.join(',') : undefined,
    categories: p.categories?.length ? p.categories.join(',') : undefined,
    languages: p.languages?.length ? p.languages.join(',') : undefined,
    minPages: p.minPages,
    maxPages: p.maxPages,
    minRating: p.minRating,
    minYear: p.minYear,
    maxYear: p.maxYear,
    sort: p.sort && p.sort !== 'relevance' ? p.sort : undefined,
    limit,
    cursor,
  }
}

async function searchBooks(p: BookSearchParams, limit: number, cursor?: string) {
  const { data, headers } = await api.getWithHeaders('/books/search', (c) => c.BookListSchema, { query: toSearchQuery(p, limit, cursor) })
  return toPage(data, headers)
}

/** Every match, a page at a time: Browse's search and filters. */
export const bookSearchInfiniteQuery = (p: BookSearchParams, limit: number) =>
  infiniteQueryOptions({
    queryKey: bookKeys.searchPaged(p, limit),
    queryFn: ({ pageParam }) => searchBooks(p, limit, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  })

export const useBookSearchInfinite = (p: BookSearchParams | null, limit: number) =>
  useInfiniteQuery({ ...bookSearchInfiniteQuery(p ?? {}, limit), enabled: p !== null, placeholderData: keepPreviousData })

/** How many books a search finds (null: the whole catalogue), read off one book's answer and its X-Total-Count. */
async function countBooks(p: BookSearchParams | null) {
  const { data, headers } = p
    ? await api.getWithHeaders('/books/search', (c) => c.BookListSchema, { query: toSearchQuery(p, 1) })
    : await api.getWithHeaders('/books', (c) => c.BookListSchema, { query: { limit: 1 } })
  return toPage(data, headers).total ?? data.length
}

const bookCountQuery = (p: BookSearchParams | null) => queryOptions({ queryKey: bookKeys.count(p), queryFn: () => countBooks(p), staleTime: 30_000 })

/** The live count of Browse's filter sheet: the last count stays shown while the next one comes. */
export const useBookCount = (p: BookSearchParams | null, enabled: boolean) => useQuery({ ...bookCountQuery(p), enabled, placeholderData: keepPreviousData })
