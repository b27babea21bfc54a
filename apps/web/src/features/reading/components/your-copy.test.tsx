import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Book, Edition, ReadingEntry, ReadingUpdate } from '@shelfwise/contracts'
import { renderApp } from '#/test/render.tsx'
import { fakeApi, pagedAnswer, type FakeRequest } from '#/test/fake-api.ts'
import { buildBook, buildEdition, buildUser, signIn } from '#/test/factories.ts'
import { localToday } from '#/features/reading/api/reading.ts'

const NO_PROGRESS = { page: null, percent: null, minutes: null }
let n = 0
const nextId = () => `0190c000-0000-7000-8000-${String(++n).padStart(12, '0')}`

// The editions these tests show are in English unless said otherwise.
const edition = (work: Book, over: Partial<Edition>): Edition => buildEdition(work, { language: 'English', ...over })

/**
 * A work with editions and one reader's entry for it: the book page's calls, PUT /reading keeping
 * editionId and owned as the API does (the work's own id or null: the main edition; another work's
 * edition refused).
 */
function copyServer(work: Book, others: Edition[], start: Partial<ReadingEntry> = {}) {
  const main = edition(work, {
    _id: work._id,
    pageCount: work.pageCount,
    format: work.format ?? null,
    isbn: work.isbn,
    edition: work.edition,
    publishedDate: work.publishedDate,
    primary: true,
  })
  const all = [main, ...others]
  const entry: ReadingEntry = {
    bookId: work._id,
    status: 'reading',
    rating: null,
    progress: { ...NO_PROGRESS, page: 100 },
    reads: [
      {
        _id: nextId(),
        bookId: work._id,
        startedOn: '2026-01-02',
        finishedOn: null,
        stoppedOn: null,
        outcome: null,
        progress: NO_PROGRESS,
        updatedAt: '2026-01-02T00:00:00.000Z',
      },
    ],
    removedReads: [],
    editionId: null,
    owned: null,
    ...start,
  }
  const byId = Object.fromEntries(
    others.map((e) => [`GET /books/${e._id}`, { body: { ...work, ...e, _id: work._id, editionId: e._id, editionCount: all.length } }]),
  )
  const api = fakeApi({
    [`GET /books/${work._id}`]: { body: { ...work, editionCount: all.length } },
    [`GET /books/${work._id}/editions`]: pagedAnswer(all),
    [`GET /reviews/book/${work._id}`]: { body: [], headers: { 'X-Total-Count': '0' } },
    [`GET /reviews/book/${work._id}/mine`]: { status: 404, body: { message: 'Review not found', code: 'not_found' } },
    [`GET /books/${work._id}/reading`]: () => ({ body: entry }),
    [`PUT /books/${work._id}/reading`]: (req: FakeRequest) => {
      const b = req.body as ReadingUpdate
      if (b.editionId !== undefined) {
        if (b.editionId !== null && b.editionId !== work._id && !others.some((e) => e._id === b.editionId))
          return { status: 400, body: { message: 'Edition id must be one of this book’s editions', code: 'bad_request' } }
        entry.editionId = b.editionId === work._id ? null : b.editionId
      }
      if (b.owned !== undefined) entry.owned = b.owned === null ? null : { format: b.owned.format ?? null, copies: b.owned.copies }
      if (b.status !== undefined) entry.status = b.status
      if (b.privateNotes !== undefined) entry.privateNotes = b.privateNotes
      return { body: entry }
    },
    ...byId,
  })
  return { ...api, entry }
}

const middlemarch = () => buildBook({ title: 'Middlemarch', author: 'George Eliot', pageCount: 880, format: 'hardcover', isbn: '9780141439549' })
const puts = (callsTo: (key: string) => FakeRequest[], work: Book) => callsTo(`PUT /books/${work._id}/reading`).map((c) => c.body)

