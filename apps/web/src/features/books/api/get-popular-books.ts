import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '#/lib/api-client.ts'

export const popularBooksQuery = () =>
  queryOptions({ queryKey: ['books', 'popular-week'], queryFn: () => api.get('/reviews/popular-week', (c) => c.PopularListSchema) })

export const usePopularBooks = (enabled = true) => useQuery({ ...popularBooksQuery(), enabled })
