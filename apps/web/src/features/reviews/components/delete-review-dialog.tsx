import { useState } from 'react'
import Checkbox from '@mui/material/Checkbox'
import FormControlLabel from '@mui/material/FormControlLabel'
import type { Review } from '@shelfwise/contracts'
import { errorMessage } from '#/lib/api-client.ts'
import { ConfirmDialog } from '#/components/feedback/confirm-dialog.tsx'
import { useDeleteReview } from '#/features/reviews/api/delete-review.ts'

const DELETE_REVIEW_TEXT = {
  title: 'Delete your review?',
  body: (title: string) => `Your review of “${title}” and its rating will be removed from Shelfwise. This cannot be undone.`,
  bodyKeeping: (title: string, stars: number) =>
    `Your review of “${title}” will be removed from Shelfwise. Your ${stars}-star rating stays, as your rating of the book. This cannot be undone.`,
  keep: (stars: number) => `Keep my ${stars}-star rating`,
  confirm: 'Delete',
  busy: 'Deleting...',
  failed: 'Failed to delete review',
} as const

/**
 * Asks before deleting the reader's own review, and whether its stars stay as their rating of the
 * book (decision 0036: kept unless they say otherwise); deletes it on Delete.
 */
export default function DeleteReviewDialog({
  review,
  open,
  onClose,
  onDeleted,
}: {
  review: Review
  open: boolean
  onClose: () => void
  onDeleted?: () => void
}) {
  const [error, setError] = useState<string | null>(null)
  const hasStars = review.rating > 0
  const [keepRating, setKeepRating] = useState(true)
  const keeps = hasStars && keepRating
  const remove = useDeleteReview({
    onSuccess: () => {
      onClose()
      onDeleted?.()
    },
    onError: (err) => setError(errorMessage(err, DELETE_REVIEW_TEXT.failed)),
  })
  return (
    <ConfirmDialog
      id="delete-review"
      open={open}
      title={DELETE_REVIEW_TEXT.title}
      body={keeps ? DELETE_REVIEW_TEXT.bodyKeeping(review.book.title, review.rating) : DELETE_REVIEW_TEXT.body(review.book.title)}
      error={error}
      confirm={DELETE_REVIEW_TEXT.confirm}
      busyLabel={DELETE_REVIEW_TEXT.busy}
      isBusy={remove.isPending}
      destructive
      onConfirm={() => {
        setError(null)
        remove.mutate({ review, keepRating: keeps })
      }}
      onClose={onClose}
    >
      {hasStars && (
        <FormControlLabel
          sx={{ mt: 1 }}
          control={<Checkbox checked={keepRating} onChange={(e) => setKeepRating(e.target.checked)} disabled={remove.isPending} />}
          label={DELETE_REVIEW_TEXT.keep(review.rating)}
        />
      )}
    </ConfirmDialog>
  )
}
