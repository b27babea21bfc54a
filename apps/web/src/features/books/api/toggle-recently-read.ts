import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '#/lib/api-client.ts'
import { bookQuery } from '#/features/books/api/get-book.ts'
import { readingKeys, userKeys } from '#/lib/query-keys.ts'

const toggleRecentlyRead = (bookId: string) => api.put(`/users/addto-recently-read/${encodeURIComponent(bookId)}`, (c) => c.RecentlyReadToggleSchema)

export const useToggleRecentlyRead = (bookId: string, options: { onError?: (err: unknown) => void } = {}) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => toggleRecentlyRead(bookId),
    onSuccess: (res) => {
      queryClient.setQueryData(bookQuery(bookId).queryKey, (b) => (b ? { ...b, inRecentlyRead: res.inRecentlyRead } : b))
      void queryClient.invalidateQueries({ queryKey: userKeys.all })
      void queryClient.invalidateQueries({ queryKey: readingKeys.all })
    },
    onError: options.onError,
  })
}
