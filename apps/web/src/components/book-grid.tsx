import type { ReactNode } from 'react'
import Box from '@mui/material/Box'

/** Card grids run from 2 columns on small screens up to 4 on large (spec §2). */
const gridColumns = { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' }

export function BookGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: gridColumns, gap: { xs: 1.5, sm: 2 } }}>
      {children}
    </Box>
  )
}
