import type { ReactNode } from 'react'
import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'

/** One part of a settings-like page (the Developers page's tokens, devices, webhooks): a heading, a line on what it is for, then the part. */
export function PanelSection({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <Box component="section" id={id} aria-labelledby={`${id}-title`} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography id={`${id}-title`} variant="h5" component="h2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: '75ch', overflowWrap: 'anywhere' }}>{intro}</Typography>
      {children}
    </Box>
  )
}
