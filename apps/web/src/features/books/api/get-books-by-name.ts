import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api, toPage } from '#/lib/api-client.ts'
import { bookKeys } from '#/lib/query-keys.ts'

/** Which name of a book an author or publisher page lists by. */
export type BookNameField = 'author' | 'publisher'

const BOOKS_BY_NAME_PAGE_SIZE = 24

/** One page of a name's books, by title (GET /books/by-author/{name} or /books/by-publisher/{name}). */
async function getBooksByName(field: BookNameField, name: string, limit: number, cursor?: string) {
  const { data, headers } = await api.getWithHeaders(`/books/by-${field}/${encodeURIComponent(name)}`, (c) => c.BookListSchema, { query: { limit, cursor } })
  return toPage(data, headers)
}

/** Every book carrying the name, a page at a time. */
export const booksByNameQuery = (field: BookNameField, name: string, limit = BOOKS_BY_NAME_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: bookKeys.byName(field, name, limit),
    queryFn: ({ pageParam }) => getBooksByName(field, name, limit, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  })

export const useBooksByName = (field: BookNameField, name: string) => useInfiniteQuery(booksByNameQuery(field, name))
