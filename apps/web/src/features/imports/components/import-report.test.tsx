import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ImportJob, ImportRow } from '@shelfwise/contracts'
import { renderApp } from '#/test/render.tsx'
import { textsOf } from '#/test/queries.ts'
import { fakeApi, pagedAnswer, type FakeRequest } from '#/test/fake-api.ts'
import { buildImportJob, buildImportRow, buildUser, signIn } from '#/test/factories.ts'

// The report of a finished import (issue 21, point 4): it leads with everything the import did, each
// count listing its rows, and never says all went well when anything was changed on the way.

const job = (over: Partial<ImportJob> = {}): ImportJob =>
  buildImportJob({
    total: 16,
    processed: 16,
    imported: 13,
    needsReview: 2,
    failed: 1,
    created: 3,
    editionsAttached: 8,
    notes: [
      { kind: 'matched_by_title', count: 10 },
      { kind: 'edition_attached', count: 8 },
      { kind: 'book_created', count: 3 },
      { kind: 'waiting_for_you', count: 2 },
      { kind: 'rating_rounded', count: 1 },
      { kind: 'review_unrated', count: 1 },
      { kind: 'unreadable', count: 1 },
    ],
    ...over,
  })

const row = (over: Partial<ImportRow> & { line: number }): ImportRow => buildImportRow({ bookId: crypto.randomUUID(), ...over })

const piranesi = row({
  line: 14,
  title: 'Piranesi',
  author: 'Susanna Clarke',
  notes: [
    { kind: 'book_created', message: 'Added to the catalogue from this row: no book here had this title and author' },
    { kind: 'review_unrated', message: 'The review was brought over without stars: it shows with your name and counts in no average' },
  ],
})
const middlemarch = row({
  line: 17,
  title: 'Middlemarch',
  author: 'George Eliot',
  outcome: 'failed',
  bookId: null,
  notes: [{ kind: 'unreadable', message: 'Date Read "2012/02/30" is not a date' }],
  actions: ['retry', 'skip'],
  correctable: ['title', 'author', 'isbn', 'dateRead', 'rating', 'readCount'],
})

function reportApi(done: ImportJob, rows: { open: ImportRow[]; byNote: Record<string, ImportRow[]> }, resolve?: (req: FakeRequest) => ImportRow) {
  signIn(buildUser({ username: 'ada' }))
  return fakeApi({
    'GET /imports': { body: [done] },
    'GET /me/imported-books': { body: [] },
    [`GET /imports/${done._id}`]: { body: done },
    [`GET /imports/${done._id}/rows`]: (req) => pagedAnswer(req.query.has('note') ? (rows.byNote[req.query.get('note')!] ?? []) : rows.open)(req),
    ...(resolve ? { [`POST /imports/${done._id}/rows/${middlemarch.line}/resolve`]: (req: FakeRequest) => ({ body: resolve(req) }) } : {}),
  })
}

