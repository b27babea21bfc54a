import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ReadingEntry, Review } from '@shelfwise/contracts'
import { renderApp } from '#/test/render.tsx'
import { fakeApi, notFound, type FakeRequest, type Handler } from '#/test/fake-api.ts'
import { buildBook, buildReview, buildUser, NO_PROGRESS, signIn } from '#/test/factories.ts'

// Your rating is yours (decision 0036): Write a Review starts from the stars you gave without a
// review, may mark a book with no status Read (and says so), and deleting a review asks whether
// its stars stay.

const me = buildUser({ username: 'ada' })

/** A book with one other review (5 stars) and the reader's entry; `mine` their own review, if any. */
function bookPage(entry: Partial<ReadingEntry>, mine: Review | null = null) {
  const book = buildBook({ title: 'Persuasion', averageRating: 5, totalReviews: 1, ratingsCount: 1 })
  const reading: ReadingEntry = { bookId: book._id, status: null, rating: null, progress: NO_PROGRESS, reads: [], removedReads: [], ...entry }
  const ref = { _id: book._id, title: book.title, author: book.author, coverImage: '' }
  const theirs = buildReview({ rating: 5, comment: 'Quietly perfect.', book: ref })
  let own = mine && { ...mine, book: ref, user: { _id: me._id, username: me.username, profileImage: '' } }
  const routes: Record<string, Handler> = {
    [`GET /books/${book._id}`]: { body: book },
    [`GET /reviews/book/${book._id}`]: () => ({ body: own ? [own, theirs] : [theirs] }),
    [`GET /reviews/book/${book._id}/mine`]: () => (own ? { body: own } : notFound('Review not found')),
    [`GET /books/${book._id}/reading`]: () => ({ body: reading }),
    [`PUT /books/${book._id}/reading`]: (req: FakeRequest) => ({ body: { ...reading, ...(req.body as object) } }),
    [`POST /reviews/book/${book._id}`]: (req: FakeRequest) => {
      const b = req.body as { rating: number; content: string }
      own = buildReview({ rating: b.rating, comment: b.content, book: ref, user: { _id: me._id, username: me.username, profileImage: '' } })
      return { status: 201, body: own }
    },
    ...(own ? { [`DELETE /reviews/${own._id}`]: () => ((own = null), { status: 204 }) } : {}),
  }
  return { book, routes, ownId: own?._id }
}

async function openWriteDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Write a Review' }))
  const dialog = await screen.findByRole('dialog', { name: 'Write a Review' })
  // The form, once the reader's entry is known.
  await within(dialog).findByLabelText('Your Review')
  return dialog
}

describe('Write a Review and your rating', () => {
  it('opens with the stars you gave without a review, and sends them', async () => {
    signIn(me)
    const { book, routes } = bookPage({ status: 'reading', rating: 4 })
    const { callsTo } = fakeApi(routes)
    renderApp(`/books/${book._id}`)
    const dialog = await openWriteDialog()
    expect(within(dialog).getByLabelText('4 Stars')).toBeChecked()
    // Already on a shelf: nothing to mark.
    expect(within(dialog).queryByRole('checkbox', { name: /mark it as Read/ })).not.toBeInTheDocument()
    fireEvent.change(within(dialog).getByLabelText('Your Review'), { target: { value: 'Anne, at last.' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Review' }))
    await waitFor(() => expect(callsTo(`POST /reviews/book/${book._id}`)).toHaveLength(1))
    expect(callsTo(`POST /reviews/book/${book._id}`)[0]!.body).toEqual({ rating: 4, content: 'Anne, at last.' })
    expect(callsTo(`PUT /books/${book._id}/reading`)).toHaveLength(0)
  })

  it('offers to mark a book with no status as Read, saying so, and marks it unless unticked', async () => {
    signIn(me)
    const { book, routes } = bookPage({ status: null, rating: null })
    const { callsTo } = fakeApi(routes)
    renderApp(`/books/${book._id}`)
    const dialog = await openWriteDialog()
    const mark = within(dialog).getByRole('checkbox', { name: 'Also mark it as Read: it is on none of your shelves yet' })
    expect(mark).toBeChecked()
    expect(within(dialog).getByLabelText('5 Stars')).not.toBeChecked()
    fireEvent.click(within(dialog).getByLabelText('3 Stars'))
    fireEvent.change(within(dialog).getByLabelText('Your Review'), { target: { value: 'Good.' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Review' }))
    await waitFor(() => expect(callsTo(`PUT /books/${book._id}/reading`)).toHaveLength(1))
    expect(callsTo(`PUT /books/${book._id}/reading`)[0]!.body).toMatchObject({ status: 'read' })
  })

  it('unticked, the status stays as it is', async () => {
    signIn(me)
    const other = bookPage({ status: null, rating: null })
    const api = fakeApi(other.routes)
    renderApp(`/books/${other.book._id}`)
    const dialog = await openWriteDialog()
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /mark it as Read/ }))
    fireEvent.click(within(dialog).getByLabelText('2 Stars'))
    fireEvent.change(within(dialog).getByLabelText('Your Review'), { target: { value: 'Not for me.' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Review' }))
    await waitFor(() => expect(api.callsTo(`POST /reviews/book/${other.book._id}`)).toHaveLength(1))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.callsTo(`PUT /books/${other.book._id}/reading`)).toHaveLength(0)
  })
})

describe('deleting your review and your rating', () => {
  /** Your 3-star review on the book page, its Delete confirmation open; `deleted()` sends it and answers the DELETE asked for. */
  async function openDelete() {
    signIn(me)
    const { book, routes, ownId } = bookPage({ status: 'read', rating: 3 }, buildReview({ rating: 3, comment: 'Slow, then wonderful.' }))
    const { callsTo } = fakeApi(routes)
    renderApp(`/books/${book._id}`)
    fireEvent.click(await screen.findByRole('button', { name: 'Delete your review of Persuasion' }))
    const confirm = await screen.findByRole('dialog', { name: 'Delete your review?' })
    const deleted = async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }))
      await waitFor(() => expect(callsTo(`DELETE /reviews/${ownId}`)).toHaveLength(1))
      return callsTo(`DELETE /reviews/${ownId}`)[0]!
    }
    return { confirm, deleted }
  }

  it('asks whether the stars stay, kept unless unticked: the API is asked to keep them as your rating', async () => {
    const { confirm, deleted } = await openDelete()
    const keep = within(confirm).getByRole('checkbox', { name: 'Keep my 3-star rating' })
    expect(keep).toBeChecked()
    expect(confirm).toHaveTextContent('Your review of “Persuasion” will be removed from Shelfwise. Your 3-star rating stays, as your rating of the book.')
    expect((await deleted()).query.get('keepRating')).toBe('true')
  })

  it('unticked, the review goes with its stars', async () => {
    const { confirm, deleted } = await openDelete()
    fireEvent.click(within(confirm).getByRole('checkbox', { name: 'Keep my 3-star rating' }))
    expect(confirm).toHaveTextContent('Your review of “Persuasion” and its rating will be removed from Shelfwise.')
    expect((await deleted()).query.has('keepRating')).toBe(false)
  })
})
