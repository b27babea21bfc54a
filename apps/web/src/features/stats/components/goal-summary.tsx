import type { ReactNode } from 'react'
import { Link as RouterLink } from '#/lib/router/react.tsx'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import type { SxProps, Theme } from '@mui/material/styles'
import type { Goal } from '@shelfwise/contracts'
import { paths } from '#/config/paths.ts'
import { GoalProgress } from '#/features/stats/components/goal-progress.tsx'

/** The reader's own goal for a year in a card: its progress (or, without one, `children`) and the way to the year's stats. */
export function GoalSummary({
  userId,
  year,
  goal,
  children,
  sx,
}: {
  userId: string
  year: number
  goal: Goal | null
  children?: ReactNode
  sx?: SxProps<Theme>
}) {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="goal-card-heading"
      sx={[{ p: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <Typography id="goal-card-heading" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        Your {year} reading goal
      </Typography>
      {goal ? <GoalProgress goal={goal} /> : children}
      <Link component={RouterLink} to={paths.stats.href(userId, year)} sx={{ justifySelf: 'start' }}>
        See your {year} in books
      </Link>
    </Paper>
  )
}
