import type { ReadingStatus } from '@shelfwise/contracts'

// The reads of an imported row (issue 14): the dates its file gives, settled with its status and
// Read Count. Dates are kept as written and never invented; only the newest read may stay open.

/** One read as the file gives it: dates as written, never invented. */
export interface ImportRead {
  startedOn: string | null
  finishedOn: string | null
  stoppedOn: string | null
  /** null while the read is in progress (or paused). */
  outcome: 'finished' | 'stopped' | null
}

/** A read in progress (or paused). */
export const openRead = (startedOn: string | null = null): ImportRead => ({ startedOn, finishedOn: null, stoppedOn: null, outcome: null })
/** A finished read, its dates as the file gives them. */
export const finishedRead = (finishedOn: string | null, startedOn: string | null = null): ImportRead => ({
  startedOn,
  finishedOn,
  stoppedOn: null,
  outcome: 'finished',
})

/** A read's place in time: its end, else its start. */
const readKey = (read: ImportRead) => read.finishedOn ?? read.stoppedOn ?? read.startedOn ?? ''

/** Oldest first, reads still open after the ones that ended. */
function byTime(a: ImportRead, b: ImportRead): number {
  const open = Number(a.outcome === null) - Number(b.outcome === null)
  if (open !== 0) return open
  const x = readKey(a)
  const y = readKey(b)
  return x < y ? -1 : x > y ? 1 : 0
}

/**
 * The reads of a row: those its dates give (oldest first), settled with its status and Read Count.
 * Only the newest read may stay open; a book being read or paused has one open read, a book not
 * finished ends in a stop (on the date of its last read, if it has one), a read book's newest read is
 * finished; then undated finished reads make up Read Count (at least one for a read book).
 */
export function settleReads(status: ReadingStatus | null, dated: readonly ImportRead[], readCount: number): ImportRead[] {
  const reads = [...dated].sort(byTime).map((read, i, all) => (read.outcome === null && i < all.length - 1 ? { ...read, outcome: 'finished' as const } : read))
  const last = reads.at(-1)
  if (status === 'reading' || status === 'paused') {
    if (last?.outcome !== null) reads.push(openRead())
  } else if (status === 'dnf') {
    const stop: ImportRead = { startedOn: last?.startedOn ?? null, finishedOn: null, stoppedOn: last?.finishedOn ?? null, outcome: 'stopped' }
    if (last) reads[reads.length - 1] = stop
    else reads.push(stop)
  } else if (status === 'read' && last?.outcome === null) {
    reads[reads.length - 1] = { ...last, outcome: 'finished' }
  }
  const wanted = Math.max(readCount, status === 'read' ? 1 : 0)
  const undated = Array.from({ length: Math.max(0, wanted - reads.length) }, () => finishedRead(null))
  return [...undated, ...reads]
}
