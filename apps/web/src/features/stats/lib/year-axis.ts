/** A year's figures on the all-time page. */
export interface YearFigures {
  year: number
  booksRead: number
  pagesRead: number
}

/**
 * Every year from the first to the last with books, newest first, a year without books as zeros:
 * a chart or table by year has no holes. Years run 1900 to 2100, so at most 201 come back.
 */
export function yearsWithoutHoles(years: readonly YearFigures[]): YearFigures[] {
  if (years.length === 0) return []
  const known = new Map(years.map((y) => [y.year, y]))
  const first = Math.min(...known.keys())
  const last = Math.max(...known.keys())
  return Array.from({ length: last - first + 1 }, (_, i) => known.get(last - i) ?? { year: last - i, booksRead: 0, pagesRead: 0 })
}
