import type { Book } from '@shelfwise/contracts'
import { Section } from '#/components/section.tsx'
import PreviewCardGrid from '#/components/preview-card-grid.tsx'

/** Home's search rule (spec §5): the query, any case, inside the title or the author. */
export const matchesTitleOrAuthor = (query: string) => {
  const q = query.trim().toLowerCase()
  return (b: Pick<Book, 'title' | 'author'>) => b.title.toLowerCase().includes(q) || b.author.toLowerCase().includes(q)
}

/**
 * Search Results: the books Home has loaded and the server's word matches, kept only when the query
 * is inside their title or author, each once; the section shows only when there are matches.
 */
export default function SearchMatches({ query, books }: { query: string; books: Book[] }) {
  const hit = matchesTitleOrAuthor(query)
  const seen = new Set<string>()
  const matches = books.filter((b) => hit(b) && !seen.has(b._id) && Boolean(seen.add(b._id)))
  if (matches.length === 0) return null
  return (
    <Section title="Search Results">
      <PreviewCardGrid label="Search Results" books={matches} />
    </Section>
  )
}
