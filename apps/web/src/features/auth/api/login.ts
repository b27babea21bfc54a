import { useMutation } from '@tanstack/react-query'
import type { LoginInput } from '@shelfwise/contracts'
import { api } from '#/lib/api-client.ts'

const login = (input: LoginInput) => api.post('/auth/login', (c) => c.AuthResultSchema, input)

export const useLogin = () => useMutation({ mutationFn: login })
