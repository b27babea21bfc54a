import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Comment, Position } from '@shelfwise/contracts'
import { api } from '#/lib/api-client.ts'
import { reviewKeys, userKeys } from '#/lib/query-keys.ts'

// Writing, editing and deleting comments on a review (decision 0042): each re-reads the thread and
// the lists whose reviews show a comment count.

const useRefreshThread = (reviewId: string) => {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: reviewKeys.comments(reviewId) }),
      queryClient.invalidateQueries({ queryKey: reviewKeys.all, predicate: (q) => q.queryKey[1] !== 'comments' }),
      queryClient.invalidateQueries({ queryKey: userKeys.all }),
    ])
}

export const useCreateComment = (reviewId: string) => {
  const refresh = useRefreshThread(reviewId)
  return useMutation({
    mutationFn: (input: { text: string; parentId?: string; position?: Position }): Promise<Comment> =>
      api.post(`/reviews/${encodeURIComponent(reviewId)}/comments`, (c) => c.CommentSchema, input),
    onSuccess: () => refresh(),
  })
}

export const useUpdateComment = (reviewId: string) => {
  const refresh = useRefreshThread(reviewId)
  return useMutation({
    // The position is always sent: null takes it away.
    mutationFn: ({ id, text, position }: { id: string; text: string; position: Position | null }): Promise<Comment> =>
      api.put(`/comments/${encodeURIComponent(id)}`, (c) => c.CommentSchema, { text, position }),
    onSuccess: () => refresh(),
  })
}

export const useDeleteComment = (reviewId: string) => {
  const refresh = useRefreshThread(reviewId)
  return useMutation({
    mutationFn: (id: string) => api.delete(`/comments/${encodeURIComponent(id)}`),
    onSuccess: () => refresh(),
  })
}
