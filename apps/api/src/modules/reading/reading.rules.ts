import {
  mayPrecede,
  READING_MESSAGES,
  type Book,
  type LibraryEntry,
  type Progress,
  type ProgressInput,
  type Read,
  type ReadInput,
  type ReadingStatus,
} from '@shelfwise/contracts'
import { badRequest } from '#/errors.ts'
import type { ReadRow, ReadValues } from '#/modules/reading/reading.repository.ts'
import type { LibraryRow } from '#/modules/reading/reading.library.repository.ts'

// The reading log's rules (decision 0018), with no database: what a status does to a book's reads,
// which dates a read may have, how progress and a changed read are worked out. The service reads the
// rows, asks these, and writes what they answer.

export const NO_PROGRESS: Progress = { page: null, percent: null, minutes: null }

/** A read with nothing known yet; the others are this with what they know. */
export const BLANK_READ: ReadValues = { startedOn: null, finishedOn: null, stoppedOn: null, outcome: null, finishedAt: null, progress: NO_PROGRESS }

/** A read written: a new one (`insert`, with the id it gets) or a change of one kept. */
export interface ReadWrite {
  op: 'insert' | 'update'
  id: string
  values: ReadValues
}

/** A read's values alone (what a write stores), without its id and bookkeeping. */
export const valuesOf = ({ startedOn, finishedOn, stoppedOn, outcome, finishedAt, progress }: ReadValues): ReadValues => ({
  startedOn,
  finishedOn,
  stoppedOn,
  outcome,
  finishedAt,
  progress,
})

/** A read as the API answers it. */
export const toRead = (r: ReadRow): Read => ({
  _id: r.id,
  bookId: r.bookId,
  startedOn: r.startedOn,
  finishedOn: r.finishedOn,
  stoppedOn: r.stoppedOn,
  outcome: r.outcome,
  progress: r.progress,
  updatedAt: r.updatedAt,
})

/** Open: neither finished nor stopped, and not taken off the list. */
export const isOpen = (r: ReadRow): boolean => r.outcome === null && r.removedAt === null

/** A finished read still on the list (not taken off by 'Remove from Recently Read'). */
export const isKeptFinished = (r: ReadRow): boolean => r.outcome === 'finished' && r.removedAt === null

/** The moment a finish on `day` (YYYY[-MM[-DD]]) orders at in Recently Read: its first instant, or now when it is today. */
export const finishMoment = (day: string | null, today: string, now: string): string => {
  if (day === null || day === today) return now
  const [y, m = '01', d = '01'] = day.split('-')
  return new Date(`${y}-${m}-${d}T00:00:00.000Z`).toISOString()
}

/** Checks a read's dates together: a finish or stop never before the start, never both. */
export function checkDates(v: Pick<ReadValues, 'startedOn' | 'finishedOn' | 'stoppedOn'>): void {
  if (v.finishedOn !== null && v.stoppedOn !== null) throw badRequest(READING_MESSAGES.finishedAndStopped)
  if (v.startedOn !== null && v.finishedOn !== null && !mayPrecede(v.startedOn, v.finishedOn)) throw badRequest(READING_MESSAGES.finishBeforeStart)
  if (v.startedOn !== null && v.stoppedOn !== null && !mayPrecede(v.startedOn, v.stoppedOn)) throw badRequest(READING_MESSAGES.stopBeforeStart)
}

/** The progress a change leaves: the fields sent replace the old ones (null clears one). */
export const mergeProgress = (old: Progress, p: ProgressInput | undefined): Progress =>
  p === undefined
    ? old
    : {
        page: p.page === undefined ? old.page : p.page,
        percent: p.percent === undefined ? old.percent : p.percent,
        minutes: p.minutes === undefined ? old.minutes : p.minutes,
      }

