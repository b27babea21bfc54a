import { LIBRARY_SORTS } from '@shelfwise/contracts/constants'
import type { LibrarySort } from '@shelfwise/contracts'

// How a reader orders, searches and lays out a list of their library (issue 22): kept in the
// address (?sort=, ?order=, ?q=, ?view=) so Back and a reload keep them; the view is remembered too.

export type LibraryView = 'list' | 'grid' | 'table'
type SortOrder = 'asc' | 'desc'
export interface LibraryLayout {
  sort: LibrarySort
  order: SortOrder
  q: string
  view: LibraryView
}

const SORT_LABELS: Record<LibrarySort, string> = { finished: 'Date read', added: 'Date added', rating: 'Rating', title: 'Title', author: 'Author' }
export const SORT_OPTIONS = LIBRARY_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))
/** Each order's own first direction, as the API has it: newest, best and latest first; names A to Z. */
const FIRST_ORDER: Record<LibrarySort, SortOrder> = { finished: 'desc', added: 'desc', rating: 'desc', title: 'asc', author: 'asc' }
export const ORDER_WORDS: Record<LibrarySort, Record<SortOrder, string>> = {
  finished: { desc: 'Newest first', asc: 'Oldest first' },
  added: { desc: 'Newest first', asc: 'Oldest first' },
  rating: { desc: 'Highest first', asc: 'Lowest first' },
  title: { asc: 'A to Z', desc: 'Z to A' },
  author: { asc: 'A to Z', desc: 'Z to A' },
}
const VIEWS: readonly LibraryView[] = ['list', 'grid', 'table']
const VIEW_KEY = 'shelfwise.library-view'
/** How long typing rests before the list is searched. */
export const SEARCH_DEBOUNCE_MS = 300
export const SEARCH_MAX = 100

const storedView = (): LibraryView | undefined => {
  try {
    const v = globalThis.localStorage?.getItem(VIEW_KEY)
    return VIEWS.find((x) => x === v)
  } catch {
    return undefined
  }
}

/** Remembers the view a reader chose, for the next library they open. */
export const rememberView = (view: LibraryView) => {
  try {
    globalThis.localStorage?.setItem(VIEW_KEY, view)
  } catch {
    // Storage refused (private mode, full): the address still keeps it.
  }
}

/**
 * The layout an address asks for: its sort (else date read on the Read tab, date added elsewhere),
 * its order (else the sort's first), its search and its view (else the one remembered, else the list).
 */
export function layoutOf(query: URLSearchParams, status: string): LibraryLayout {
  const askedSort = LIBRARY_SORTS.find((s) => s === query.get('sort'))
  const sort = askedSort ?? (status === 'read' ? 'finished' : 'added')
  const askedOrder = query.get('order')
  const order = askedOrder === 'asc' || askedOrder === 'desc' ? askedOrder : FIRST_ORDER[sort]
  const view = VIEWS.find((v) => v === query.get('view')) ?? storedView() ?? 'list'
  return { sort, order, q: (query.get('q') ?? '').slice(0, SEARCH_MAX), view }
}

/** The address's query with a layout change: a new sort starts at its own first order. */
export function withLayout(search: string, change: Partial<LibraryLayout>): string {
  const next = new URLSearchParams(search)
  if (change.sort) {
    next.set('sort', change.sort)
    next.delete('order')
  }
  if (change.order) next.set('order', change.order)
  if (change.q !== undefined) {
    if (change.q.trim()) next.set('q', change.q)
    else next.delete('q')
  }
  if (change.view) next.set('view', change.view)
  const text = next.toString()
  return text ? `?${text}` : ''
}
