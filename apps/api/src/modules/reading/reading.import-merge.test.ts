import { describe, expect, it } from 'vitest'
import type { ReadRow } from '#/modules/reading/reading.repository.ts'
import { BLANK_READ } from '#/modules/reading/reading.rules.ts'
import { mergeImport, type ImportPlan } from '#/modules/reading/reading.import-merge.ts'

// The merge of an imported row into a reader's log of its book, without a database (decision 0020).

const AT = '2026-03-09T10:11:12.000Z'

const kept = (r: Partial<ReadRow>): ReadRow => ({ id: 'old', bookId: 'b1', ...BLANK_READ, removedAt: null, updatedAt: '2026-01-01T00:00:00.000Z', ...r })
type PlannedRead = ImportPlan['reads'][number]
const finishedOn = (day: string | null, startedOn: string | null = null): PlannedRead => ({ startedOn, finishedOn: day, stoppedOn: null, outcome: 'finished' })

const merge = (o: {
  reads?: PlannedRead[]
  status?: ImportPlan['status']
  rating?: number | null
  log?: ReadRow[]
  entry?: { status: ImportPlan['status']; rating: number | null }
  reviewRating?: number | null
}) => {
  let n = 0
  return mergeImport({
    plan: { status: o.status ?? null, reads: o.reads ?? [], rating: o.rating ?? null },
    bookId: 'b1',
    entry: o.entry,
    reads: o.log ?? [],
    reviewRating: o.reviewRating ?? null,
    at: AT,
    newId: () => `new-${++n}`,
  })
}

