import type { Book } from '@shelfwise/contracts'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { useBookSearch } from '#/features/books/api/search-books.ts'
import SearchMatches from '#/features/books/components/search-matches.tsx'

// The server's word matches complete the books already loaded; the page keeps only title or author matches.
export const HOME_SEARCH_LIMIT = 100

/** Home's search results for a submitted query (its code loads with the first search). */
export default function HomeSearch({ query, loaded }: { query: string; loaded: Book[] }) {
  const { data, isFetching, isError } = useBookSearch({ query }, HOME_SEARCH_LIMIT)
  if (isFetching && !data) return <SectionSpinner label="Searching" />
  if (isError) return <ErrorAlert>Failed to search books</ErrorAlert>
  return <SearchMatches query={query} books={[...loaded, ...(data?.items ?? [])]} />
}
