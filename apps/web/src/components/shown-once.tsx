import type { ReactNode } from 'react'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'

/** What was just made and is shown this once (a token, a device's sign-in), until the reader says Done. */
export function ShownOnce({ title, doneLabel, onDone, children }: { title: string; doneLabel: string; onDone: () => void; children: ReactNode }) {
  return (
    <Alert severity="success" sx={{ '& .MuiAlert-message': { minWidth: 0, flex: 1, display: 'grid', gap: 1 } }}>
      <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{title}</Typography>
      {children}
      <Box>
        <Button size="small" onClick={onDone}>
          {doneLabel}
        </Button>
      </Box>
    </Alert>
  )
}
