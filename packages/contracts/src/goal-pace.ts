// Where a reader stands against a year's goal on a day: shared by the API (a goal's onTrack) and the
// web app (“3 books ahead of schedule”), so both say the same.

const DAY_MS = 24 * 60 * 60 * 1000

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0

/** The day of the year of `now` (UTC), 1 on 1 January, 365 or 366 on 31 December. */
export const dayOfYear = (now: Date): number =>
  Math.floor((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - Date.UTC(now.getUTCFullYear(), 0, 1)) / DAY_MS) + 1

/**
 * Against a target for `year` on `now` (UTC):
 * - the current year: how far `done` is ahead of or behind what the days gone (today included) make
 *   due, rounded down (on 1 January nothing of 52 is due yet; on 31 December all of it);
 * - a past year: whether the target was met, and by how much it was missed;
 * - a future year: not started.
 * No target (absent or 0): null.
 */
export type GoalPace =
  { kind: 'ahead' | 'behind'; by: number } | { kind: 'on-schedule' } | { kind: 'met' } | { kind: 'missed'; by: number } | { kind: 'not-started' }

export function goalPace(target: number | null | undefined, done: number, year: number, now: Date): GoalPace | null {
  if (!target || target <= 0) return null
  const current = now.getUTCFullYear()
  if (year < current) return done >= target ? { kind: 'met' } : { kind: 'missed', by: target - done }
  if (year > current) return { kind: 'not-started' }
  const due = Math.floor((target * dayOfYear(now)) / (isLeap(current) ? 366 : 365))
  if (done > due) return { kind: 'ahead', by: done - due }
  if (done < due) return { kind: 'behind', by: due - done }
  return { kind: 'on-schedule' }
}

/** Whether a pace keeps up: ahead, on schedule, met or not started; no target keeps up too. */
export const keepsUp = (pace: GoalPace | null): boolean => pace === null || (pace.kind !== 'behind' && pace.kind !== 'missed')
