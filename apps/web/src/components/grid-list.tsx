import type { ReactNode } from 'react'
import Box from '@mui/material/Box'

/** Columns as CSS grid-template-columns: one value, or one per breakpoint. */
type Columns = string | Partial<Record<'xs' | 'sm' | 'md' | 'lg' | 'xl', string>>

/** A named list laid out as a grid: a `ul` without bullets or indent, with the columns given for each width. */
export function GridList({ label, columns, gap = 2, pt, children }: { label: string; columns: Columns; gap?: number; pt?: number; children: ReactNode }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, pt, display: 'grid', gap, gridTemplateColumns: columns }}>
      {children}
    </Box>
  )
}