describe('the merge of an imported row', () => {
  it('adds a dated read as the file has it, ordered at its day in Recently Read, and sets the status', () => {
    expect(merge({ reads: [finishedOn('2024-05-02', '2024-04')], status: 'read' })).toEqual({
      writes: [
        {
          op: 'insert',
          id: 'new-1',
          values: { ...BLANK_READ, startedOn: '2024-04', finishedOn: '2024-05-02', outcome: 'finished', finishedAt: '2024-05-02T00:00:00.000Z' },
        },
      ],
      status: 'read',
      notes: [],
    })
  })

  it('adds nothing twice: the same read is the one ending on the same date, and only gains a start it lacks', () => {
    const log = [kept({ finishedOn: '2024-05-02', outcome: 'finished', finishedAt: '2024-05-02T00:00:00.000Z' })]
    expect(merge({ reads: [finishedOn('2024-05-02')], log, entry: { status: 'read', rating: null }, status: 'read' })).toEqual({ writes: [], notes: [] })
    const started = merge({ reads: [finishedOn('2024-05-02', '2024-04-20')], log })
    expect(started.writes).toEqual([
      {
        op: 'update',
        id: 'old',
        values: { ...BLANK_READ, startedOn: '2024-04-20', finishedOn: '2024-05-02', outcome: 'finished', finishedAt: '2024-05-02T00:00:00.000Z' },
      },
    ])
    // A start after the end is not taken.
    expect(merge({ reads: [finishedOn('2024-05-02', '2024-06')], log }).writes).toEqual([])
  })

  it('fills an undated read of the same outcome, still on the list, with the file’s dates before adding one', () => {
    const log = [kept({ outcome: 'finished', finishedAt: '1970-01-01T00:00:00.000Z' })]
    const { writes } = merge({ reads: [finishedOn('2023')], log })
    expect(writes).toEqual([
      { op: 'update', id: 'old', values: { ...BLANK_READ, finishedOn: '2023', outcome: 'finished', finishedAt: '2023-01-01T00:00:00.000Z' } },
    ])
    // Not one taken off the list: that stays as the reader left it.
    const removed = [{ ...log[0]!, removedAt: '2025-01-01T00:00:00.000Z' }]
    expect(merge({ reads: [finishedOn('2023')], log: removed }).writes.map((w) => [w.op, w.id])).toEqual([['insert', 'new-1']])
  })

  it('makes up the number of undated reads the file gives, counting reads taken off the list, and no more', () => {
    const undated = finishedOn(null)
    expect(merge({ reads: [undated, undated] }).writes.map((w) => [w.op, w.values.outcome, w.values.finishedOn])).toEqual([
      ['insert', 'finished', null],
      ['insert', 'finished', null],
    ])
    const removed = kept({ finishedOn: '2020', outcome: 'finished', removedAt: '2025-01-01T00:00:00.000Z' })
    expect(merge({ reads: [undated, undated], log: [removed] }).writes).toHaveLength(1)
    expect(merge({ reads: [undated], log: [removed] }).writes).toEqual([])
  })

  it('gives the open read a start it lacks, or opens one; an undated open read opens one only when none is open', () => {
    const open: PlannedRead = { startedOn: '2026-02', finishedOn: null, stoppedOn: null, outcome: null }
    expect(merge({ reads: [open], log: [kept({})] }).writes).toEqual([{ op: 'update', id: 'old', values: { ...BLANK_READ, startedOn: '2026-02' } }])
    expect(merge({ reads: [open], log: [kept({ startedOn: '2026-01' })] }).writes).toEqual([])
    expect(merge({ reads: [open] }).writes).toEqual([{ op: 'insert', id: 'new-1', values: { ...BLANK_READ, startedOn: '2026-02' } }])
    const undatedOpen = { ...open, startedOn: null }
    expect(merge({ reads: [undatedOpen] }).writes).toEqual([{ op: 'insert', id: 'new-1', values: BLANK_READ }])
    expect(merge({ reads: [undatedOpen], log: [kept({ startedOn: '2026-01' })] }).writes).toEqual([])
  })

  it('writes a read added then filled by a later read of the file: the insert as first planned, then its final values', () => {
    const finished = { ...BLANK_READ, finishedOn: '2024', outcome: 'finished', finishedAt: '2024-01-01T00:00:00.000Z' }
    expect(merge({ reads: [finishedOn('2024'), finishedOn('2024', '2023-12')] }).writes).toEqual([
      { op: 'insert', id: 'new-1', values: finished },
      { op: 'update', id: 'new-1', values: { ...finished, startedOn: '2023-12' } },
      // The file gives two finished reads: the second is one more, undated.
      { op: 'insert', id: 'new-2', values: { ...BLANK_READ, outcome: 'finished' } },
    ])
  })

  it('leaves out a date after the latest date anywhere, saying so, and keeps the read undated', () => {
    const { writes, notes } = merge({ reads: [finishedOn('9999-12-31')] })
    expect(writes).toEqual([{ op: 'insert', id: 'new-1', values: { ...BLANK_READ, outcome: 'finished' } }])
    expect(notes).toEqual(['The date 9999-12-31 was left out: it is after 2026-03-10, and no place on Earth has reached it yet'])
  })

  it('replaces a different status, saying so when the reader had one', () => {
    expect(merge({ status: 'read', entry: { status: 'want', rating: null } })).toEqual({
      writes: [],
      status: 'read',
      notes: ['Status changed from Want to Read to Read'],
    })
    expect(merge({ status: 'read', entry: { status: null, rating: null } })).toEqual({ writes: [], status: 'read', notes: [] })
    expect(merge({ status: 'read', entry: { status: 'read', rating: null } })).toEqual({ writes: [], notes: [] })
    expect(merge({ status: null, entry: { status: 'dnf', rating: null } })).toEqual({ writes: [], notes: [] })
  })

  it('sets a different rating given without a review; a review’s rating stays, with a note when the file differs', () => {
    expect(merge({ rating: 4, entry: { status: null, rating: 2 } })).toEqual({ writes: [], rating: 4, notes: [] })
    expect(merge({ rating: 4, entry: { status: null, rating: 4 } })).toEqual({ writes: [], notes: [] })
    expect(merge({ rating: 4, reviewRating: 3 })).toEqual({ writes: [], notes: ['Your review’s rating (3★) kept; the file says 4★'] })
    expect(merge({ rating: 3, reviewRating: 3 })).toEqual({ writes: [], notes: [] })
  })
})
