import { describe, expect, it } from 'vitest'
import { descriptionPreview, formatAverage, formatFullDate, formatMonthYear, profileImageUrl } from '#/lib/format.ts'

describe('format', () => {
  it('shows published dates as Month YYYY and review dates as Month D, YYYY', () => {
    expect(formatMonthYear('1897-05-26')).toBe('May 1897')
    expect(formatFullDate('2024-05-06T10:00:00.000Z')).toBe('May 6, 2024')
    expect(formatFullDate(undefined)).toBe('Unknown date')
    expect(formatFullDate('not a date')).toBe('Unknown date')
    expect(formatMonthYear(null)).toBe('Unknown date')
  })

  it('writes dates in the words Intl.DateTimeFormat en-US gives', () => {
    const long = { month: 'long', day: 'numeric', year: 'numeric' } as const
    for (let t = Date.UTC(1850, 0, 1); t < Date.UTC(2040, 0, 1); t += 7_919 * 3_600_000) {
      const iso = new Date(t).toISOString()
      const day = iso.slice(0, 10)
      expect(formatFullDate(iso)).toBe(new Intl.DateTimeFormat('en-US', long).format(new Date(iso)))
      expect(formatFullDate(day)).toBe(new Intl.DateTimeFormat('en-US', { ...long, timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`)))
      expect(formatMonthYear(day)).toBe(
        new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`)),
      )
    }
  })

  it('previews the first 100 characters followed by an ellipsis', () => {
    const text = 'x'.repeat(150)
    expect(descriptionPreview(text)).toBe(`${'x'.repeat(100)}...`)
  })

  it('shows averages to one decimal, or N/A', () => {
    expect(formatAverage(4.25)).toBe('4.3')
    expect(formatAverage(0)).toBe('N/A')
    expect(formatAverage(3, 0)).toBe('N/A')
  })

  it('prefixes relative profile images with the origin and /uploads/', () => {
    expect(profileImageUrl('/uploads/a.webp')).toBe(`${location.origin}/uploads/a.webp`)
    expect(profileImageUrl('a.webp')).toBe(`${location.origin}/uploads/a.webp`)
    expect(profileImageUrl('https://cdn.example/a.png')).toBe('https://cdn.example/a.png')
    expect(profileImageUrl('')).toBeUndefined()
  })
})
