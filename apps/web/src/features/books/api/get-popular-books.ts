import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '#/lib/api-client.ts'
import { bookKeys } from '#/lib/query-keys.ts'

export const popularBooksQuery = () =>
  queryOptions({ queryKey: bookKeys.popularWeek, queryFn: () => api.get('/reviews/popular-week', (c) => c.PopularListSchema) })

export const usePopularBooks = (enabled = true) => useQuery({ ...popularBooksQuery(), enabled })
