import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { renderApp } from '#/test/render.tsx'
import { fakeApi, notFound, serverError, type Handler } from '#/test/fake-api.ts'
import { buildBook, buildReview, buildUser, signIn } from '#/test/factories.ts'

const book = buildBook({
  title: 'Dracula',
  author: 'Bram Stoker',
  author_username: 'bram',
  publisher: 'Constable',
  publisher_username: null,
  publishedDate: '1897-05-26',
  language: 'English',
  pageCount: 418,
  edition: 'First edition',
  averageRating: 4,
  totalReviews: 6,
  description: 'A vampire travels to England.',
  inWishlist: false,
  inRecentlyRead: false,
})
const reviews = Array.from({ length: 7 }, (_, i) => buildReview({ comment: `Review number ${i + 1}` }))

function api(extra: Record<string, Handler> = {}) {
  return fakeApi({
    [`GET /books/${book._id}`]: { body: book },
    [`GET /reviews/book/${book._id}`]: { body: reviews, headers: { 'X-Total-Count': '7' } },
    ...extra,
  })
}

describe('Book detail', () => {
  it('shows the book: title, author, average with count, description and details', async () => {
    api()
    renderApp(`/books/${book._id}`)
    expect(await screen.findByRole('heading', { name: 'Dracula', level: 1 })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Bram Stoker' })).toBeInTheDocument()
    expect(screen.getByText('(6 reviews)')).toBeInTheDocument()
    expect(screen.getByText('4.0')).toBeInTheDocument()
    expect(screen.getByText('A vampire travels to England.')).toBeInTheDocument()
    expect(screen.getByText('May 1897')).toBeInTheDocument()
    expect(screen.getByText('418')).toBeInTheDocument()
    expect(screen.getByText('First edition')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Buy on Amazon/ })).toHaveAttribute('target', '_blank')
    expect(screen.getByRole('button', { name: /Write Review/ })).toBeInTheDocument()
  })

  it("sets the tab's title to the book's title, and marks reader-written text's direction as automatic", async () => {
    api()
    renderApp(`/books/${book._id}`)
    const heading = await screen.findByRole('heading', { name: 'Dracula', level: 1 })
    await waitFor(() => expect(document.title).toBe('Dracula — Shelfwise'))
    expect(heading).toHaveAttribute('dir', 'auto')
    expect(screen.getByText('A vampire travels to England.')).toHaveAttribute('dir', 'auto')
    expect((await screen.findAllByTestId('review-text'))[0]).toHaveAttribute('dir', 'auto')
  })

  it('counts the book’s discussions and links to them (issue 23)', async () => {
    fakeApi({
      [`GET /books/${book._id}`]: { body: { ...book, discussionCount: 12 } },
      [`GET /reviews/book/${book._id}`]: { body: [], headers: { 'X-Total-Count': '0' } },
    })
    renderApp(`/books/${book._id}`)
    expect(await screen.findByRole('heading', { name: 'Discussions (12)', level: 2 })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Read the discussions' })).toHaveAttribute('href', `/books/${book._id}/discussions`)
  })

  it('shows a spinner while loading', async () => {
    api({ [`GET /books/${book._id}`]: { pending: true } })
    renderApp(`/books/${book._id}`)
    expect(await screen.findByRole('progressbar', { name: 'Loading book' })).toBeInTheDocument()
  })

  it("shows 'Book not found' for a 404 and 'Failed to fetch book details' otherwise", async () => {
    api({ [`GET /books/${book._id}`]: notFound('Book not found') })
    renderApp(`/books/${book._id}`)
    expect(await screen.findByText('Book not found')).toBeInTheDocument()
  })

  it("shows 'Failed to fetch book details' when loading fails", async () => {
    api({ [`GET /books/${book._id}`]: serverError() })
    renderApp(`/books/${book._id}`)
    expect(await screen.findByText('Failed to fetch book details')).toBeInTheDocument()
  })

  it("shows the first 5 reviews, then all with 'Show All Reviews' / 'Show Less'", async () => {
    api()
    renderApp(`/books/${book._id}`)
    const list = await screen.findByRole('list', { name: 'Reviews' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(5)
    fireEvent.click(screen.getByRole('button', { name: 'Show All Reviews' }))
    expect(within(list).getAllByRole('listitem')).toHaveLength(7)
    fireEvent.click(screen.getByRole('button', { name: 'Show Less' }))
    expect(within(list).getAllByRole('listitem')).toHaveLength(5)
  })

  it('shows the empty message when there are no reviews', async () => {
    api({ [`GET /reviews/book/${book._id}`]: { body: [] } })
    renderApp(`/books/${book._id}`)
    expect(await screen.findByText('No reviews yet. Be the first to review this book!')).toBeInTheDocument()
  })

  it('flips the wishlist and recently-read buttons after the call succeeds', async () => {
    signIn(buildUser())
    const { callsTo } = api({
      [`PUT /users/addtowishlist/${book._id}`]: { body: { inWishlist: true, wishlist: [book._id] } },
      [`PUT /users/addto-recently-read/${book._id}`]: { body: { inRecentlyRead: true, recentlyRead: [book._id] } },
    })
    renderApp(`/books/${book._id}`)
    fireEvent.click(await screen.findByRole('button', { name: 'Add to Wishlist' }))
    expect(await screen.findByRole('button', { name: 'Remove from Wishlist' })).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Add to Recently Read' }))
    expect(await screen.findByRole('button', { name: 'Remove from Recently Read' })).toBeInTheDocument()
    expect(callsTo(`PUT /users/addtowishlist/${book._id}`)).toHaveLength(1)
  })

  it('opens the author’s profile by username', async () => {
    const bram = buildUser({ username: 'bram' })
    api({ 'GET /users/by-username/bram': { body: bram }, [`GET /users/profile/${bram._id}`]: { body: bram } })
    const { router } = renderApp(`/books/${book._id}`)
    fireEvent.click(await screen.findByRole('button', { name: 'Bram Stoker' }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/user/${bram._id}`))
  })

  it('explains when a profile cannot be opened', async () => {
    api({ 'GET /users/by-username/bram': notFound('User not found') })
    renderApp(`/books/${book._id}`)
    fireEvent.click(await screen.findByRole('button', { name: 'Bram Stoker' }))
    expect(await screen.findByText('User "bram" not found')).toBeInTheDocument()
  })

  it('a name with no account leads to the page of its books, never to an error', async () => {
    const other = buildBook({ title: 'Carmilla', publisher: 'Constable' })
    const { callsTo } = api({ 'GET /books/by-publisher/Constable': { body: [book, other], headers: { 'X-Total-Count': '2' } } })
    const { router } = renderApp(`/books/${book._id}`)
    const link = await screen.findByRole('link', { name: 'Constable' })
    expect(link).toHaveAttribute('href', '/publisher/Constable')
    fireEvent.click(link)
    await waitFor(() => expect(router.state.location.pathname).toBe('/publisher/Constable'))
    expect(await screen.findByRole('heading', { name: 'Constable', level: 1 })).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Carmilla' })).toBeInTheDocument()
    expect(callsTo('GET /books/by-publisher/Constable')).toHaveLength(1)
    expect(screen.queryByText('Cannot navigate to profile: Username not available.')).not.toBeInTheDocument()
  })

  it("shows 'Failed to navigate to user profile. Please try again later.' when the look-up fails", async () => {
    api({ 'GET /users/by-username/bram': serverError() })
    renderApp(`/books/${book._id}`)
    fireEvent.click(await screen.findByRole('button', { name: 'Bram Stoker' }))
    expect(await screen.findByText('Failed to navigate to user profile. Please try again later.')).toBeInTheDocument()
  })
})

describe('Write a Review', () => {
  async function openDialog() {
    fireEvent.click(await screen.findByRole('button', { name: 'Write a Review' }))
    const dialog = await screen.findByRole('dialog', { name: 'Write a Review' })
    // Its form may draw a moment after the dialog itself (a busy machine): wait for the stars.
    await within(dialog).findByLabelText('4 Stars')
    return dialog
  }

  it('keeps Submit disabled until a rating and text exist, then puts the new review on top', async () => {
    signIn(buildUser())
    const created = buildReview({ rating: 5, comment: 'A masterpiece of dread.' })
    let current = book
    const { callsTo } = api({
      [`GET /books/${book._id}`]: () => ({ body: current }),
      [`POST /reviews/book/${book._id}`]: () => {
        current = { ...book, averageRating: 29 / 7, totalReviews: 7 }
        return { body: created, status: 201 }
      },
    })
    renderApp(`/books/${book._id}`)
    const dialog = await openDialog()
    const submit = within(dialog).getByRole('button', { name: 'Submit Review' })
    expect(submit).toBeDisabled()
    fireEvent.click(within(dialog).getByLabelText('5 Stars'))
    expect(submit).toBeDisabled()
    fireEvent.change(within(dialog).getByLabelText('Your Review'), { target: { value: 'A masterpiece of dread.' } })
    expect(submit).toBeEnabled()
    fireEvent.click(submit)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const list = screen.getByRole('list', { name: 'Reviews' })
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('A masterpiece of dread.')
    expect(callsTo(`POST /reviews/book/${book._id}`)[0]!.body).toEqual({ rating: 5, content: 'A masterpiece of dread.' })
    // The average moves with the new review, (4 × 6 + 5) / 7, once the book is read again.
    expect(await screen.findByText('4.1')).toBeInTheDocument()
    expect(await screen.findByText('(7 reviews)')).toBeInTheDocument()
  })

  it("shows 'Submitting...' while sending", async () => {
    signIn(buildUser())
    api({ [`POST /reviews/book/${book._id}`]: { pending: true } })
    renderApp(`/books/${book._id}`)
    const dialog = await openDialog()
    fireEvent.click(within(dialog).getByLabelText('3 Stars'))
    fireEvent.change(within(dialog).getByLabelText('Your Review'), { target: { value: 'Fine.' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Review' }))
    expect(await within(dialog).findByRole('button', { name: 'Submitting...' })).toBeDisabled()
  })

  it('sends a signed-out reader to /login on Submit', async () => {
    api()
    const { router } = renderApp(`/books/${book._id}`)
    const dialog = await openDialog()
    fireEvent.click(within(dialog).getByLabelText('4 Stars'))
    fireEvent.change(within(dialog).getByLabelText('Your Review'), { target: { value: 'Great' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Review' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })

  it('a review written meanwhile elsewhere (409): says so, and opens it for editing with the new text kept', async () => {
    const me = buildUser()
    signIn(me)
    const theirs = buildReview({
      rating: 2,
      comment: 'Written in another tab',
      user: { _id: me._id, username: me.username, profileImage: '' },
      book: { _id: book._id, title: book.title, author: book.author, coverImage: '' },
    })
    let written = false
    const { callsTo } = api({
      [`GET /reviews/book/${book._id}/mine`]: () => (written ? { body: theirs } : notFound('Review not found')),
      [`POST /reviews/book/${book._id}`]: () => {
        written = true
        return { status: 409, body: { message: 'You have already reviewed this book', code: 'conflict' } }
      },
      [`PUT /reviews/${theirs._id}`]: (req) => ({ body: { ...theirs, ...(req.body as object), comment: (req.body as { content: string }).content } }),
    })
    renderApp(`/books/${book._id}`)
    const dialog = await openDialog()
    fireEvent.click(within(dialog).getByLabelText('4 Stars'))
    fireEvent.change(within(dialog).getByLabelText('Your Review'), { target: { value: 'Again, better' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Review' }))
    const editing = await screen.findByRole('dialog', { name: 'Edit Your Review' })
    expect(within(editing).getByText(/^You have already reviewed this book\./)).toBeInTheDocument()
    expect(within(editing).getByLabelText('Your Review')).toHaveValue('Again, better')
    fireEvent.click(within(editing).getByRole('button', { name: 'Save Review' }))
    await waitFor(() => expect(callsTo(`PUT /reviews/${theirs._id}`)).toHaveLength(1))
    expect(callsTo(`PUT /reviews/${theirs._id}`)[0]!.body).toEqual({ rating: 4, content: 'Again, better' })
  })

  it("falls back to 'Failed to submit review'", async () => {
    signIn(buildUser())
    api({ [`POST /reviews/book/${book._id}`]: { status: 500, body: {} } })
    renderApp(`/books/${book._id}`)
    const dialog = await openDialog()
    fireEvent.click(within(dialog).getByLabelText('4 Stars'))
    fireEvent.change(within(dialog).getByLabelText('Your Review'), { target: { value: 'Again' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Review' }))
    expect(await within(dialog).findByText('Failed to submit review')).toBeInTheDocument()
  })
})

describe('A book the moderators hid (decision 0058)', () => {
  it('marks a book the moderators hid at the top of its page, with their note for a moderator only', async () => {
    const hidden = { ...book, removedByModerators: true as const }
    const notice = () => screen.findByText('removed by the moderators')
    api({ [`GET /books/${book._id}`]: { body: hidden } })
    const { unmount } = renderApp(`/books/${book._id}`)
    const marker = await notice()
    // Above the title, so it is read first.
    expect(marker.compareDocumentPosition(screen.getByRole('heading', { name: 'Dracula', level: 1 })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(screen.queryByText(/Moderators’ note/)).not.toBeInTheDocument()
    unmount()

    api({ [`GET /books/${book._id}`]: { body: { ...hidden, moderatorsNote: 'A casino advert, not a book' } } })
    renderApp(`/books/${book._id}`)
    await notice()
    expect(screen.getByText('Moderators’ note: “A casino advert, not a book”')).toBeInTheDocument()
  })

  it('shows no mark on a book the moderators did not hide', async () => {
    api()
    renderApp(`/books/${book._id}`)
    await screen.findByRole('heading', { name: 'Dracula', level: 1 })
    expect(screen.queryByText('removed by the moderators')).not.toBeInTheDocument()
  })
})
