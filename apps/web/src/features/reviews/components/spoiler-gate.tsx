import { useState, type ReactNode } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'

const SPOILER_NOTICE = 'This review contains spoilers.'

/** A review's text, hidden behind 'Show spoiler' when its writer marked it as containing spoilers. */
export function SpoilerGate({ isSpoiler, children }: { isSpoiler: boolean; children: ReactNode }) {
  const [isShown, setShown] = useState(false)
  if (!isSpoiler || isShown) return children
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', my: 0.5 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
        {SPOILER_NOTICE}
      </Typography>
      <Button size="small" variant="outlined" onClick={() => setShown(true)}>
        Show spoiler
      </Button>
    </Box>
  )
}
