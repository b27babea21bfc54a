import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '#/lib/api-client.ts'
import { bookKeys } from '#/lib/query-keys.ts'

export const bookQuery = (id: string) =>
  queryOptions({ queryKey: bookKeys.detail(id), queryFn: () => api.get(`/books/${encodeURIComponent(id)}`, (c) => c.BookSchema) })

export const useBook = (id: string) => useQuery(bookQuery(id))
