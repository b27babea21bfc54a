import { Link as RouterLink } from '#/lib/router/react.tsx'
import Box from '@mui/material/Box'
import ButtonBase from '@mui/material/ButtonBase'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'

export interface Tile {
  label: string
  value: number | string
  to?: string
}

export function StatTiles({ tiles }: { tiles: Tile[] }) {
  return (
    <Box
      component="ul"
      aria-label="Statistics"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: `repeat(${tiles.length === 4 ? 2 : 3}, 1fr)`, sm: `repeat(${tiles.length}, 1fr)` },
        gap: 1.5,
      }}
    >
      {tiles.map((t) => {
        const body = (
          <>
            <Typography variant="h5" component="span" sx={{ fontWeight: 800, display: 'block' }}>
              {t.value}
            </Typography>
            <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
              {t.label}
            </Typography>
          </>
        )
        return (
          <Paper component="li" key={t.label} variant="outlined" sx={{ textAlign: 'center', overflow: 'hidden' }}>
            {t.to ? (
              <ButtonBase component={RouterLink} to={t.to} sx={{ display: 'block', width: '100%', p: 1.5, '&:hover': { bgcolor: 'action.hover' } }}>
                {body}
              </ButtonBase>
            ) : (
              <Box sx={{ p: 1.5 }}>{body}</Box>
            )}
          </Paper>
        )
      })}
    </Box>
  )
}
