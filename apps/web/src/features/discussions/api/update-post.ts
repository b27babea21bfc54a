import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Post, UpdatePostInput } from '@shelfwise/contracts'
import { api } from '#/lib/api-client.ts'
import { discussionKeys } from '#/features/discussions/api/discussion-keys.ts'

/**
 * PUT /posts/{id}: the reader's own post, its position (null takes it away) and, on the opening post,
 * the discussion's title (decision 0059); the thread, its posts and the book's list are read again.
 */
export const useUpdatePost = (discussionId: string, options: { onSuccess?: (p: Post) => void } = {}) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...input }: UpdatePostInput & { id: string }) => api.put(`/posts/${encodeURIComponent(id)}`, (c) => c.PostSchema, input),
    onSuccess: (p) => {
      void queryClient.invalidateQueries({ queryKey: discussionKeys.postsOf(discussionId) })
      void queryClient.invalidateQueries({ queryKey: discussionKeys.one(discussionId) })
      void queryClient.invalidateQueries({ queryKey: ['discussions', 'book'] })
      options.onSuccess?.(p)
    },
  })
}
