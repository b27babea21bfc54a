import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '#/lib/api-client.ts'
import { userKeys } from '#/lib/query-keys.ts'

const searchUsersQuery = (query: string) =>
  queryOptions({
    queryKey: userKeys.search(query),
    queryFn: ({ signal }) => api.get('/users/search', (c) => c.UserSummaryListSchema, { query: { query, limit: 10 }, signal }),
    staleTime: 60_000,
  })

/** Blank or whitespace text asks nothing and shows nothing (spec §5). */
export const useSearchUsers = (query: string) => {
  const q = query.trim()
  return useQuery({ ...searchUsersQuery(q), enabled: q !== '' })
}
