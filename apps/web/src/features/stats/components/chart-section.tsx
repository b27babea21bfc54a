import type { ReactNode } from 'react'
import Box from '@mui/material/Box'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'

/** A chart and, beside it on wide screens and below it on narrow ones, its numbers as a table. */
export function ChartSection({ id, title, chart, table, note }: { id: string; title: string; chart: ReactNode; table: ReactNode; note?: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={`${id}-heading`} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography id={`${id}-heading`} variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
        <Box sx={{ minWidth: 0 }}>{chart}</Box>
        <Box sx={{ minWidth: 0 }}>
          {table}
          {note}
        </Box>
      </Box>
    </Paper>
  )
}
