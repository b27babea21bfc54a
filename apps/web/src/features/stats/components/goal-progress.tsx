import Box from '@mui/material/Box'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'
import type { Goal } from '@shelfwise/contracts'
import { goalPace } from '@shelfwise/contracts/goal-pace'
import { paceText } from '#/features/stats/components/stats-text.ts'
import { groupDigits } from '@shelfwise/contracts/numbers'

const count = (n: number) => groupDigits(n)

/** Where a goal stands, in the words the page shows: reached, on track or behind (not reached, once its year is over). */
function goalStanding(goal: Goal, thisYear = new Date().getFullYear()): 'Reached' | 'On track' | 'Behind' | 'Not reached' {
  const reached = (goal.books === null || goal.done.books >= goal.books) && (goal.pages === null || goal.done.pages >= goal.pages)
  if (reached) return 'Reached'
  if (goal.year < thisYear) return 'Not reached'
  return goal.onTrack ? 'On track' : 'Behind'
}

function GoalBar({ label, done, target, year, color }: { label: string; done: number; target: number; year: number; color: 'primary' | 'secondary' }) {
  const percent = Math.min(100, Math.floor((done / target) * 100))
  const pace = goalPace(target, done, year, new Date())
  const paceWords = paceText(pace, label === 'Books' ? ['book', 'books'] : ['page', 'pages'])
  const words = `${count(done)} of ${count(target)} ${label.toLowerCase()}`
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography variant="body2" component="span">
          {words} · {percent}%
        </Typography>
      </Box>
      <LinearProgress variant="determinate" value={percent} color={color} aria-label={`${label}: ${words}`} sx={{ mt: 0.5, height: 8, borderRadius: 4 }} />
      {paceWords && (
        <Typography
          variant="body2"
          data-testid="goal-pace"
          sx={{ mt: 0.5, color: pace?.kind === 'behind' || pace?.kind === 'missed' ? 'error.dark' : 'text.secondary' }}
        >
          {paceWords}
        </Typography>
      )}
    </Box>
  )
}

/** A goal's progress bars (books, pages: whichever it has) and whether it keeps pace. */
export function GoalProgress({ goal }: { goal: Goal }) {
  const standing = goalStanding(goal)
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5 }}>
      {goal.books !== null && <GoalBar label="Books" done={goal.done.books} target={goal.books} year={goal.year} color="primary" />}
      {goal.pages !== null && <GoalBar label="Pages" done={goal.done.pages} target={goal.pages} year={goal.year} color="secondary" />}
      <Typography variant="body2" sx={{ fontWeight: 700, color: standing === 'Behind' || standing === 'Not reached' ? 'error.dark' : 'success.dark' }}>
        {standing}
      </Typography>
    </Box>
  )
}
