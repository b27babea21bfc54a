import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '#/lib/api-client.ts'
import { bookKeys } from '#/lib/query-keys.ts'

export interface DuplicateCheck {
  isbn: string
  title: string
  author: string
}

/** Worth asking: an ISBN, or both a title and an author. */
export const isCheckable = (c: DuplicateCheck) => c.isbn !== '' || (c.title !== '' && c.author !== '')

/** GET /books/duplicates: books a new one may repeat (the same ISBN, or the same title and author). */
export const bookDuplicatesQuery = (c: DuplicateCheck) =>
  queryOptions({
    queryKey: bookKeys.duplicates(c.isbn, c.title, c.author),
    queryFn: ({ signal }) =>
      api.get('/books/duplicates', (x) => x.BookDuplicateListSchema, { query: { isbn: c.isbn, title: c.title, author: c.author }, signal }),
    staleTime: 10_000,
  })

export const useBookDuplicates = (c: DuplicateCheck | null) =>
  useQuery({ ...bookDuplicatesQuery(c ?? { isbn: '', title: '', author: '' }), enabled: c !== null && isCheckable(c) })
