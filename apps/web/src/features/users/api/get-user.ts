import { queryOptions, useQuery } from '@tanstack/react-query'
import type { User } from '@shelfwise/contracts'
import { api, ApiError } from '#/lib/api-client.ts'
import { userKeys } from '#/lib/query-keys.ts'

/** A user's profile; a 404 means absent (null), not an error (spec §8). */
export async function getUser(id: string): Promise<User | null> {
  try {
    return await api.get(`/users/profile/${encodeURIComponent(id)}`, (c) => c.UserSchema)
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null
    throw err
  }
}

const userQuery = (id: string) => queryOptions({ queryKey: userKeys.profile(id), queryFn: () => getUser(id) })

export const useUser = (id: string | undefined) => useQuery({ ...userQuery(id ?? ''), enabled: Boolean(id) })
