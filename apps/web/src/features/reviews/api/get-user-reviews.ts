import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '#/lib/api-client.ts'

export const userReviewsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['users', userId, 'reviews'],
    queryFn: () => api.get(`/users/reviews/${encodeURIComponent(userId)}`, (c) => c.ReviewListSchema, { query: { limit: 100 } }),
  })

export const useUserReviews = (userId: string | undefined) => useQuery({ ...userReviewsQuery(userId ?? ''), enabled: Boolean(userId) })
