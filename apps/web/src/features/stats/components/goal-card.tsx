import Typography from '@mui/material/Typography'
import { useYearStats } from '#/features/stats/api/year-stats.ts'
import { GoalForm } from '#/features/stats/components/goal-form.tsx'
import { GoalSummary } from '#/features/stats/components/goal-summary.tsx'

/** The own profile's goal for this year: its progress, or the one-step form to set one. */
export function GoalCard({ userId }: { userId: string }) {
  const year = new Date().getFullYear()
  const { data } = useYearStats(userId, year)
  if (!data) return null
  return (
    <GoalSummary userId={userId} year={year} goal={data.goal}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        How many books or pages would you like to read in {year}? Fill in one or both.
      </Typography>
      <GoalForm userId={userId} year={year} goal={null} />
    </GoalSummary>
  )
}
