import { useState } from 'react'
import { Link as RouterLink, useNavigate } from '#/lib/router/react.tsx'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import DeleteIcon from '@mui/icons-material/Delete'
import EditIcon from '@mui/icons-material/Edit'
import PersonRemoveIcon from '@mui/icons-material/PersonRemove'
import type { Book } from '@shelfwise/contracts'
import { paths } from '#/config/paths.ts'
import { errorMessage } from '#/lib/api-client.ts'
import { ConfirmDialog } from '#/components/feedback/confirm-dialog.tsx'
import { useDeleteBook, useRemoveBookCredit } from '#/features/books/api/change-book.ts'

const BOOK_OWNER_TEXT = {
  edit: 'Edit Book',
  delete: 'Delete Book',
  deleteTitle: 'Delete this book?',
  deleteBody: (title: string) => `“${title}” will be removed from Shelfwise, with your own review and list entries for it. This cannot be undone.`,
  deleting: 'Deleting...',
  deleteFailed: 'Failed to delete book',
  removeCredit: 'Remove My Credit',
  creditTitle: 'Remove your credit?',
  creditBody: (title: string) =>
    `Your profile will no longer be linked as the author or publisher of “${title}”. The names printed on the book stay as they are.`,
  removing: 'Removing...',
  creditFailed: 'Failed to remove credit',
  creditRemoved: 'Your credit was removed.',
  confirmDelete: 'Delete',
  confirmRemove: 'Remove',
} as const

type Asking = 'delete' | 'credit' | null

/**
 * What the signed-in reader may do to the book itself: correct or delete it when they added it,
 * remove their credit when it links to them as author or publisher. Each destructive step asks first;
 * a refusal (others have the book on their lists) is shown in the reader's words from the server.
 */
export function BookOwnerActions({ book }: { book: Book }) {
  const navigate = useNavigate()
  const [asking, setAsking] = useState<Asking>(null)
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const remove = useDeleteBook(book._id, {
    onSuccess: () => navigate(paths.profile.href(), { state: { notice: `“${book.title}” was deleted.` } }),
    onError: (err) => setError(errorMessage(err, BOOK_OWNER_TEXT.deleteFailed)),
  })
  const uncredit = useRemoveBookCredit(book._id, {
    onSuccess: () => {
      setAsking(null)
      setNotice(BOOK_OWNER_TEXT.creditRemoved)
    },
    onError: (err) => setError(errorMessage(err, BOOK_OWNER_TEXT.creditFailed)),
  })
  if (!book.addedByViewer && !book.creditsViewer)
    return notice ? (
      <Alert severity="success" onClose={() => setNotice(null)} sx={{ mb: 2 }}>
        {notice}
      </Alert>
    ) : null

  const busy = remove.isPending || uncredit.isPending
  const open = (what: Asking) => {
    setError(null)
    setAsking(what)
  }
  const close = () => {
    if (!busy) setAsking(null)
  }
  return (
    <>
      {notice && (
        <Alert severity="success" onClose={() => setNotice(null)} sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }} role="group" aria-label="Your book">
        {book.addedByViewer && (
          <>
            <Button variant="outlined" size="small" startIcon={<EditIcon />} component={RouterLink} to={paths.editBook.href(book._id)}>
              {BOOK_OWNER_TEXT.edit}
            </Button>
            <Button variant="outlined" size="small" color="error" startIcon={<DeleteIcon />} onClick={() => open('delete')}>
              {BOOK_OWNER_TEXT.delete}
            </Button>
          </>
        )}
        {book.creditsViewer && (
          <Button variant="outlined" size="small" startIcon={<PersonRemoveIcon />} onClick={() => open('credit')}>
            {BOOK_OWNER_TEXT.removeCredit}
          </Button>
        )}
      </Box>
      <ConfirmDialog
        id="book-owner"
        open={asking !== null}
        title={asking === 'credit' ? BOOK_OWNER_TEXT.creditTitle : BOOK_OWNER_TEXT.deleteTitle}
        body={asking === 'credit' ? BOOK_OWNER_TEXT.creditBody(book.title) : BOOK_OWNER_TEXT.deleteBody(book.title)}
        error={error}
        confirm={asking === 'credit' ? BOOK_OWNER_TEXT.confirmRemove : BOOK_OWNER_TEXT.confirmDelete}
        busyLabel={asking === 'credit' ? BOOK_OWNER_TEXT.removing : BOOK_OWNER_TEXT.deleting}
        isBusy={busy}
        destructive={asking !== 'credit'}
        onConfirm={() => {
          setError(null)
          if (asking === 'credit') uncredit.mutate()
          else remove.mutate()
        }}
        onClose={close}
      />
    </>
  )
}
