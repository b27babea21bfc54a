import { useYearStats } from '#/features/stats/api/year-stats.ts'
import { GoalSummary } from '#/features/stats/components/goal-summary.tsx'

/** Home's line on the signed-in reader's goal for this year: its progress, when they set one (nothing else). */
export default function HomeGoal({ userId }: { userId: string }) {
  const year = new Date().getFullYear()
  const goal = useYearStats(userId, year).data?.goal
  return goal ? <GoalSummary userId={userId} year={year} goal={goal} sx={{ mt: 3 }} /> : null
}
