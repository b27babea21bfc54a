import { describe, expect, it } from 'vitest'
import { finishedRead, openRead, settleReads } from '#/modules/imports/import-reads.ts'

// The reads of an imported row settled with its status and Read Count (import-reads.ts), on their own.

const stopped = (startedOn: string | null, stoppedOn: string | null) => ({ startedOn, finishedOn: null, stoppedOn, outcome: 'stopped' as const })

describe('the reads of an imported row', () => {
  it('puts them oldest first, open ones last, and finishes every open one but the newest', () => {
    expect(settleReads(null, [openRead('2024-03-01'), finishedRead('2021'), openRead('2019-01-01'), finishedRead('2020-06-01')], 0)).toEqual([
      finishedRead('2020-06-01'),
      finishedRead('2021'),
      { ...openRead('2019-01-01'), outcome: 'finished' },
      openRead('2024-03-01'),
    ])
  })

  it('leaves a book being read or paused one open read, after the finished ones', () => {
    expect(settleReads('reading', [finishedRead('2020')], 0)).toEqual([finishedRead('2020'), openRead()])
    expect(settleReads('paused', [openRead('2024-01-01')], 0)).toEqual([openRead('2024-01-01')])
  })

  it("ends a book not finished in a stop, on its last read's finish when it has one", () => {
    expect(settleReads('dnf', [finishedRead('2023-05-01', '2023-04-01')], 0)).toEqual([stopped('2023-04-01', '2023-05-01')])
    expect(settleReads('dnf', [], 0)).toEqual([stopped(null, null)])
  })

  it('finishes the newest read of a read book, and makes up Read Count (at least one) with undated reads first', () => {
    expect(settleReads('read', [openRead('2022-02-02')], 0)).toEqual([{ ...openRead('2022-02-02'), outcome: 'finished' }])
    expect(settleReads('read', [], 0)).toEqual([finishedRead(null)])
    expect(settleReads('read', [finishedRead('2020')], 3)).toEqual([finishedRead(null), finishedRead(null), finishedRead('2020')])
    expect(settleReads('want', [], 0)).toEqual([])
  })
})
