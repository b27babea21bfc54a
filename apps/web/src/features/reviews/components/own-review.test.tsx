import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Book, Review } from '@shelfwise/contracts'
import { renderApp } from '#/test/render.tsx'
import { fakeApi, notFound, type Handler } from '#/test/fake-api.ts'
import { buildBook, buildReview, buildStats, buildUser, signIn } from '#/test/factories.ts'

// The reader's own review: shown at the top of the book's page, edited and deleted there and from
// their profile's Reviews tab (deleting asks first), and 'Write a Review' opens it instead of failing.

const me = buildUser({ username: 'ada' })
const ref = (b: Book) => ({ _id: b._id, title: b.title, author: b.author, coverImage: '' })
const mineOf = (b: Book, o: Partial<Review> = {}) =>
  buildReview({ rating: 2, comment: 'Slow to start, then gripping.', user: { _id: me._id, username: me.username, profileImage: '' }, book: ref(b), ...o })

/** A book with 3 reviews averaging 4 (12 stars), one of them the reader's 2-star review; the server keeps the count exact. */
function bookWithMine() {
  let book = buildBook({ title: 'Dracula', averageRating: 4, totalReviews: 3, ratingsCount: 3, inWishlist: false, inRecentlyRead: false })
  let mine: Review | null = mineOf(book)
  const others = [buildReview({ rating: 5, comment: 'Chilling.', book: ref(book) }), buildReview({ rating: 5, comment: 'Perfect.', book: ref(book) })]
  const sum = () => others.reduce((s, r) => s + r.rating, 0) + (mine?.rating ?? 0)
  const count = () => others.length + (mine ? 1 : 0)
  const refresh = () => {
    book = { ...book, totalReviews: count(), ratingsCount: count(), averageRating: count() ? sum() / count() : 0 }
  }
  const routes: Record<string, Handler> = {
    [`GET /books/${book._id}`]: () => ({ body: book }),
    // Newest first, the reader's own in the middle: it is moved to the top.
    [`GET /reviews/book/${book._id}`]: () => ({ body: [others[0], ...(mine ? [mine] : []), others[1]], headers: { 'X-Total-Count': String(count()) } }),
    [`GET /reviews/book/${book._id}/mine`]: () => (mine ? { body: mine } : notFound('Review not found')),
    [`PUT /reviews/${mine._id}`]: (req) => {
      const b = req.body as { rating: number; content: string }
      mine = { ...mine!, rating: b.rating, comment: b.content, updatedAt: new Date().toISOString() }
      refresh()
      return { body: mine }
    },
    [`DELETE /reviews/${mine._id}`]: () => {
      mine = null
      refresh()
      return { status: 204 }
    },
  }
  return { book, routes, id: mine._id }
}

