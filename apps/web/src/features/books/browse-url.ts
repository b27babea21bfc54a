import { DEFAULT_YEAR_RANGE, PAGE_RANGES } from '@shelfwise/contracts/constants'
import { activeFilterCount, isDefaultYears, type Filters } from '#/features/books/components/browse-filters.tsx'
import type { BookSearchParams } from '#/features/books/api/search-books.ts'
import { groupDigits } from '@shelfwise/contracts/numbers'

// Browse's state lives in the address (issue 10): Back, Reload and a shared link restore the search,
// its scope, the filters and the tab. Lists are comma-joined like the search call's own parameters.

export type Scope = 'all' | 'title' | 'author'
const BROWSE_TABS = ['all', 'popular', 'new', 'top'] as const

export interface BrowseState {
  q: string
  scope: Scope
  filters: Filters
  tab: number
}

const list = (p: URLSearchParams, key: string) =>
  (p.get(key) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
const int = (p: URLSearchParams, key: string) => {
  const v = p.get(key)
  return v !== null && /^\d{1,4}$/.test(v) ? Number(v) : undefined
}

export function readBrowseState(p: URLSearchParams): BrowseState {
  const type = p.get('type')
  const rating = int(p, 'rating')
  const pages = p.get('pages')
  const tab = BROWSE_TABS.indexOf((p.get('tab') ?? 'all') as (typeof BROWSE_TABS)[number])
  return {
    q: p.get('q') ?? '',
    scope: type === 'title' || type === 'author' ? type : 'all',
    tab: tab < 0 ? 0 : tab,
    filters: {
      genres: list(p, 'genres'),
      categories: list(p, 'categories'),
      languages: list(p, 'languages'),
      rating: rating && rating >= 1 && rating <= 5 ? rating : null,
      pageRange: PAGE_RANGES.some((r) => r.label === pages) ? pages : null,
      years: [int(p, 'minYear') ?? DEFAULT_YEAR_RANGE.min, int(p, 'maxYear') ?? DEFAULT_YEAR_RANGE.max],
    },
  }
}

export function writeBrowseState(s: BrowseState): URLSearchParams {
  const p = new URLSearchParams()
  if (s.q.trim()) p.set('q', s.q.trim())
  if (s.scope !== 'all') p.set('type', s.scope)
  const f = s.filters
  if (f.genres.length) p.set('genres', f.genres.join(','))
  if (f.categories.length) p.set('categories', f.categories.join(','))
  if (f.languages.length) p.set('languages', f.languages.join(','))
  if (f.rating) p.set('rating', String(f.rating))
  if (f.pageRange) p.set('pages', f.pageRange)
  if (f.years[0] !== DEFAULT_YEAR_RANGE.min || f.years[1] !== DEFAULT_YEAR_RANGE.max) {
    p.set('minYear', String(f.years[0]))
    p.set('maxYear', String(f.years[1]))
  }
  if (s.tab > 0) p.set('tab', BROWSE_TABS[s.tab]!)
  return p
}

/** '{n} books found' with thousands separators; '1 book found' for one. */
export const booksFound = (n: number) => (n === 1 ? '1 book found' : `${groupDigits(n)} books found`)

const hasFilters = (f: Filters) => activeFilterCount(f) > 0

/** The search call's parameters, or null for "the full list" (no text and no filter). */
export function toSearchParams(query: string, scope: Scope, f: Filters): BookSearchParams | null {
  const q = query.trim()
  if (!q && !hasFilters(f)) return null
  const range = PAGE_RANGES.find((p) => p.label === f.pageRange)
  return {
    query: q || undefined,
    type: scope,
    genres: f.genres,
    categories: f.categories,
    languages: f.languages,
    minRating: f.rating ?? undefined,
    // '501+ pages' has no upper end (decision 0009).
    minPages: range?.min,
    maxPages: range?.max,
    // The year range is sent only when it differs from 2000–2023 (spec §5).
    ...(isDefaultYears(f.years) ? {} : { minYear: f.years[0], maxYear: f.years[1] }),
  }
}
