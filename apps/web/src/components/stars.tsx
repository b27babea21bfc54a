import Box from '@mui/material/Box'

/**
 * A read-only star display that stays out of the way of the first screen's code: whole stars (the
 * spec's default precision; only the book page shows halves), so 4.6 shows five and 3.4 three.
 */
export function Stars({ value, size = 18, label }: { value: number; size?: number; label?: string }) {
  const pct = Math.round(Math.max(0, Math.min(5, value || 0))) * 20
  return (
    <Box
      component="span"
      role="img"
      aria-label={label ?? `Rated ${value || 0} out of 5`}
      sx={{ position: 'relative', display: 'inline-block', fontSize: size, lineHeight: 1, letterSpacing: 1, color: 'grey.400', whiteSpace: 'nowrap' }}
    >
      <span aria-hidden>★★★★★</span>
      <Box component="span" aria-hidden sx={{ position: 'absolute', inset: 0, width: `${pct}%`, overflow: 'hidden', color: 'warning.main' }}>
        ★★★★★
      </Box>
    </Box>
  )
}
