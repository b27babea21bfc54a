import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { BookShelf, Shelf, ShelfCreate, ShelfUpdate } from '@shelfwise/contracts'
import { api } from '#/lib/api-client.ts'
import { bookKeys, readingKeys, userKeys } from '#/lib/query-keys.ts'

// A reader's own shelves (decision 0028). Their keys are built from query-keys.ts's, under the
// reading area: a change of the log (which moves the shelves' counts others see, and the Want to
// Read a shelving may set) refreshes them with it, and Home's first chunk, which holds
// query-keys.ts, gains nothing.

/** A reader's shelves with their counts. */
const shelvesKey = (userId: string) => [...readingKeys.libraries, 'shelves', userId] as const
/** The signed-in reader's shelves of one book (under the book's reading entry). */
const bookShelvesKey = (bookId: string) => [...readingKeys.entry(bookId), 'shelves'] as const

const userShelvesQuery = (userId: string) =>
  queryOptions({ queryKey: shelvesKey(userId), queryFn: () => api.get(`/users/${encodeURIComponent(userId)}/shelves`, (c) => c.ShelfListSchema) })

/** A reader's shelves by name: all of theirs for the reader, the public ones for anyone else. */
export const useUserShelves = (userId: string, enabled = true) => useQuery({ ...userShelvesQuery(userId), enabled: Boolean(userId) && enabled })

const bookShelvesPath = (bookId: string) => `/books/${encodeURIComponent(bookId)}/shelves`

/** The signed-in reader's shelves a book is on. */
export const useBookShelves = (bookId: string) =>
  useQuery({ queryKey: bookShelvesKey(bookId), queryFn: () => api.get(bookShelvesPath(bookId), (c) => c.BookShelfListSchema) })

/** After a shelf changes: every shelf list and library list, and whatever a shelving puts on Want to Read. */
function useAfterShelving() {
  const queryClient = useQueryClient()
  return (bookId?: string) => {
    void queryClient.invalidateQueries({ queryKey: readingKeys.libraries })
    if (bookId) {
      void queryClient.invalidateQueries({ queryKey: readingKeys.entry(bookId) })
      void queryClient.invalidateQueries({ queryKey: bookKeys.detail(bookId) })
      void queryClient.invalidateQueries({ queryKey: userKeys.all })
    }
  }
}

/** Sets the reader's shelves of a book by name (missing shelves are made, private). */
export function useSetBookShelves(bookId: string) {
  const queryClient = useQueryClient()
  const after = useAfterShelving()
  return useMutation({
    mutationFn: (names: string[]) => api.put(bookShelvesPath(bookId), (c) => c.BookShelfListSchema, { names }),
    onSuccess: (shelves: BookShelf[]) => {
      queryClient.setQueryData(bookShelvesKey(bookId), shelves)
      after(bookId)
    },
  })
}

export function useCreateShelf() {
  const after = useAfterShelving()
  return useMutation({
    mutationFn: (input: ShelfCreate) => api.post('/me/shelves', (c) => c.ShelfSchema, input),
    onSuccess: () => after(),
  })
}

export function useUpdateShelf() {
  const queryClient = useQueryClient()
  const after = useAfterShelving()
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: ShelfUpdate }) => api.put(`/me/shelves/${encodeURIComponent(id)}`, (c) => c.ShelfSchema, change),
    onSuccess: (shelf: Shelf) => {
      // The lists show the answer at once (a switch does not flip back while they are read again).
      queryClient.setQueriesData<Shelf[]>({ queryKey: [...readingKeys.libraries, 'shelves'] }, (list) => list?.map((s) => (s._id === shelf._id ? shelf : s)))
      after()
    },
  })
}

export function useDeleteShelf() {
  const queryClient = useQueryClient()
  const after = useAfterShelving()
  return useMutation({
    mutationFn: (id: string) => api.delete(`/me/shelves/${encodeURIComponent(id)}`),
    onSuccess: () => {
      // Any book's shelves may have held it.
      void queryClient.invalidateQueries({ queryKey: readingKeys.all })
      after()
    },
  })
}
