import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { renderApp } from '#/test/render.tsx'
import { fakeApi } from '#/test/fake-api.ts'
import { buildBook, buildStats, buildUser, signIn } from '#/test/factories.ts'
import { splitGenres } from '#/app/routes/add-book.tsx'

const me = buildUser({ username: 'ada' })

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`), { selector: 'input:not([type=radio]), textarea, select' })

function fillForm() {
  const set = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
  set('Title', 'The Engine')
  set('Author', 'Ada Lovelace')
  set('Description', 'Notes on the Analytical Engine.')
  set('Cover Image URL', 'https://example.com/c.jpg')
  set('Publisher', 'Self')
  set('Published Date', '1843-09-01')
  set('Language', 'English')
  set('Edition', 'First')
  set('Page Count', '120')
  set('Amazon Link', 'https://www.amazon.com/dp/1')
  set('ISBN', '9780306406157')
  set('Genre', ' Science, , History ')
  set('Category', 'Science')
}

describe('Add a New Book', () => {
  it('shows the form with its question, helper and categories', async () => {
    fakeApi({})
    renderApp('/add-book')
    expect(await screen.findByRole('heading', { name: 'Add a New Book' })).toBeInTheDocument()
    expect(screen.getByText('Are you the author or the publisher of this book?')).toBeInTheDocument()
    for (const r of ['Author', 'Publisher', 'None']) expect(screen.getByRole('radio', { name: r })).toBeInTheDocument()
    expect(screen.getByText('e.g. Fantasy, Adventure, Romance')).toBeInTheDocument()
    const category = field('Category') as HTMLSelectElement
    expect([...category.options].map((o) => o.value).filter(Boolean)).toEqual(['Fiction', 'Non-Fiction', 'Educational', 'Biography', 'Science', 'Technology', 'Other'])
  })

  it("requires the role: 'Please specify whether you are the author or publisher.'", async () => {
    signIn(me)
    const { callsTo } = fakeApi({})
    renderApp('/add-book')
    await screen.findByRole('heading', { name: 'Add a New Book' })
    fillForm()
    fireEvent.click(screen.getByRole('button', { name: 'Add Book' }))
    expect(await screen.findByText('Please specify whether you are the author or publisher.')).toBeInTheDocument()
    expect(callsTo('POST /books')).toHaveLength(0)
  })

  it("sends the book, says 'Book added successfully!' and goes to /profile after 1.5 s", async () => {
    signIn(me)
    const { callsTo } = fakeApi({
      'POST /books': { status: 201, body: buildBook() },
      [`GET /users/profile/${me._id}`]: { body: me },
      [`GET /users/${me._id}/stats`]: { body: buildStats() },
      'GET /users/wishlist': { body: [] },
    })
    const { router } = renderApp('/add-book')
    await screen.findByRole('heading', { name: 'Add a New Book' })
    fireEvent.click(screen.getByRole('radio', { name: 'Author' }))
    fillForm()
    fireEvent.click(screen.getByRole('button', { name: 'Add Book' }))
    expect(await screen.findByText('Book added successfully!')).toBeInTheDocument()
    const body = callsTo('POST /books')[0]!.body as Record<string, unknown>
    expect(body).toMatchObject({
      title: 'The Engine', author: 'Ada Lovelace', author_username: 'ada', publisher_username: null, listed_by_username: null,
      genre: ['Science', 'History'], pageCount: 120, category: 'Science', averageRating: 0, totalReviews: 0, role: 'author',
    })
    expect(typeof body.createdAt).toBe('string')
    expect(router.state.location.pathname).toBe('/add-book')
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'), { timeout: 3000 })
  })

  it("shows 'Adding...' while sending", async () => {
    signIn(me)
    fakeApi({ 'POST /books': { pending: true } })
    renderApp('/add-book')
    await screen.findByRole('heading', { name: 'Add a New Book' })
    fireEvent.click(screen.getByRole('radio', { name: 'None' }))
    fillForm()
    fireEvent.click(screen.getByRole('button', { name: 'Add Book' }))
    expect(await screen.findByRole('button', { name: 'Adding...' })).toBeDisabled()
  })

  it("says 'Failed to add book.' when the server refuses", async () => {
    signIn(me)
    fakeApi({ 'POST /books': { status: 500, body: {} } })
    renderApp('/add-book')
    await screen.findByRole('heading', { name: 'Add a New Book' })
    fireEvent.click(screen.getByRole('radio', { name: 'Publisher' }))
    fillForm()
    fireEvent.click(screen.getByRole('button', { name: 'Add Book' }))
    expect(await screen.findByText('Failed to add book.')).toBeInTheDocument()
  })

  it('suggests users for the author as you type and links the chosen one', async () => {
    signIn(me)
    const mary = buildUser({ name: 'Mary Shelley', username: 'mary' })
    const { callsTo } = fakeApi({ 'GET /users/search': { body: [mary] }, 'POST /books': { status: 201, body: buildBook() } })
    renderApp('/add-book')
    await screen.findByRole('heading', { name: 'Add a New Book' })
    const author = field('Author')
    fireEvent.change(author, { target: { value: 'Mar' } })
    fireEvent.click(await screen.findByText('Mary Shelley (@mary)', {}, { timeout: 2000 }))
    expect(author).toHaveValue('Mary Shelley')
    fireEvent.click(screen.getByRole('radio', { name: 'None' }))
    fillForm()
    fireEvent.change(author, { target: { value: 'Mar' } })
    fireEvent.click(await screen.findByText('Mary Shelley (@mary)', {}, { timeout: 2000 }))
    fireEvent.click(screen.getByRole('button', { name: 'Add Book' }))
    await waitFor(() => expect(callsTo('POST /books')).toHaveLength(1))
    expect(callsTo('POST /books')[0]!.body).toMatchObject({ author: 'Mary Shelley', author_username: 'mary', listed_by_username: 'ada' })
    expect(callsTo('GET /users/search')[0]!.query.get('query')).toBe('Mar')
  })

  it('splits genres on commas, trimmed, empties dropped', () => {
    expect(splitGenres(' Fantasy, ,Adventure ,Romance,')).toEqual(['Fantasy', 'Adventure', 'Romance'])
  })
})
