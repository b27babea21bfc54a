import Box from '@mui/material/Box'
import CircularProgress from '@mui/material/CircularProgress'

/** `minHeight`: room kept for what replaces the spinner, so the sections below it do not move when it comes. */
export function SectionSpinner({ label = 'Loading', minHeight }: { label?: string; minHeight?: string | number }) {
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', alignItems: 'flex-start', py: 4, minHeight }}>
      {/* Rotation only (disableShrink): the growing and shrinking arc is redrawn by the page's main
          thread on every frame, a steady cost while a page loads; a rotation runs on the compositor. */}
      <CircularProgress aria-label={label} disableShrink />
    </Box>
  )
}
