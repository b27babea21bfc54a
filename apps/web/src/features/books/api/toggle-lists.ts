import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Book } from '@shelfwise/contracts'
import { api } from '#/lib/api-client.ts'
import { bookQuery } from '#/features/books/api/get-book.ts'
import { readingKeys, userKeys } from '#/lib/query-keys.ts'

type Options = { onError?: (err: unknown) => void }

/**
 * Puts a book on one of the reader's lists or takes it off. The cached book takes the flag the
 * answer gives, and what the lists feed (profile counts and shelves, the library) is fetched again.
 */
function useListToggle<T>(bookId: string, toggle: () => Promise<T>, flag: (res: T) => Partial<Book>, { onError }: Options) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: toggle,
    onSuccess: (res) => {
      queryClient.setQueryData(bookQuery(bookId).queryKey, (b) => (b ? { ...b, ...flag(res) } : b))
      void queryClient.invalidateQueries({ queryKey: userKeys.all })
      void queryClient.invalidateQueries({ queryKey: readingKeys.all })
    },
    onError,
  })
}

export const useToggleWishlist = (bookId: string, options: Options = {}) =>
  useListToggle(
    bookId,
    () => api.put(`/users/addtowishlist/${encodeURIComponent(bookId)}`, (c) => c.WishlistToggleSchema),
    (res) => ({ inWishlist: res.inWishlist }),
    options,
  )

export const useToggleRecentlyRead = (bookId: string, options: Options = {}) =>
  useListToggle(
    bookId,
    () => api.put(`/users/addto-recently-read/${encodeURIComponent(bookId)}`, (c) => c.RecentlyReadToggleSchema),
    (res) => ({ inRecentlyRead: res.inRecentlyRead }),
    options,
  )
