import { Link as RouterLink } from 'react-router'
import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import type { Review } from '@shelfwise/contracts'
import { paths } from '#/config/paths.ts'
import { formatFullDate } from '#/lib/format.ts'
import { BookCover } from '#/components/book-cover.tsx'

/** A review on a profile: the book's cover, title and author, 'Rating: n/5', the comment, the date. */
export function ProfileReviewCard({ review }: { review: Review }) {
  return (
    <Card component="li" sx={{ display: 'flex', gap: 2, p: 2, listStyle: 'none' }}>
      <Box sx={{ width: { xs: 64, sm: 88 }, flexShrink: 0 }}>
        <BookCover title={review.book.title} author={review.book.author} src={review.book.coverImage} compact />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Link component={RouterLink} to={paths.book.href(review.book._id)} underline="hover" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {review.book.title}
        </Link>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>by {review.book.author}</Typography>
        <Typography variant="body2" sx={{ fontWeight: 600, mt: 0.5 }}>Rating: {review.rating}/5</Typography>
        <Typography variant="body2" sx={{ my: 0.5, whiteSpace: 'pre-line', wordBreak: 'break-word' }}>{review.comment}</Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>Reviewed on {formatFullDate(review.createdAt)}</Typography>
      </Box>
    </Card>
  )
}
