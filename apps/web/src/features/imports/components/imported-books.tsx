import { Link as RouterLink } from '#/lib/router/react.tsx'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import { paths } from '#/config/paths.ts'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { useImportedBooks } from '#/features/imports/api/get-imported-books.ts'
import { count } from '#/features/imports/components/import-texts.ts'

/** How many other readers rely on a book: while none do, its adder may correct it freely or delete it. */
const reliedOn = (n: number) =>
  n === 0
    ? 'Only you rely on it: you can correct it or delete it'
    : `${count(n)} other ${n === 1 ? 'reader relies' : 'readers rely'} on it: you can still correct it`

/**
 * "Books your imports added" (decision 0032): each book the reader's imports made, with a link to its
 * page, where its adder corrects or deletes it. Hidden while there are none.
 */
export function ImportedBooks() {
  const list = useImportedBooks()
  if (list.isPending) return <SectionSpinner label="Loading the books your imports added" />
  if (list.isError) return <ErrorAlert>Failed to load the books your imports added</ErrorAlert>
  if (list.items.length === 0) return null
  return (
    <Box component="section" aria-labelledby="imported-books-heading">
      <Typography id="imported-books-heading" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 0.5 }}>
        Books your imports added
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {count(list.total ?? list.items.length)} added to the catalogue from your files. Open one to correct it, or to delete it if it is a mistake.
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {list.items.map(({ book, otherReaders }) => (
          <Box component="li" key={book._id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
            <Link component={RouterLink} to={paths.book.href(book._id)} variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {book.title}
            </Link>
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {book.author} · {reliedOn(otherReaders)}
            </Typography>
          </Box>
        ))}
      </Box>
      {list.hasNextPage && (
        <Button size="small" sx={{ mt: 1 }} disabled={list.isFetchingNextPage} onClick={list.fetchNextPage}>
          Show more
        </Button>
      )}
    </Box>
  )
}
