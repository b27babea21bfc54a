import { lazy, Suspense, useId, useState } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutline'
import type { Review } from '@shelfwise/contracts'
import { useAuth } from '#/lib/auth.tsx'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { likeReview } from '#/features/reviews/api/like-review.ts'
import { LikeButton } from '#/features/reviews/components/like-button.tsx'
import { SignInPrompt } from '#/features/reviews/components/sign-in-prompt.tsx'

// The thread loads only when a reader opens it.
const ReviewThread = lazy(() => import('#/features/reviews/components/review-thread.tsx'))

const commentsLabel = (n: number) => `${n} ${n === 1 ? 'comment' : 'comments'}`

/** Under a review: its like button and count, and the "N comments" toggle that opens its thread. */
export function ReviewSocial({ review }: { review: Review }) {
  const { isAuthenticated } = useAuth()
  const [isOpen, setOpen] = useState(false)
  const [needsSignIn, setNeedsSignIn] = useState(false)
  const threadId = useId()
  const count = review.commentCount ?? 0
  return (
    <Box sx={{ mt: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <LikeButton
          key={`${review._id}:${review.likes}:${review.likedByMe}`}
          initial={{ likes: review.likes ?? 0, likedByMe: review.likedByMe ?? false }}
          send={(liked) => likeReview(review._id, liked)}
          what="review"
          {...(isAuthenticated ? {} : { onSignInNeeded: () => setNeedsSignIn(true) })}
        />
        <Button
          size="small"
          color="inherit"
          startIcon={<ChatBubbleOutlineIcon />}
          aria-expanded={isOpen}
          aria-controls={threadId}
          onClick={() => setOpen((o) => !o)}
        >
          {commentsLabel(count)}
        </Button>
      </Box>
      {needsSignIn && !isOpen && <SignInPrompt action="like reviews and join the conversation" />}
      {isOpen && (
        <Box id={threadId} sx={{ mt: 1 }}>
          <Suspense fallback={<SectionSpinner label="Loading comments" />}>
            <ReviewThread review={review} />
          </Suspense>
        </Box>
      )}
    </Box>
  )
}
