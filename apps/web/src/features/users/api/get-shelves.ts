import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '#/lib/api-client.ts'

export type Shelf = 'wishlist' | 'recently-read' | 'listed-books' | 'created-books'

// The wishlist is private: only the owner's own list exists (GET /users/wishlist).
const shelfPath = (shelf: Shelf, userId: string) =>
  shelf === 'wishlist' ? '/users/wishlist' : `/users/${shelf}/${encodeURIComponent(userId)}`

export const shelfQuery = (userId: string, shelf: Shelf) =>
  queryOptions({
    queryKey: ['users', userId, 'shelf', shelf],
    queryFn: () => api.get(shelfPath(shelf, userId), (c) => c.BookListSchema, { query: { limit: 100 } }),
  })

export const useShelf = (userId: string | undefined, shelf: Shelf, enabled = true) =>
  useQuery({ ...shelfQuery(userId ?? '', shelf), enabled: Boolean(userId) && enabled })
