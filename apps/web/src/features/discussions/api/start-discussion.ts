import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateDiscussionInput, Discussion } from '@shelfwise/contracts'
import { api } from '#/lib/api-client.ts'
import { bookKeys } from '#/lib/query-keys.ts'
import { discussionKeys } from '#/features/discussions/api/discussion-keys.ts'

/** POST /books/{id}/discussions: a title and an opening post; the book's list and count are read again. */
export const useStartDiscussion = (bookId: string, options: { onSuccess?: (d: Discussion) => void } = {}) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CreateDiscussionInput) => api.post(`/books/${encodeURIComponent(bookId)}/discussions`, (c) => c.DiscussionSchema, input),
    onSuccess: (d) => {
      void queryClient.invalidateQueries({ queryKey: discussionKeys.ofBook(bookId) })
      void queryClient.invalidateQueries({ queryKey: bookKeys.detail(bookId) })
      options.onSuccess?.(d)
    },
  })
}
