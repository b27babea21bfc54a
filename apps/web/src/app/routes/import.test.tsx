import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ImportJob, ImportRow } from '@shelfwise/contracts'
import { expectSentToSignIn, renderApp } from '#/test/render.tsx'
import { fakeApi, pagedAnswer, type FakeRequest, type Handler } from '#/test/fake-api.ts'
import { buildImportJob, buildImportRow, buildUser, signIn } from '#/test/factories.ts'

const job = (over: Partial<ImportJob> = {}): ImportJob =>
  buildImportJob({ total: 5000, processed: 5000, imported: 4800, unchanged: 150, needsReview: 1, failed: 1, skipped: 48, ...over })

const row = (over: Partial<ImportRow> & { line: number }): ImportRow =>
  buildImportRow({
    outcome: 'failed',
    message: 'No book in the catalogue has this title and author',
    actions: ['create', 'retry', 'skip'],
    correctable: ['title', 'author', 'isbn'],
    ...over,
  })

const fifthSeason = row({
  line: 14,
  title: 'The Fifth Season (The Broken Earth, #1)',
  author: 'N. K. Jemisin',
  outcome: 'needs_review',
  message: 'Two books have this title and author: choose the one you read',
  actions: ['choose', 'create', 'retry', 'skip'],
  candidates: [
    { _id: crypto.randomUUID(), title: 'The Fifth Season', author: 'N. K. Jemisin', publishedDate: '2015-08-04', isbn: '9780316229296', totalReviews: 12 },
    { _id: crypto.randomUUID(), title: 'The Fifth Season', author: 'N.K. Jemisin', publishedDate: '2016-01-01', isbn: null, totalReviews: 1 },
  ],
})
const noMatch = row({ line: 27, title: 'A Very Obscure Zine', author: 'Nobody Known' })

function importApi(routes: Record<string, Handler>) {
  signIn(buildUser({ username: 'ada' }))
  return fakeApi({ 'GET /me/imported-books': { body: [] }, ...routes })
}

const chooseFile = (name = 'goodreads_library_export.csv') =>
  fireEvent.change(screen.getByLabelText('Export file (CSV)'), { target: { files: [new File(['Book Id,Title\n'], name, { type: 'text/csv' })] } })

