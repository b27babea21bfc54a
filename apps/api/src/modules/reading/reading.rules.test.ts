import { describe, expect, it } from 'vitest'
import { READING_MESSAGES, type Book } from '@shelfwise/contracts'
import type { ReadRow } from '#/modules/reading/reading.repository.ts'
import type { LibraryRow } from '#/modules/reading/reading.library.repository.ts'
import {
  BLANK_READ,
  checkDates,
  checkPage,
  finishMoment,
  libraryEntry,
  mergeProgress,
  NO_PROGRESS,
  readValuesOf,
  readWriteForProgress,
  readWriteForStatus,
  statusAfterAddedRead,
  statusAfterProgress,
  statusAfterRestore,
  statusAfterWantToggle,
} from '#/modules/reading/reading.rules.ts'

// The reading log's rules alone, without a database (decision 0018).

const NOW = '2026-03-09T10:11:12.000Z'
const TODAY = '2026-03-09'
let ids = 0
const newId = () => `new-${++ids}`

const read = (r: Partial<ReadRow> = {}): ReadRow => ({
  id: 'r1',
  bookId: 'b1',
  ...BLANK_READ,
  removedAt: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...r,
})

/** What a 400 says, or undefined when the rule accepts. */
const refusal = (fn: () => unknown): string | undefined => {
  try {
    fn()
    return undefined
  } catch (err) {
    expect(err).toMatchObject({ status: 400 })
    return (err as Error).message
  }
}

describe('dates of a read', () => {
  it('orders a finish at its day’s first instant in Recently Read, or now when it is today or unknown', () => {
    expect(finishMoment('2019', TODAY, NOW)).toBe('2019-01-01T00:00:00.000Z')
    expect(finishMoment('2019-05', TODAY, NOW)).toBe('2019-05-01T00:00:00.000Z')
    expect(finishMoment('2019-05-17', TODAY, NOW)).toBe('2019-05-17T00:00:00.000Z')
    expect(finishMoment(TODAY, TODAY, NOW)).toBe(NOW)
    expect(finishMoment(null, TODAY, NOW)).toBe(NOW)
  })

  it('refuses a finish or stop before the start, compared on what both dates say, and a read both finished and stopped', () => {
    const dates = (startedOn: string | null, finishedOn: string | null, stoppedOn: string | null = null) =>
      refusal(() => checkDates({ startedOn, finishedOn, stoppedOn }))
    expect(dates('2019', '2019-05-02')).toBeUndefined()
    expect(dates('2019-05-02', '2019')).toBeUndefined()
    expect(dates('2019-06', '2019-05-31')).toBe(READING_MESSAGES.finishBeforeStart)
    expect(dates('2019-06-02', null, '2019-06-01')).toBe(READING_MESSAGES.stopBeforeStart)
    expect(dates(null, '2019', '2019')).toBe(READING_MESSAGES.finishedAndStopped)
  })

  it('works a changed read out: the fields sent replace the old, the outcome follows the dates, a cleared finish reopens it', () => {
    const finished = readValuesOf(BLANK_READ, { startedOn: '2026-02', finishedOn: '2026-03-01' }, TODAY, NOW)
    expect(finished).toEqual({ ...BLANK_READ, startedOn: '2026-02', finishedOn: '2026-03-01', outcome: 'finished', finishedAt: '2026-03-01T00:00:00.000Z' })
    // The finish unchanged keeps the moment it orders at; a new one moves it.
    expect(readValuesOf({ ...finished, finishedAt: 'kept' }, { startedOn: '2026-01' }, TODAY, NOW).finishedAt).toBe('kept')
    expect(readValuesOf(finished, { finishedOn: TODAY }, TODAY, NOW).finishedAt).toBe(NOW)
    expect(readValuesOf(finished, { finishedOn: null }, TODAY, NOW)).toMatchObject({ startedOn: '2026-02', finishedOn: null, outcome: null, finishedAt: null })
    expect(readValuesOf(BLANK_READ, { stoppedOn: '2026' }, TODAY, NOW)).toMatchObject({ outcome: 'stopped', finishedAt: null })
    // An undated finish is a finish.
    expect(readValuesOf(BLANK_READ, { outcome: 'finished' }, TODAY, NOW)).toMatchObject({ finishedOn: null, outcome: 'finished', finishedAt: NOW })
    expect(refusal(() => readValuesOf(BLANK_READ, { finishedOn: '2026', outcome: 'stopped' }, TODAY, NOW))).toBe(READING_MESSAGES.finishedAndStopped)
    expect(refusal(() => readValuesOf(finished, { startedOn: '2026-04' }, TODAY, NOW))).toBe(READING_MESSAGES.finishBeforeStart)
  })
})

