import Box from '@mui/material/Box'
import CircularProgress from '@mui/material/CircularProgress'

export function SectionSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
      <CircularProgress aria-label={label} />
    </Box>
  )
}
