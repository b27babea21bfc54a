import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Read, ReadingEntry, ReadingUpdate } from '@shelfwise/contracts'
import { renderApp } from '#/test/render.tsx'
import { fakeApi, type FakeRequest } from '#/test/fake-api.ts'
import { buildBook, buildUser, signIn } from '#/test/factories.ts'
import { localToday } from '#/features/reading/api/reading.ts'
import { partialDateInWords, readInWords } from '#/features/reading/components/partial-date.ts'

const NO_PROGRESS = { page: null, percent: null, minutes: null }

/** A server that keeps one reader's entry for one book, enough to answer the panel's calls. */
function readingServer(bookId: string, start: Partial<ReadingEntry> = {}, pageCount: number | null = 880) {
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
    [`GET /books/${bookId}`]: { body: buildBook({ _id: bookId, title: 'Middlemarch', pageCount }) },
    [`GET /reviews/book/${bookId}`]: { body: [] },
    [`GET /reviews/book/${bookId}/mine`]: { status: 404, body: { message: 'Review not found', code: 'not_found' } },
    [`GET /books/${bookId}/reading`]: () => ({ body: entry }),
    'GET /me/privacy': { body: { readingLog: 'followers' } },
    [`PUT /books/${bookId}/reading`]: (req: FakeRequest) => {
      const b = req.body as ReadingUpdate & { today: string }
      if (b.status === 'reading' && !entry.reads.some((r) => r.outcome === null)) entry.reads.push(newRead({ startedOn: b.today }))
      if (b.status === 'read') {
        const open = entry.reads.find((r) => r.outcome === null)
        const done = { finishedOn: b.finishedOn ?? b.today, outcome: 'finished' as const, ...(b.startedOn !== undefined ? { startedOn: b.startedOn } : {}) }
        if (open) Object.assign(open, done)
        else entry.reads.push(newRead(done))
      }
      if (b.progressUnit !== undefined) entry.progressUnit = b.progressUnit
      if (b.visibility !== undefined) entry.visibility = b.visibility
      if (b.progress?.percent != null) entry.progress = { ...entry.progress, percent: b.progress.percent }
      if (b.status !== undefined) entry.status = b.status
      if (b.rating !== undefined) entry.rating = b.rating
      if (b.progress?.page != null) {
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

/** A signed-in reader on the book's page, the server keeping the book as readingServer (same arguments) does. */
function openBook(...args: Parameters<typeof readingServer>) {
  signIn(buildUser())
  const server = readingServer(...args)
  renderApp(`/books/${args[0]}`)
  return server
}

describe('the reading panel on a book page', () => {
  it('starts a book with the status control, on the reader’s own day, then takes progress in pages', async () => {
    const bookId = '0190a000-0000-7000-8000-00000000b001'
    const { callsTo } = openBook(bookId)
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

  it('offers "Who can see this?" beside the status of a book in the library: the default by name, or one of the three for this book', async () => {
    const bookId = '0190a000-0000-7000-8000-00000000b009'
    const { callsTo } = openBook(bookId, { status: 'reading', visibility: null })
    const who = await screen.findByRole('combobox', { name: 'Who can see your reading of Middlemarch' })
    await waitFor(() => expect(within(who).getByRole('option', { name: 'Your default (Followers only)' })).toBeInTheDocument())
    expect(who).toHaveValue('')
    expect(
      within(who)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Your default (Followers only)', 'Everyone', 'Followers only', 'Only me'])
    fireEvent.change(who, { target: { value: 'private' } })
    await waitFor(() => expect(callsTo(`PUT /books/${bookId}/reading`)[0]?.body).toEqual({ visibility: 'private', today: localToday() }))
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Who can see your reading of Middlemarch' })).toHaveValue('private'))
    fireEvent.change(screen.getByRole('combobox', { name: 'Who can see your reading of Middlemarch' }), { target: { value: '' } })
    await waitFor(() => expect(callsTo(`PUT /books/${bookId}/reading`)[1]?.body).toEqual({ visibility: null, today: localToday() }))
  })

  it('adds a past read with a partial date, and shows the server’s words for a date that does not exist', async () => {
    const bookId = '0190a000-0000-7000-8000-00000000b002'
    openBook(bookId)
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
    const bookId = '0190a000-0000-7000-8000-00000000b003'
    const { callsTo } = openBook(bookId)
    await screen.findByRole('combobox', { name: 'Reading status' })
    fireEvent.click(screen.getByRole('radio', { name: '4 Stars' }))
    await waitFor(() => expect(callsTo(`PUT /books/${bookId}/reading`).map((c) => (c.body as { rating?: number }).rating)).toEqual([4]))
  })

  it('rating a book with no status marks it Read, finished today, in the same call, as said beside the stars', async () => {
    const bookId = '0190a000-0000-7000-8000-00000000b005'
    const { callsTo } = openBook(bookId)
    const status = await screen.findByRole('combobox', { name: 'Reading status' })
    const note = `Rating it also marks it as Read, finished today (${partialDateInWords(localToday())})`
    expect(screen.getByRole('checkbox', { name: note })).toBeChecked()
    fireEvent.click(screen.getByRole('radio', { name: '4 Stars' }))
    await waitFor(() => expect(status).toHaveValue('read'))
    expect(callsTo(`PUT /books/${bookId}/reading`).map((c) => c.body)).toEqual([{ rating: 4, status: 'read', today: localToday() }])
    expect(screen.getByText(`Finished ${partialDateInWords(localToday())}`)).toBeInTheDocument()
    // Read now: the note is gone, and a new rating changes only the rating.
    expect(screen.queryByRole('checkbox', { name: note })).not.toBeInTheDocument()
  })

  it('rating a book with no status, the mark-as-Read box unticked, only rates', async () => {
    const bookId = '0190a000-0000-7000-8000-00000000b006'
    const { callsTo } = openBook(bookId)
    const status = await screen.findByRole('combobox', { name: 'Reading status' })
    fireEvent.click(screen.getByRole('checkbox', { name: /^Rating it also marks it as Read/ }))
    fireEvent.click(screen.getByRole('radio', { name: '3 Stars' }))
    await waitFor(() => expect(callsTo(`PUT /books/${bookId}/reading`).map((c) => c.body)).toEqual([{ rating: 3, today: localToday() }]))
    expect(status).toHaveValue('')
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

describe('Read and Did Not Finish ask for their day (issue 22, point 2)', () => {
  it('preselects today; a month alone can be chosen; a start after it is flagged in the same dialog and sent corrected with it', async () => {
    const bookId = '0190a000-0000-7000-8000-00000000b011'
    const open: Read = {
      _id: '0190a000-0000-7000-8000-0000000000aa',
      bookId,
      startedOn: '2025-06-10',
      finishedOn: null,
      stoppedOn: null,
      outcome: null,
      progress: NO_PROGRESS,
      updatedAt: new Date().toISOString(),
    }
    const { callsTo } = openBook(bookId, { status: 'reading', reads: [open] })
    fireEvent.change(await screen.findByRole('combobox', { name: 'Reading status' }), { target: { value: 'read' } })
    const dialog = await screen.findByRole('dialog', { name: 'Mark as Read' })
    // Nothing is saved by choosing: the day is asked first, today chosen.
    expect(callsTo(`PUT /books/${bookId}/reading`)).toHaveLength(0)
    const end = within(within(dialog).getByRole('group', { name: 'Finished on' }))
    expect(end.getByLabelText('Finished on')).toHaveValue(localToday())
    fireEvent.change(end.getByRole('combobox', { name: 'Precision' }), { target: { value: 'month' } })
    expect(end.getByLabelText('Finished on')).toHaveValue(localToday().slice(0, 7))
    fireEvent.change(end.getByLabelText('Finished on'), { target: { value: '2025-05' } })
    const start = within(within(dialog).getByRole('group', { name: 'Started on' }))
    expect(start.getByLabelText('Started on')).toHaveValue('2025-06-10')
    expect(start.getByText('This comes after the day you finished: correct it here')).toBeInTheDocument()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(callsTo(`PUT /books/${bookId}/reading`)).toHaveLength(0)
    fireEvent.change(start.getByLabelText('Started on'), { target: { value: '2025-04-02' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Started 2 April 2025 · Finished May 2025')).toBeInTheDocument()
    expect(callsTo(`PUT /books/${bookId}/reading`)[0]!.body).toEqual({ status: 'read', finishedOn: '2025-05', startedOn: '2025-04-02', today: localToday() })
  })
})

describe('progress in the reader’s unit (issue 22, point 3; issue 13)', () => {
  it('offers percent on a book without a page count and shows a bar; a unit chosen is saved on the entry', async () => {
    const bookId = '0190a000-0000-7000-8000-00000000b012'
    const { callsTo } = openBook(bookId, { status: 'reading' }, null)
    const unit = await screen.findByRole('combobox', { name: 'Progress in' })
    expect(unit).toHaveValue('percent')
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Percent' }), { target: { value: '40' } })
    fireEvent.click(screen.getByRole('button', { name: 'Update progress' }))
    expect(await screen.findByText('40% read')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '40')
    fireEvent.change(unit, { target: { value: 'minutes' } })
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Progress in' })).toHaveValue('minutes'))
    expect(callsTo(`PUT /books/${bookId}/reading`).map((c) => c.body)).toContainEqual({ progressUnit: 'minutes', today: localToday() })
    expect(screen.getByRole('spinbutton', { name: 'Minutes' })).toBeInTheDocument()
  })

  it('shows the unit the entry remembers, and the progress form on a paused book that has no open read', async () => {
    const bookId = '0190a000-0000-7000-8000-00000000b013'
    openBook(bookId, { status: 'paused', progressUnit: 'minutes' })
    expect(await screen.findByRole('combobox', { name: 'Progress in' })).toHaveValue('minutes')
    expect(screen.getByRole('form', { name: 'Reading progress' })).toBeInTheDocument()
    expect(screen.getByText('Paused. Saving your progress moves the book back to Currently Reading.')).toBeInTheDocument()
  })
})

describe('one control for the status and the spec’s lists (issue 22, point 4)', () => {
  it('a book without a status offers both of the spec’s buttons inside the status control, once on the page', async () => {
    const fresh = '0190a000-0000-7000-8000-00000000b014'
    openBook(fresh)
    const group = within(await screen.findByRole('group', { name: 'Your reading status' }))
    expect(await group.findByRole('button', { name: 'Add to Wishlist' })).toBeInTheDocument()
    expect(group.getByRole('button', { name: 'Add to Recently Read' })).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: 'Add to Wishlist' })).toHaveLength(1)
  })

  it('a Currently Reading book offers no Add to Recently Read nor Add to Wishlist: the status finishes it', async () => {
    const reading = '0190a000-0000-7000-8000-00000000b015'
    openBook(reading, { status: 'reading' })
    const control = within(await screen.findByRole('group', { name: 'Your reading status' }))
    expect(control.getByRole('combobox', { name: 'Reading status' })).toHaveValue('reading')
    expect(screen.queryByRole('button', { name: 'Add to Recently Read' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add to Wishlist' })).not.toBeInTheDocument()
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
