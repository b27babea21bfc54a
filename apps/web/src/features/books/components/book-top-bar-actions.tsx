import Button from '@mui/material/Button'
import RateReviewIcon from '@mui/icons-material/RateReview'
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart'
import { TopBarActions } from '#/components/chrome/top-bar-slot.tsx'

/** A book page's buttons in the top bar: Write Review, and Buy on Amazon (disabled without a link). */
export function BookTopBarActions({ amazonLink, onWriteReview }: { amazonLink: string; onWriteReview: () => void }) {
  return (
    <TopBarActions>
      <Button color="inherit" variant="outlined" size="small" startIcon={<RateReviewIcon />} onClick={onWriteReview}>
        Write Review
      </Button>
      {amazonLink ? (
        <Button color="inherit" variant="outlined" size="small" startIcon={<ShoppingCartIcon />} href={amazonLink} target="_blank" rel="noopener noreferrer">
          Buy on Amazon
        </Button>
      ) : (
        <Button color="inherit" variant="outlined" size="small" startIcon={<ShoppingCartIcon />} disabled>
          Buy on Amazon
        </Button>
      )}
    </TopBarActions>
  )
}
