import type { ProfileUpdateInput } from '@shelfwise/contracts'
import { api } from '#/lib/api-client.ts'
import { userKeys } from '#/lib/query-keys.ts'
import { useStoringMutation } from '#/lib/storing-mutation.ts'

const updateProfile = (input: ProfileUpdateInput) => api.put('/users/profile/update', (c) => c.UserSchema, input)

export const useUpdateProfile = () => useStoringMutation(updateProfile, (user) => userKeys.profile(user._id), userKeys.all)
