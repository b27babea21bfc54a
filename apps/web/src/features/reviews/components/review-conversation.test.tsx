import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Comment } from '@shelfwise/contracts'
import { renderApp } from '#/test/render.tsx'
import { fakeApi, type FakeRequest } from '#/test/fake-api.ts'
import { buildBook, buildReview, buildUser, signIn } from '#/test/factories.ts'
import { choosePosition } from '#/test/position.ts'

// Likes and comments on a book page's reviews (issue 23, decisions 0041 and 0042).

const at = '2024-06-01T10:00:00.000Z'
/** A comment on the review `reviewId`, by someone, with a fresh id unless `o` gives one. */
const comment = (o: Partial<Comment> & Pick<Comment, 'reviewId'>): Comment => ({
  _id: crypto.randomUUID(),
  parentId: null,
  user: { _id: crypto.randomUUID(), name: 'Someone', username: 'someone', profileImage: '' },
  text: 'A comment',
  createdAt: at,
  editedAt: null,
  deleted: false,
  likes: 0,
  likedByMe: false,
  mentions: [],
  ...o,
})

/** The server's answer to a new comment on the review: the comment as sent, saved. */
const savedComment = (reviewId: string) => (req: FakeRequest) => ({
  status: 201,
  body: comment({ reviewId, ...(req.body as object) }),
})

function scene(reviewOverrides: Parameters<typeof buildReview>[0] = {}) {
  const book = buildBook({ title: 'Conversation Book' })
  const review = buildReview({
    likes: 2,
    likedByMe: false,
    commentCount: 2,
    book: { _id: book._id, title: book.title, author: book.author, coverImage: '' },
    ...reviewOverrides,
  })
  /** What the book page reads: the book, its one review, and no review of the reader's own. */
  const bookPage = {
    [`GET /books/${book._id}`]: { body: book },
    [`GET /reviews/book/${book._id}`]: { body: [review], headers: { 'X-Total-Count': '1' } },
    [`GET /reviews/book/${book._id}/mine`]: { status: 204 },
  }
  return { book, review, bookPage }
}

/** The scene with a reader signed in, `me`. */
function signedInScene() {
  const me = buildUser()
  signIn(me)
  return { me, ...scene() }
}

