import type { ReactNode } from 'react'
import Box from '@mui/material/Box'
import type { Theme } from '@mui/material/styles'

/** Card grids run from 2 columns on small screens up to 4 on large (spec §2). */
const gridColumns = { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' }

/**
 * For a short list that is a selection (Popular): at each width, the cards past the last whole row
 * are left out, so no row stands half empty; a list shorter than one row shows all of itself.
 */
function wholeRowsOnly(count: number) {
  const hidePast = (columns: number) => {
    const keep = count >= columns ? count - (count % columns) : count
    return keep < count ? { [`& > li:nth-of-type(n+${keep + 1})`]: { display: 'none' } } : {}
  }
  return (t: Theme) => ({
    [t.breakpoints.down('md')]: hidePast(2),
    [t.breakpoints.between('md', 'lg')]: hidePast(3),
    [t.breakpoints.up('lg')]: hidePast(4),
  })
}

/** `wholeRowsOf`: the number of cards, when only whole rows of them are to show. */
export function BookGrid({ children, label, wholeRowsOf }: { children: ReactNode; label?: string; wholeRowsOf?: number }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={[
        { listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: gridColumns, gap: { xs: 1.5, sm: 2 } },
        wholeRowsOf === undefined ? {} : wholeRowsOnly(wholeRowsOf),
      ]}
    >
      {children}
    </Box>
  )
}
