import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'

/** 100000 → '100,000' (without Intl, whose first number formatter loads locale data). */
const groupDigits = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')

/** 'Showing 24 of 133 books', or '1 book' / '{n} books' once every one is shown; `atLeast`: the total is a floor ('1,000+'). */
function shownCount(shown: number, total: number | undefined, atLeast = false): string {
  const all = Math.max(total ?? shown, shown)
  const count = `${groupDigits(all)}${atLeast ? '+' : ''}`
  if (shown >= all) return `${count} ${all === 1 && !atLeast ? 'book' : 'books'}`
  return `Showing ${groupDigits(shown)} of ${count} books`
}

interface Props {
  shown: number
  total: number | undefined
  /** The total is a floor: the server stopped counting there. */
  atLeast?: boolean
  hasMore: boolean
  isLoading: boolean
  onMore: () => void
  /** The button's words. */
  moreLabel?: string
}

/**
 * The end of a grid that grows only when the reader asks: how many of how many are shown, and a
 * 'Show more books' button for the next page — so what follows the grid (other sections, the footer)
 * is always reachable, whatever the catalogue's size.
 */
export function ShowMore({ shown, total, atLeast, hasMore, isLoading, onMore, moreLabel = 'Show more books' }: Props) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, mt: 3 }}>
      <Typography role="status" variant="body2" sx={{ color: 'text.secondary' }}>
        {shownCount(shown, total, atLeast)}
      </Typography>
      {hasMore && (
        // Not disabled while loading: a disabled button drops the keyboard's focus to the page's start.
        <Button variant="outlined" aria-disabled={isLoading} onClick={() => !isLoading && onMore()}>
          {isLoading ? 'Loading...' : moreLabel}
        </Button>
      )}
    </Box>
  )
}
