import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '#/lib/api-client.ts'
import { userKeys } from '#/lib/query-keys.ts'

// The same answer (and key) as the stats feature's years and totals: one request serves both.
const userStatsQuery = (id: string) =>
  queryOptions({ queryKey: userKeys.stats(id), queryFn: () => api.get(`/users/${encodeURIComponent(id)}/stats`, (c) => c.ReaderStatsSchema) })

export const useUserStats = (id: string | undefined) => useQuery({ ...userStatsQuery(id ?? ''), enabled: Boolean(id) })
