/** How far into the book the open read is, 0–100, from its page (of the book's pages) or its percent; undefined when unknown. */
export function progressPercent(p: { page: number | null; percent: number | null }, pageCount: number | null | undefined): number | undefined {
  if (p.percent !== null) return p.percent
  if (p.page !== null && pageCount) return Math.min(100, (p.page / pageCount) * 100)
  return undefined
}
