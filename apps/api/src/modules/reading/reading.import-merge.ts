import { isAfterDay, latestDayAnywhere, mayPrecede, READING_STATUS_LABELS, type ReadingStatus } from '@shelfwise/contracts'
import type { EntryRow, ReadRow, ReadValues } from '#/modules/reading/reading.repository.ts'
import { BLANK_READ, finishMoment, isOpen, valuesOf, type ReadWrite } from '#/modules/reading/reading.rules.ts'

// The merge of what an imported row says of a book into the reader's log of it (decision 0020),
// with no database: the service reads the entry and the reads, asks this, and writes what it answers.

/** What an imported row says of a book (decision 0020): dates as in the file, never invented. */
export interface ImportPlan {
  status: ReadingStatus | null
  reads: { startedOn: string | null; finishedOn: string | null; stoppedOn: string | null; outcome: 'finished' | 'stopped' | null }[]
  /** A rating alone (a row with review text gives its rating to the review instead). */
  rating: number | null
}

/** What to write for an imported row; nothing to write when `writes` is empty and neither status nor rating is set. */
export interface ImportMerge {
  writes: ReadWrite[]
  /** The status to set, when the file's differs from the reader's. */
  status?: ReadingStatus
  /** The rating given without a review to set, when the file's differs and the reader did not review the book. */
  rating?: number
  /** What the import's report says of the row. */
  notes: string[]
}

/**
 * The reads of an import with every date after the latest date anywhere on `now` taken off (a file's
 * Date Read of 9999/12/31 would head Recently Read and followers' feeds for good), each one named in a
 * note. The read itself is kept, undated, as the file says it happened.
 */
function withoutFutureDates(reads: ImportPlan['reads'], now: Date, notes: string[]): ImportPlan['reads'] {
  const latest = latestDayAnywhere(now)
  return reads.map((read) => {
    const kept = { ...read }
    for (const field of ['startedOn', 'finishedOn', 'stoppedOn'] as const) {
      const date = read[field]
      if (date !== null && isAfterDay(date, latest)) {
        kept[field] = null
        notes.push(`The date ${date} was left out: it is after ${latest}, and no place on Earth has reached it yet`)
      }
    }
    return kept
  })
}

const ends = (r: { finishedOn: string | null; stoppedOn: string | null }) => r.finishedOn ?? r.stoppedOn

/**
 * Merges an imported row into the reader's log of its book at `at`. Nothing is added twice: a read
 * is the same read when it ends on the same date (a dated read fills an undated one first), undated
 * reads only make up the count the file gives (reads taken off the list count too: importing again
 * does not bring them back), and the file's status and rating replace the reader's when they differ.
 * A rating stays with the reader's review when they wrote one (`reviewRating`), with a note when the
 * file says otherwise.
 */
export function mergeImport(o: {
  plan: ImportPlan
  bookId: string
  entry: Pick<EntryRow, 'status' | 'rating'> | undefined
  reads: readonly ReadRow[]
  reviewRating: number | null
  at: string
  newId: () => string
}): ImportMerge {
  const notes: string[] = []
  const planned = withoutFutureDates(o.plan.reads, new Date(o.at), notes)
  // The reads as they will be, changed in place: an update writes a read's final values.
  const known: ReadRow[] = o.reads.map((r) => ({ ...r }))
  const steps: ({ op: 'insert'; id: string; values: ReadValues } | { op: 'update'; read: ReadRow })[] = []
  const add = (values: ReadValues) => {
    const id = o.newId()
    known.push({ ...values, id, bookId: o.bookId, removedAt: null, updatedAt: o.at })
    steps.push({ op: 'insert', id, values })
  }
  const fill = (read: ReadRow, values: Partial<ReadValues>) => {
    Object.assign(read, values)
    steps.push({ op: 'update', read })
  }

  for (const read of planned.filter((r) => r.startedOn !== null || ends(r) !== null)) {
    if (read.outcome === null) {
      const open = known.find(isOpen)
      if (!open) add({ ...BLANK_READ, startedOn: read.startedOn })
      else if (open.startedOn === null && read.startedOn !== null) fill(open, { startedOn: read.startedOn })
      continue
    }
    const same = known.find((r) => r.outcome === read.outcome && ends(r) !== null && ends(r) === ends(read))
    if (same) {
      if (same.startedOn === null && read.startedOn !== null && mayPrecede(read.startedOn, ends(read)!)) fill(same, { startedOn: read.startedOn })
      continue
    }
    const values = {
      startedOn: read.startedOn,
      finishedOn: read.finishedOn,
      stoppedOn: read.stoppedOn,
      outcome: read.outcome,
      finishedAt: read.outcome === 'finished' && read.finishedOn !== null ? finishMoment(read.finishedOn, '', o.at) : null,
    }
    const undated = known.find((r) => r.outcome === read.outcome && r.removedAt === null && ends(r) === null && r.startedOn === null)
    if (undated) fill(undated, values)
    else add({ ...BLANK_READ, ...values })
  }
  // Undated reads make up the number of reads the file gives, and no more.
  for (const outcome of ['finished', 'stopped'] as const) {
    const wanted = planned.filter((r) => r.outcome === outcome).length
    const have = known.filter((r) => r.outcome === outcome).length
    for (let i = have; i < wanted; i++) add({ ...BLANK_READ, outcome })
  }
  const undatedOpen = planned.some((r) => r.outcome === null && r.startedOn === null)
  if (undatedOpen && !known.some(isOpen)) add(BLANK_READ)

  const statusBefore = o.entry?.status ?? null
  const status = o.plan.status !== null && o.plan.status !== statusBefore ? o.plan.status : undefined
  if (status !== undefined && statusBefore !== null)
    notes.push(`Status changed from ${READING_STATUS_LABELS[statusBefore]} to ${READING_STATUS_LABELS[status]}`)
  let rating: number | undefined
  if (o.plan.rating !== null) {
    if (o.reviewRating !== null) {
      if (o.reviewRating !== o.plan.rating) notes.push(`Your review’s rating (${o.reviewRating}★) kept; the file says ${o.plan.rating}★`)
    } else if (o.entry?.rating !== o.plan.rating) rating = o.plan.rating
  }

  const writes = steps.map((s): ReadWrite => (s.op === 'insert' ? s : { op: 'update', id: s.read.id, values: valuesOf(s.read) }))
  return { writes, ...(status !== undefined ? { status } : {}), ...(rating !== undefined ? { rating } : {}), notes }
}
