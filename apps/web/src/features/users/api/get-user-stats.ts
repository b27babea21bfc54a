import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '#/lib/api-client.ts'

export const userStatsQuery = (id: string) =>
  queryOptions({ queryKey: ['users', id, 'stats'], queryFn: () => api.get(`/users/${encodeURIComponent(id)}/stats`, (c) => c.StatsSchema) })

export const useUserStats = (id: string | undefined) => useQuery({ ...userStatsQuery(id ?? ''), enabled: Boolean(id) })
