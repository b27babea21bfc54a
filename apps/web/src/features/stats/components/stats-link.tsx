import { Link as RouterLink } from '#/lib/router/react.tsx'
import Button from '@mui/material/Button'
import BarChartIcon from '@mui/icons-material/BarChart'
import { paths } from '#/config/paths.ts'

/** The way to a reader's stats (this year's page) from their profile and library. */
export function StatsLink({ userId }: { userId: string }) {
  return (
    <Button
      component={RouterLink}
      to={paths.stats.href(userId, new Date().getFullYear())}
      variant="outlined"
      size="small"
      startIcon={<BarChartIcon />}
      sx={{ justifySelf: 'start', alignSelf: 'start' }}
    >
      Stats
    </Button>
  )
}
