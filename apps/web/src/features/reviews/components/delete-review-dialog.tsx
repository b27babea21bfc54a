import { useState } from 'react'
import type { Review } from '@shelfwise/contracts'
import { errorMessage } from '#/lib/api-client.ts'
import { ConfirmDialog } from '#/components/feedback/confirm-dialog.tsx'
import { useDeleteReview } from '#/features/reviews/api/delete-review.ts'

const DELETE_REVIEW_TEXT = {
  title: 'Delete your review?',
  body: (title: string) => `Your review of “${title}” and its rating will be removed from Shelfwise. This cannot be undone.`,
  confirm: 'Delete',
  busy: 'Deleting...',
  failed: 'Failed to delete review',
} as const

/** Asks before deleting the reader's own review; deletes it on Delete. */
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
      body={DELETE_REVIEW_TEXT.body(review.book.title)}
      error={error}
      confirm={DELETE_REVIEW_TEXT.confirm}
      busyLabel={DELETE_REVIEW_TEXT.busy}
      isBusy={remove.isPending}
      destructive
      onConfirm={() => {
        setError(null)
        remove.mutate(review)
      }}
      onClose={onClose}
    />
  )
}
