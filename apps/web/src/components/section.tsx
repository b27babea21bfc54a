import type { ReactNode, Ref } from 'react'
import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'

/** `headingRef`: the heading can then take focus (a screen the page moves the reader to, e.g. Search Results). */
export function Section({ title, children, id, headingRef }: { title: string; children: ReactNode; id?: string; headingRef?: Ref<HTMLHeadingElement> }) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-heading`
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: { xs: 4, md: 6 } }}>
      <Typography
        id={headingId}
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        variant="h5"
        component="h2"
        sx={{ fontWeight: 700, mb: 2, outline: 'none' }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  )
}