describe('likes and comments on a review', () => {
  it('likes at once, settles to the server’s count, and takes the like back', async () => {
    const { book, review, bookPage } = signedInScene()
    let answer = { likes: 7, likedByMe: true }
    const api = fakeApi({
      ...bookPage,
      [`PUT /reviews/${review._id}/like`]: () => ({ body: answer }),
      [`DELETE /reviews/${review._id}/like`]: () => ({ body: answer }),
    })
    renderApp(`/books/${book._id}`)
    const like = await screen.findByRole('button', { name: /^Like this review: 2 likes$/ }, { timeout: 20_000 })
    expect(like).toHaveAttribute('aria-pressed', 'false')
    await userEvent.click(like)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Like this review: 7 likes, liked by you' })).toHaveAttribute('aria-pressed', 'true'))
    answer = { likes: 6, likedByMe: false }
    await userEvent.click(screen.getByRole('button', { name: /^Like this review/ }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Like this review: 6 likes' })).toBeInTheDocument())
    expect(api.calls.filter((c) => c.path === `/reviews/${review._id}/like`).map((c) => c.method)).toEqual(['PUT', 'DELETE'])
    // The first test loads the book page's code.
  }, 30_000)

  it('puts the like back when the server refuses it', async () => {
    signIn(buildUser())
    const { book, review, bookPage } = scene()
    fakeApi({
      ...bookPage,
      [`PUT /reviews/${review._id}/like`]: { status: 429, body: { message: 'Too many likes in a short time.', code: 'rate_limited' } },
    })
    renderApp(`/books/${book._id}`)
    await userEvent.click(await screen.findByRole('button', { name: /^Like this review: 2 likes$/ }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Like this review: 2 likes' })).toHaveAttribute('aria-pressed', 'false'))
  })

  it('asks a signed-out reader to sign in instead of liking', async () => {
    const { book, bookPage } = scene()
    const api = fakeApi(bookPage)
    renderApp(`/books/${book._id}`)
    await userEvent.click(await screen.findByRole('button', { name: /^Like this review/ }))
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login')
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false)
  })

  it('opens the thread: replies under their comment, a tombstone, links made safe, mentions linked; a reply is sent with its parent', async () => {
    const { book, review, bookPage } = signedInScene()
    const top = comment({
      reviewId: review._id,
      text: 'See https://example.org/page. Ask @mira! javascript:alert(1)',
      mentions: [{ _id: 'f7b8c0de-0000-7000-8000-000000000001', username: 'Mira' }],
    })
    const reply = comment({ reviewId: review._id, parentId: top._id, text: 'Agreed', editedAt: at })
    const gone = comment({ reviewId: review._id, deleted: true, text: null, user: null })
    const goneReply = comment({ reviewId: review._id, parentId: gone._id, text: 'Still here' })
    const api = fakeApi({
      ...bookPage,
      [`GET /reviews/${review._id}/comments`]: { body: [top, reply, gone, goneReply], headers: { 'X-Total-Count': '4' } },
      [`POST /reviews/${review._id}/comments`]: savedComment(review._id),
    })
    renderApp(`/books/${book._id}`)
    await userEvent.click(await screen.findByRole('button', { name: '2 comments' }))
    const list = await screen.findByRole('list', { name: 'Comments' })
    const link = within(list).getByRole('link', { name: 'https://example.org/page' })
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc')
    expect(within(list).getByRole('link', { name: '@mira' })).toHaveAttribute('href', '/user/f7b8c0de-0000-7000-8000-000000000001')
    expect(within(list).queryByRole('link', { name: /javascript/ })).toBeNull()
    expect(within(list).getByText(/edited/)).toBeInTheDocument()
    expect(within(list).getByText('comment deleted')).toBeInTheDocument()
    expect(within(list).getByText('Still here')).toBeInTheDocument()

    await userEvent.click(within(list).getAllByRole('button', { name: 'Reply' })[1]!)
    await userEvent.type(screen.getByRole('textbox', { name: /^Reply to/ }), 'Me too')
    await userEvent.click(within(screen.getByRole('textbox', { name: /^Reply to/ }).closest('form')!).getByRole('button', { name: 'Reply' }))
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ text: '@someone Me too', parentId: reply._id }]))
  })

  it('shows a comment ahead of the reader as how far in it is, and reveals it on request (decision 0059)', async () => {
    const { book, review, bookPage } = scene()
    const ahead = comment({ reviewId: review._id, text: null, withheld: 'ahead', position: { page: 212 } })
    const ending = comment({ reviewId: review._id, text: null, withheld: 'ahead', position: { finished: true } })
    const api = fakeApi({
      ...bookPage,
      [`GET /reviews/${review._id}/comments`]: (req: FakeRequest) => {
        const reveal = req.query.get('reveal')?.split(',') ?? []
        const body = [ahead, ending].map((c) => (reveal.includes(c._id) ? { ...c, text: 'The butler did it', withheld: undefined } : c))
        return { body, headers: { 'X-Total-Count': '2' } }
      },
    })
    renderApp(`/books/${book._id}`)
    await userEvent.click(await screen.findByRole('button', { name: '2 comments' }))
    const list = await screen.findByRole('list', { name: 'Comments' })
    expect(within(list).getByText('Ahead of you: page 212')).toBeInTheDocument()
    expect(within(list).getByText('Ahead of you: the ending')).toBeInTheDocument()
    await userEvent.click(within(list).getByRole('button', { name: 'Reveal: Ahead of you: page 212' }))
    expect(await within(list).findByText('The butler did it')).toBeInTheDocument()
    expect(within(list).getByText(/at page 212/)).toBeInTheDocument()
    expect(api.callsTo(`GET /reviews/${review._id}/comments`).at(-1)!.query.get('reveal')).toBe(ahead._id)
    expect(within(list).getByText('Ahead of you: the ending')).toBeInTheDocument()
  })

  it('sends how far into the book a new comment is, and changes or takes it away on edit', async () => {
    const { me, book, review, bookPage } = signedInScene()
    const mine = comment({
      reviewId: review._id,
      text: 'At the twist',
      position: { percent: 40 },
      user: { _id: me._id, name: me.name, username: me.username, profileImage: '' },
    })
    const api = fakeApi({
      ...bookPage,
      [`GET /reviews/${review._id}/comments`]: { body: [mine], headers: { 'X-Total-Count': '1' } },
      [`POST /reviews/${review._id}/comments`]: savedComment(review._id),
      [`PUT /comments/${mine._id}`]: (req) => ({ body: { ...mine, ...(req.body as object), editedAt: at } }),
    })
    renderApp(`/books/${book._id}`)
    await userEvent.click(await screen.findByRole('button', { name: '2 comments' }))
    const list = await screen.findByRole('list', { name: 'Comments' })
    expect(within(list).getByText(/at 40%/)).toBeInTheDocument()

    const form = screen.getByRole('textbox', { name: 'Add a comment' }).closest('form')!
    fireEvent.change(within(form).getByRole('textbox', { name: 'Add a comment' }), { target: { value: 'Page 212 was a shock' } })
    await choosePosition(form, 'A page', '0')
    fireEvent.click(within(form).getByRole('button', { name: 'Comment' }))
    expect(await within(form).findByText('Give a whole page number from 1')).toBeInTheDocument()
    expect(api.callsTo(`POST /reviews/${review._id}/comments`)).toHaveLength(0)
    fireEvent.change(within(form).getByLabelText('Page'), { target: { value: '212' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Comment' }))
    await waitFor(() => expect(api.callsTo(`POST /reviews/${review._id}/comments`)).toHaveLength(1))
    expect(api.callsTo(`POST /reviews/${review._id}/comments`)[0]!.body).toEqual({ text: 'Page 212 was a shock', position: { page: 212 } })

    // Editing starts from the comment's own position; "Not a spoiler" sends null, which takes it away.
    await userEvent.click(within(list).getByRole('button', { name: 'Edit' }))
    const edit = screen.getByRole('textbox', { name: 'Edit your comment' }).closest('form')!
    expect(within(edit).getByLabelText('Percent')).toHaveValue('40')
    await choosePosition(edit, 'Not a spoiler')
    fireEvent.click(within(edit).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.callsTo(`PUT /comments/${mine._id}`)).toHaveLength(1))
    expect(api.callsTo(`PUT /comments/${mine._id}`)[0]!.body).toEqual({ text: 'At the twist', position: null })
  })

  it('hides a spoiler review’s text until asked', async () => {
    const { book, bookPage } = scene({ spoiler: true, comment: 'The butler did it' })
    fakeApi(bookPage)
    renderApp(`/books/${book._id}`)
    await userEvent.click(await screen.findByRole('button', { name: 'Show spoiler' }))
    expect(screen.getByText('The butler did it')).toBeInTheDocument()
  })

  it('orders a book’s reviews by the sort chosen', async () => {
    signIn(buildUser())
    const { book, bookPage } = scene()
    const api = fakeApi(bookPage)
    renderApp(`/books/${book._id}`)
    await userEvent.click(await screen.findByRole('button', { name: 'Most liked' }, { timeout: 20_000 }))
    await waitFor(() => expect(api.calls.some((c) => c.path === `/reviews/book/${book._id}` && c.query.get('sort') === 'liked')).toBe(true))
    await userEvent.click(await screen.findByRole('button', { name: 'People you follow' }))
    await waitFor(() => expect(api.calls.some((c) => c.query.get('sort') === 'following')).toBe(true))
  })
})
