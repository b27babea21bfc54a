import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ReadInput, ReadingEntry, ReadingUpdate } from '@shelfwise/contracts'
import { api } from '#/lib/api-client.ts'
import { bookKeys, readingKeys, userKeys } from '#/lib/query-keys.ts'

const entryPath = (bookId: string) => `/books/${encodeURIComponent(bookId)}/reading`

const readingQuery = (bookId: string) =>
  queryOptions({ queryKey: readingKeys.entry(bookId), queryFn: () => api.get(entryPath(bookId), (c) => c.ReadingEntrySchema) })

/** The signed-in reader's entry for a book; nothing is asked for a signed-out visitor. */
export const useReading = (bookId: string, enabled: boolean) => useQuery({ ...readingQuery(bookId), enabled })

/** The reader's own calendar day, YYYY-MM-DD: what 'today' means for a read started or finished now. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/** After any change of the log: the book's list flags and the reader's lists may have moved too. */
function useAfterChange(bookId: string) {
  const queryClient = useQueryClient()
  return (entry?: ReadingEntry) => {
    if (entry) queryClient.setQueryData(readingKeys.entry(bookId), entry)
    else void queryClient.invalidateQueries({ queryKey: readingKeys.entry(bookId) })
    void queryClient.invalidateQueries({ queryKey: bookKeys.detail(bookId) })
    void queryClient.invalidateQueries({ queryKey: userKeys.all })
    void queryClient.invalidateQueries({ queryKey: readingKeys.libraries })
  }
}

/** Sets status, rating or progress; the reader's own day is sent along. */
export function useUpdateReading(bookId: string) {
  const after = useAfterChange(bookId)
  return useMutation({
    mutationFn: (change: Omit<ReadingUpdate, 'today'>) => api.put(entryPath(bookId), (c) => c.ReadingEntrySchema, { ...change, today: localToday() }),
    onSuccess: (entry) => after(entry),
  })
}

/** Adds a read, or changes one (with its id). */
export function useSaveRead(bookId: string) {
  const after = useAfterChange(bookId)
  return useMutation({
    mutationFn: ({ id, read }: { id?: string; read: ReadInput }) =>
      id
        ? api.put(`/reads/${encodeURIComponent(id)}`, (c) => c.ReadSchema, read)
        : api.post(`/books/${encodeURIComponent(bookId)}/reads`, (c) => c.ReadSchema, read),
    onSuccess: () => after(),
  })
}

export function useDeleteRead(bookId: string) {
  const after = useAfterChange(bookId)
  return useMutation({
    mutationFn: (id: string) => api.delete(`/reads/${encodeURIComponent(id)}`),
    onSuccess: () => after(),
  })
}

export function useRestoreRead(bookId: string) {
  const after = useAfterChange(bookId)
  return useMutation({
    mutationFn: (id: string) => api.post(`/reads/${encodeURIComponent(id)}/restore`, (c) => c.ReadSchema),
    onSuccess: () => after(),
  })
}