describe('your own review on the book page', () => {
  it('shows your rating at the top and your review first in the list, marked, with Edit and Delete', async () => {
    signIn(me)
    const { book, routes } = bookWithMine()
    fakeApi(routes)
    renderApp(`/books/${book._id}`)
    const top = await screen.findByTestId('my-rating')
    expect(within(top).getByRole('img', { name: 'You rated it 2 out of 5' })).toBeInTheDocument()
    const first = (await screen.findAllByRole('listitem')).find((li) => li.closest('ul')?.getAttribute('aria-label') === 'Reviews')!
    expect(first).toHaveTextContent('Your review')
    expect(first).toHaveTextContent('Slow to start, then gripping.')
    expect(within(first).getByRole('button', { name: 'Edit your review of Dracula' })).toBeInTheDocument()
    expect(within(first).getByRole('button', { name: 'Delete your review of Dracula' })).toBeInTheDocument()
    // Only once in the list, and nobody else's review carries the buttons.
    const list = screen.getByRole('list', { name: 'Reviews' })
    expect(within(list).getAllByText('Slow to start, then gripping.')).toHaveLength(1)
    expect(within(list).getAllByRole('button', { name: /^Edit your review/ })).toHaveLength(1)
  })

  it("'Write a Review' opens your review for editing; saving changes it and the average shown moves", async () => {
    signIn(me)
    const { book, routes, id } = bookWithMine()
    const { callsTo } = fakeApi(routes)
    renderApp(`/books/${book._id}`)
    await screen.findByTestId('my-rating')
    expect(screen.getByText('4.0')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Write a Review' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Your Review' })
    expect(within(dialog).getByLabelText('Your Review')).toHaveValue('Slow to start, then gripping.')
    expect(within(dialog).getByLabelText('2 Stars')).toBeChecked()
    // Nothing changed yet: nothing to save.
    expect(within(dialog).getByRole('button', { name: 'Save Review' })).toBeDisabled()
    fireEvent.click(within(dialog).getByLabelText('5 Stars'))
    fireEvent.change(within(dialog).getByLabelText('Your Review'), { target: { value: 'Gripping from the first page.' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Review' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(callsTo(`PUT /reviews/${id}`)[0]!.body).toEqual({ rating: 5, content: 'Gripping from the first page.' })
    expect(callsTo(`POST /reviews/book/${book._id}`)).toHaveLength(0)
    // (5 + 5 + 5) / 3: the average and your stars follow, the count stays.
    expect(await screen.findByText('5.0')).toBeInTheDocument()
    expect(screen.getByText('(3 reviews)')).toBeInTheDocument()
    expect(within(screen.getByTestId('my-rating')).getByRole('img', { name: 'You rated it 5 out of 5' })).toBeInTheDocument()
    expect(within(screen.getByRole('list', { name: 'Reviews' })).getAllByRole('listitem')[0]).toHaveTextContent('Gripping from the first page.')
  })

  it('the top bar’s Write Review and “Edit your review” open the same review', async () => {
    signIn(me)
    const { book, routes } = bookWithMine()
    fakeApi(routes)
    renderApp(`/books/${book._id}`)
    fireEvent.click(within(await screen.findByTestId('my-rating')).getByRole('button', { name: 'Edit your review' }))
    expect(await screen.findByRole('dialog', { name: 'Edit Your Review' })).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    fireEvent.click(screen.getByRole('button', { name: 'Write Review' }))
    expect(await screen.findByRole('dialog', { name: 'Edit Your Review' })).toBeInTheDocument()
  })

  it('Delete asks first: Cancel keeps the review; Delete removes it, and the count and average follow', async () => {
    signIn(me)
    const { book, routes, id } = bookWithMine()
    const { callsTo } = fakeApi(routes)
    renderApp(`/books/${book._id}`)
    fireEvent.click(await screen.findByRole('button', { name: 'Delete your review of Dracula' }))
    let confirm = await screen.findByRole('dialog', { name: 'Delete your review?' })
    expect(confirm).toHaveTextContent(
      'Your review of “Dracula” will be removed from Shelfwise. Your 2-star rating stays, as your rating of the book. This cannot be undone.',
    )
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(callsTo(`DELETE /reviews/${id}`)).toHaveLength(0)
    expect(screen.getByText('Slow to start, then gripping.')).toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Delete your review of Dracula' }))
    confirm = await screen.findByRole('dialog', { name: 'Delete your review?' })
    // The stars go too (decision 0036: kept unless unticked).
    fireEvent.click(within(confirm).getByRole('checkbox', { name: 'Keep my 2-star rating' }))
    expect(confirm).toHaveTextContent('Your review of “Dracula” and its rating will be removed from Shelfwise. This cannot be undone.')
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByText('Slow to start, then gripping.')).not.toBeInTheDocument())
    expect(callsTo(`DELETE /reviews/${id}`)).toHaveLength(1)
    // (5 + 5) / 2 from two reviews; no rating of yours any more, and Write a Review writes a new one.
    expect(await screen.findByText('(2 reviews)')).toBeInTheDocument()
    expect(screen.getByText('5.0')).toBeInTheDocument()
    expect(screen.queryByTestId('my-rating')).not.toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Write a Review' }))
    const dialog = await screen.findByRole('dialog', { name: 'Write a Review' })
    expect(await within(dialog).findByLabelText('Your Review')).toHaveValue('')
  })

  it('a failed delete says so in the dialog and keeps the review', async () => {
    signIn(me)
    const { book, routes, id } = bookWithMine()
    fakeApi({ ...routes, [`DELETE /reviews/${id}`]: { status: 500, body: {} } })
    renderApp(`/books/${book._id}`)
    fireEvent.click(await screen.findByRole('button', { name: 'Delete your review of Dracula' }))
    const confirm = await screen.findByRole('dialog', { name: 'Delete your review?' })
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }))
    expect(await within(confirm).findByText('Failed to delete review')).toBeInTheDocument()
    expect(screen.getByTestId('my-rating')).toBeInTheDocument()
  })

  it('a visitor sees no rating of theirs and no Edit or Delete', async () => {
    const { book, routes } = bookWithMine()
    const { callsTo } = fakeApi(routes)
    renderApp(`/books/${book._id}`)
    await screen.findByRole('list', { name: 'Reviews' })
    expect(screen.queryByTestId('my-rating')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Edit your review/ })).not.toBeInTheDocument()
    expect(screen.queryByText('Your review')).not.toBeInTheDocument()
    // Not even asked without a session.
    expect(callsTo(`GET /reviews/book/${book._id}/mine`)).toHaveLength(0)
  })
})

