import { Link as RouterLink } from '#/lib/router/react.tsx'
import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import type { Review } from '@shelfwise/contracts'
import { paths } from '#/config/paths.ts'
import { useAuth } from '#/lib/auth.tsx'
import { formatFullDate } from '#/lib/format.ts'
import { BookCover } from '#/components/book-cover.tsx'
import { OwnReviewActions } from '#/features/reviews/components/own-review-actions.tsx'
import { Paragraphs } from '#/components/paragraphs.tsx'
import { ReviewSocial } from '#/features/reviews/components/review-social.tsx'
import { SpoilerGate } from '#/features/reviews/components/spoiler-gate.tsx'

/**
 * A review on a profile: the book's cover, title and author, 'Rating: n/5', the comment, the date.
 * The signed-in reader's own reviews also carry Edit and Delete.
 */
export function ProfileReviewCard({ review }: { review: Review }) {
  const { user, isAuthenticated } = useAuth()
  const isMine = isAuthenticated && user?._id === review.user._id
  return (
    <Card component="li" sx={{ display: 'flex', gap: 2, p: 2, listStyle: 'none', minWidth: 0 }}>
      <Box sx={{ width: { xs: 64, sm: 88 }, flexShrink: 0 }}>
        <BookCover title={review.book.title} author={review.book.author} src={review.book.coverImage} compact />
      </Box>
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Link
          component={RouterLink}
          to={paths.book.href(review.book._id)}
          underline="hover"
          variant="subtitle1"
          dir="auto"
          sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
        >
          {review.book.title}
        </Link>
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          by {review.book.author}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600, mt: 0.5 }}>
          Rating: {review.rating}/5
        </Typography>
        <SpoilerGate isSpoiler={review.spoiler === true}>
          <Typography variant="body2" dir="auto" sx={{ my: 0.5, overflowWrap: 'anywhere' }}>
            <Paragraphs text={review.comment} />
          </Typography>
        </SpoilerGate>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          Reviewed on {formatFullDate(review.createdAt)}
        </Typography>
        {isMine && (
          <Box sx={{ mt: 1 }}>
            <OwnReviewActions review={review} />
          </Box>
        )}
        <ReviewSocial review={review} />
      </Box>
    </Card>
  )
}
