import { Navigate, useLocation, useParams } from '#/lib/router/react.tsx'
import Container from '@mui/material/Container'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { paths } from '#/config/paths.ts'
import { useAuth } from '#/lib/auth.tsx'
import { ApiError } from '#/lib/api-client.ts'
import { useDocumentTitle } from '#/lib/document-title.ts'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { useBook } from '#/features/books/api/get-book.ts'
import { AddBookForm } from '#/features/books/components/add-book-form.tsx'
import { UserSuggestField } from '#/features/users/components/user-suggest-field.tsx'

export const EDIT_BOOK_TEXT = {
  title: 'Edit Book',
  notYours: 'Only the reader who added this book can edit it.',
  notFound: 'Book not found',
  failed: 'Failed to fetch book details',
} as const

/** The Add a New Book form again, filled in, for the reader who added the book. */
export function EditBookRoute() {
  const { id = '' } = useParams()
  const location = useLocation()
  const { isAuthenticated } = useAuth()
  const { data: book, isPending, isError, error } = useBook(id)
  useDocumentTitle(book ? `${EDIT_BOOK_TEXT.title}: ${book.title}` : EDIT_BOOK_TEXT.title)
  if (!isAuthenticated) return <Navigate to={paths.login.href()} state={{ from: location }} replace />
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 3 }}>
          {EDIT_BOOK_TEXT.title}
        </Typography>
        {isError ? (
          <ErrorAlert>
            {error instanceof ApiError && (error.status === 404 || error.status === 400) ? EDIT_BOOK_TEXT.notFound : EDIT_BOOK_TEXT.failed}
          </ErrorAlert>
        ) : isPending ? (
          <SectionSpinner label="Loading book" />
        ) : !book.addedByViewer ? (
          <ErrorAlert>{EDIT_BOOK_TEXT.notYours}</ErrorAlert>
        ) : (
          <AddBookForm key={book._id} book={book} PersonField={UserSuggestField} />
        )}
      </Paper>
    </Container>
  )
}
