import { describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { renderApp } from '#/test/render.tsx'
import { fakeApi, validationFailed, type Handler } from '#/test/fake-api.ts'
import { buildBook, buildStats, buildUser, signIn } from '#/test/factories.ts'
import { loginAnswer, signInThroughForm } from '#/test/sign-in-form.ts'
import { BOOK_MESSAGES as CONTRACT_BOOK_MESSAGES } from '@shelfwise/contracts'
import { BOOK_MESSAGES, splitGenres } from '#/features/books/components/add-book-values.ts'

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

/** Signed in as Ada, the calls given faked, on Add a New Book. */
async function openForm(calls: Record<string, Handler> = {}) {
  signIn(me)
  const api = fakeApi(calls)
  const { router } = renderApp('/add-book')
  await screen.findByRole('heading', { name: 'Add a New Book' })
  return { ...api, router }
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
    expect([...category.options].map((o) => o.value).filter(Boolean)).toEqual([
      'Fiction',
      'Non-Fiction',
      'Educational',
      'Biography',
      'Science',
      'Technology',
      'Other',
    ])
  })

  it("requires the role: 'Please specify whether you are the author or publisher.'", async () => {
    const { callsTo } = await openForm()
    fillForm()
    fireEvent.click(screen.getByRole('button', { name: 'Add Book' }))
    expect(await screen.findByText('Please specify whether you are the author or publisher.')).toBeInTheDocument()
    expect(callsTo('POST /books')).toHaveLength(0)
  })

  it("sends the book, says 'Book added successfully!' and goes to /profile after 1.5 s", async () => {
    const { callsTo, router } = await openForm({
      'POST /books': { status: 201, body: buildBook() },
      [`GET /users/profile/${me._id}`]: { body: me },
      [`GET /users/${me._id}/stats`]: { body: buildStats() },
      'GET /users/wishlist': { body: [] },
    })
    fireEvent.click(screen.getByRole('radio', { name: 'Author' }))
    fillForm()
    fireEvent.click(screen.getByRole('button', { name: 'Add Book' }))
    expect(await screen.findByText('Book added successfully!')).toBeInTheDocument()
    const body = callsTo('POST /books')[0]!.body as Record<string, unknown>
    expect(body).toMatchObject({
      title: 'The Engine',
      author: 'Ada Lovelace',
      author_username: 'ada',
      publisher_username: null,
      listed_by_username: null,
      genre: ['Science', 'History'],
      pageCount: 120,
      category: 'Science',
      averageRating: 0,
      totalReviews: 0,
      role: 'author',
    })
    expect(typeof body.createdAt).toBe('string')
    expect(router.state.location.pathname).toBe('/add-book')
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'), { timeout: 3000 })
  })

  it("shows 'Adding...' while sending", async () => {
    await openForm({ 'POST /books': { pending: true } })
    fireEvent.click(screen.getByRole('radio', { name: 'None' }))
    fillForm()
    fireEvent.click(screen.getByRole('button', { name: 'Add Book' }))
    expect(await screen.findByRole('button', { name: 'Adding...' })).toBeDisabled()
  })

  it("says 'Failed to add book.' when the server refuses", async () => {
    await openForm({ 'POST /books': { status: 500, body: {} } })
    fireEvent.click(screen.getByRole('radio', { name: 'Publisher' }))
    fillForm()
    fireEvent.click(screen.getByRole('button', { name: 'Add Book' }))
    expect(await screen.findByText('Failed to add book.')).toBeInTheDocument()
  })

  it('suggests users for the author as you type and links the chosen one', async () => {
    const mary = buildUser({ name: 'Mary Shelley', username: 'mary' })
    const { callsTo } = await openForm({ 'GET /users/search': { body: [mary] }, 'POST /books': { status: 201, body: buildBook() } })
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

  it("words a taken ISBN as the server does ('A book with this ISBN already exists')", () => {
    expect(BOOK_MESSAGES.isbnTaken).toBe(CONTRACT_BOOK_MESSAGES.isbnTaken)
  })

  it('splits genres on commas, trimmed, empties dropped', () => {
    expect(splitGenres(' Fantasy, ,Adventure ,Romance,')).toEqual(['Fantasy', 'Adventure', 'Romance'])
  })

  it("sets the tab's title to 'Add a New Book'", async () => {
    fakeApi({})
    renderApp('/add-book')
    await screen.findByRole('heading', { name: 'Add a New Book' })
    expect(document.title).toBe('Add a New Book — Shelfwise')
  })
})

