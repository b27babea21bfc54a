import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import type { BookListQuery } from '@shelfwise/contracts'
import { api, toPage } from '#/lib/api-client.ts'
import { bookKeys } from '#/lib/query-keys.ts'

const BOOKS_PAGE_SIZE = 24

async function getBooksPage(params: { limit: number; cursor?: string; sort?: BookListQuery['sort'] }) {
  const { data, headers } = await api.getWithHeaders('/books', (c) => c.BookListSchema, { query: params })
  return toPage(data, headers)
}

/** Every book, a page at a time (GET /books?limit=&cursor=). */
export const booksInfiniteQuery = (limit = BOOKS_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: bookKeys.list(limit),
    queryFn: ({ pageParam }) => getBooksPage({ limit, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  })

export const useBooksInfinite = (limit?: number) => useInfiniteQuery(booksInfiniteQuery(limit))

/** The first `limit` books in a server-side order: New Releases (published) and Top Rated (rating). */
const sortedBooksQuery = (sort: BookListQuery['sort'], limit: number) =>
  queryOptions({
    queryKey: bookKeys.sorted(sort, limit),
    queryFn: async () => (await getBooksPage({ sort, limit })).items,
  })

export const useSortedBooks = (sort: BookListQuery['sort'], limit: number, enabled = true) => useQuery({ ...sortedBooksQuery(sort, limit), enabled })
