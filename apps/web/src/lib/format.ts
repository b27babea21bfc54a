import { LIMITS } from '@shelfwise/contracts/constants'

const UNKNOWN_DATE = 'Unknown date'

// The app's dates are en-US words (Intl.DateTimeFormat('en-US') with month 'long'): written here
// from the date's parts, because the first Intl date formatter loads the locale's data — tens of
// milliseconds on a slow phone, within the draw of the first card that shows a date. Years outside
// 1–9999 (never seen in practice) still go through Intl. format.test.ts checks both agree.
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

function words(d: Date, utc: boolean, day: boolean): string {
  const year = utc ? d.getUTCFullYear() : d.getFullYear()
  if (year < 1 || year > 9999) {
    return new Intl.DateTimeFormat('en-US', { month: 'long', ...(day ? { day: 'numeric' } : {}), year: 'numeric', ...(utc ? { timeZone: 'UTC' } : {}) }).format(
      d,
    )
  }
  const month = MONTHS[utc ? d.getUTCMonth() : d.getMonth()]
  return day ? `${month} ${utc ? d.getUTCDate() : d.getDate()}, ${year}` : `${month} ${year}`
}

function toDate(value: string | null | undefined): Date | undefined {
  if (!value) return undefined
  // A bare YYYY-MM-DD is a calendar date: read it at UTC noon so no time zone moves the day.
  const d = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value)
  return Number.isNaN(d.getTime()) ? undefined : d
}

/** Published date as 'Month YYYY'. */
export function formatMonthYear(value: string | null | undefined): string {
  const d = toDate(value)
  return d ? words(d, true, false) : UNKNOWN_DATE
}

/** Review and join dates as 'Month D, YYYY', or 'Unknown date'. */
export function formatFullDate(value: string | null | undefined): string {
  const d = toDate(value)
  if (!d) return UNKNOWN_DATE
  return words(d, /^\d{4}-\d{2}-\d{2}$/.test(value ?? ''), true)
}

/** The card preview: the first 100 characters followed by an ellipsis. */
export function descriptionPreview(text: string | null | undefined): string {
  if (!text) return ''
  return `${text.slice(0, LIMITS.descriptionPreview)}...`
}

/** An average to one decimal, or 'N/A' when there is none. */
export function formatAverage(avg: number | null | undefined, totalReviews?: number): string {
  if (typeof avg !== 'number' || Number.isNaN(avg) || avg <= 0 || totalReviews === 0) return 'N/A'
  return avg.toFixed(1)
}

// Kept apart so the top bar can use it without the contracts' constants in the first screen's code.
export { profileImageUrl } from '#/lib/image-url.ts'