describe('your own reviews on your profile', () => {
  function profileApi(extra: Record<string, Handler> = {}) {
    const book = buildBook({ title: 'Carmilla' })
    let reviews: Review[] = [mineOf(book, { rating: 3, comment: 'Eerie and short.' })]
    const id = reviews[0]!._id
    signIn(me)
    const fake = fakeApi({
      [`GET /users/profile/${me._id}`]: { body: me },
      [`GET /users/${me._id}/stats`]: () => ({ body: buildStats({ reviews: reviews.length }) }),
      'GET /users/wishlist': { body: [] },
      [`GET /users/reviews/${me._id}`]: () => ({ body: reviews }),
      [`PUT /reviews/${id}`]: (req) => {
        const b = req.body as { rating: number; content: string }
        reviews = reviews.map((r) => ({ ...r, rating: b.rating, comment: b.content }))
        return { body: reviews[0] }
      },
      [`DELETE /reviews/${id}`]: () => {
        reviews = []
        return { status: 204 }
      },
      ...extra,
    })
    return { ...fake, id }
  }

  /** The own profile's Reviews tab, with Edit or Delete pressed on the one review there. */
  async function pressOnTheReview(action: 'Edit' | 'Delete') {
    const api = profileApi()
    renderApp('/profile')
    fireEvent.click(await screen.findByRole('tab', { name: 'Reviews' }))
    fireEvent.click(await screen.findByRole('button', { name: `${action} your review of Carmilla` }))
    return api
  }

  it('edits a review from the Reviews tab', async () => {
    const { callsTo, id } = await pressOnTheReview('Edit')
    const dialog = await screen.findByRole('dialog', { name: 'Edit Your Review' })
    expect(within(dialog).getByLabelText('Your Review')).toHaveValue('Eerie and short.')
    fireEvent.change(within(dialog).getByLabelText('Your Review'), { target: { value: 'Eerie, short, unforgettable.' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Review' }))
    expect(await screen.findByText('Eerie, short, unforgettable.')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(callsTo(`PUT /reviews/${id}`)[0]!.body).toEqual({ rating: 3, content: 'Eerie, short, unforgettable.' })
  })

  it('deletes a review from the Reviews tab after asking', async () => {
    const { callsTo, id } = await pressOnTheReview('Delete')
    const confirm = await screen.findByRole('dialog', { name: 'Delete your review?' })
    expect(callsTo(`DELETE /reviews/${id}`)).toHaveLength(0)
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByText('Eerie and short.')).not.toBeInTheDocument())
    expect(callsTo(`DELETE /reviews/${id}`)).toHaveLength(1)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it("another reader's public profile shows their reviews without Edit or Delete", async () => {
    signIn(me)
    const other = buildUser({ username: 'bram' })
    const theirs = buildReview({ comment: 'Not yours to change.', user: { _id: other._id, username: other.username, profileImage: '' } })
    fakeApi({
      [`GET /users/profile/${other._id}`]: { body: other },
      [`GET /users/${other._id}/stats`]: { body: buildStats({ reviews: 1 }) },
      [`GET /users/reviews/${other._id}`]: { body: [theirs] },
    })
    renderApp(`/user/${other._id}`)
    expect(await screen.findByText('Not yours to change.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^(Edit|Delete) your review/ })).not.toBeInTheDocument()
  })
})
