import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreatePostInput, Post } from '@shelfwise/contracts'
import { api } from '#/lib/api-client.ts'
import { discussionKeys } from '#/features/discussions/api/discussion-keys.ts'

/** POST /discussions/{id}/posts: a post or a reply; the thread and its posts are read again. */
export const useAddPost = (discussionId: string, options: { onSuccess?: (p: Post) => void } = {}) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CreatePostInput) => api.post(`/discussions/${encodeURIComponent(discussionId)}/posts`, (c) => c.PostSchema, input),
    onSuccess: (p) => {
      void queryClient.invalidateQueries({ queryKey: discussionKeys.postsOf(discussionId) })
      void queryClient.invalidateQueries({ queryKey: discussionKeys.one(discussionId) })
      options.onSuccess?.(p)
    },
  })
}
