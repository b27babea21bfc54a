import { describe, expect, it } from 'vitest'
import { hasReached, isWithheld, type Progress } from '#/modules/spoilers/spoilers.rules.ts'

// The withholding rules of decision 0043, on their own.

const at = (p: Partial<Progress>): Progress => ({ finished: false, page: null, percent: null, pageCount: null, ...p })

describe('hasReached', () => {
  it('compares pages with pages and percents with percents', () => {
    expect(hasReached(at({ page: 100 }), { page: 100 })).toBe(true)
    expect(hasReached(at({ page: 99 }), { page: 100 })).toBe(false)
    expect(hasReached(at({ percent: 40 }), { percent: 40 })).toBe(true)
    expect(hasReached(at({ percent: 39 }), { percent: 40 })).toBe(false)
  })

  it('crosses units only through a known page count', () => {
    expect(hasReached(at({ percent: 50, pageCount: 400 }), { page: 200 })).toBe(true)
    expect(hasReached(at({ percent: 49, pageCount: 400 }), { page: 200 })).toBe(false)
    expect(hasReached(at({ page: 200, pageCount: 400 }), { percent: 50 })).toBe(true)
    expect(hasReached(at({ page: 199, pageCount: 400 }), { percent: 50 })).toBe(false)
    expect(hasReached(at({ percent: 99 }), { page: 1 })).toBe(false)
    expect(hasReached(at({ page: 500, pageCount: 0 }), { percent: 1 })).toBe(false)
  })

  it('reaches the ending only when finished, and everything once finished', () => {
    expect(hasReached(at({ page: 1000, percent: 100 }), { finished: true })).toBe(false)
    expect(hasReached(at({ finished: true }), { finished: true })).toBe(true)
    expect(hasReached(at({ finished: true }), { page: 5000 })).toBe(true)
  })
})

describe('isWithheld', () => {
  const item = { id: 'p1', authorId: 'ann', position: { page: 50 } }
  const bea = { signedIn: true as const, userId: 'bea', progress: at({ page: 10 }) }

  it('withholds a positioned item ahead of the reader, never an item without a position', () => {
    expect(isWithheld(item, bea, undefined)).toBe(true)
    expect(isWithheld({ ...item, position: null }, bea, undefined)).toBe(false)
    expect(isWithheld({ ...item, position: null }, { signedIn: false }, undefined)).toBe(false)
  })

  it('withholds every positioned item from a signed-out reader, shows the author their own', () => {
    expect(isWithheld({ ...item, position: { page: 1 } }, { signedIn: false }, undefined)).toBe(true)
    expect(isWithheld(item, { ...bea, userId: 'ann' }, undefined)).toBe(false)
  })

  it('reveals the items named, or all', () => {
    expect(isWithheld(item, bea, ['p1'])).toBe(false)
    expect(isWithheld(item, bea, ['p2'])).toBe(true)
    expect(isWithheld(item, { signedIn: false }, 'all')).toBe(false)
  })
})
