import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import type { Position } from '@shelfwise/contracts'
import { aheadText, POSITION_TEXT } from '#/components/spoilers/position-texts.ts'

/**
 * In place of a text the server withheld (it is further into the book than the reader): how far in
 * it is, and Reveal, which asks the server for it (decisions 0043, 0059).
 */
export function WithheldNotice({ position, onReveal, small = false }: { position: Position; onReveal: () => void; small?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
      <Typography variant={small ? 'body2' : 'body1'} sx={{ fontWeight: 600 }}>
        {aheadText(position)}
      </Typography>
      <Button size="small" variant="outlined" onClick={onReveal} aria-label={`${POSITION_TEXT.reveal}: ${aheadText(position)}`}>
        {POSITION_TEXT.reveal}
      </Button>
    </Box>
  )
}
