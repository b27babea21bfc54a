import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '#/lib/api-client.ts'
import { bookKeys } from '#/lib/query-keys.ts'

/** The catalogue's publication years and the categories books carry (GET /books/facets). */
const bookFacetsQuery = () =>
  queryOptions({ queryKey: bookKeys.facets, queryFn: () => api.get('/books/facets', (c) => c.BookFacetsSchema), staleTime: 5 * 60_000 })

export const useBookFacets = () => useQuery(bookFacetsQuery())
