// Numbers as the product writes them, without Intl: a page's first `toLocaleString` or
// `Intl.NumberFormat` call loads the locale's data, about 60 ms of one main-thread task in chromium on
// this machine (240 ms on Lighthouse's 4×-slower phone), and the contracts called it while their
// schemas were built (decision 0072).

const GROUPS = /\B(?=(\d{3})+(?!\d))/g

/**
 * A number with en-US thousands separators, as `n.toLocaleString('en-US')` writes it: 1,234,567;
 * -12,000; 1,234.5 (at most three decimals, rounded).
 */
export function groupDigits(n: number): string {
  if (!Number.isFinite(n) || Math.abs(n) >= 1e21) return String(n)
  const rounded = Math.round(Math.abs(n) * 1000) / 1000
  const [whole = '0', decimals] = String(rounded).split('.')
  const sign = n < 0 && rounded !== 0 ? '-' : ''
  return `${sign}${whole.replace(GROUPS, ',')}${decimals ? `.${decimals}` : ''}`
}
