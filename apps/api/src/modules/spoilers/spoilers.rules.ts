import type { Position, Reveal } from '@shelfwise/contracts'

// Spoilers that depend on where the reader is (issue 23, point 4, decision 0043): pure rules, shared
// by every kind of item that says how far into a book it is (discussion posts now, comments later).

/** How far a reader is into a book, as the reading log tells it. */
export interface Progress {
  finished: boolean
  /** The furthest page reached; null when never given. */
  page: number | null
  /** The furthest percent reached; null when never given. */
  percent: number | null
  /** The page count of the edition read; null when unknown. */
  pageCount: number | null
}

/** Where a reader stands for one book: signed out (no progress), or their progress. */
export type Standing = { signedIn: false } | { signedIn: true; userId: string; progress: Progress }

/** A position as stored: a kind and a value (null for the ending). */
export interface StoredPosition {
  kind: 'page' | 'percent' | 'finished' | null
  value: number | null
}

export const toStoredPosition = (p: Position | null | undefined): StoredPosition => {
  if (!p) return { kind: null, value: null }
  if ('page' in p) return { kind: 'page', value: p.page }
  if ('percent' in p) return { kind: 'percent', value: p.percent }
  return { kind: 'finished', value: null }
}

export const fromStoredPosition = (kind: string | null, value: number | null): Position | null => {
  if (kind === 'page' && value !== null) return { page: Number(value) }
  if (kind === 'percent' && value !== null) return { percent: Number(value) }
  if (kind === 'finished') return { finished: true }
  return null
}

/**
 * Whether a reader at `progress` has reached `position`. A finished reader has reached everything.
 * A page is compared with pages, a percent with percents; across units only through a known page
 * count. Anything that cannot be compared has not been reached (withheld).
 */
export function hasReached(progress: Progress, position: Position): boolean {
  if (progress.finished) return true
  if ('finished' in position) return false
  const { page, percent, pageCount } = progress
  const knownPages = pageCount !== null && pageCount > 0 ? pageCount : null
  if ('page' in position) {
    if (page !== null && page >= position.page) return true
    return percent !== null && knownPages !== null && (percent / 100) * knownPages >= position.page
  }
  if (percent !== null && percent >= position.percent) return true
  return page !== null && knownPages !== null && (page / knownPages) * 100 >= position.percent
}

/** Whether the reader asked to see this item's text anyway. */
const isRevealed = (reveal: Reveal | undefined, id: string): boolean => reveal === 'all' || (reveal !== undefined && reveal.includes(id))

/**
 * Whether an item's text is withheld from a reader: it says how far in it is, the reader is not its
 * author, has not revealed it and has not reached it (a signed-out reader has reached nothing).
 */
export function isWithheld(item: { id: string; authorId: string | null; position: Position | null }, standing: Standing, reveal: Reveal | undefined): boolean {
  if (item.position === null) return false
  if (isRevealed(reveal, item.id)) return false
  if (!standing.signedIn) return true
  if (item.authorId !== null && item.authorId === standing.userId) return false
  return !hasReached(standing.progress, item.position)
}
