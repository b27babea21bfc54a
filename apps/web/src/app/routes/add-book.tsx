import Container from '@mui/material/Container'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { useDocumentTitle } from '#/lib/document-title.ts'
import { AddBookForm } from '#/features/books/components/add-book-form.tsx'
import { UserSuggestField } from '#/features/users/components/user-suggest-field.tsx'

export const ADD_BOOK_TITLE = 'Add a New Book'

export function AddBookRoute() {
  useDocumentTitle(ADD_BOOK_TITLE)
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 3 }}>
          {ADD_BOOK_TITLE}
        </Typography>
        <AddBookForm PersonField={UserSuggestField} />
      </Paper>
    </Container>
  )
}
