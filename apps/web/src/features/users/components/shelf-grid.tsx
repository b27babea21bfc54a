import { Link as RouterLink } from '#/lib/router/react.tsx'
import Button from '@mui/material/Button'
import { paths } from '#/config/paths.ts'
import { BookCard } from '#/components/book-card.tsx'
import { BookGrid } from '#/components/book-grid.tsx'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { EmptyState } from '#/components/feedback/empty-state.tsx'
import { PagedListFooter } from '#/components/paged-list-footer.tsx'
import { useShelf, type Shelf } from '#/features/users/api/get-shelves.ts'

const SHELF_TEXT: Record<Shelf, { empty: string; error: string }> = {
  wishlist: { empty: 'Your wishlist is empty.', error: 'Failed to load wishlist' },
  'recently-read': { empty: 'Your Recently Read List is empty.', error: 'Failed to load read books' },
  'listed-books': { empty: 'Your Listed Book List is empty.', error: 'Failed to load listed books' },
  'created-books': { empty: 'Your Created Book List is empty.', error: 'Failed to load created books' },
  'credited-books': { empty: 'No book credits you as its author or publisher yet.', error: 'Failed to load credited books' },
}

/** One of a reader's book lists, read a page at a time to its end, with its empty message and 'Browse Books'. */
export function ShelfGrid({
  userId,
  shelf,
  emptyMessage,
  errorMessage: errorText,
  label,
}: {
  userId: string
  shelf: Shelf
  emptyMessage?: string
  errorMessage?: string
  /** The grid's accessible name. */
  label?: string
}) {
  const list = useShelf(userId, shelf)
  const failure = errorText ?? SHELF_TEXT[shelf].error
  if (list.isPending) return <SectionSpinner label="Loading books" />
  if (list.isError) return <ErrorAlert>{failure}</ErrorAlert>
  if (list.items.length === 0) {
    return (
      <EmptyState
        message={emptyMessage ?? SHELF_TEXT[shelf].empty}
        action={
          emptyMessage ? undefined : (
            <Button component={RouterLink} to={paths.browse.href()} variant="contained">
              Browse Books
            </Button>
          )
        }
      />
    )
  }
  return (
    <>
      <BookGrid label={label}>
        {list.items.map((b) => (
          <BookCard key={b._id} book={b} />
        ))}
      </BookGrid>
      <PagedListFooter list={list} errorText={failure} what="books" />
    </>
  )
}
