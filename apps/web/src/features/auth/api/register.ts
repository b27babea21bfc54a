import { useMutation } from '@tanstack/react-query'
import type { RegisterInput } from '@shelfwise/contracts'
import { api } from '#/lib/api-client.ts'

const register = (input: RegisterInput) => api.post('/auth/register', (c) => c.AuthResultSchema, input)

export const useRegister = () => useMutation({ mutationFn: register })
