import { createHash } from 'node:crypto'
import { isPartialDate, LIBRARY_DEFAULT_ORDER, LIBRARY_SORTS, MESSAGES, type LibraryQuery, type LibrarySort } from '@shelfwise/contracts'
import { badRequest } from '#/errors.ts'
import { decodeCursor, encodeCursor, keyOfKind, type KeyKind } from '#/paging.ts'
import { MISSING_KEY, type LibraryPageRequest, type SortKeyset } from '#/modules/reading/reading.library.repository.ts'

// The library's orders and search (issue 22): which order a query asks for, and its cursors. A
// sorted or searched page's cursor starts with a tag naming its order, direction and search, so a
// cursor is only ever taken back by the list that gave it out.

export const LIBRARY_CURSOR_MESSAGE = 'Cursor belongs to another sort, order or search (q): start again from the first page'

type Order = NonNullable<LibraryPageRequest['sorted']>

/** The words of a search: what lies between spaces. */
export const searchWords = (q: string | undefined): string[] => (q ?? '').split(/\s+/u).filter(Boolean)

/** The order a query asks for; undefined for the library's first order (newest change first) with no search. */
export function libraryOrder(q: Pick<LibraryQuery, 'sort' | 'order' | 'q'>): Omit<Order, 'after'> | undefined {
  if (!q.sort && !q.order && !searchWords(q.q).length) return undefined
  return { sort: q.sort ?? 'changed', order: q.order ?? (q.sort ? LIBRARY_DEFAULT_ORDER[q.sort] : 'desc') }
}

/** The tag of an order and search: one cursor for each (the search's words, folded for case, as a short hash). */
const tagOf = (order: Omit<Order, 'after'>, words: string[]) => {
  const search = words.length ? createHash('sha256').update(words.join(' ').toLowerCase()).digest('base64url').slice(0, 12) : ''
  return `${order.sort}.${order.order}.${search}`
}
const TAG = new RegExp(`^(${[...LIBRARY_SORTS, 'changed'].join('|')})\\.(asc|desc)\\.[\\w-]{0,12}$`)

const KEY_KINDS: Record<LibrarySort | 'changed', KeyKind[]> = {
  changed: ['instant'],
  added: ['instant'],
  rating: ['count'],
  finished: ['text'],
  title: ['text'],
  author: ['text', 'text'],
}

/** Whether a key is one the order could have given out (beyond its kind). */
function fitsOrder(sort: LibrarySort | 'changed', key: string | number): boolean {
  if (sort === 'rating') return typeof key === 'number' && key <= MISSING_KEY.rating.asc
  if (sort === 'finished') return key === MISSING_KEY.finished.asc || key === MISSING_KEY.finished.desc || isPartialDate(String(key))
  return true
}

export const encodeLibraryCursor = (order: Omit<Order, 'after'>, words: string[], keyset: SortKeyset): string => encodeCursor([tagOf(order, words), ...keyset])

/**
 * The keyset of a sorted or searched page's cursor: 400 naming the cursor when it was not one of
 * ours, and saying so when it was made under another sort, order or search (or none).
 */
export function decodeLibraryCursor(cursor: string, order: Omit<Order, 'after'>, words: string[]): SortKeyset {
  const kinds: KeyKind[] = [...KEY_KINDS[order.sort], 'id']
  const values = decodeCursor(cursor)
  const [tag, ...keys] = values
  if (tag !== tagOf(order, words)) {
    const ours = (typeof tag === 'string' && TAG.test(tag)) || (values.length === 2 && keyOfKind('instant', tag) !== undefined)
    throw badRequest(ours ? LIBRARY_CURSOR_MESSAGE : MESSAGES.badCursor)
  }
  if (keys.length !== kinds.length) throw badRequest(MESSAGES.badCursor)
  const checked = keys.map((v, i) => keyOfKind(kinds[i]!, v))
  if (checked.some((k, i) => k === undefined || (i < kinds.length - 1 && !fitsOrder(order.sort, k)))) throw badRequest(MESSAGES.badCursor)
  return checked as SortKeyset
}

/** A cursor of the first order given to a page sorted or searched: its own 400, not a generic one. */
export function refuseTaggedCursor(cursor: string): void {
  let tag: unknown
  try {
    tag = decodeCursor(cursor)[0]
  } catch {
    return
  }
  if (typeof tag === 'string' && TAG.test(tag)) throw badRequest(LIBRARY_CURSOR_MESSAGE)
}
