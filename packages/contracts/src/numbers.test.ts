import { describe, expect, it } from 'vitest'
import { groupDigits } from '#/numbers.ts'

describe('groupDigits', () => {
  it('writes whole numbers as en-US does', () => {
    for (const n of [0, 7, 999, 1000, 12_599, 100_000, 1_000_000, 1_000_000_000, 4_995_428, -1, -12_000, Number.MAX_SAFE_INTEGER])
      expect(groupDigits(n)).toBe(n.toLocaleString('en-US'))
  })

  it('keeps at most three decimals, rounded, like toLocaleString', () => {
    for (const n of [1234.5, 0.25, 3.14159, 1_000.0004, -2.5, 12_345.678_9]) expect(groupDigits(n)).toBe(n.toLocaleString('en-US'))
  })

  it('writes what is not a finite number as String does', () => {
    expect(groupDigits(Number.NaN)).toBe('NaN')
    expect(groupDigits(Number.POSITIVE_INFINITY)).toBe('Infinity')
  })
})