describe('the summary of a finished import', () => {
  it('counts every row by what became of it and every kind of note, and lists a count’s rows when chosen', async () => {
    const done = job()
    const { callsTo } = reportApi(done, { open: [middlemarch], byNote: { review_unrated: [piranesi], book_created: [piranesi] } })
    renderApp('/import')
    const did = await screen.findByRole('list', { name: 'What the import did' })
    expect(textsOf(did, 'listitem')).toEqual([
      '13 Imported',
      '0 Already there',
      '8 New editions attached',
      '3 Books created',
      '2 Waiting for you',
      '1 Not imported',
    ])
    // A count of none lists nothing.
    expect(within(did).queryByRole('button', { name: '0 Already there' })).not.toBeInTheDocument()
    const noted = screen.getByRole('list', { name: 'Noted on the way' })
    expect(textsOf(noted, 'listitem')).toEqual(['10 Found by title and author', '1 Rating rounded', '1 Review kept without stars', '1 Could not be read'])
    expect(screen.queryByText(/Every row was imported/)).not.toBeInTheDocument()

    const unrated = within(noted).getByRole('button', { name: '1 Review kept without stars' })
    expect(unrated).toHaveAttribute('aria-pressed', 'false')
    fireEvent.click(unrated)
    expect(await screen.findByRole('heading', { level: 3, name: 'Rows: Review kept without stars (1)' })).toHaveFocus()
    expect(unrated).toHaveAttribute('aria-pressed', 'true')
    const list = screen.getByRole('list', { name: 'Rows: Review kept without stars' })
    const item = within(list).getAllByRole('listitem')[0]!
    expect(within(item).getByText('Piranesi')).toBeInTheDocument()
    expect(within(within(item).getByRole('list', { name: 'What the import noted' })).getAllByRole('listitem')).toHaveLength(2)
    // A row already imported offers nothing to do but its book.
    expect(within(item).queryByRole('button')).not.toBeInTheDocument()
    expect(within(item).getByRole('link', { name: 'Open the book' })).toHaveAttribute('href', `/books/${piranesi.bookId}`)
    expect(callsTo(`GET /imports/${done._id}/rows`).map((c) => c.query.get('note'))).toContain('review_unrated')

    fireEvent.click(screen.getByRole('button', { name: 'Show the rows that need you' }))
    expect(await screen.findByRole('heading', { level: 3, name: 'Rows that need you (3)' })).toBeInTheDocument()
    expect(await screen.findByText('Middlemarch')).toBeInTheDocument()
  })

  it('says every row went in only when nothing at all was noted', async () => {
    const clean = job({ imported: 5, needsReview: 0, failed: 0, created: 0, editionsAttached: 0, notes: [], total: 5, processed: 5 })
    reportApi(clean, { open: [], byNote: {} })
    renderApp('/import')
    expect(await screen.findByText('Every row was imported or was already in your library.')).toBeInTheDocument()
  })

  it('says nothing waits, not that all went in, when rows were changed on the way', async () => {
    const changed = job({ imported: 5, needsReview: 0, failed: 0, created: 1, editionsAttached: 0, notes: [{ kind: 'book_created', count: 1 }], total: 5 })
    reportApi(changed, { open: [], byNote: {} })
    renderApp('/import')
    expect(await screen.findByText(/^Nothing waits for you/)).toBeInTheDocument()
    expect(screen.queryByText(/Every row was imported/)).not.toBeInTheDocument()
  })
})

describe('a row that could not be read', () => {
  it('offers only what can work, and is corrected in place with the fields its file has', async () => {
    const done = job()
    let sent: unknown
    reportApi(done, { open: [middlemarch], byNote: {} }, (req) => {
      sent = req.body
      return { ...middlemarch, outcome: 'imported', bookId: crypto.randomUUID(), notes: [], actions: [], correctable: [] }
    })
    renderApp('/import')
    const item = within(await screen.findByRole('list', { name: 'Rows that did not import' })).getAllByRole('listitem')[0]!
    expect(within(item).getByText('Date Read "2012/02/30" is not a date')).toBeInTheDocument()
    expect(within(item).queryByRole('button', { name: 'Create this book' })).not.toBeInTheDocument()
    expect(within(item).getByRole('button', { name: 'Skip' })).toBeInTheDocument()
    fireEvent.click(within(item).getByRole('button', { name: 'Correct' }))
    for (const label of ['Title', 'Author', 'ISBN', 'Date read', 'Rating', 'Read count']) expect(within(item).getByLabelText(label)).toBeInTheDocument()
    fireEvent.change(within(item).getByLabelText('Date read'), { target: { value: '2012/02/29' } })
    fireEvent.change(within(item).getByLabelText('Rating'), { target: { value: '5' } })
    fireEvent.click(within(item).getByRole('button', { name: 'Look again' }))
    await waitFor(() => expect(sent).toEqual({ action: 'retry', title: 'Middlemarch', author: 'George Eliot', dateRead: '2012/02/29', rating: 5 }))
    expect(await screen.findByText('Line 17, Middlemarch: imported.')).toBeInTheDocument()
  })
})
