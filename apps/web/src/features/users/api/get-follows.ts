import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, toPage } from '#/lib/api-client.ts'

export type FollowDirection = 'followers' | 'following'

/** GET /users/followers/{id} and /users/following/{id}: people with isFollowing for the viewer. */
export const followsQuery = (id: string, direction: FollowDirection) =>
  queryOptions({
    queryKey: ['users', id, direction],
    queryFn: async () => {
      const { data, headers } = await api.getWithHeaders(`/users/${direction}/${encodeURIComponent(id)}`, (c) => c.PersonListSchema, { query: { limit: 100 } })
      return toPage(data, headers)
    },
  })

export const useFollows = (id: string | undefined, direction: FollowDirection) =>
  useQuery({ ...followsQuery(id ?? '', direction), enabled: Boolean(id) })
