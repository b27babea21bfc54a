import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '#/lib/api-client.ts'

export const recentReviewsQuery = () =>
  queryOptions({ queryKey: ['reviews', 'recent'], queryFn: () => api.get('/reviews/recent', (c) => c.ReviewListSchema) })

export const useRecentReviews = () => useQuery(recentReviewsQuery())
