/** How far into the book the open read is, 0–100, from its page (of the book's pages) or its percent; undefined when unknown. */
export function progressPercent(p: { page: number | null; percent: number | null }, pageCount: number | null | undefined): number | undefined {
  if (p.percent !== null) return p.percent
  if (p.page !== null && pageCount) return Math.min(100, (p.page / pageCount) * 100)
  return undefined
}

/** The pages a library entry's progress counts: its reader's edition's when the server says (decision 0027), else the book's. */
export const entryPages = (e: { pageCount?: number | null | undefined; book: { pageCount: number | null } }): number | null =>
  e.pageCount === undefined ? e.book.pageCount : e.pageCount
