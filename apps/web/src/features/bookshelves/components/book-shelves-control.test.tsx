import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { BookShelf, ReadingEntry, Shelf } from '@shelfwise/contracts'
import { renderApp } from '#/test/render.tsx'
import { fakeApi, type FakeRequest } from '#/test/fake-api.ts'
import { buildBook, buildUser, NO_PROGRESS, signIn } from '#/test/factories.ts'

let ids = 0
const newId = () => `0190a000-0000-7000-8000-${String(++ids).padStart(12, '0')}`

/** A server keeping one reader's shelves and their placements of one book, enough for the book page. */
function shelvesServer(userId: string, bookId: string, { names = [] as string[], status = null as ReadingEntry['status'] } = {}) {
  const shelves: Shelf[] = []
  const onBook = new Set<string>()
  const shelfNamed = (name: string) => {
    let s = shelves.find((x) => x.name.toLowerCase() === name.toLowerCase())
    if (!s) shelves.push((s = { _id: newId(), name, count: 0, public: false }))
    return s
  }
  for (const n of names) shelfNamed(n)
  const answer = (): BookShelf[] =>
    shelves
      .filter((s) => onBook.has(s._id))
      // By name in any letter case, as the server answers.
      .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()))
      .map((s) => ({ _id: s._id, name: s.name, public: s.public, position: 1, addedAt: '2026-01-02T00:00:00.000Z' }))
  const entry: ReadingEntry = { bookId, status, rating: null, progress: NO_PROGRESS, reads: [], removedReads: [] }
  const api = fakeApi({
    [`GET /books/${bookId}`]: { body: buildBook({ _id: bookId, title: 'Middlemarch' }) },
    [`GET /reviews/book/${bookId}`]: { body: [] },
    [`GET /reviews/book/${bookId}/mine`]: { status: 404, body: { message: 'Review not found', code: 'not_found' } },
    [`GET /books/${bookId}/reading`]: () => ({ body: entry }),
    [`GET /users/${userId}/shelves`]: () => ({ body: shelves }),
    [`GET /books/${bookId}/shelves`]: () => ({ body: answer() }),
    [`PUT /books/${bookId}/shelves`]: (req: FakeRequest) => {
      const { names: wanted } = req.body as { names: string[] }
      if (wanted.includes('boom')) return { status: 409, body: { message: 'You have 500 shelves, the most a reader can have', code: 'conflict' } }
      onBook.clear()
      for (const n of wanted) onBook.add(shelfNamed(n)._id)
      if (wanted.length && entry.status === null) entry.status = 'want'
      return { body: answer() }
    },
  })
  return { ...api, entry, placeOnBook: (name: string) => onBook.add(shelfNamed(name)._id) }
}

/** A signed-in reader opens a book's page, whose shelves server already knows their shelves (`placed`: those the book is on). Answers the shelf field. */
async function openAsReader({ placed = [] as string[], ...start }: Parameters<typeof shelvesServer>[2] & { placed?: string[] } = {}) {
  const user = buildUser()
  signIn(user)
  const bookId = newId()
  const server = shelvesServer(user._id, bookId, start)
  for (const name of placed) server.placeOnBook(name)
  renderApp(`/books/${bookId}`)
  const field = await screen.findByRole('combobox', { name: 'Add to a shelf' })
  return { bookId, server, field }
}

const shelvesOnPage = () => {
  const list = screen.queryByRole('list', { name: 'Shelves this book is on' })
  return list
    ? within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent)
    : []
}

describe('“On your shelves” on a book page', () => {
  it('puts the book on a new shelf typed and entered, saying a book without a status goes on Want to Read', async () => {
    const { bookId, server, field } = await openAsReader()
    expect(screen.getByText(/a new name and Enter to make a private shelf\. The book goes on Want to Read\./)).toBeInTheDocument()
    fireEvent.change(field, { target: { value: '  classics   club ' } })
    fireEvent.keyDown(field, { key: 'Enter' })
    await waitFor(() => expect(shelvesOnPage()).toEqual(['classics club']))
    expect(server.callsTo(`PUT /books/${bookId}/shelves`).map((c) => c.body)).toEqual([{ names: ['classics club'] }])
    // The reading panel learns the book is on Want to Read now.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Reading status' })).toHaveValue('want'))
    expect(field).toHaveValue('')
  })

  it('finds one of the reader’s shelves as they type, and takes the book off a shelf with its own button', async () => {
    const { bookId, server, field } = await openAsReader({ names: ['favourites', 'Classics club', 'كلاسيكيات'], status: 'read', placed: ['favourites'] })
    expect(await screen.findByText('favourites')).toBeInTheDocument()
    expect(screen.queryByText(/The book goes on Want to Read/)).not.toBeInTheDocument()

    fireEvent.change(field, { target: { value: 'clas' } })
    const option = await screen.findByRole('option', { name: 'Classics club' })
    // A shelf the book is on is not offered again.
    expect(screen.queryByRole('option', { name: 'favourites' })).not.toBeInTheDocument()
    fireEvent.click(option)
    await waitFor(() => expect(shelvesOnPage()).toEqual(['Classics club', 'favourites']))
    expect(server.callsTo(`PUT /books/${bookId}/shelves`).at(-1)!.body).toEqual({ names: ['favourites', 'Classics club'] })

    fireEvent.click(screen.getByRole('button', { name: 'Take this book off favourites' }))
    await waitFor(() => expect(shelvesOnPage()).toEqual(['Classics club']))
    expect(server.callsTo(`PUT /books/${bookId}/shelves`).at(-1)!.body).toEqual({ names: ['Classics club'] })
  })

  it('says why a name cannot be a shelf without asking the server, and shows the server’s words when it refuses', async () => {
    const { bookId, server, field } = await openAsReader()
    fireEvent.change(field, { target: { value: 'Currently Reading' } })
    fireEvent.keyDown(field, { key: 'Enter' })
    expect(
      await screen.findByText('“Currently Reading” is the reading status Currently Reading, not a shelf: set it with the book’s reading status'),
    ).toBeInTheDocument()
    fireEvent.change(field, { target: { value: 'one, two' } })
    fireEvent.keyDown(field, { key: 'Enter' })
    expect(await screen.findByText('The shelf name must not contain a comma: exports list shelves separated by commas')).toBeInTheDocument()
    expect(server.callsTo(`PUT /books/${bookId}/shelves`)).toEqual([])

    fireEvent.change(field, { target: { value: 'boom' } })
    fireEvent.keyDown(field, { key: 'Enter' })
    expect(await screen.findByText('You have 500 shelves, the most a reader can have')).toBeInTheDocument()
    expect(shelvesOnPage()).toEqual([])
  })

  it('is not there for a signed-out visitor', async () => {
    const bookId = newId()
    const server = shelvesServer('nobody', bookId)
    renderApp(`/books/${bookId}`)
    expect(await screen.findByRole('heading', { name: 'Middlemarch' })).toBeInTheDocument()
    expect(screen.queryByRole('combobox', { name: 'Add to a shelf' })).not.toBeInTheDocument()
    expect(server.callsTo(`GET /books/${bookId}/shelves`)).toEqual([])
  })
})
