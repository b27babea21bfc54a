import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Book } from '@shelfwise/contracts'
import { api } from '#/lib/api-client.ts'
import { onboardingKeys, readingKeys, userKeys } from '#/lib/query-keys.ts'

/** How many books the 'pick a few books' step offers. */
const STARTER_COUNT = 12

/**
 * Books to start a library with: this week's popular ones, then the best rated (a quiet week, a new
 * catalogue), each once, at most STARTER_COUNT.
 */
async function getStarterBooks(): Promise<Book[]> {
  const [popular, rated] = await Promise.all([
    api.get('/reviews/popular-week', (c) => c.PopularListSchema),
    api.get('/books', (c) => c.BookListSchema, { query: { sort: 'rating', limit: STARTER_COUNT } }),
  ])
  const seen = new Set<string>()
  return [...popular.map((p) => p.book), ...rated].filter((b) => !seen.has(b._id) && seen.add(b._id)).slice(0, STARTER_COUNT)
}

const starterBooksQuery = () => queryOptions({ queryKey: onboardingKeys.starterBooks, queryFn: getStarterBooks, staleTime: 5 * 60_000 })

export const useStarterBooks = () => useQuery(starterBooksQuery())

/** One tap: the book goes on the reader's Want to Read list (PUT /books/{id}/reading; no read starts, so no day is sent). */
export function useWantToRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (bookId: string) => api.put(`/books/${encodeURIComponent(bookId)}/reading`, (c) => c.ReadingEntrySchema, { status: 'want' }),
    onSuccess: (_, bookId) => {
      void queryClient.invalidateQueries({ queryKey: readingKeys.entry(bookId) })
      void queryClient.invalidateQueries({ queryKey: readingKeys.libraries })
      void queryClient.invalidateQueries({ queryKey: userKeys.all })
    },
  })
}
