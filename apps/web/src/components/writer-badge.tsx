import Box from '@mui/material/Box'
import type { Badge } from '@shelfwise/contracts'

const LABELS = { author: 'Author', publisher: 'Publisher' } as const

/**
 * "Author" or "Publisher" beside a writer's name when they are linked to the book as such
 * (decision 0051); nothing otherwise. A plain span, not a Chip: review cards are on Home.
 */
export function WriterBadge({ badge }: { badge: Badge | undefined }) {
  if (!badge) return null
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        ml: 0.75,
        px: 0.75,
        border: 1,
        borderColor: 'primary.main',
        color: 'primary.main',
        borderRadius: 1,
        fontSize: 12,
        fontWeight: 700,
        lineHeight: 1.5,
        verticalAlign: 'middle',
      }}
    >
      {LABELS[badge]}
    </Box>
  )
}
