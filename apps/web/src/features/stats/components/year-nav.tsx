import { Link as RouterLink } from '#/lib/router/react.tsx'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import { paths } from '#/config/paths.ts'

export const FIRST_YEAR = 1900

/**
 * The way between years: the previous and next year (not past this one), the years the reader
 * finished books in, and the all-time page.
 */
export function YearNav({ userId, year, years }: { userId: string; year: number; years: number[] }) {
  const thisYear = new Date().getFullYear()
  const shown = [...new Set([...years, year])].sort((a, b) => b - a)
  return (
    <Box component="nav" aria-label="Years" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {year > FIRST_YEAR && (
          <Button component={RouterLink} to={paths.stats.href(userId, year - 1)} size="small" variant="outlined" aria-label={`Previous year, ${year - 1}`}>
            ‹ {year - 1}
          </Button>
        )}
        {year < thisYear && (
          <Button component={RouterLink} to={paths.stats.href(userId, year + 1)} size="small" variant="outlined" aria-label={`Next year, ${year + 1}`}>
            {year + 1} ›
          </Button>
        )}
        <Button component={RouterLink} to={paths.stats.href(userId)} size="small">
          All time
        </Button>
      </Box>
      {shown.length > 1 && (
        <Box component="ul" aria-label="Years with books read" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {shown.map((y) => (
            <li key={y}>
              <Chip
                component={RouterLink}
                to={paths.stats.href(userId, y)}
                clickable
                size="small"
                label={y}
                color={y === year ? 'primary' : 'default'}
                aria-current={y === year ? 'page' : undefined}
              />
            </li>
          ))}
        </Box>
      )}
    </Box>
  )
}
