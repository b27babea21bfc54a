import { lazy, type ReactNode } from 'react'
import { useLibrary } from '#/features/reading/api/library.ts'
import { STRIP_SIZE } from '#/features/reading/components/currently-reading.tsx'
import { useYearStats } from '#/features/stats/api/year-stats.ts'
import { GoalSummary } from '#/features/stats/components/goal-summary.tsx'

// Loaded beside the reader's requests rather than after them: revealed only once both are here.
const stripChunk = import('#/features/reading/components/currently-reading-strip.tsx')
const CurrentlyReadingStrip = lazy(async () => ({ default: (await stripChunk).CurrentlyReadingStrip }))

/**
 * The signed-in reader's goal and Currently Reading above `children` (Popular Books): shown all at
 * once, when both answers (and the strip's code, inside the caller's Suspense) are here, so Popular
 * never moves down under the reader's eyes; `pending` until then.
 */
export default function HomePersonal({ userId, pending, children }: { userId: string; pending: ReactNode; children: ReactNode }) {
  const year = new Date().getFullYear()
  const reading = useLibrary(userId, 'reading', { pageSize: STRIP_SIZE })
  const stats = useYearStats(userId, year)
  if (reading.isPending || stats.isPending) return pending
  const goal = stats.data?.goal
  return (
    <>
      {reading.items.length > 0 && <CurrentlyReadingStrip userId={userId} own list={reading} />}
      {goal && <GoalSummary userId={userId} year={year} goal={goal} sx={{ mt: 3 }} />}
      {children}
    </>
  )
}