describe('Add a New Book: every problem at once', () => {
  it('shows each problem beside its field at once, and focuses the first', async () => {
    const { callsTo } = await openForm()
    fireEvent.change(field('Title'), { target: { value: 'Only a title' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add Book' }))
    expect(await screen.findByText('Please specify whether you are the author or publisher.')).toBeInTheDocument()
    // Nine empty fields, each marked beside itself, in the same go as the role; ISBN, Amazon Link and Edition may stay empty (decision 0037).
    expect(screen.getAllByText('This field is required')).toHaveLength(9)
    for (const label of ['Author', 'Description', 'Publisher', 'Page Count', 'Genre', 'Category']) expect(field(label)).toHaveAttribute('aria-invalid', 'true')
    for (const label of ['ISBN', 'Amazon Link', 'Edition']) expect(field(label)).toHaveAttribute('aria-invalid', 'false')
    expect(field('Title')).toHaveAttribute('aria-invalid', 'false')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Author' })))
    // With a role chosen, the first problem is the Author field.
    fireEvent.click(screen.getByRole('radio', { name: 'None' }))
    fireEvent.click(screen.getByRole('button', { name: 'Add Book' }))
    await waitFor(() => expect(document.activeElement).toBe(field('Author')))
    expect(screen.queryByText('Please specify whether you are the author or publisher.')).not.toBeInTheDocument()
    expect(callsTo('POST /books')).toHaveLength(0)
  })

  it('names what is wrong with a link, an ISBN and Page Count 0, beside each', async () => {
    const { callsTo } = await openForm()
    fireEvent.click(screen.getByRole('radio', { name: 'Author' }))
    fillForm()
    fireEvent.change(field('Cover Image URL'), { target: { value: 'cover.jpg' } })
    fireEvent.change(field('ISBN'), { target: { value: '12345' } })
    fireEvent.change(field('Page Count'), { target: { value: '0' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add Book' }))
    expect(await screen.findByText('Cover Image URL must be an http(s) URL')).toBeInTheDocument()
    expect(screen.getByText('ISBN must be an ISBN-10 or ISBN-13')).toBeInTheDocument()
    expect(screen.getByText('Page Count must be at least 1')).toBeInTheDocument()
    await waitFor(() => expect(document.activeElement).toBe(field('Cover Image URL')))
    expect(callsTo('POST /books')).toHaveLength(0)
  })

  it("shows the server's field problems beside their fields too, with 'Failed to add book.'", async () => {
    await openForm({
      'POST /books': validationFailed('amazonLink: must be an http(s) URL', {
        amazonLink: 'must be an http(s) URL',
        'genre.1': 'each genre must be at most 40 characters',
      }),
    })
    fireEvent.click(screen.getByRole('radio', { name: 'Author' }))
    fillForm()
    fireEvent.click(screen.getByRole('button', { name: 'Add Book' }))
    expect(await screen.findByText('Amazon Link must be an http(s) URL')).toBeInTheDocument()
    expect(screen.getByText('Genre each genre must be at most 40 characters')).toBeInTheDocument()
    expect(screen.getByText('Failed to add book.')).toBeInTheDocument()
    await waitFor(() => expect(document.activeElement).toBe(field('Amazon Link')))
  })
})

describe('Add a New Book: a book that may already be on Shelfwise', () => {
  const dracula = buildBook({ title: 'Dracula', author: 'Bram Stoker', publishedDate: '1897-05-26', isbn: '9780306406157' })

  it('leaves ISBN, Amazon Link and Edition empty, as a classic has them (decision 0037): sent empty, nothing said', async () => {
    const { callsTo } = await openForm({ 'POST /books': { status: 201, body: buildBook() } })
    fireEvent.click(screen.getByRole('radio', { name: 'None' }))
    fillForm()
    for (const label of ['ISBN', 'Amazon Link', 'Edition']) {
      fireEvent.change(field(label), { target: { value: '' } })
      expect(field(label)).not.toBeRequired()
    }
    expect(field('Title')).toBeRequired()
    fireEvent.click(screen.getByRole('button', { name: 'Add Book' }))
    expect(await screen.findByText(/Book added successfully!/)).toBeInTheDocument()
    expect(callsTo('POST /books')[0]!.body).toMatchObject({ isbn: '', amazonLink: '', edition: '', title: 'The Engine' })
    expect(screen.queryByText('This field is required')).not.toBeInTheDocument()
  })

  it('links the success message to the new book, and warns of no duplicate in the book just added', async () => {
    const added = buildBook({ title: 'The Engine', author: 'Ada Lovelace' })
    let isAdded = false
    await openForm({
      // Once added, the book is its own title-and-author match.
      'GET /books/duplicates': () => ({ body: isAdded ? [{ book: added, reasons: ['title_author'] }] : [] }),
      'POST /books': () => ((isAdded = true), { status: 201, body: added }),
    })
    fireEvent.click(screen.getByRole('radio', { name: 'None' }))
    fillForm()
    fireEvent.click(screen.getByRole('button', { name: 'Add Book' }))
    expect(await screen.findByText(/Book added successfully!/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See its page: The Engine' })).toHaveAttribute('href', `/books/${added._id}`)
    fireEvent.blur(field('Author'))
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.queryByTestId('duplicate-title')).not.toBeInTheDocument()
  })

  it('tells a signed-out visitor first that adding needs an account; covers upload once signed in', async () => {
    fakeApi({})
    renderApp('/add-book')
    await screen.findByRole('heading', { name: 'Add a New Book' })
    const alerts = screen.getAllByRole('alert')
    expect(alerts[0]).toHaveTextContent('Adding a book needs an account: sign in or sign up first.')
    expect(within(alerts[0]!).getByRole('button', { name: 'Sign in' })).toBeInTheDocument()
    expect(screen.getByText('Upload a cover').closest('label')).toHaveClass('Mui-disabled')
  })

  it('uploads a cover instead of a typed URL, and shows it', async () => {
    const { callsTo } = await openForm({ 'POST /upload': { status: 201, body: { imageUrl: '/uploads/cover-1.webp' } } })
    expect(screen.queryByText('Adding a book needs an account', { exact: false })).not.toBeInTheDocument()
    const file = new File([new Uint8Array([1, 2, 3])], 'cover.png', { type: 'image/png' })
    fireEvent.change(screen.getByLabelText('Cover image file'), { target: { files: [file] } })
    await waitFor(() => expect(field('Cover Image URL')).toHaveValue(`${window.location.origin}/uploads/cover-1.webp`))
    expect(callsTo('POST /upload')).toHaveLength(1)
    expect(screen.getByRole('img', { name: /^Cover of/ })).toHaveAttribute('src', `${window.location.origin}/uploads/cover-1.webp`)
    // A file that is no image is refused before it is sent, beside the field.
    fireEvent.change(screen.getByLabelText('Cover image file'), { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } })
    expect(await screen.findByText('Only image files are allowed')).toBeInTheDocument()
    expect(callsTo('POST /upload')).toHaveLength(1)
  })

  it("offers the catalogue's genres for the one being typed", async () => {
    await openForm()
    fireEvent.change(field('Genre'), { target: { value: 'Romance, fant' } })
    fireEvent.click(await screen.findByRole('option', { name: 'Fantasy' }))
    expect(field('Genre')).toHaveValue('Romance, Fantasy, ')
  })

  it('after the title and author: points to it with a link; Add Book stops there until the reader adds it anyway', async () => {
    const { callsTo } = await openForm({
      'GET /books/duplicates': (req) => ({
        body: req.query.get('title') === 'dracula' && req.query.get('author') === 'bram stoker' ? [{ book: dracula, reasons: ['title_author'] }] : [],
      }),
      'POST /books': { status: 201, body: buildBook() },
    })
    fireEvent.click(screen.getByRole('radio', { name: 'None' }))
    fillForm()
    fireEvent.change(field('Title'), { target: { value: 'dracula' } })
    fireEvent.change(field('Author'), { target: { value: 'bram stoker' } })
    fireEvent.blur(field('Author'))
    const notice = await screen.findByTestId('duplicate-title')
    expect(notice).toHaveTextContent('This book may already be on Shelfwise:')
    expect(within(notice).getByRole('link', { name: 'Dracula' })).toHaveAttribute('href', `/books/${dracula._id}`)
    expect(notice).toHaveTextContent('Dracula by Bram Stoker (1897)')
    fireEvent.click(screen.getByRole('button', { name: 'Add Book' }))
    await waitFor(() => expect(document.activeElement).toBe(notice))
    expect(callsTo('POST /books')).toHaveLength(0)
    fireEvent.click(within(notice).getByRole('button', { name: 'It is a different book: add it anyway' }))
    expect(screen.queryByTestId('duplicate-title')).not.toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Add Book' }))
    expect(await screen.findByText('Book added successfully!')).toBeInTheDocument()
    expect(callsTo('POST /books')).toHaveLength(1)
  })

  it('at submit, the same ISBN: said beside ISBN with a link, and not sent', async () => {
    const { callsTo } = await openForm({
      'GET /books/duplicates': (req) => ({ body: req.query.get('isbn') === '9780306406157' ? [{ book: dracula, reasons: ['isbn'] }] : [] }),
    })
    fireEvent.click(screen.getByRole('radio', { name: 'None' }))
    fillForm()
    fireEvent.change(field('ISBN'), { target: { value: '978-0-306-40615-7' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add Book' }))
    expect(await screen.findByText('A book with this ISBN already exists')).toBeInTheDocument()
    const notice = await screen.findByTestId('duplicate-isbn')
    expect(within(notice).getByRole('link', { name: 'Dracula' })).toHaveAttribute('href', `/books/${dracula._id}`)
    expect(within(notice).queryByRole('button')).not.toBeInTheDocument()
    await waitFor(() => expect(document.activeElement).toBe(field('ISBN')))
    expect(callsTo('POST /books')).toHaveLength(0)
    expect(callsTo('GET /books/duplicates')[0]!.query.get('isbn')).toBe('9780306406157')
  })

  it('the same ISBN on a book an import made, which holds it against nobody: pointed out as maybe the same book, and it can still be added', async () => {
    const { callsTo } = await openForm({
      'GET /books/duplicates': (req) => ({ body: req.query.get('isbn') === '9780306406157' ? [{ book: dracula, reasons: ['isbn_unclaimed'] }] : [] }),
      'POST /books': { status: 201, body: buildBook() },
    })
    fireEvent.click(screen.getByRole('radio', { name: 'None' }))
    fillForm()
    fireEvent.click(screen.getByRole('button', { name: 'Add Book' }))
    const notice = await screen.findByTestId('duplicate-title')
    expect(notice).toHaveTextContent('This book may already be on Shelfwise:')
    expect(within(notice).getByRole('link', { name: 'Dracula' })).toHaveAttribute('href', `/books/${dracula._id}`)
    expect(screen.queryByText('A book with this ISBN already exists')).not.toBeInTheDocument()
    expect(callsTo('POST /books')).toHaveLength(0)
    fireEvent.click(within(notice).getByRole('button', { name: 'It is a different book: add it anyway' }))
    fireEvent.click(screen.getByRole('button', { name: 'Add Book' }))
    expect(await screen.findByText('Book added successfully!')).toBeInTheDocument()
    expect(callsTo('POST /books')).toHaveLength(1)
  })

  it("the server's 409 for an ISBN taken meanwhile: said beside ISBN with the link", async () => {
    let added = false
    await openForm({
      'GET /books/duplicates': () => ({ body: added ? [{ book: dracula, reasons: ['isbn'] }] : [] }),
      'POST /books': () => {
        added = true
        return { status: 409, body: { message: 'A book with this ISBN already exists', code: 'conflict' } }
      },
    })
    fireEvent.click(screen.getByRole('radio', { name: 'None' }))
    fillForm()
    fireEvent.click(screen.getByRole('button', { name: 'Add Book' }))
    const notice = await screen.findByTestId('duplicate-isbn')
    expect(within(notice).getByRole('link', { name: 'Dracula' })).toBeInTheDocument()
    expect(screen.getByText('Failed to add book.')).toBeInTheDocument()
    expect(field('ISBN')).toHaveAttribute('aria-invalid', 'true')
  })
})

describe('Add a New Book: what was typed is kept', () => {
  it('through the trip to /login: back signed in, the form is as it was; added, the draft is gone', async () => {
    const { callsTo } = fakeApi({ 'POST /auth/login': loginAnswer(me), 'POST /books': { status: 201, body: buildBook() } })
    const { router } = renderApp('/add-book')
    await screen.findByRole('heading', { name: 'Add a New Book' })
    fireEvent.click(screen.getByRole('radio', { name: 'Publisher' }))
    fillForm()
    fireEvent.click(screen.getByRole('button', { name: 'Add Book' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(screen.queryByRole('dialog', { name: 'Leave this page?' })).not.toBeInTheDocument()
    await signInThroughForm()
    await waitFor(() => expect(router.state.location.pathname).toBe('/add-book'))
    await screen.findByRole('heading', { name: 'Add a New Book' })
    expect(field('Title')).toHaveValue('The Engine')
    expect(field('Description')).toHaveValue('Notes on the Analytical Engine.')
    expect(field('Genre')).toHaveValue(' Science, , History ')
    expect(screen.getByRole('radio', { name: 'Publisher' })).toBeChecked()
    fireEvent.click(screen.getByRole('button', { name: 'Add Book' }))
    expect(await screen.findByText('Book added successfully!')).toBeInTheDocument()
    expect(callsTo('POST /books')[0]!.body).toMatchObject({ title: 'The Engine', publisher_username: 'ada', role: 'publisher' })
    expect(sessionStorage.getItem('shelfwise:draft:add-book')).toBeNull()
  })

  it('leaving with typed text asks first; Stay keeps it', async () => {
    const { router } = await openForm()
    fireEvent.change(field('Title'), { target: { value: 'Half a book' } })
    act(() => {
      void router.navigate('/browse')
    })
    const ask = await screen.findByRole('dialog', { name: 'Leave this page?' })
    fireEvent.click(within(ask).getByRole('button', { name: 'Stay' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave this page?' })).not.toBeInTheDocument())
    expect(router.state.location.pathname).toBe('/add-book')
    expect(field('Title')).toHaveValue('Half a book')
  })
})
