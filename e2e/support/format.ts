// What the spec says a reader sees, computed here on its own (not with the app's code), to compare
// the screens with the API's raw values.

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** Published dates: 'Month YYYY' ('1897-05-26' → 'May 1897'); none → 'Unknown date'. */
export function monthYear(date: string | null | undefined): string {
  const m = date ? /^(\d{4})-(\d{2})/.exec(date) : null
  return m ? `${MONTHS[Number(m[2]) - 1]} ${Number(m[1])}` : 'Unknown date'
}

/** Review and join dates: 'Month D, YYYY' in the browser's zone (the suite's is UTC); unreadable → 'Unknown date'. */
export function fullDate(iso: string | null | undefined): string {
  const d = iso ? new Date(iso) : undefined
  if (!d || Number.isNaN(d.getTime())) return 'Unknown date'
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`
}

/** Averages to one decimal, or 'N/A' for a book nobody has rated. */
/** How many ratings a book's average is over: its ratings count, where the API gives it, else its reviews. */
export const ratingsOf = (b: { totalReviews: number; ratingsCount?: number | undefined }) => b.ratingsCount ?? b.totalReviews

export const average = (avg: number | null | undefined, total?: number) => (typeof avg !== 'number' || avg <= 0 || total === 0 ? 'N/A' : avg.toFixed(1))

/** The card's description preview: the first 100 characters and '...'. */
export const preview = (text: string) => `${text.slice(0, 100)}...`
