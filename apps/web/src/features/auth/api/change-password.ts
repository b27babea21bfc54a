import { useMutation } from '@tanstack/react-query'
import type { PasswordChangeInput } from '@shelfwise/contracts'
import { api } from '#/lib/api-client.ts'

// The server answers a fresh token: the old ones end with the password change.
const changePassword = (input: PasswordChangeInput) =>
  api.put('/users/password', (c) => c.MessageSchema.extend({ token: c.AuthResultSchema.shape.token }), input)

export const useChangePassword = () => useMutation({ mutationFn: changePassword })