describe('progress', () => {
  it('keeps the fields not sent, clears those sent as null, and refuses a page past the book’s last', () => {
    const old = { page: 10, percent: 5, minutes: 30 }
    expect(mergeProgress(old, undefined)).toEqual(old)
    expect(mergeProgress(old, { page: 20, minutes: null })).toEqual({ page: 20, percent: 5, minutes: null })
    expect(refusal(() => checkPage({ ...NO_PROGRESS, page: 301 }, 300))).toBe(READING_MESSAGES.pageBeyondBook(300))
    expect(refusal(() => checkPage({ ...NO_PROGRESS, page: 300 }, 300))).toBeUndefined()
    expect(refusal(() => checkPage({ ...NO_PROGRESS, page: 9999 }, null))).toBeUndefined()
  })

  it('applies to the open read, or starts one today with it', () => {
    const open = read({ startedOn: '2026-03-01', progress: { page: 10, percent: null, minutes: null } })
    expect(readWriteForProgress(open, { page: 40 }, 300, TODAY, newId)).toEqual({
      op: 'update',
      id: 'r1',
      values: { ...BLANK_READ, startedOn: '2026-03-01', progress: { page: 40, percent: null, minutes: null } },
    })
    const started = readWriteForProgress(undefined, { percent: 12 }, null, TODAY, newId)
    expect(started).toMatchObject({ op: 'insert', values: { startedOn: TODAY, outcome: null, progress: { page: null, percent: 12, minutes: null } } })
    expect(refusal(() => readWriteForProgress(open, { page: 301 }, 300, TODAY, newId))).toBe(READING_MESSAGES.pageBeyondBook(300))
    expect(statusAfterProgress('want')).toBe('reading')
    expect(statusAfterProgress(null)).toBe('reading')
    expect(statusAfterProgress('reading')).toBeUndefined()
  })
})

describe('statuses', () => {
  const open = read({ startedOn: '2026-03-01' })

  it('Currently Reading opens a read started today when none is open, and leaves an open one', () => {
    expect(readWriteForStatus('reading', undefined, TODAY, NOW, newId)).toMatchObject({ op: 'insert', values: { ...BLANK_READ, startedOn: TODAY } })
    expect(readWriteForStatus('reading', open, TODAY, NOW, newId)).toBeUndefined()
  })

  it('Read finishes the open read today, or adds a read finished today', () => {
    const finished = { finishedOn: TODAY, outcome: 'finished', finishedAt: NOW }
    expect(readWriteForStatus('read', open, TODAY, NOW, newId)).toEqual({
      op: 'update',
      id: 'r1',
      values: { ...BLANK_READ, startedOn: '2026-03-01', ...finished },
    })
    expect(readWriteForStatus('read', undefined, TODAY, NOW, newId)).toMatchObject({ op: 'insert', values: { ...BLANK_READ, ...finished } })
  })

  it('Did Not Finish stops the open read today; Paused, Want to Read and none leave the reads', () => {
    expect(readWriteForStatus('dnf', open, TODAY, NOW, newId)).toEqual({
      op: 'update',
      id: 'r1',
      values: { ...BLANK_READ, startedOn: '2026-03-01', stoppedOn: TODAY, outcome: 'stopped' },
    })
    expect(readWriteForStatus('dnf', undefined, TODAY, NOW, newId)).toBeUndefined()
    for (const status of ['paused', 'want', null] as const) expect(readWriteForStatus(status, open, TODAY, NOW, newId)).toBeUndefined()
  })

  it('an added read: an open one makes the book Currently Reading (Paused stays), a finished one makes a book with no status or wanted Read', () => {
    expect(statusAfterAddedRead(null, null)).toBe('reading')
    expect(statusAfterAddedRead(null, 'read')).toBe('reading')
    expect(statusAfterAddedRead(null, 'paused')).toBeUndefined()
    expect(statusAfterAddedRead('finished', null)).toBe('read')
    expect(statusAfterAddedRead('finished', 'want')).toBe('read')
    expect(statusAfterAddedRead('finished', 'reading')).toBeUndefined()
    expect(statusAfterAddedRead('stopped', null)).toBeUndefined()
  })

  it('a finished read brought back makes a book with no status Read, and changes no other status', () => {
    expect(statusAfterRestore('finished', null)).toBe('read')
    expect(statusAfterRestore('finished', 'want')).toBeUndefined()
    expect(statusAfterRestore('stopped', null)).toBeUndefined()
  })

  it('Add to Wishlist: on, Want to Read; off, Read again with a kept finished read, else none', () => {
    expect(statusAfterWantToggle(null, false)).toBe('want')
    expect(statusAfterWantToggle('read', true)).toBe('want')
    expect(statusAfterWantToggle('want', true)).toBe('read')
    expect(statusAfterWantToggle('want', false)).toBeNull()
  })
})

describe('a library entry', () => {
  it('shows the open read’s progress and start, the newest finish and how many finished reads', () => {
    const row: LibraryRow = { bookId: 'b1', status: 'reading', rating: 4, updatedAt: NOW, addedAt: NOW }
    const book = { _id: 'b1' } as Book
    const reads = [
      read({ id: 'r1', startedOn: '2020-01', finishedOn: '2020-02', outcome: 'finished', finishedAt: '2020-02-01T00:00:00.000Z' }),
      read({ id: 'r2', startedOn: '2024-05-01', finishedOn: '2024-06', outcome: 'finished', finishedAt: '2024-06-01T00:00:00.000Z' }),
      read({ id: 'r3', startedOn: '2026-03-01', progress: { page: 12, percent: null, minutes: null } }),
    ]
    expect(libraryEntry(row, book, reads)).toEqual({
      book,
      status: 'reading',
      rating: 4,
      progress: { page: 12, percent: null, minutes: null },
      startedOn: '2026-03-01',
      finishedOn: '2024-06',
      readCount: 2,
      updatedAt: NOW,
      addedAt: NOW,
    })
    // With no open read, the start is the newest finished read's.
    expect(libraryEntry({ ...row, status: 'read' }, book, reads.slice(0, 2))).toMatchObject({
      progress: NO_PROGRESS,
      startedOn: '2024-05-01',
      finishedOn: '2024-06',
    })
    expect(libraryEntry({ ...row, status: 'want' }, book, [])).toMatchObject({ startedOn: null, finishedOn: null, readCount: 0 })
  })
})