describe('which edition the reader reads', () => {
  it('lists the work’s editions, main one first; the choice is saved, and progress counts the chosen edition’s pages', async () => {
    signIn(buildUser())
    const work = middlemarch()
    const penguin = edition(work, { format: 'paperback', pageCount: 400, edition: 'Penguin Classics', publishedDate: '2003-01-30', isbn: '9780141439548' })
    const audio = edition(work, { format: 'audiobook', audioSeconds: 32 * 3600 })
    const { callsTo } = copyServer(work, [penguin, audio])
    renderApp(`/books/${work._id}`)

    const select = await screen.findByRole('combobox', { name: 'Which edition are you reading?' })
    expect(select).toHaveValue(work._id)
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Hardcover · First, 2020 · 880 pages · ISBN 9780141439549 (main edition)',
      'Paperback · Penguin Classics, 2003 · 400 pages · ISBN 9780141439548',
      'Audiobook · 32:00 long',
    ])
    expect(screen.getByText('On page 100 of 880')).toBeInTheDocument()

    fireEvent.change(select, { target: { value: penguin._id } })
    await waitFor(() => expect(select).toHaveValue(penguin._id))
    expect(puts(callsTo, work)).toEqual([{ editionId: penguin._id, today: localToday() }])
    // Pages now count the Penguin's 400.
    expect(await screen.findByText('On page 100 of 400')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '25')
    expect(screen.getByRole('spinbutton', { name: 'Page' })).toHaveAttribute('max', '400')

    // Back to the main edition: sent as none chosen.
    fireEvent.change(select, { target: { value: work._id } })
    await waitFor(() => expect(puts(callsTo, work).at(-1)).toEqual({ editionId: null, today: localToday() }))
    expect(await screen.findByText('On page 100 of 880')).toBeInTheDocument()
  })

  it('reads more than 50 editions a page at a time, and shows a chosen edition beyond the first page', async () => {
    signIn(buildUser())
    const work = middlemarch()
    const others = Array.from({ length: 120 }, (_, i) => edition(work, { format: 'paperback', edition: `Printing ${i + 1}`, pageCount: 500 + i }))
    const far = others[110]!
    copyServer(work, others, { editionId: far._id })
    renderApp(`/books/${work._id}`)

    const select = await screen.findByRole('combobox', { name: 'Which edition are you reading?' })
    // Read on its own, named as the page of that edition names it.
    await waitFor(() => expect(select).toHaveDisplayValue('Paperback · Printing 111 · 610 pages'))
    expect(select.querySelectorAll('option')).toHaveLength(51)
    expect(screen.getByText('50 of 121 editions listed')).toBeInTheDocument()
    expect(await screen.findByText('On page 100 of 610')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Load more editions' }))
    await waitFor(() => expect(screen.getByText('100 of 121 editions listed')).toBeInTheDocument())
    fireEvent.click(screen.getByRole('button', { name: 'Load more editions' }))
    await waitFor(() => expect(select.querySelectorAll('option')).toHaveLength(121))
    expect(screen.queryByRole('button', { name: 'Load more editions' })).not.toBeInTheDocument()
    expect(select).toHaveValue(far._id)
  })
})

describe('I own this', () => {
  it('keeps the copies a reader owns, with their format and number; a number the API would refuse is said and not sent', async () => {
    signIn(buildUser())
    const work = middlemarch()
    const { callsTo, entry } = copyServer(work, [])
    renderApp(`/books/${work._id}`)
    const own = await screen.findByRole('checkbox', { name: 'I own this' })
    expect(own).not.toBeChecked()
    // One edition only: nothing to choose, and a word on how to add another.
    expect(screen.getByText('Reading another edition? Add it under Editions, then choose it here.')).toBeInTheDocument()

    fireEvent.click(own)
    await waitFor(() => expect(own).toBeChecked())
    expect(puts(callsTo, work)).toEqual([{ owned: { format: null, copies: 1 }, today: localToday() }])

    fireEvent.change(screen.getByRole('combobox', { name: 'Format of your copies' }), { target: { value: 'paperback' } })
    await waitFor(() => expect(entry.owned).toEqual({ format: 'paperback', copies: 1 }))

    const copies = screen.getByRole('spinbutton', { name: 'Copies' })
    const saveCopies = screen.getByRole('button', { name: 'Save copies' })
    expect(saveCopies).toBeDisabled()
    fireEvent.change(copies, { target: { value: '0' } })
    fireEvent.click(saveCopies)
    expect(await screen.findByText('Owned copies must be at least 1')).toBeInTheDocument()
    fireEvent.change(copies, { target: { value: '1.5' } })
    fireEvent.click(saveCopies)
    expect(await screen.findByText('Owned copies must be a whole number')).toBeInTheDocument()
    expect(puts(callsTo, work)).toHaveLength(2)
    fireEvent.change(copies, { target: { value: '3' } })
    fireEvent.click(saveCopies)
    await waitFor(() => expect(puts(callsTo, work).at(-1)).toEqual({ owned: { format: 'paperback', copies: 3 }, today: localToday() }))
    expect(await screen.findByRole('spinbutton', { name: 'Copies' })).toHaveValue(3)
    expect(screen.queryByText(/Owned copies must/)).not.toBeInTheDocument()

    fireEvent.click(own)
    await waitFor(() => expect(own).not.toBeChecked())
    expect(puts(callsTo, work).at(-1)).toEqual({ owned: null, today: localToday() })
    expect(screen.queryByRole('spinbutton', { name: 'Copies' })).not.toBeInTheDocument()
  })

  it('is not offered for a book outside the reader’s library, unless they said something of their copy', async () => {
    signIn(buildUser())
    const work = middlemarch()
    copyServer(work, [], { status: null, reads: [], progress: NO_PROGRESS })
    const { unmount } = renderApp(`/books/${work._id}`)
    await screen.findByRole('combobox', { name: 'Reading status' })
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.queryByRole('region', { name: 'Your copy' })).not.toBeInTheDocument()
    unmount()

    copyServer(work, [], { status: null, reads: [], progress: NO_PROGRESS, owned: { format: 'ebook', copies: 2 } })
    renderApp(`/books/${work._id}`)
    const region = await screen.findByRole('region', { name: 'Your copy' })
    expect(within(region).getByRole('checkbox', { name: 'I own this' })).toBeChecked()
    expect(within(region).getByRole('combobox', { name: 'Format of your copies' })).toHaveDisplayValue('E-book')
    expect(within(region).getByRole('spinbutton', { name: 'Copies' })).toHaveValue(2)
  })
})