describe('Import your library', () => {
  it('sends a signed-out visitor to sign in', async () => {
    fakeApi({})
    await expectSentToSignIn('/import')
  })

  it('explains where the exports are, and names the tab', async () => {
    importApi({ 'GET /imports': { body: [] } })
    renderApp('/import')
    expect(await screen.findByRole('heading', { level: 1, name: 'Import your library' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Get your export' })).toBeInTheDocument()
    expect(screen.getByText(/My Books → Import and export → Export Library/)).toBeInTheDocument()
    expect(screen.getByText(/Manage account → Export StoryGraph library/)).toBeInTheDocument()
    expect(screen.getByLabelText('Export file (CSV)')).toHaveAttribute('accept', '.csv,text/csv')
    expect(document.title).toBe('Import your library — Shelfwise')
  })

  it('shows a refused upload’s message under the file field', async () => {
    let answer = { status: 400, body: { message: 'This is not a Goodreads export: the columns Exclusive Shelf, My Rating are missing', code: 'bad_request' } }
    const { callsTo } = importApi({ 'GET /imports': { body: [] }, 'POST /imports': () => answer })
    renderApp('/import')
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }))
    expect(await screen.findByText('Choose your export file first.')).toBeInTheDocument()
    expect(callsTo('POST /imports')).toHaveLength(0)

    chooseFile('notes.csv')
    fireEvent.click(screen.getByRole('button', { name: 'Import' }))
    const field = screen.getByLabelText('Export file (CSV)')
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining('the columns Exclusive Shelf, My Rating are missing')))
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(callsTo('POST /imports')[0]!.body).toBeInstanceOf(FormData)
    expect((callsTo('POST /imports')[0]!.body as FormData).get('file')).toBeInstanceOf(File)

    answer = { status: 413, body: { message: 'The file is larger than 10 MB: split it, or export a smaller part of your library', code: 'payload_too_large' } }
    chooseFile('huge.csv')
    fireEvent.click(screen.getByRole('button', { name: 'Import' }))
    expect(await screen.findByText('The file is larger than 10 MB: split it, or export a smaller part of your library')).toBeInTheDocument()
    expect(screen.queryByRole('progressbar', { name: 'Import progress' })).not.toBeInTheDocument()

    // A file over the limit is refused at once, without sending it.
    const sent = callsTo('POST /imports').length
    const big = new File(['x'], 'big.csv', { type: 'text/csv' })
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 })
    fireEvent.change(screen.getByLabelText('Export file (CSV)'), { target: { files: [big] } })
    fireEvent.click(screen.getByRole('button', { name: 'Import' }))
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining('The file is larger than 10 MB')))
    expect(callsTo('POST /imports')).toHaveLength(sent)
  })

  it('shows the progress and the counts while it runs, and stops asking once it is done', async () => {
    const started = job({ status: 'queued', processed: 0, imported: 0, unchanged: 0, needsReview: 0, failed: 0, skipped: 0, finishedAt: null })
    let current: ImportJob = { ...started, status: 'running', processed: 1234, imported: 1000, unchanged: 200, needsReview: 20, failed: 10, skipped: 4 }
    const { callsTo } = importApi({
      'GET /imports': () => ({ body: callsTo('POST /imports').length ? [current] : [] }),
      'POST /imports': { status: 202, body: started },
      [`GET /imports/${started._id}`]: () => ({ body: current }),
      [`GET /imports/${started._id}/rows`]: pagedAnswer([]),
    })
    renderApp('/import')
    await screen.findByRole('heading', { level: 1, name: 'Import your library' })
    chooseFile()
    fireEvent.click(screen.getByRole('button', { name: 'Import' }))

    const bar = await screen.findByRole('progressbar', { name: 'Import progress' })
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '25'))
    expect(bar).toHaveAttribute('aria-valuetext', '1,234 of 5,000 rows')
    expect(screen.getByText('1,234 of 5,000 rows')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'goodreads_library_export.csv' })).toBeInTheDocument()
    expect(screen.getByText('Importing…')).toBeInTheDocument()
    const counts = screen.getByLabelText('What became of the rows')
    for (const [label, value] of [
      ['Imported', '1,000'],
      ['Already there', '200'],
      ['Needs your choice', '20'],
      ['Could not import', '10'],
      ['Skipped', '4'],
    ] as const) {
      expect(within(counts).getByText(label).parentElement).toHaveTextContent(`${label}${value}`)
    }

    current = { ...current, status: 'done', processed: 5000, imported: 4800, unchanged: 150, needsReview: 1, failed: 1, skipped: 48 }
    expect(await screen.findByText('Finished March 12, 2026.')).toBeInTheDocument()
    expect(bar).toHaveAttribute('aria-valuenow', '100')
    expect(screen.getByText('5,000 of 5,000 rows')).toBeInTheDocument()
    const asked = callsTo(`GET /imports/${started._id}`).length
    await new Promise((r) => setTimeout(r, 1300))
    expect(callsTo(`GET /imports/${started._id}`)).toHaveLength(asked)
  })

  it('after a reload shows the newest import and lists the earlier ones', async () => {
    const newest = job({ status: 'running', processed: 10, total: 40, imported: 10, unchanged: 0, needsReview: 0, failed: 0, skipped: 0, finishedAt: null })
    const older = job({ fileName: 'storygraph.csv', source: 'storygraph', createdAt: '2026-01-05T10:00:00.000Z', imported: 12, needsReview: 2, failed: 1 })
    importApi({
      'GET /imports': { body: [newest, older] },
      [`GET /imports/${newest._id}`]: { pending: true },
      [`GET /imports/${older._id}`]: { body: older },
      [`GET /imports/${older._id}/rows`]: pagedAnswer([noMatch]),
    })
    renderApp('/import')
    expect(await screen.findByText('10 of 40 rows')).toBeInTheDocument()
    const earlier = screen.getByRole('region', { name: 'Earlier imports' })
    expect(within(earlier).getByText('StoryGraph · January 5, 2026 · 12 imported, 3 not imported')).toBeInTheDocument()
    fireEvent.click(within(earlier).getByRole('button', { name: 'Show' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'storygraph.csv' })).toBeInTheDocument()
    expect(await screen.findByText('A Very Obscure Zine')).toBeInTheDocument()
  })
})

