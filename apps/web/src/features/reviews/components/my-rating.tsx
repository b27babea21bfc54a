import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import type { Review } from '@shelfwise/contracts'
import { Stars } from '#/components/stars.tsx'

/** At the top of a book's page: the stars the signed-in reader gave it, and a way back into their review. */
export function MyRating({ review, onEdit }: { review: Review; onEdit: () => void }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }} data-testid="my-rating">
      <Typography sx={{ fontWeight: 600 }}>Your rating</Typography>
      <Stars value={review.rating} label={`You rated it ${review.rating} out of 5`} />
      <Link component="button" type="button" onClick={onEdit} underline="hover" sx={{ font: 'inherit' }}>
        Edit your review
      </Link>
    </Box>
  )
}
