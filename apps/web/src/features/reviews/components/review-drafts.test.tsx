import { describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { renderApp } from '#/test/render.tsx'
import { fakeApi, type Handler } from '#/test/fake-api.ts'
import { buildBook, buildReview, buildUser, signIn } from '#/test/factories.ts'
import { bookReviewsApi } from '#/test/review-api.ts'
import { loginAnswer, signInThroughForm } from '#/test/sign-in-form.ts'

// A review being written survives the trip to /login (and a reload); leaving with unsent text asks
// first; a Submit pressed while signed out is sent once the reader is back signed in.

const me = buildUser({ username: 'mina' })
const book = buildBook({ title: 'Dracula', averageRating: 4, totalReviews: 1, inWishlist: false, inRecentlyRead: false })
const other = buildReview({ rating: 4, comment: 'Someone else’s words.' })

function api(extra: Record<string, Handler> = {}) {
  const fake = fakeApi({
    [`GET /books/${book._id}`]: { body: book },
    ...bookReviewsApi(me, book, [other]).calls,
    'POST /auth/login': loginAnswer(me),
    ...extra,
  })
  return fake
}

async function writeReview(stars: string, text: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Write a Review' }))
  const dialog = await screen.findByRole('dialog', { name: 'Write a Review' })
  // Signed in, the dialog first looks for the reader's own review (a spinner), then shows the form.
  fireEvent.click(await within(dialog).findByLabelText(stars))
  fireEvent.change(within(dialog).getByLabelText('Your Review'), { target: { value: text } })
  return dialog
}

/** Signed out on the book, the review written and submitted, which lands on /login. */
async function submitSignedOut(stars: string, text: string, extra: Record<string, Handler> = {}) {
  const fake = api(extra)
  const { router } = renderApp(`/books/${book._id}`)
  const dialog = await writeReview(stars, text)
  fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Review' }))
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  return { ...fake, router }
}

describe('a review being written', () => {
  it('Submit while signed out: /login, and once signed in the review is sent, once, and shows on top', async () => {
    const { callsTo, router } = await submitSignedOut('5 Stars', 'Letters, diaries and dread.')
    // No question on the way: it was the reader's own Submit.
    expect(screen.queryByRole('dialog', { name: 'Leave this page?' })).not.toBeInTheDocument()
    expect(callsTo(`POST /reviews/book/${book._id}`)).toHaveLength(0)

    await signInThroughForm()
    await waitFor(() => expect(router.state.location.pathname).toBe(`/books/${book._id}`))
    const list = await screen.findByRole('list', { name: 'Reviews' })
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Letters, diaries and dread.'))
    expect(callsTo(`POST /reviews/book/${book._id}`)).toHaveLength(1)
    expect(callsTo(`POST /reviews/book/${book._id}`)[0]!.body).toEqual({ rating: 5, content: 'Letters, diaries and dread.' })
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Your review')

    // Back on the page again: nothing is sent a second time, and the draft is gone.
    await act(() => router.navigate('/about'))
    await act(() => router.navigate(`/books/${book._id}`))
    await screen.findByRole('list', { name: 'Reviews' })
    expect(callsTo(`POST /reviews/book/${book._id}`)).toHaveLength(1)
    expect(sessionStorage.getItem(`shelfwise:draft:review:${book._id}`)).toBeNull()
  })

  it('back from /login having reviewed the book before: opens that review with the new text, sends nothing', async () => {
    const earlier = buildReview({
      rating: 2,
      comment: 'First impressions.',
      user: { _id: me._id, username: me.username, profileImage: '' },
      book: { _id: book._id, title: book.title, author: book.author, coverImage: '' },
    })
    const { callsTo } = await submitSignedOut('4 Stars', 'Second thoughts, kinder.', { [`GET /reviews/book/${book._id}/mine`]: { body: earlier } })
    await signInThroughForm()
    const editing = await screen.findByRole('dialog', { name: 'Edit Your Review' })
    expect(within(editing).getByText(/^You have already reviewed this book\./)).toBeInTheDocument()
    expect(within(editing).getByLabelText('Your Review')).toHaveValue('Second thoughts, kinder.')
    expect(within(editing).getByLabelText('4 Stars')).toBeChecked()
    expect(callsTo(`POST /reviews/book/${book._id}`)).toHaveLength(0)
  })

  it('is kept through a reload: reopening the dialog brings the draft back, which can be discarded', async () => {
    signIn(me)
    api()
    renderApp(`/books/${book._id}`)
    await writeReview('3 Stars', 'Half written when the tab reloaded')
    cleanup()
    renderApp(`/books/${book._id}`)
    fireEvent.click(await screen.findByRole('button', { name: 'Write a Review' }))
    const dialog = await screen.findByRole('dialog', { name: 'Write a Review' })
    // The dialog first looks for the reader's own review (a spinner), then shows the form with the draft.
    expect(await within(dialog).findByText('Your unsent draft is back.', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Your Review')).toHaveValue('Half written when the tab reloaded')
    expect(within(dialog).getByLabelText('3 Stars')).toBeChecked()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard draft' }))
    expect(within(dialog).getByLabelText('Your Review')).toHaveValue('')
    expect(sessionStorage.getItem(`shelfwise:draft:review:${book._id}`)).toBeNull()
  })

  it('leaving with unsent text asks first: Stay keeps the dialog and the text, Leave goes', async () => {
    signIn(me)
    api()
    const { router } = renderApp(`/books/${book._id}`)
    const dialog = await writeReview('4 Stars', 'Not finished yet')
    act(() => {
      void router.navigate('/about')
    })
    const ask = await screen.findByRole('dialog', { name: 'Leave this page?' })
    fireEvent.click(within(ask).getByRole('button', { name: 'Stay' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave this page?' })).not.toBeInTheDocument())
    expect(router.state.location.pathname).toBe(`/books/${book._id}`)
    expect(within(dialog).getByLabelText('Your Review')).toHaveValue('Not finished yet')

    act(() => {
      void router.navigate('/about')
    })
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Leave this page?' })).getByRole('button', { name: 'Leave' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'))
  })

  it('the tab asks before closing while text is unsent, and not after it is sent', async () => {
    signIn(me)
    api()
    renderApp(`/books/${book._id}`)
    const dialog = await writeReview('4 Stars', 'About to close the tab')
    const unload = () => {
      const e = new Event('beforeunload', { cancelable: true })
      window.dispatchEvent(e)
      return e.defaultPrevented
    }
    expect(unload()).toBe(true)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Review' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(unload()).toBe(false)
  })

  it('nothing typed: leaving does not ask', async () => {
    signIn(me)
    api()
    const { router } = renderApp(`/books/${book._id}`)
    fireEvent.click(await screen.findByRole('button', { name: 'Write a Review' }))
    await screen.findByRole('dialog', { name: 'Write a Review' })
    act(() => {
      void router.navigate('/about')
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'))
    expect(screen.queryByRole('dialog', { name: 'Leave this page?' })).not.toBeInTheDocument()
  })

  it('a reader who comes back from /login without signing in is not signed up for the review later', async () => {
    const { callsTo, router } = await submitSignedOut('5 Stars', 'Changed my mind about signing in')
    await screen.findByLabelText('Email')
    await act(() => router.navigate(-1))
    await screen.findByRole('heading', { name: 'Dracula', level: 1 })
    // Signing in later, from elsewhere (another tab), and coming back sends nothing.
    act(() => {
      signIn(me)
      window.dispatchEvent(new StorageEvent('storage', { key: 'token' }))
    })
    await act(() => router.navigate('/about'))
    await act(() => router.navigate(`/books/${book._id}`))
    await screen.findByRole('list', { name: 'Reviews' })
    // Signed in now: the reader's own review has been looked up, and still nothing was sent.
    await waitFor(() => expect(callsTo(`GET /reviews/book/${book._id}/mine`).length).toBeGreaterThan(0))
    await screen.findByRole('button', { name: 'Write a Review' })
    expect(callsTo(`POST /reviews/book/${book._id}`)).toHaveLength(0)
  })
})
