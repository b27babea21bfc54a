import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '#/lib/api-client.ts'
import { statsKeys } from '#/lib/query-keys.ts'

/** A reader's year in numbers: by month, ratings, genres, longest and shortest book, and the goal. */
const yearStatsQuery = (userId: string, year: number) =>
  queryOptions({
    queryKey: statsKeys.year(userId, year),
    queryFn: () => api.get(`/users/${encodeURIComponent(userId)}/stats/${year}`, (c) => c.YearStatsSchema),
  })

export const useYearStats = (userId: string, year: number, { enabled = true } = {}) =>
  useQuery({ ...yearStatsQuery(userId, year), enabled: Boolean(userId) && enabled })
