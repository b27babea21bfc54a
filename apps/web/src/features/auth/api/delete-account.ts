import { useMutation } from '@tanstack/react-query'
import { api } from '#/lib/api-client.ts'

/** DELETE /users/me with the current password (204); a wrong password is a 400 with the server's words. */
export const useDeleteAccount = () => useMutation({ mutationFn: (password: string) => api.delete('/users/me', undefined, { password }) })
