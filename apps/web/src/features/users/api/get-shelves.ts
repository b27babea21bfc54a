import { pagedListQuery, usePagedList } from '#/lib/paged-list.ts'
import { userKeys } from '#/lib/query-keys.ts'

export type Shelf = 'wishlist' | 'recently-read' | 'listed-books' | 'created-books' | 'credited-books'

// The wishlist is private: only the owner's own list exists (GET /users/wishlist).
const shelfPath = (shelf: Shelf, userId: string) => (shelf === 'wishlist' ? '/users/wishlist' : `/users/${shelf}/${encodeURIComponent(userId)}`)

/** A reader's book list, a page at a time (limit + cursor), counted by X-Total-Count. */
const shelfQuery = (userId: string, shelf: Shelf) => pagedListQuery(userKeys.shelf(userId, shelf), shelfPath(shelf, userId), (c) => c.BookListSchema)

export const useShelf = (userId: string | undefined, shelf: Shelf, enabled = true) => usePagedList(shelfQuery(userId ?? '', shelf), Boolean(userId) && enabled)
