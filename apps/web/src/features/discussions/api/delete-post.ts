import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '#/lib/api-client.ts'
import { discussionKeys } from '#/features/discussions/api/discussion-keys.ts'

/** DELETE /posts/{id}: the reader's own post (one with replies stays as "Post deleted"); the thread is read again. */
export const useDeletePost = (discussionId: string) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (postId: string) => api.delete(`/posts/${encodeURIComponent(postId)}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: discussionKeys.postsOf(discussionId) })
      void queryClient.invalidateQueries({ queryKey: discussionKeys.one(discussionId) })
    },
  })
}