describe('the report of a finished import', () => {
  function reportApi(rows: ImportRow[], resolve: (req: FakeRequest) => ImportRow | { status: number; body: unknown }) {
    const done = job()
    let counts = { needsReview: 1, failed: 1 }
    const api = importApi({
      'GET /imports': { body: [done] },
      [`GET /imports/${done._id}`]: () => ({ body: { ...done, ...counts } }),
      [`GET /imports/${done._id}/rows`]: pagedAnswer(rows),
      [`GET /imports/${done._id}/rows.csv`]: { body: 'Book Id,Title\n', headers: { 'Content-Type': 'text/csv' } },
    })
    // Any line's resolve goes through `resolve`.
    const resolveCalls: FakeRequest[] = []
    const fetchMock = vi.mocked(globalThis.fetch)
    const inner = fetchMock.getMockImplementation()!
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost')
      const m = /^\/api\/imports\/[^/]+\/rows\/(\d+)\/resolve$/.exec(url.pathname)
      if (!m) return inner(input, init)
      const req: FakeRequest = { method: 'POST', path: url.pathname, query: url.searchParams, body: JSON.parse(String(init?.body)), headers: {} }
      resolveCalls.push(req)
      const answer = resolve(req)
      if ('status' in answer) return new Response(JSON.stringify(answer.body), { status: answer.status })
      if (answer.outcome === 'imported' || answer.outcome === 'skipped') counts = { ...counts, [answer.line === 14 ? 'needsReview' : 'failed']: 0 }
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } })
    })
    return { ...api, done, resolveCalls }
  }

  it('lists each waiting or failed row with its line, title, author and reason', async () => {
    reportApi([fifthSeason, noMatch], () => ({ status: 500, body: {} }))
    renderApp('/import')
    const list = await screen.findByRole('list', { name: 'Rows that did not import' })
    expect(screen.getByRole('heading', { level: 3, name: 'Rows that need you (2)' })).toBeInTheDocument()
    const first = within(list).getAllByRole('listitem')[0]!
    expect(within(first).getByText('Line 14')).toBeInTheDocument()
    expect(within(first).getByText('The Fifth Season (The Broken Earth, #1)')).toBeInTheDocument()
    expect(within(first).getAllByText('N. K. Jemisin')[0]).toHaveTextContent(/^N\. K\. Jemisin$/)
    expect(within(first).getByText('Two books have this title and author: choose the one you read')).toBeInTheDocument()
    const choices = within(first).getByRole('group', { name: 'Which book is it?' })
    expect(within(choices).getAllByRole('radio')).toHaveLength(2)
    expect(within(choices).getByRole('radio', { name: /2015 · ISBN 9780316229296 · 12 reviews/ })).toBeInTheDocument()
    expect(within(first).getByRole('button', { name: 'Use this book' })).toBeDisabled()
    const second = within(list).getAllByRole('listitem')[1]!
    expect(within(second).getByText('Line 27')).toBeInTheDocument()
    expect(within(second).queryByRole('radio')).not.toBeInTheDocument()
    for (const name of ['Create this book', 'Skip', 'Correct'])
      expect(within(second).getByRole('button', { name })).toHaveAccessibleDescription('A Very Obscure Zine')
  })

  it('choosing a candidate sends {action: choose, bookId}; the row leaves the list and the counts are read again', async () => {
    const chosen = fifthSeason.candidates[1]!
    const { resolveCalls, callsTo, done } = reportApi([fifthSeason, noMatch], (req) => ({
      ...fifthSeason,
      outcome: 'imported',
      bookId: (req.body as { bookId: string }).bookId,
      candidates: [],
      message: null,
    }))
    renderApp('/import')
    const list = await screen.findByRole('list', { name: 'Rows that did not import' })
    const item = within(list).getAllByRole('listitem')[0]!
    fireEvent.click(within(item).getByRole('radio', { name: /2016/ }))
    fireEvent.click(within(item).getByRole('button', { name: 'Use this book' }))
    await waitFor(() => expect(screen.queryByText('The Fifth Season (The Broken Earth, #1)')).not.toBeInTheDocument())
    expect(resolveCalls).toHaveLength(1)
    expect(resolveCalls[0]!.path).toBe(`/api/imports/${done._id}/rows/14/resolve`)
    expect(resolveCalls[0]!.body).toEqual({ action: 'choose', bookId: chosen._id })
    expect(within(list).getAllByRole('listitem')).toHaveLength(1)
    expect(await screen.findByText('Line 14, The Fifth Season (The Broken Earth, #1): imported.')).toBeInTheDocument()
    await waitFor(() => expect(callsTo(`GET /imports/${done._id}`).length).toBeGreaterThan(1))
    expect(await screen.findByRole('heading', { level: 3, name: 'Rows that need you (1)' })).toBeInTheDocument()
  })

  it('Correct sends the corrected title, author and ISBN with Look again; a row still unmatched stays with its new reason', async () => {
    const { resolveCalls } = reportApi([noMatch], () => ({ ...noMatch, title: 'An Obscure Zine', message: 'Still no book with this title and author' }))
    renderApp('/import')
    const item = within(await screen.findByRole('list', { name: 'Rows that did not import' })).getAllByRole('listitem')[0]!
    fireEvent.click(within(item).getByRole('button', { name: 'Correct' }))
    expect(within(item).getByRole('button', { name: 'Correct' })).toHaveAttribute('aria-expanded', 'true')
    expect(within(item).getByLabelText('Title')).toHaveValue('A Very Obscure Zine')
    fireEvent.change(within(item).getByLabelText('Title'), { target: { value: ' An Obscure Zine ' } })
    fireEvent.change(within(item).getByLabelText('ISBN'), { target: { value: '0593135202' } })
    fireEvent.click(within(item).getByRole('button', { name: 'Look again' }))
    expect(await within(item).findByText('Still no book with this title and author')).toBeInTheDocument()
    expect(resolveCalls[0]!.body).toEqual({ action: 'retry', title: 'An Obscure Zine', author: 'Nobody Known', isbn: '0593135202' })
    expect(within(item).queryByRole('button', { name: 'Look again' })).not.toBeInTheDocument()
  })

  it('Create this book and Skip send their actions; a refusal shows in the row', async () => {
    let answer: ImportRow | { status: number; body: unknown } = {
      status: 409,
      body: { message: 'This import is still running: wait for it to finish before changing its rows', code: 'conflict' },
    }
    const { resolveCalls } = reportApi([noMatch], () => answer)
    renderApp('/import')
    const item = within(await screen.findByRole('list', { name: 'Rows that did not import' })).getAllByRole('listitem')[0]!
    fireEvent.click(within(item).getByRole('button', { name: 'Create this book' }))
    expect(await within(item).findByText('This import is still running: wait for it to finish before changing its rows')).toBeInTheDocument()
    expect(resolveCalls[0]!.body).toEqual({ action: 'create' })
    answer = { ...noMatch, outcome: 'skipped' }
    fireEvent.click(within(item).getByRole('button', { name: 'Skip' }))
    await waitFor(() => expect(screen.queryByText('A Very Obscure Zine')).not.toBeInTheDocument())
    expect(resolveCalls[1]!.body).toEqual({ action: 'skip' })
    expect(document.activeElement).toHaveTextContent(/^Rows that need you/)
  })

  it('pages with Load more', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => row({ line: i + 2, title: `Paged row ${i + 2}` }))
    const { callsTo, done } = reportApi(rows, () => ({ status: 500, body: {} }))
    renderApp('/import')
    expect(await screen.findByText('Paged row 25')).toBeInTheDocument()
    expect(screen.queryByText('Paged row 26')).not.toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Load more rows' }))
    expect(await screen.findByText('Paged row 31')).toBeInTheDocument()
    expect(callsTo(`GET /imports/${done._id}/rows`).map((c) => [c.query.get('outcome'), c.query.get('cursor')])).toEqual([
      ['needs_review,failed', null],
      ['needs_review,failed', '24'],
    ])
  })

  it('downloads the rows that did not import, with the token, as a file', async () => {
    const saved: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    const { callsTo, done } = reportApi([noMatch], () => ({ status: 500, body: {} }))
    renderApp('/import')
    fireEvent.click(await screen.findByRole('button', { name: 'Download rows that did not import' }))
    await waitFor(() => expect(saved).toEqual(['goodreads_library_export-not-imported.csv']))
    const call = callsTo(`GET /imports/${done._id}/rows.csv`)[0]!
    expect(call.query.get('outcome')).toBe('needs_review,failed')
    expect(call.headers.Authorization).toMatch(/^Bearer /)
  })
})
