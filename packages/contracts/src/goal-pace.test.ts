import { describe, expect, it } from 'vitest'
import { dayOfYear, goalPace, keepsUp } from '@shelfwise/contracts'

const at = (iso: string) => new Date(`${iso}T12:00:00Z`)

describe('where a reader stands against a year’s goal', () => {
  it('counts the day of the year from 1 January to 31 December, 366 days in a leap year', () => {
    expect(dayOfYear(at('2026-01-01'))).toBe(1)
    expect(dayOfYear(at('2026-12-31'))).toBe(365)
    expect(dayOfYear(at('2024-12-31'))).toBe(366)
    expect(dayOfYear(at('2024-03-01'))).toBe(61)
    expect(dayOfYear(at('2100-03-01'))).toBe(60) // 2100 is no leap year
  })

  it('in the current year, says how many books ahead or behind of what the days gone make due', () => {
    // 1 July 2026 is day 182 of 365: 24 × 182 / 365 = 11.97, so 11 are due.
    expect(goalPace(24, 14, 2026, at('2026-07-01'))).toEqual({ kind: 'ahead', by: 3 })
    expect(goalPace(24, 9, 2026, at('2026-07-01'))).toEqual({ kind: 'behind', by: 2 })
    expect(goalPace(24, 11, 2026, at('2026-07-01'))).toEqual({ kind: 'on-schedule' })
    // A leap year has one more day: on 1 July 2024 (day 183 of 366) 12 of 24 are due, not 11.
    expect(goalPace(24, 11, 2024, at('2024-07-01'))).toEqual({ kind: 'behind', by: 1 })
    expect(goalPace(366, 60, 2024, at('2024-02-29'))).toEqual({ kind: 'on-schedule' })
  })

  it('on 1 January nothing is due yet; on 31 December the whole goal is', () => {
    expect(goalPace(52, 0, 2026, at('2026-01-01'))).toEqual({ kind: 'on-schedule' })
    expect(goalPace(52, 1, 2026, new Date('2026-01-01T00:00:00Z'))).toEqual({ kind: 'ahead', by: 1 })
    expect(goalPace(365, 0, 2026, at('2026-01-01'))).toEqual({ kind: 'behind', by: 1 })
    expect(goalPace(12, 11, 2026, new Date('2026-12-31T23:59:59Z'))).toEqual({ kind: 'behind', by: 1 })
    expect(goalPace(12, 12, 2026, at('2026-12-31'))).toEqual({ kind: 'on-schedule' })
    expect(goalPace(12, 12, 2024, at('2024-12-31'))).toEqual({ kind: 'on-schedule' })
  })

  it('a past year was met or missed by so many; a future one has not started; no goal or a goal of 0 has no pace', () => {
    expect(goalPace(12, 13, 2025, at('2026-01-01'))).toEqual({ kind: 'met' })
    expect(goalPace(12, 12, 2025, at('2026-03-01'))).toEqual({ kind: 'met' })
    expect(goalPace(12, 10, 2025, at('2026-03-01'))).toEqual({ kind: 'missed', by: 2 })
    expect(goalPace(12, 0, 2027, at('2026-03-01'))).toEqual({ kind: 'not-started' })
    for (const target of [0, null, undefined]) expect(goalPace(target, 3, 2026, at('2026-03-01'))).toBeNull()
  })

  it('keeps up when ahead, on schedule, met, not started or without a goal', () => {
    expect([{ kind: 'ahead', by: 1 }, { kind: 'on-schedule' }, { kind: 'met' }, { kind: 'not-started' }, null].every((p) => keepsUp(p as never))).toBe(true)
    expect(
      [
        { kind: 'behind', by: 1 },
        { kind: 'missed', by: 1 },
      ].some((p) => keepsUp(p as never)),
    ).toBe(false)
  })
})
