import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '#/lib/api-client.ts'
import { reviewKeys } from '#/lib/query-keys.ts'

export const recentReviewsQuery = () => queryOptions({ queryKey: reviewKeys.recent, queryFn: () => api.get('/reviews/recent', (c) => c.ReviewListSchema) })

export const useRecentReviews = () => useQuery(recentReviewsQuery())