describe('private notes', () => {
  const text = 'Lent by "Captain" Reyes.\nسأعيده قبل الصيف 📚'

  it('lets the reader write a note; it shows as written, each line in its own direction, and is sent as typed', async () => {
    signIn(buildUser())
    const work = middlemarch()
    const { callsTo } = copyServer(work, [])
    renderApp(`/books/${work._id}`)
    expect(await screen.findByText('Only you can see these notes.')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Add a private note' }))
    const field = screen.getByRole('textbox', { name: 'Notes' })
    expect(field).toHaveAttribute('dir', 'auto')
    const save = screen.getByRole('button', { name: 'Save notes' })
    expect(save).toBeDisabled()
    fireEvent.change(field, { target: { value: text } })
    fireEvent.click(save)
    await waitFor(() => expect(puts(callsTo, work)).toEqual([{ privateNotes: text, today: localToday() }]))
    const lines = [...(await screen.findByTestId('private-notes-text')).children]
    // Each line as written, each in its own direction (the Arabic one right to left).
    expect(lines.map((l) => l.textContent)).toEqual(text.split('\n'))
    expect(lines.map((l) => l.getAttribute('dir'))).toEqual(['auto', 'auto'])
    expect(screen.queryByRole('textbox', { name: 'Notes' })).not.toBeInTheDocument()
  })

  it('changes a note from the text kept; Cancel leaves it; a note the API would refuse is said and not sent', async () => {
    signIn(buildUser())
    const work = middlemarch()
    const { callsTo, entry } = copyServer(work, [], { privateNotes: text })
    renderApp(`/books/${work._id}`)
    fireEvent.click(await screen.findByRole('button', { name: 'Edit notes' }))
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue(text)
    fireEvent.change(screen.getByRole('textbox', { name: 'Notes' }), { target: { value: 'x'.repeat(5001) } })
    expect(screen.getByText('Private notes must be at most 5000 characters')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Save notes' })).toBeDisabled()
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect((await screen.findByTestId('private-notes-text')).textContent).toBe(text.replace('\n', ''))
    fireEvent.click(screen.getByRole('button', { name: 'Edit notes' }))
    fireEvent.change(screen.getByRole('textbox', { name: 'Notes' }), { target: { value: 'Chapter 20 again.' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save notes' }))
    await waitFor(() => expect(entry.privateNotes).toBe('Chapter 20 again.'))
    expect(await screen.findByText('Chapter 20 again.')).toBeInTheDocument()
    expect(puts(callsTo, work)).toEqual([{ privateNotes: 'Chapter 20 again.', today: localToday() }])
  })

  it('clears a note after asking, on a book with no status too (notes kept from an import)', async () => {
    signIn(buildUser())
    const work = middlemarch()
    const { callsTo, entry } = copyServer(work, [], { status: null, reads: [], progress: NO_PROGRESS, privateNotes: 'From my Goodreads file.' })
    renderApp(`/books/${work._id}`)
    expect((await screen.findByTestId('private-notes-text')).textContent).toBe('From my Goodreads file.')
    fireEvent.click(screen.getByRole('button', { name: 'Clear notes' }))
    const dialog = await screen.findByRole('dialog', { name: 'Clear your private notes?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear notes' }))
    await waitFor(() => expect(entry.privateNotes).toBeNull())
    expect(puts(callsTo, work)).toEqual([{ privateNotes: null, today: localToday() }])
    expect(screen.queryByTestId('private-notes-text')).not.toBeInTheDocument()
  })
})