/** A page past the book's last is refused (a book without a page count takes any). */
export function checkPage(p: Progress, pages: number | null): void {
  if (p.page !== null && pages !== null && pages > 0 && p.page > pages) throw badRequest(READING_MESSAGES.pageBeyondBook(pages))
}

/** A read's values after a change: the fields sent replace the old ones; the outcome follows the dates unless sent. */
export function readValuesOf(old: ReadValues, input: ReadInput, today: string, now: string): ReadValues {
  const startedOn = input.startedOn === undefined ? old.startedOn : input.startedOn
  const finishedOn = input.finishedOn === undefined ? old.finishedOn : input.finishedOn
  const stoppedOn = input.stoppedOn === undefined ? old.stoppedOn : input.stoppedOn
  checkDates({ startedOn, finishedOn, stoppedOn })
  // An outcome sent against the dates sent is a contradiction, not a choice to make silently.
  if ((input.outcome === 'stopped' && finishedOn !== null) || (input.outcome === 'finished' && stoppedOn !== null))
    throw badRequest(READING_MESSAGES.finishedAndStopped)
  let outcome = input.outcome === undefined ? old.outcome : input.outcome
  if (finishedOn !== null) outcome = 'finished'
  else if (stoppedOn !== null) outcome = 'stopped'
  else if (input.finishedOn === null && old.outcome === 'finished' && input.outcome === undefined) outcome = null
  else if (input.stoppedOn === null && old.outcome === 'stopped' && input.outcome === undefined) outcome = null
  const finishedAt = outcome === 'finished' ? (finishedOn === old.finishedOn && old.finishedAt ? old.finishedAt : finishMoment(finishedOn, today, now)) : null
  return { startedOn, finishedOn, stoppedOn, outcome, finishedAt, progress: mergeProgress(old.progress, input.progress) }
}

// ---- Statuses (decision 0018) -----------------------------------------------------------------

/** The dates a status change may give the read it dates (decision 0039); each not sent is today (a start: the read's own). */
export interface StatusDates {
  startedOn?: string | null | undefined
  finishedOn?: string | undefined
  stoppedOn?: string | undefined
}

/** Refuses a date sent without the status whose read it dates. */
export function checkStatusDates(status: ReadingStatus | null | undefined, d: StatusDates): void {
  if (d.finishedOn !== undefined && status !== 'read') throw badRequest(READING_MESSAGES.finishedOnWithoutRead)
  if (d.stoppedOn !== undefined && status !== 'dnf') throw badRequest(READING_MESSAGES.stoppedOnWithoutDnf)
  if (d.startedOn !== undefined && status !== 'reading' && status !== 'read' && status !== 'dnf') throw badRequest(READING_MESSAGES.startedOnWithoutStatus)
}

/**
 * What setting a status does to the book's reads, as the reading control does: Currently Reading
 * opens a read started today when none is open; Read finishes the open read today, or adds a read
 * finished today; Did Not Finish stops the open read today; Paused and Want to Read leave the reads.
 * Dates sent (decision 0039) replace today and may correct the read's start, checked together: a
 * finish or stop before the start is refused, nothing written.
 */
