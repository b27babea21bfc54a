import { useState } from 'react'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import type { Review } from '@shelfwise/contracts'
import { errorMessage } from '#/lib/api-client.ts'
import { useDeleteReview } from '#/features/reviews/api/delete-review.ts'

export const DELETE_REVIEW_TEXT = {
  title: 'Delete your review?',
  body: (title: string) => `Your review of “${title}” and its rating will be removed from Shelfwise. This cannot be undone.`,
  confirm: 'Delete',
  busy: 'Deleting...',
  cancel: 'Cancel',
  failed: 'Failed to delete review',
} as const

/** Asks before deleting the reader's own review; deletes it on Delete. */
export default function DeleteReviewDialog({ review, open, onClose, onDeleted }: { review: Review; open: boolean; onClose: () => void; onDeleted?: () => void }) {
  const [error, setError] = useState<string | null>(null)
  const remove = useDeleteReview({
    onSuccess: () => {
      onClose()
      onDeleted?.()
    },
    onError: (err) => setError(errorMessage(err, DELETE_REVIEW_TEXT.failed)),
  })
  return (
    <Dialog open={open} onClose={remove.isPending ? undefined : onClose} aria-labelledby="delete-review-title" aria-describedby="delete-review-body">
      <DialogTitle id="delete-review-title">{DELETE_REVIEW_TEXT.title}</DialogTitle>
      <DialogContent>
        {error && <Alert severity="error" sx={{ mb: 2 }}>{error}</Alert>}
        <DialogContentText id="delete-review-body" dir="auto" sx={{ overflowWrap: 'anywhere' }}>{DELETE_REVIEW_TEXT.body(review.book.title)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={remove.isPending} autoFocus>{DELETE_REVIEW_TEXT.cancel}</Button>
        <Button color="error" variant="contained" onClick={() => { setError(null); remove.mutate(review) }} disabled={remove.isPending}>
          {remove.isPending ? DELETE_REVIEW_TEXT.busy : DELETE_REVIEW_TEXT.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
