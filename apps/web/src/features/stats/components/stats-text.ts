import type { GoalPace } from '@shelfwise/contracts/goal-pace'
import { groupDigits } from '@shelfwise/contracts/numbers'

/** The stats screens' shared words. */
export const STATS_TEXT = {
  loadFailed: 'Could not load these stats. Please try again.',
  notFound: 'User not found',
} as const

/** Whose stats they are, in the page's words: "Your" or "Name’s". */
export const possessive = (own: boolean, name: string) => (own ? 'Your' : `${name}’s`)

/** A goal's pace in words: "3 books ahead of schedule", "On schedule", "Goal met"; nothing for a year not begun. */
export function paceText(pace: GoalPace | null, unit: readonly [string, string]): string | null {
  const count = (n: number) => `${groupDigits(n)} ${n === 1 ? unit[0] : unit[1]}`
  if (!pace) return null
  switch (pace.kind) {
    case 'ahead':
      return `${count(pace.by)} ahead of schedule`
    case 'behind':
      return `${count(pace.by)} behind schedule`
    case 'on-schedule':
      return 'On schedule'
    case 'met':
      return 'Goal met'
    case 'missed':
      return `Goal not met: ${count(pace.by)} short`
    default:
      return null
  }
}
