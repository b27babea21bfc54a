import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ProfileUpdateInput } from '@shelfwise/contracts'
import { api } from '#/lib/api-client.ts'

export const updateProfile = (input: ProfileUpdateInput) => api.put('/users/profile/update', (c) => c.UserSchema, input)

export const useUpdateProfile = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(['users', user._id, 'profile'], user)
      void queryClient.invalidateQueries({ queryKey: ['users'] })
    },
  })
}
