import type { ReactNode } from 'react'
import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'

export function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-heading`
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: { xs: 4, md: 6 } }}>
      <Typography id={headingId} variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>{title}</Typography>
      {children}
    </Box>
  )
}
