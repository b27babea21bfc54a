import { expect, it } from 'vitest'
import { READING_MESSAGES } from '@shelfwise/contracts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { readingCalls } from '../../../test/support/reading-calls.ts'
import { insertBook, insertUser } from '../../../test/support/factories.ts'

// Issue 22, points 2 and 3 (decision 0039): a status change dated by the reader (a whole day, a
// month or a year), its read's start corrected in the same call, and the progress unit remembered
// on the reader's entry.
describeEachDialect('reading: a status change with its dates, and the progress unit', (ctx) => {
  const { call, entry, put, expect400 } = readingCalls(ctx)

  it('Read finishes the open read in the month the reader gives, and corrects its start in the same call', async () => {
    const reader = await insertUser(ctx.db)
    const book = await insertBook(ctx.db)
    await put(book.id, reader.token, { status: 'reading', today: '2026-03-20' })
    // A finish before the start is refused, and nothing is written.
    await expect400(
      await call('PUT', `/api/books/${book.id}/reading`, reader.token, { status: 'read', finishedOn: '2026-02' }),
      READING_MESSAGES.finishBeforeStart,
    )
    expect(await entry(book.id, reader.token)).toMatchObject({ status: 'reading', reads: [{ startedOn: '2026-03-20', outcome: null }] })

    const done = await put(book.id, reader.token, { status: 'read', finishedOn: '2026-02', startedOn: '2026-01', today: '2026-03-21' })
    expect(done.status).toBe('read')
    expect(done.reads).toMatchObject([{ startedOn: '2026-01', finishedOn: '2026-02', outcome: 'finished' }])
    // Recently Read orders it at its month's first instant, not at the moment of the call.
    const list = (await call('GET', `/api/users/recently-read/${reader.id}`, reader.token)).json() as { _id: string }[]
    expect(list.map((b) => b._id)).toEqual([book.id])
  })

  it('Read on a book never started adds a read finished in the year given, with the start given; today when no date is sent', async () => {
    const reader = await insertUser(ctx.db)
    const book = await insertBook(ctx.db)
    const done = await put(book.id, reader.token, { status: 'read', finishedOn: '2019', startedOn: '2018-12' })
    expect(done.reads).toMatchObject([{ startedOn: '2018-12', finishedOn: '2019', outcome: 'finished' }])
    const other = await insertBook(ctx.db)
    const plain = await put(other.id, reader.token, { status: 'read', today: '2026-05-04' })
    expect(plain.reads).toMatchObject([{ startedOn: null, finishedOn: '2026-05-04' }])
  })

  it('Did Not Finish stops the open read on the day given; on a book without a read it keeps a stopped one', async () => {
    const reader = await insertUser(ctx.db)
    const book = await insertBook(ctx.db)
    await put(book.id, reader.token, { status: 'reading', today: '2026-04-01' })
    const dnf = await put(book.id, reader.token, { status: 'dnf', stoppedOn: '2026-04-15' })
    expect(dnf.reads).toMatchObject([{ startedOn: '2026-04-01', stoppedOn: '2026-04-15', outcome: 'stopped' }])
    const fresh = await insertBook(ctx.db)
    const stopped = await put(fresh.id, reader.token, { status: 'dnf', stoppedOn: '2025-07' })
    expect(stopped).toMatchObject({ status: 'dnf', reads: [{ startedOn: null, stoppedOn: '2025-07', outcome: 'stopped' }] })
  })

  it('Currently Reading opens a read started on the day given, or corrects the open read’s start', async () => {
    const reader = await insertUser(ctx.db)
    const book = await insertBook(ctx.db)
    const opened = await put(book.id, reader.token, { status: 'reading', startedOn: '2026-01' })
    expect(opened.reads).toMatchObject([{ startedOn: '2026-01', outcome: null }])
    const fixed = await put(book.id, reader.token, { status: 'reading', startedOn: '2025-12-24' })
    expect(fixed.reads).toMatchObject([{ startedOn: '2025-12-24', outcome: null }])
  })

  it('answers 400 naming the pairing for a date without its status, and for a date that is not one', async () => {
    const reader = await insertUser(ctx.db)
    const book = await insertBook(ctx.db)
    const send = (body: object) => call('PUT', `/api/books/${book.id}/reading`, reader.token, body)
    await expect400(await send({ finishedOn: '2026-01' }), READING_MESSAGES.finishedOnWithoutRead)
    await expect400(await send({ status: 'dnf', finishedOn: '2026-01' }), READING_MESSAGES.finishedOnWithoutRead)
    await expect400(await send({ status: 'read', stoppedOn: '2026-01' }), READING_MESSAGES.stoppedOnWithoutDnf)
    await expect400(await send({ status: 'paused', startedOn: '2026-01' }), READING_MESSAGES.startedOnWithoutStatus)
    await expect400(await send({ status: 'read', finishedOn: '2026-13' }), /^Finished on must be a real date/)
    await expect400(await send({ status: 'read', finishedOn: '9999' }), /no place on Earth/)
    expect(await entry(book.id, reader.token)).toMatchObject({ status: null, reads: [] })
  })

  it('keeps the progress unit on the reader’s entry alone: answered back, changed, forgotten with null; 400 for another word', async () => {
    const reader = await insertUser(ctx.db)
    const other = await insertUser(ctx.db)
    const book = await insertBook(ctx.db, { pageCount: null })
    expect((await entry(book.id, reader.token)).progressUnit).toBeNull()
    expect((await put(book.id, reader.token, { progressUnit: 'percent' })).progressUnit).toBe('percent')
    expect((await entry(book.id, reader.token)).progressUnit).toBe('percent')
    expect((await entry(book.id, other.token)).progressUnit).toBeNull()
    const minutes = await put(book.id, reader.token, { progressUnit: 'minutes', progress: { minutes: 95 } })
    expect(minutes).toMatchObject({ progressUnit: 'minutes', status: 'reading', progress: { minutes: 95 } })
    expect((await put(book.id, reader.token, { progressUnit: null })).progressUnit).toBeNull()
    await expect400(
      await call('PUT', `/api/books/${book.id}/reading`, reader.token, { progressUnit: 'chapters' }),
      'Progress unit must be one of pages, percent, minutes',
    )
  })
})
