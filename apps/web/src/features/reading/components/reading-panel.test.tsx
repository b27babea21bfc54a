import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Read, ReadingEntry } from '@shelfwise/contracts'
import { renderApp } from '#/test/render.tsx'
import { fakeApi, type FakeRequest } from '#/test/fake-api.ts'
import { buildBook, buildUser, signIn } from '#/test/factories.ts'
import { localToday } from '#/features/reading/api/reading.ts'
import { partialDateInWords, readInWords } from '#/features/reading/components/partial-date.ts'

const NO_PROGRESS = { page: null, percent: null, minutes: null }

/** A server that keeps one reader's entry for one book, enough to answer the panel's calls. */
function readingServer(bookId: string, start: Partial<ReadingEntry> = {}) {
  const entry: ReadingEntry = { bookId, status: null, rating: null, progress: NO_PROGRESS, reads: [], removedReads: [], ...start }
  let n = 0
  const newRead = (r: Partial<Read>): Read => ({
    _id: `0190a000-0000-7000-8000-${String(++n).padStart(12, '0')}`,
    bookId,
    startedOn: null,
    finishedOn: null,
    stoppedOn: null,
    outcome: null,
    progress: NO_PROGRESS,
    updatedAt: new Date().toISOString(),
    ...r,
  })
  const api = fakeApi({
    [`GET /books/${bookId}`]: { body: buildBook({ _id: bookId, title: 'Middlemarch', pageCount: 880 }) },
    [`GET /reviews/book/${bookId}`]: { body: [] },
    [`GET /reviews/book/${bookId}/mine`]: { status: 404, body: { message: 'Review not found', code: 'not_found' } },
    [`GET /books/${bookId}/reading`]: () => ({ body: entry }),
    [`PUT /books/${bookId}/reading`]: (req: FakeRequest) => {
      const b = req.body as { status?: ReadingEntry['status']; rating?: number | null; progress?: { page?: number }; today: string }
      if (b.status === 'reading' && !entry.reads.some((r) => r.outcome === null)) entry.reads.push(newRead({ startedOn: b.today }))
      if (b.status !== undefined) entry.status = b.status
      if (b.rating !== undefined) entry.rating = b.rating
      if (b.progress?.page !== undefined) {
        if (b.progress.page > 880) return { status: 400, body: { message: "Progress page must be at most the book's 880 pages", code: 'validation_failed' } }
        entry.progress = { ...entry.progress, page: b.progress.page }
      }
      return { body: entry }
    },
    [`POST /books/${bookId}/reads`]: (req: FakeRequest) => {
      const b = req.body as { startedOn: string | null; finishedOn: string | null }
      if (b.finishedOn === '2019-02-30')
        return { status: 400, body: { message: 'Finished on must be a real date written YYYY, YYYY-MM or YYYY-MM-DD', code: 'validation_failed' } }
      const read = newRead({ ...b, outcome: b.finishedOn ? 'finished' : null })
      entry.reads.push(read)
      return { status: 201, body: read }
    },
  })
  return { ...api, entry }
}

describe('the reading panel on a book page', () => {
  it('starts a book with the status control, on the reader’s own day, then takes progress in pages', async () => {
    signIn(buildUser())
    const bookId = '0190a000-0000-7000-8000-00000000b001'
    const { callsTo } = readingServer(bookId)
    renderApp(`/books/${bookId}`)
    const status = await screen.findByRole('combobox', { name: 'Reading status' })
    expect(status).toHaveValue('')
    fireEvent.change(status, { target: { value: 'reading' } })
    expect(await screen.findByText(`Started ${partialDateInWords(localToday())} · In progress`)).toBeInTheDocument()
    expect(callsTo(`PUT /books/${bookId}/reading`)[0]!.body).toEqual({ status: 'reading', today: localToday() })

    fireEvent.change(screen.getByRole('spinbutton', { name: 'Page' }), { target: { value: '220' } })
    fireEvent.click(screen.getByRole('button', { name: 'Update progress' }))
    expect(await screen.findByText('On page 220 of 880')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '25')

    fireEvent.change(screen.getByRole('spinbutton', { name: 'Page' }), { target: { value: '900' } })
    fireEvent.click(screen.getByRole('button', { name: 'Update progress' }))
    expect(await screen.findByText("Progress page must be at most the book's 880 pages")).toBeInTheDocument()
    // The refused page stays in the box to be corrected.
    expect(screen.getByRole('spinbutton', { name: 'Page' })).toHaveValue(900)
  })

  it('adds a past read with a partial date, and shows the server’s words for a date that does not exist', async () => {
    signIn(buildUser())
    const bookId = '0190a000-0000-7000-8000-00000000b002'
    readingServer(bookId)
    renderApp(`/books/${bookId}`)
    fireEvent.click(await screen.findByRole('button', { name: 'Add a read' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a read' })
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Finished on' }), { target: { value: '2019-02-30' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('Finished on must be a real date written YYYY, YYYY-MM or YYYY-MM-DD')).toBeInTheDocument()
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Started on' }), { target: { value: '2019' } })
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Finished on' }), { target: { value: '2019-05' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Started 2019 · Finished May 2019')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('rates without reviewing', async () => {
    signIn(buildUser())
    const bookId = '0190a000-0000-7000-8000-00000000b003'
    const { callsTo } = readingServer(bookId)
    renderApp(`/books/${bookId}`)
    await screen.findByRole('combobox', { name: 'Reading status' })
    fireEvent.click(screen.getByRole('radio', { name: '4 Stars' }))
    await waitFor(() => expect(callsTo(`PUT /books/${bookId}/reading`).map((c) => (c.body as { rating?: number }).rating)).toEqual([4]))
  })

  it('is not shown to a signed-out visitor', async () => {
    const bookId = '0190a000-0000-7000-8000-00000000b004'
    const { callsTo } = readingServer(bookId)
    renderApp(`/books/${bookId}`)
    await screen.findByRole('button', { name: 'Add to Wishlist' })
    expect(screen.queryByRole('region', { name: 'Your reading' })).not.toBeInTheDocument()
    expect(callsTo(`GET /books/${bookId}/reading`)).toHaveLength(0)
  })
})

describe('dates in words', () => {
  it('keeps a partial date as precise as given, and never moves it by a day', () => {
    expect(partialDateInWords('2019')).toBe('2019')
    expect(partialDateInWords('2019-05')).toBe('May 2019')
    expect(partialDateInWords('2024-03-01')).toBe('1 March 2024')
    expect(readInWords({ startedOn: null, finishedOn: null, stoppedOn: null, outcome: 'finished' })).toBe('Finished, date unknown')
    expect(readInWords({ startedOn: '2020-12-31', finishedOn: null, stoppedOn: '2021-01', outcome: 'stopped' })).toBe(
      'Started 31 December 2020 · Stopped January 2021',
    )
  })
})
