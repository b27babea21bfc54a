import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '#/lib/api-client.ts'
import { statsKeys } from '#/lib/query-keys.ts'

/** A reader's years with finished reads (newest first) and all-time totals, beside the profile's counts. */
const readerStatsQuery = (userId: string) =>
  queryOptions({
    queryKey: statsKeys.reader(userId),
    queryFn: () => api.get(`/users/${encodeURIComponent(userId)}/stats`, (c) => c.ReaderStatsSchema),
  })

export const useReaderStats = (userId: string) => useQuery({ ...readerStatsQuery(userId), enabled: Boolean(userId) })
