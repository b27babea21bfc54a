import { queryOptions, useQuery } from '@tanstack/react-query'
import type { User } from '@shelfwise/contracts'
import { api, ApiError } from '#/lib/api-client.ts'

/** A user's profile; a 404 means absent (null), not an error (spec §8). */
export async function getUser(id: string): Promise<User | null> {
  try {
    return await api.get(`/users/profile/${encodeURIComponent(id)}`, (c) => c.UserSchema)
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null
    throw err
  }
}

export const userQuery = (id: string) => queryOptions({ queryKey: ['users', id, 'profile'], queryFn: () => getUser(id) })

export const useUser = (id: string | undefined) => useQuery({ ...userQuery(id ?? ''), enabled: Boolean(id) })
