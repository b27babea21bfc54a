import type { Progress, ProgressUnit } from '@shelfwise/contracts'
import { groupDigits } from '@shelfwise/contracts/numbers'

/** How far into the book the open read is, 0–100, from its page (of the book's pages) or its percent; undefined when unknown. */
export function progressPercent(p: { page: number | null; percent: number | null }, pageCount: number | null | undefined): number | undefined {
  if (p.percent !== null) return p.percent
  if (p.page !== null && pageCount) return Math.min(100, (p.page / pageCount) * 100)
  return undefined
}

/** The pages a library entry's progress counts: its reader's edition's when the server says (decision 0027), else the book's. */
export const entryPages = (e: { pageCount?: number | null | undefined; book: { pageCount: number | null } }): number | null =>
  e.pageCount === undefined ? e.book.pageCount : e.pageCount

/** The units a reader reports progress in, in their words (decision 0039). */
export const PROGRESS_UNIT_LABELS: Record<ProgressUnit, string> = { pages: 'Pages', percent: 'Percent', minutes: 'Minutes (audiobook)' }

/** The unit the progress form offers: the one the reader chose for the book, else pages when the book has a page count, else percent. */
export const unitOf = (chosen: ProgressUnit | null | undefined, pageCount: number | null | undefined): ProgressUnit =>
  chosen ?? (pageCount ? 'pages' : 'percent')

/** How far in, 0–100, as the bar shows it in the reader's unit: pages of the book's pages, else the percent last given. */
export function progressPercentIn(unit: ProgressUnit, p: Progress, pageCount: number | null | undefined): number | undefined {
  if (unit === 'pages' && p.page !== null && pageCount) return Math.min(100, (p.page / pageCount) * 100)
  return progressPercent(p, pageCount)
}

const minutesInWords = (m: number) => (m >= 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${m} min`)

/** The progress in words, the reader's unit first: 'On page 40 of 300', '42% read', '1 h 35 min listened', 'No progress yet'. */
export function progressInWords(unit: ProgressUnit, p: Progress, pageCount: number | null | undefined): string {
  const said: Record<ProgressUnit, string | undefined> = {
    pages: p.page === null ? undefined : `On page ${groupDigits(p.page)}${pageCount ? ` of ${groupDigits(pageCount)}` : ''}`,
    percent: p.percent === null ? undefined : `${p.percent}% read`,
    minutes: p.minutes === null ? undefined : `${minutesInWords(p.minutes)} listened`,
  }
  const order: ProgressUnit[] = [unit, ...(['pages', 'percent', 'minutes'] as const).filter((u) => u !== unit)]
  return order.map((u) => said[u]).find(Boolean) ?? 'No progress yet'
}
