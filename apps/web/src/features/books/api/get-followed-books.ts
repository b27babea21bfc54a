import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '#/lib/api-client.ts'
import { bookKeys } from '#/lib/query-keys.ts'

const followedBooksQuery = (viewerId: string) =>
  queryOptions({ queryKey: bookKeys.followed(viewerId), queryFn: () => api.get('/users/followed-users-books', (c) => c.FollowedBookListSchema) })

/** Only asked when both a stored user _id and a token exist (spec §4). */
export const useFollowedBooks = (viewerId: string | null) => useQuery({ ...followedBooksQuery(viewerId ?? ''), enabled: viewerId !== null })
