import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { renderApp } from '#/test/render.tsx'
import { fakeApi, pagedAnswer, type Handler } from '#/test/fake-api.ts'
import { buildBook, buildStats, buildUser, signIn } from '#/test/factories.ts'

// The reader who added a book corrects or deletes it from its page; a reader credited on a book
// removes the credit; nobody else sees any of it.

const me = buildUser({ username: 'wren' })
const mine = buildBook({
  title: 'Harbour Lights',
  author: 'Ada Quill',
  publisher: 'Tidewater',
  description: 'Lamps along a coast.',
  language: 'English',
  edition: 'First',
  pageCount: 240,
  publishedDate: '2019-03-04',
  genre: ['Mystery'],
  category: 'Fiction',
  isbn: '9780306406157',
  coverImage: 'https://covers.example/harbour.jpg',
  listed_by_username: 'wren',
  addedByViewer: true,
  creditsViewer: false,
  inWishlist: false,
  inRecentlyRead: false,
})

function api(book = mine, extra: Record<string, Handler> = {}) {
  return fakeApi({
    [`GET /books/${book._id}`]: { body: book },
    [`GET /reviews/book/${book._id}`]: { body: [], headers: { 'X-Total-Count': '0' } },
    ...extra,
  })
}

describe('a book the reader added', () => {
  it('offers Edit Book and Delete Book on its page; another reader sees neither, nor Remove My Credit', async () => {
    signIn(me)
    api()
    renderApp(`/books/${mine._id}`)
    const group = await screen.findByRole('group', { name: 'Your book' })
    expect(within(group).getByRole('link', { name: 'Edit Book' })).toHaveAttribute('href', `/books/${mine._id}/edit`)
    expect(within(group).getByRole('button', { name: 'Delete Book' })).toBeInTheDocument()
    expect(within(group).queryByRole('button', { name: 'Remove My Credit' })).toBeNull()
  })

  it('shows no owner actions to a reader who did not add it', async () => {
    signIn(me)
    api({ ...mine, addedByViewer: false, creditsViewer: false })
    renderApp(`/books/${mine._id}`)
    await screen.findByRole('heading', { name: 'Harbour Lights', level: 1 })
    expect(screen.queryByRole('group', { name: 'Your book' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Delete Book' })).toBeNull()
  })

  it('asks before deleting; Cancel keeps it, Delete removes it and lands on the profile saying so', async () => {
    signIn(me)
    const fake = api(mine, {
      [`DELETE /books/${mine._id}`]: { status: 204 },
      [`GET /users/${me._id}/stats`]: { body: buildStats() },
      [`GET /users/profile/${me._id}`]: { body: me },
      'GET /users/wishlist': pagedAnswer([]),
    })
    renderApp(`/books/${mine._id}`)
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Book' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete this book?' })
    expect(within(dialog).getByText(/“Harbour Lights” will be removed from Shelfwise/)).toBeInTheDocument()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(fake.callsTo(`DELETE /books/${mine._id}`)).toHaveLength(0)

    fireEvent.click(screen.getByRole('button', { name: 'Delete Book' }))
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('“Harbour Lights” was deleted.')).toBeInTheDocument()
    expect(fake.callsTo(`DELETE /books/${mine._id}`)).toHaveLength(1)
  })

  it('shows the server’s reason when others have the book, and keeps the reader on the page', async () => {
    signIn(me)
    const reason = 'Another reader has reviewed or shelved this book, so it can no longer be deleted. You can still edit it.'
    api(mine, { [`DELETE /books/${mine._id}`]: { status: 409, body: { message: reason, code: 'conflict' } } })
    renderApp(`/books/${mine._id}`)
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Book' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await within(dialog).findByText(reason)).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Harbour Lights', level: 1, hidden: true })).toBeInTheDocument()
  })

  it('lets a credited reader remove the credit after asking, and says it is done', async () => {
    signIn(me)
    const credited = { ...mine, addedByViewer: false, creditsViewer: true, author_username: 'wren' }
    const fake = api(credited, {
      [`DELETE /books/${mine._id}/credit`]: { body: { ...credited, author_username: null, addedByViewer: undefined, creditsViewer: undefined } },
    })
    renderApp(`/books/${mine._id}`)
    fireEvent.click(await screen.findByRole('button', { name: 'Remove My Credit' }))
    const dialog = await screen.findByRole('dialog', { name: 'Remove your credit?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }))
    expect(await screen.findByText('Your credit was removed.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Remove My Credit' })).toBeNull()
    expect(fake.callsTo(`DELETE /books/${mine._id}/credit`)).toHaveLength(1)
  })
})

describe('Edit Book', () => {
  it('fills the form from the book, sends the whole form with PUT, and says it was updated', async () => {
    signIn(me)
    const fake = api(mine, {
      [`PUT /books/${mine._id}`]: (req) => ({ body: { ...mine, ...(req.body as object), genre: ['Mystery', 'Adventure'] } }),
      'GET /books/duplicates': { body: [{ book: mine, reasons: ['title_author'] }] },
    })
    renderApp(`/books/${mine._id}/edit`)
    const title = await screen.findByRole('textbox', { name: /Title/ })
    expect(title).toHaveValue('Harbour Lights')
    expect(screen.getByRole('combobox', { name: /Genre/ })).toHaveValue('Mystery')
    expect(screen.getByRole('radio', { name: 'None' })).toBeChecked()
    await waitFor(() => expect(document.title).toBe('Edit Book: Harbour Lights — Shelfwise'))
    fireEvent.change(title, { target: { value: 'Harbour Lights, Revised' } })
    fireEvent.change(screen.getByRole('combobox', { name: /Genre/ }), { target: { value: 'Mystery, Adventure' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('Book updated successfully!')).toBeInTheDocument()
    const [put] = fake.callsTo(`PUT /books/${mine._id}`)
    expect(put!.body).toMatchObject({ title: 'Harbour Lights, Revised', author: 'Ada Quill', genre: ['Mystery', 'Adventure'], pageCount: 240, role: 'none' })
    // The book itself is never pointed out as a duplicate of itself.
    expect(screen.queryByText(/may already be on Shelfwise/i)).toBeNull()
  })

  it('saves an imported book whose ISBN another book holds by now, when the ISBN is left as it was', async () => {
    signIn(me)
    const holder = buildBook({ title: 'Harbour Lights', author: 'Ada Quill', isbn: mine.isbn })
    const fake = api(mine, {
      [`PUT /books/${mine._id}`]: (req) => ({ body: { ...mine, ...(req.body as object), genre: ['Mystery'] } }),
      'GET /books/duplicates': { body: [{ book: holder, reasons: ['isbn'] }] },
    })
    renderApp(`/books/${mine._id}/edit`)
    const description = await screen.findByRole('textbox', { name: /Description/ })
    fireEvent.change(description, { target: { value: 'Lamps along a coast, counted.' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('Book updated successfully!')).toBeInTheDocument()
    expect(fake.callsTo(`PUT /books/${mine._id}`)[0]!.body).toMatchObject({ isbn: mine.isbn, description: 'Lamps along a coast, counted.' })
  })

  it('tells another reader that only the reader who added the book can edit it', async () => {
    signIn(me)
    api({ ...mine, addedByViewer: false })
    renderApp(`/books/${mine._id}/edit`)
    expect(await screen.findByText('Only the reader who added this book can edit it.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull()
  })

  it('sends a signed-out visitor to sign in first', async () => {
    api()
    renderApp(`/books/${mine._id}/edit`)
    expect(await screen.findByRole('button', { name: /^Login$/ })).toBeInTheDocument()
  })
})
