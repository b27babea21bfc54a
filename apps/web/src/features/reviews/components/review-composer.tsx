import { lazy, Suspense, useState, type ReactNode } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { Review } from '@shelfwise/contracts'
import { MESSAGES } from '@shelfwise/contracts/constants'
import { useAuth } from '#/lib/auth.tsx'
import { ApiError, errorMessage } from '#/lib/api-client.ts'
import { usePendingAction, useSignInFirst, type PendingAction } from '#/lib/pending-action.ts'
import { useMyReview, myReviewQuery } from '#/features/reviews/api/get-my-review.ts'
import { useCreateReview } from '#/features/reviews/api/create-review.ts'
import { clearReviewDraft, readReviewDraft } from '#/features/reviews/components/review-draft.ts'
import { ALREADY_REVIEWED_NOTICE, SUBMIT_REVIEW_ERROR } from '#/features/reviews/components/review-texts.ts'
import type { ReaderBook, WriteReviewDialogProps } from '#/features/reviews/components/write-review-dialog.tsx'

const WriteReviewDialog = lazy(() => import('#/features/reviews/components/write-review-dialog.tsx'))

type ReviewAction = Extract<PendingAction, { kind: 'review' }>

export interface ReviewComposer {
  /** Opens the dialog: the reader's own review to edit when they have one, else a new one. */
  open: () => void
  /** The dialog (render it once on the page). */
  element: ReactNode
  /** The signed-in reader's own review of the book; null without one or while unknown. */
  myReview: Review | null
  /** A Submit pressed before signing in is being sent. */
  isSubmittingPending: boolean
}

/**
 * Everything 'Write a Review' does on a book's page: it opens the reader's own review for editing when
 * there is one, sends a signed-out reader to /login with their text kept, and on their return sends
 * the review they had submitted (once) — or, when they turn out to have reviewed the book already,
 * opens their review with the new text to replace it.
 */
export function useReviewComposer(bookId: string, reading?: ReaderBook): ReviewComposer {
  const { isAuthenticated } = useAuth()
  const queryClient = useQueryClient()
  const mine = useMyReview(bookId, isAuthenticated)
  const signInFirst = useSignInFirst()
  const [isOpen, setOpen] = useState(false)
  const [hasOpened, setHasOpened] = useState(false)
  const [notice, setNotice] = useState<WriteReviewDialogProps['notice']>(null)
  // A failed look-up is treated as "none": creating then tells (409) if there was one after all.
  const existing: Review | null | undefined = !isAuthenticated ? null : mine.isError ? null : mine.data

  const open = () => {
    setHasOpened(true)
    setOpen(true)
  }
  const close = () => {
    setOpen(false)
    setNotice(null)
  }
  const onConflict = (message: string) => {
    setNotice({ severity: 'info', message: message === MESSAGES.alreadyReviewed ? ALREADY_REVIEWED_NOTICE : message })
    void queryClient.invalidateQueries({ queryKey: myReviewQuery(bookId).queryKey })
  }

  const create = useCreateReview(bookId, {
    onSuccess: () => clearReviewDraft(bookId),
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) onConflict(err.message)
      else setNotice({ severity: 'error', message: errorMessage(err, SUBMIT_REVIEW_ERROR) })
      open()
    },
  })

  // Back from /login after pressing Submit: send what was typed, once.
  usePendingAction(
    (a): a is ReviewAction => a.kind === 'review' && a.bookId === bookId,
    isAuthenticated && existing !== undefined,
    () => {
      const draft = readReviewDraft(bookId)
      if (!draft || draft.rating < 1 || !draft.content.trim()) return open()
      if (existing) {
        setNotice({ severity: 'info', message: ALREADY_REVIEWED_NOTICE })
        return open()
      }
      create.mutate({ rating: draft.rating, content: draft.content.trim() })
    },
  )

  const element = hasOpened ? (
    <Suspense fallback={null}>
      <WriteReviewDialog
        bookId={bookId}
        open={isOpen}
        onClose={close}
        existing={existing}
        isAuthenticated={isAuthenticated}
        onRequireLogin={() => signInFirst({ kind: 'review', bookId })}
        notice={notice}
        onConflict={onConflict}
        reading={reading}
      />
    </Suspense>
  ) : null

  return { open, element, myReview: existing ?? null, isSubmittingPending: create.isPending }
}
