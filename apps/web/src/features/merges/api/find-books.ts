import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from '#/lib/api-client.ts'
import { bookKeys } from '#/lib/query-keys.ts'

/** How many matches the picker offers: enough to find a duplicate, few enough to scan. */
const PICK_LIMIT = 10

/** GET /books/search, as Browse asks it (title, author or keyword): the books a reader may pick as the other one. */
export const useFindBooks = (query: string) =>
  useQuery({
    queryKey: bookKeys.search({ query, type: 'all', for: 'merge' }, PICK_LIMIT),
    queryFn: ({ signal }) => api.get('/books/search', (c) => c.BookListSchema, { query: { query, type: 'all', limit: PICK_LIMIT }, signal }),
    enabled: query.trim() !== '',
    placeholderData: keepPreviousData,
  })
