import { describe, expect, it } from 'vitest'
import { coverGrid, figureSize, isRtl } from '#/features/stats/lib/year-image-canvas.ts'

describe('the year-in-review image’s grid of covers', () => {
  it('holds every book, 13 or 500, in the room below the figures, covers as large as fit', () => {
    for (const n of [1, 13, 200, 300, 500]) {
      const { cols, rows, w, h, gap } = coverGrid(n, 936, 810)
      expect(cols * rows, `${n} books`).toBeGreaterThanOrEqual(n)
      expect(rows * h + (rows - 1) * gap, `${n} books`).toBeLessThanOrEqual(810)
      expect(cols * w + (cols - 1) * gap, `${n} books`).toBeLessThanOrEqual(936.001)
      // One column more would leave room unused: this is the fewest columns that fit.
      if (cols > 1) {
        const fewer = Math.ceil(n / (cols - 1))
        const wFewer = Math.min(180, (936 - Math.max(3, Math.round(936 / (cols - 1) / 14)) * (cols - 2)) / (cols - 1))
        expect(fewer * wFewer * 1.5, `${n} books`).toBeGreaterThan(810 - (fewer - 1) * Math.max(3, Math.round(936 / (cols - 1) / 14)))
      }
    }
    expect(coverGrid(13, 936, 810)).toMatchObject({ cols: 6, rows: 3 })
    expect(coverGrid(1, 936, 810).w).toBe(180)
  })

  it('reads a title as right to left by its first letter', () => {
    expect(isRtl('قصر الشوق')).toBe(true)
    expect(isRtl('«שלום» world')).toBe(true)
    expect(isRtl('📚 Emoji')).toBe(false)
    expect(isRtl('2084 نهاية العالم')).toBe(true)
  })
})

describe('the year-in-review image’s figures', () => {
  // A measure like the canvas's: each character 0.6 of the font size wide.
  const width = (s: string, size: number) => s.length * size * 0.6

  it('keeps a short figure at its full size and draws a long one smaller, inside its column', () => {
    expect(figureSize('300', width)).toBe(72)
    const size = figureSize('133,666', width)
    expect(size).toBeLessThan(72)
    expect(width('133,666', size)).toBeLessThanOrEqual(296)
  })
})
