import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '#/lib/api-client.ts'
import { bookQuery } from '#/features/books/api/get-book.ts'
import { readingKeys, userKeys } from '#/lib/query-keys.ts'

const toggleWishlist = (bookId: string) => api.put(`/users/addtowishlist/${encodeURIComponent(bookId)}`, (c) => c.WishlistToggleSchema)

export const useToggleWishlist = (bookId: string, options: { onError?: (err: unknown) => void } = {}) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => toggleWishlist(bookId),
    onSuccess: (res) => {
      queryClient.setQueryData(bookQuery(bookId).queryKey, (b) => (b ? { ...b, inWishlist: res.inWishlist } : b))
      void queryClient.invalidateQueries({ queryKey: userKeys.all })
      void queryClient.invalidateQueries({ queryKey: readingKeys.all })
    },
    onError: options.onError,
  })
}
