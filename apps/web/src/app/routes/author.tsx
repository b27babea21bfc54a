import { useParams } from '#/lib/router/react.tsx'
import Box from '@mui/material/Box'
import Container from '@mui/material/Container'
import Typography from '@mui/material/Typography'
import type { QueryClient } from '@tanstack/react-query'
import { BookCard } from '#/components/book-card.tsx'
import { BookGrid } from '#/components/book-grid.tsx'
import { ShowMore } from '#/components/show-more.tsx'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { EmptyState } from '#/components/feedback/empty-state.tsx'
import { booksByNameQuery, useBooksByName, type BookNameField } from '#/features/books/api/get-books-by-name.ts'
import { useDocumentTitle } from '#/lib/document-title.ts'

const NAME_BOOKS_ERROR = 'Failed to fetch books'

const LABEL: Record<BookNameField, string> = { author: 'Author', publisher: 'Publisher' }

/** What an author's or publisher's page says when the catalogue has no book of that name. */
const noBooksOf = (field: BookNameField, name: string) =>
  field === 'author' ? `No books by ${name} in the catalogue yet.` : `No books from ${name} in the catalogue yet.`

/** The queries the page's first render asks for (RouteHandle.prefetch). */
export function prefetchNameBooks(client: QueryClient, field: BookNameField, name: string): void {
  if (name.trim()) void client.prefetchInfiniteQuery(booksByNameQuery(field, name.trim()))
}

/** An author's or publisher's page (decision 0010): every book in the catalogue carrying the name, by title. */
function NameBooksPage({ field }: { field: BookNameField }) {
  const name = (useParams().name ?? '').trim()
  useDocumentTitle(name)
  const { data, isPending, isError, hasNextPage, isFetchingNextPage, fetchNextPage } = useBooksByName(field, name)
  const books = data?.pages.flatMap((p) => p.items) ?? []
  const total = data?.pages[0]?.total
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="overline" component="p" sx={{ color: 'text.secondary', lineHeight: 1.5 }}>
        {LABEL[field]}
      </Typography>
      <Typography variant="h4" component="h1" dir="auto" sx={{ fontWeight: 800, overflowWrap: 'anywhere', mb: 3 }}>
        {name}
      </Typography>
      {isError ? (
        <ErrorAlert>{NAME_BOOKS_ERROR}</ErrorAlert>
      ) : isPending ? (
        <SectionSpinner label="Loading books" />
      ) : books.length === 0 ? (
        <EmptyState message={noBooksOf(field, name)} />
      ) : (
        <Box component="section" aria-label={`Books ${field === 'author' ? 'by' : 'from'} ${name}`}>
          <BookGrid label="Books">
            {books.map((b) => (
              <BookCard key={b._id} book={b} variant="preview" />
            ))}
          </BookGrid>
          <ShowMore shown={books.length} total={total} hasMore={hasNextPage} isLoading={isFetchingNextPage} onMore={() => void fetchNextPage()} />
        </Box>
      )}
    </Container>
  )
}

export const AuthorRoute = () => <NameBooksPage field="author" />
export const PublisherRoute = () => <NameBooksPage field="publisher" />
