import { useId } from 'react'
import { Link as RouterLink } from '#/lib/router/react.tsx'
import Box from '@mui/material/Box'
import ButtonBase from '@mui/material/ButtonBase'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'

export interface Tile {
  label: string
  value: number | string
  to?: string
  /** Where the link goes, said after the count in its accessible name ("see your reviews"). */
  goesTo?: string
}

/** The tiles, and a caption under them saying what one counts when its word alone could mislead. */
export function StatTiles({ tiles, caption }: { tiles: Tile[]; caption?: string }) {
  const captionId = useId()
  return (
    <Box>
      <Box
        component="ul"
        aria-label="Statistics"
        aria-describedby={caption ? captionId : undefined}
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
              {/* A space, so the link's name reads "3 Reviews" (the spans are blocks: it shows nothing). */}{' '}
              <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
                {t.label}
              </Typography>
            </>
          )
          return (
            <Paper component="li" key={t.label} variant="outlined" sx={{ textAlign: 'center', overflow: 'hidden' }}>
              {t.to ? (
                <ButtonBase
                  component={RouterLink}
                  to={t.to}
                  // Its shown words first, then where it goes.
                  aria-label={t.goesTo ? `${t.value} ${t.label}: ${t.goesTo}` : undefined}
                  sx={{
                    display: 'block',
                    width: '100%',
                    height: '100%',
                    p: 1.5,
                    '&:hover': { bgcolor: 'action.hover' },
                    // Visible focus inside the tile's border (its Paper clips what falls outside).
                    '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -3, bgcolor: 'action.focus' },
                  }}
                >
                  {body}
                </ButtonBase>
              ) : (
                <Box sx={{ p: 1.5 }}>{body}</Box>
              )}
            </Paper>
          )
        })}
      </Box>
      {caption && (
        <Typography id={captionId} variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {caption}
        </Typography>
      )}
    </Box>
  )
}
