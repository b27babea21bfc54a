import type { ReactNode } from 'react'
import { Link as RouterLink } from '#/lib/router/react.tsx'
import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import type { Review } from '@shelfwise/contracts'
import { paths } from '#/config/paths.ts'
import { Stars } from '#/components/stars.tsx'
import { formatFullDate, profileImageUrl } from '#/lib/format.ts'
import { Paragraphs } from '#/components/paragraphs.tsx'
import { ReviewSocial } from '#/features/reviews/components/review-social.tsx'
import { RemovedByModerators, ReportButton } from '#/components/safety/report-button.tsx'
import { SpoilerGate } from '#/features/reviews/components/spoiler-gate.tsx'
import { WriterBadge } from '#/components/writer-badge.tsx'
import { SpoilerText, spoilerParts } from '#/components/spoiler-text.tsx'

/**
 * A review with its writer; `showBook` adds the book's title (Home's Recent Reviews). `label` and
 * `actions` mark the reader's own review on a book's page ('Your review', Edit, Delete).
 */
export function ReviewCard({
  review,
  showBook = false,
  clamp = false,
  label,
  actions,
}: {
  review: Review
  showBook?: boolean
  clamp?: boolean
  label?: string
  actions?: ReactNode
}) {
  const marked = spoilerParts(review.comment).some((p) => p.hidden)
  return (
    <Card component="li" sx={{ listStyle: 'none', minWidth: 0, ...(label ? { borderLeft: 4, borderColor: 'secondary.main' } : {}) }}>
      <CardContent>
        {label && (
          <Typography variant="overline" component="p" sx={{ color: 'secondary.dark', fontWeight: 700, lineHeight: 1.5 }}>
            {label}
          </Typography>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1 }}>
          <Avatar src={profileImageUrl(review.user.profileImage)} alt={review.user.username}>
            {review.user.username.charAt(0).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Link component={RouterLink} to={paths.user.href(review.user._id)} underline="hover" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {review.user.username}
            </Link>
            <WriterBadge badge={review.badge} />
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
              {formatFullDate(review.createdAt)}
            </Typography>
          </Box>
        </Box>
        {showBook && (
          <Link
            component={RouterLink}
            to={paths.book.href(review.book._id)}
            underline="hover"
            dir="auto"
            sx={{ fontWeight: 700, display: 'block', overflowWrap: 'anywhere' }}
          >
            {review.book.title}
          </Link>
        )}
        <Stars value={review.rating} label={`${review.rating} out of 5 stars`} />
        {review.removedByModerators ? (
          <RemovedByModerators />
        ) : (
          <SpoilerGate isSpoiler={review.spoiler === true}>
            <Typography
              variant="body2"
              data-testid="review-text"
              dir="auto"
              sx={
                clamp
                  ? { overflow: 'hidden', display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: { xs: 2, sm: 3 }, overflowWrap: 'anywhere' }
                  : { overflowWrap: 'anywhere', ...(marked ? { whiteSpace: 'pre-line' } : {}) }
              }
            >
              {/* ||…|| passages (decision 0044) stay hidden until clicked, clamped or not. */}
              {marked ? <SpoilerText text={review.comment} /> : clamp ? review.comment : <Paragraphs text={review.comment} />}
            </Typography>
          </SpoilerGate>
        )}
        {actions && <Box sx={{ mt: 1 }}>{actions}</Box>}
        <ReviewSocial review={review} />
        {!review.removedByModerators && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <ReportButton targetType="review" targetId={review._id} writerId={review.user._id} />
          </Box>
        )}
      </CardContent>
    </Card>
  )
}
