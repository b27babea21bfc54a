import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '#/lib/api-client.ts'

export const bookQuery = (id: string) =>
  queryOptions({ queryKey: ['books', 'detail', id], queryFn: () => api.get(`/books/${encodeURIComponent(id)}`, (c) => c.BookSchema) })

export const useBook = (id: string) => useQuery(bookQuery(id))
