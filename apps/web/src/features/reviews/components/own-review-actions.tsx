import { lazy, Suspense, useState } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import EditIcon from '@mui/icons-material/Edit'
import DeleteIcon from '@mui/icons-material/DeleteOutline'
import type { Review } from '@shelfwise/contracts'

const WriteReviewDialog = lazy(() => import('#/features/reviews/components/write-review-dialog.tsx'))
const DeleteReviewDialog = lazy(() => import('#/features/reviews/components/delete-review-dialog.tsx'))

/**
 * Edit and Delete for the reader's own review (delete asks first). `onEdit` lets the book's page open
 * its own dialog; elsewhere (the profile) the dialog is opened here.
 */
export function OwnReviewActions({ review, onEdit }: { review: Review; onEdit?: () => void }) {
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null)
  const [hasOpened, setHasOpened] = useState<{ edit?: boolean; delete?: boolean }>({})
  const show = (which: 'edit' | 'delete') => {
    setHasOpened((h) => ({ ...h, [which]: true }))
    setDialog(which)
  }
  const title = review.book.title
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button size="small" startIcon={<EditIcon />} onClick={() => (onEdit ? onEdit() : show('edit'))} aria-label={`Edit your review of ${title}`}>
        Edit
      </Button>
      <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => show('delete')} aria-label={`Delete your review of ${title}`}>
        Delete
      </Button>
      <Suspense fallback={null}>
        {hasOpened.edit && !onEdit && (
          <WriteReviewDialog
            bookId={review.book._id}
            open={dialog === 'edit'}
            onClose={() => setDialog(null)}
            existing={review}
            isAuthenticated
            onRequireLogin={() => undefined}
          />
        )}
        {hasOpened.delete && <DeleteReviewDialog review={review} open={dialog === 'delete'} onClose={() => setDialog(null)} />}
      </Suspense>
    </Box>
  )
}
