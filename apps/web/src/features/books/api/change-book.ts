import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '#/lib/api-client.ts'
import { bookQuery } from '#/features/books/api/get-book.ts'
import type { CreateBookBody } from '#/features/books/api/create-book.ts'
import { bookKeys, reviewKeys, userKeys } from '#/lib/query-keys.ts'

// What the reader who added a book can do to it (correct it, delete it), and what a reader credited
// on a book can do (remove the credit). Each refreshes the lists the book shows in.

const bookPath = (id: string) => `/books/${encodeURIComponent(id)}`

const updateBook = (id: string, body: CreateBookBody) => api.put(bookPath(id), (c) => c.BookSchema, body)
const deleteBook = (id: string) => api.delete(bookPath(id))
const removeBookCredit = (id: string) => api.delete(`${bookPath(id)}/credit`, (c) => c.BookSchema)

type Callbacks = { onSuccess?: () => void; onError?: (err: unknown) => void }

export const useUpdateBook = (id: string, options: Callbacks = {}) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateBookBody) => updateBook(id, body),
    onSuccess: (book) => {
      // The viewer's flags are not in a PUT's answer: keep the ones already known.
      queryClient.setQueryData(bookQuery(id).queryKey, (old) => (old ? { ...old, ...book } : book))
      void queryClient.invalidateQueries({ queryKey: bookKeys.all })
      void queryClient.invalidateQueries({ queryKey: userKeys.all })
      options.onSuccess?.()
    },
    onError: options.onError,
  })
}

export const useDeleteBook = (id: string, options: Callbacks = {}) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => deleteBook(id),
    onSuccess: () => {
      // Away from the book's page first, so it does not ask for the book it just deleted.
      options.onSuccess?.()
      queryClient.removeQueries({ queryKey: bookQuery(id).queryKey })
      void queryClient.invalidateQueries({ queryKey: bookKeys.all })
      void queryClient.invalidateQueries({ queryKey: userKeys.all })
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all })
    },
    onError: options.onError,
  })
}

export const useRemoveBookCredit = (id: string, options: Callbacks = {}) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => removeBookCredit(id),
    onSuccess: (book) => {
      queryClient.setQueryData(bookQuery(id).queryKey, (old) => (old ? { ...old, ...book, creditsViewer: false } : book))
      void queryClient.invalidateQueries({ queryKey: userKeys.all })
      options.onSuccess?.()
    },
    onError: options.onError,
  })
}
