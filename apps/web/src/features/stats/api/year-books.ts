import { queryOptions, useQuery } from '@tanstack/react-query'
import type { YearBook } from '@shelfwise/contracts'
import { api, toPage } from '#/lib/api-client.ts'
import { LIST_PAGE_SIZE, pagedListQuery, usePagedList } from '#/lib/paged-list.ts'
import { statsKeys } from '#/lib/query-keys.ts'

const path = (userId: string, year: number) => `/users/${encodeURIComponent(userId)}/stats/${year}/books`

/** The books a reader finished in a year, each once, last finished first: a page at a time. */
export const useYearBooks = (userId: string, year: number) =>
  usePagedList(
    pagedListQuery([...statsKeys.year(userId, year), 'books'], path(userId, year), (c) => c.YearBookListSchema, LIST_PAGE_SIZE),
    Boolean(userId),
  )

/** The most books the year-in-review image draws; past it, it says how many more there were. */
const IMAGE_BOOKS_MAX = 500
const IMAGE_PAGE = 100

/** The year's books for its image: pages of 100 read one after another, up to IMAGE_BOOKS_MAX, with the whole count. */
const imageBooksQuery = (userId: string, year: number) =>
  queryOptions({
    queryKey: [...statsKeys.year(userId, year), 'image-books'],
    queryFn: async ({ signal }): Promise<{ books: YearBook[]; total: number }> => {
      const books: YearBook[] = []
      let cursor: string | undefined
      let total: number | undefined
      do {
        const { data, headers } = await api.getWithHeaders(path(userId, year), (c) => c.YearBookListSchema, {
          query: { limit: Math.min(IMAGE_PAGE, IMAGE_BOOKS_MAX - books.length), cursor },
          signal,
        })
        const page = toPage(data, headers)
        books.push(...page.items)
        total = page.total ?? total
        cursor = page.nextCursor
      } while (cursor && books.length < IMAGE_BOOKS_MAX)
      return { books, total: Math.max(total ?? books.length, books.length) }
    },
  })

export const useImageBooks = (userId: string, year: number, enabled: boolean) =>
  useQuery({ ...imageBooksQuery(userId, year), enabled: Boolean(userId) && enabled })
