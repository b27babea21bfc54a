import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ProfileUpdateInput } from '@shelfwise/contracts'
import { api } from '#/lib/api-client.ts'
import { userKeys } from '#/lib/query-keys.ts'

const updateProfile = (input: ProfileUpdateInput) => api.put('/users/profile/update', (c) => c.UserSchema, input)

export const useUpdateProfile = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.profile(user._id), user)
      void queryClient.invalidateQueries({ queryKey: userKeys.all })
    },
  })
}