export function readWriteForStatus(
  status: ReadingStatus | null,
  open: ReadRow | undefined,
  today: string,
  at: string,
  newId: () => string,
  dates: StatusDates = {},
): ReadWrite | undefined {
  const startOf = (kept: string | null) => (dates.startedOn === undefined ? kept : dates.startedOn)
  const dated = (values: ReadValues): ReadValues => {
    // A start sent along is checked with the end; reads written before dates could be sent are left as they were.
    if (dates.startedOn !== undefined || dates.finishedOn !== undefined || dates.stoppedOn !== undefined) checkDates(values)
    return values
  }
  const write = (values: ReadValues): ReadWrite =>
    open
      ? { op: 'update', id: open.id, values: dated({ ...values, startedOn: startOf(open.startedOn) }) }
      : { op: 'insert', id: newId(), values: dated(values) }
  if (status === 'reading') {
    if (!open) return write({ ...BLANK_READ, startedOn: startOf(today) })
    return dates.startedOn === undefined ? undefined : write(valuesOf(open))
  }
  if (status === 'read') {
    const finishedOn = dates.finishedOn ?? today
    const finished = { finishedOn, outcome: 'finished', finishedAt: finishMoment(finishedOn, today, at) } as const
    return write({ ...(open ? valuesOf(open) : { ...BLANK_READ, startedOn: startOf(null) }), ...finished })
  }
  // Stopped on a day the reader gives, a read they had not logged is kept as stopped.
  if (status === 'dnf' && (open || dates.stoppedOn !== undefined || dates.startedOn !== undefined)) {
    const stopped = { stoppedOn: dates.stoppedOn ?? today, outcome: 'stopped' } as const
    return write({ ...(open ? valuesOf(open) : { ...BLANK_READ, startedOn: startOf(null) }), ...stopped })
  }
  return undefined
}

/**
 * Progress reported: it applies to the open read, or starts a read today with that progress when
 * none is open. Refuses a page past the book's last.
 */
export function readWriteForProgress(open: ReadRow | undefined, p: ProgressInput, pages: number | null, today: string, newId: () => string): ReadWrite {
  const progress = mergeProgress(open?.progress ?? NO_PROGRESS, p)
  checkPage(progress, pages)
  return open
    ? { op: 'update', id: open.id, values: { ...valuesOf(open), progress } }
    : { op: 'insert', id: newId(), values: { ...BLANK_READ, startedOn: today, progress } }
}

/** The status after progress is reported without a status: Currently Reading, unless it is already. */
export const statusAfterProgress = (before: ReadingStatus | null): ReadingStatus | undefined => (before === 'reading' ? undefined : 'reading')

/**
 * The status after a read is added: an open read makes the book Currently Reading (a paused one stays
 * paused); a finished one makes a book with no status, or wanted, Read. Undefined: unchanged.
 */
export function statusAfterAddedRead(outcome: ReadValues['outcome'], status: ReadingStatus | null): ReadingStatus | undefined {
  if (outcome === null && status !== 'reading' && status !== 'paused') return 'reading'
  if (outcome === 'finished' && (status === null || status === 'want')) return 'read'
  return undefined
}

/** The status after a read taken off the list is brought back: a finished one makes a book with no status Read. */
export const statusAfterRestore = (outcome: ReadValues['outcome'], status: ReadingStatus | null): ReadingStatus | undefined =>
  outcome === 'finished' && status === null ? 'read' : undefined

/**
 * The spec's 'Add to Wishlist' toggle: on, Want to Read; off, Read again when the book has a kept
 * finished read, else no status. `hasKeptFinished` matters only when the book is wanted.
 */
export const statusAfterWantToggle = (status: ReadingStatus | null, hasKeptFinished: boolean): ReadingStatus | null =>
  status === 'want' ? (hasKeptFinished ? 'read' : null) : 'want'

// ---- The library ------------------------------------------------------------------------------

/**
 * A book of a reader's library as the list shows it: the open read's progress, the start of the open
 * read (else of the newest finished one), the newest finish and how many finished reads it has.
 * `reads` are the book's kept reads.
 */
export function libraryEntry(row: LibraryRow, book: Book, reads: readonly ReadRow[]): LibraryEntry {
  const open = reads.find(isOpen)
  const finished = reads.filter((r) => r.outcome === 'finished')
  const latest = finished.toSorted((a, b) => (b.finishedAt ?? '').localeCompare(a.finishedAt ?? ''))[0]
  return {
    book,
    status: row.status,
    rating: row.rating,
    progress: open?.progress ?? NO_PROGRESS,
    startedOn: (open ?? latest)?.startedOn ?? null,
    finishedOn: latest?.finishedOn ?? null,
    readCount: finished.length,
    updatedAt: row.updatedAt,
    addedAt: row.addedAt,
  }
}
