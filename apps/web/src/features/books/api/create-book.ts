import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '#/lib/api-client.ts'

export type CreateBookBody = Record<string, unknown>

export const createBook = (body: CreateBookBody) => api.post('/books', (c) => c.BookSchema, body)

export const useCreateBook = (options: { onSuccess?: () => void; onError?: (err: unknown) => void } = {}) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createBook,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['books'] })
      void queryClient.invalidateQueries({ queryKey: ['users'] })
      options.onSuccess?.()
    },
    onError: options.onError,
  })
}
