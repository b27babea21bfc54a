import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '#/lib/api-client.ts'
import { bookKeys, userKeys } from '#/lib/query-keys.ts'

export type CreateBookBody = Record<string, unknown>

const createBook = (body: CreateBookBody) => api.post('/books', (c) => c.BookSchema, body)

export const useCreateBook = (options: { onSuccess?: () => void; onError?: (err: unknown) => void } = {}) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createBook,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bookKeys.all })
      void queryClient.invalidateQueries({ queryKey: userKeys.all })
      options.onSuccess?.()
    },
    onError: options.onError,
  })
}
