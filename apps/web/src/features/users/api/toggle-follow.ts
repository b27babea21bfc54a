import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { FollowResult } from '@shelfwise/contracts'
import { api } from '#/lib/api-client.ts'
import { bookKeys, userKeys } from '#/lib/query-keys.ts'

const toggleFollow = (userId: string) => api.put(`/users/follow/${encodeURIComponent(userId)}`, (c) => c.FollowResultSchema)

export const useToggleFollow = (options: { onSuccess?: (res: FollowResult, userId: string) => void } = {}) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (userId: string) => toggleFollow(userId),
    onSuccess: (res, userId) => {
      options.onSuccess?.(res, userId)
      void queryClient.invalidateQueries({ queryKey: userKeys.all })
      void queryClient.invalidateQueries({ queryKey: bookKeys.followedAll })
    },
    // Follow errors are only logged (spec §8).
    onError: (err) => console.error('Failed to toggle follow', err),
  })
}
