import { beforeAll, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Discussion, Post } from '@shelfwise/contracts'
import { renderApp } from '#/test/render.tsx'
import { fakeApi, pagedAnswer, type FakeRequest } from '#/test/fake-api.ts'
import { buildBook, buildUser, signIn } from '#/test/factories.ts'
import { choosePosition } from '#/test/position.ts'

const bookId = crypto.randomUUID()
const ann = { _id: crypto.randomUUID(), username: 'ann', profileImage: '' }

const buildPost = (o: Partial<Post> & { discussionId: string }): Post => ({
  _id: crypto.randomUUID(),
  parentId: null,
  user: ann,
  text: 'A post',
  position: null,
  deleted: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  editedAt: null,
  ...o,
})

const buildDiscussion = (o: Partial<Discussion> = {}): Discussion => ({
  _id: crypto.randomUUID(),
  bookId,
  title: 'Who is the narrator?',
  user: ann,
  postCount: 1,
  lastActivityAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  firstPost: null,
  ...o,
})

// The two screens' code (and the contracts) loaded once before the clock of the first test runs.
beforeAll(async () => {
  await Promise.all([import('#/app/routes/discussion.tsx'), import('#/app/routes/book-discussions.tsx'), import('@shelfwise/contracts')])
}, 30_000)

describe('a discussion', () => {
  it('shows a withheld post as how far ahead it is, and reveals it on request; hides ||spoilers|| until clicked', async () => {
    const d = buildDiscussion()
    const withheld = buildPost({ discussionId: d._id, text: null, withheld: 'ahead', position: { page: 212 } })
    const ending = buildPost({ discussionId: d._id, text: null, withheld: 'ahead', position: { finished: true } })
    const reply = buildPost({ discussionId: d._id, parentId: withheld._id, text: 'I knew it ||the twin|| all along' })
    const gone = buildPost({ discussionId: d._id, deleted: true, text: null, user: null })
    const api = fakeApi({
      [`GET /discussions/${d._id}`]: { status: 200, body: d },
      [`GET /discussions/${d._id}/posts`]: (req: FakeRequest) => {
        const reveal = req.query.get('reveal')?.split(',') ?? []
        const shown = (p: Post, text: string) => (reveal.includes(p._id) ? { ...p, text, withheld: undefined } : p)
        return pagedAnswer([shown(withheld, 'The butler did it'), reply, shown(ending, 'They marry'), gone])(req)
      },
    })
    renderApp(`/discussions/${d._id}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Who is the narrator?' })).toBeInTheDocument()
    expect(await screen.findByText('Ahead of you: page 212')).toBeInTheDocument()
    expect(screen.getByText('Ahead of you: the ending')).toBeInTheDocument()
    expect(screen.getAllByText('Post deleted').length).toBeGreaterThan(0)
    expect(screen.queryByText('The butler did it')).toBeNull()

    // Inline spoilers: a button until pressed, their words not in the page.
    expect(screen.queryByText(/the twin/)).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Spoiler hidden: show it' }))
    expect(await screen.findByText('the twin')).toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Reveal: Ahead of you: page 212' }))
    expect(await screen.findByText('The butler did it')).toBeInTheDocument()
    expect(api.callsTo(`GET /discussions/${d._id}/posts`).at(-1)!.query.get('reveal')).toBe(withheld._id)
    // The other one stays withheld.
    expect(screen.getByText('Ahead of you: the ending')).toBeInTheDocument()
  })

  it('sends a reply with how far in it is, under the post replied to', async () => {
    signIn(buildUser({ username: 'bea' }))
    const d = buildDiscussion()
    const first = buildPost({ discussionId: d._id, _id: d._id, text: 'Opening' })
    const api = fakeApi({
      [`GET /discussions/${d._id}`]: { status: 200, body: d },
      [`GET /discussions/${d._id}/posts`]: pagedAnswer([first]),
      [`POST /discussions/${d._id}/posts`]: (req: FakeRequest) => ({
        status: 201,
        body: buildPost({ discussionId: d._id, parentId: d._id, ...(req.body as object) }),
      }),
    })
    renderApp(`/discussions/${d._id}`)
    fireEvent.click(await screen.findByRole('button', { name: 'Reply to ann' }))
    const form = screen.getByRole('form', { name: 'Reply' })
    fireEvent.change(within(form).getByLabelText('Your reply', { exact: false }), { target: { value: 'Chapter 40 changes everything' } })
    await choosePosition(form, 'A percent', '140')
    fireEvent.click(within(form).getByRole('button', { name: 'Reply' }))
    expect(await within(form).findByText('Give a whole percent from 1 to 100')).toBeInTheDocument()
    expect(api.callsTo(`POST /discussions/${d._id}/posts`)).toHaveLength(0)
    fireEvent.change(within(form).getByLabelText('Percent'), { target: { value: '40' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Reply' }))
    await waitFor(() => expect(api.callsTo(`POST /discussions/${d._id}/posts`)).toHaveLength(1))
    expect(api.callsTo(`POST /discussions/${d._id}/posts`)[0]!.body).toEqual({
      text: 'Chapter 40 changes everything',
      parentId: d._id,
      position: { percent: 40 },
    })
  })

  it('edits one’s own opening post with the discussion’s title, and a reply without one; shows them edited (decision 0059)', async () => {
    signIn(buildUser({ _id: ann._id, username: 'ann' }))
    let d = buildDiscussion()
    let first = buildPost({ discussionId: d._id, _id: d._id, text: 'Opening', position: { page: 12 } })
    let reply = buildPost({ discussionId: d._id, parentId: d._id, text: 'My reply' })
    const other = buildPost({ discussionId: d._id, text: 'Not mine', user: { _id: crypto.randomUUID(), username: 'bea', profileImage: '' } })
    const edited = '2026-11-21T10:00:00.000Z'
    const api = fakeApi({
      [`GET /discussions/${d._id}`]: () => ({ status: 200, body: d }),
      [`GET /discussions/${d._id}/posts`]: (req: FakeRequest) => pagedAnswer([first, reply, other])(req),
      [`PUT /posts/${d._id}`]: (req: FakeRequest) => {
        const body = req.body as { text: string; title: string; position: Post['position'] }
        d = { ...d, title: body.title }
        first = { ...first, text: body.text, position: body.position, editedAt: edited }
        return { status: 200, body: first }
      },
      [`PUT /posts/${reply._id}`]: (req: FakeRequest) => {
        reply = { ...reply, ...(req.body as object), editedAt: edited }
        return { status: 200, body: reply }
      },
    })
    renderApp(`/discussions/${d._id}`)
    await screen.findByText('Opening')
    // Edit is offered on one's own posts only.
    expect(screen.getAllByRole('button', { name: /^Edit/ })).toHaveLength(2)

    fireEvent.click(screen.getByRole('button', { name: 'Edit the post and the title' }))
    const form = screen.getByRole('form', { name: 'Save' })
    expect(within(form).getByLabelText('Title', { exact: false })).toHaveValue('Who is the narrator?')
    expect(within(form).getByLabelText('Page')).toHaveValue('12')
    fireEvent.change(within(form).getByLabelText('Title', { exact: false }), { target: { value: 'Who narrates? 📖' } })
    fireEvent.change(within(form).getByLabelText('Your post', { exact: false }), { target: { value: 'Opening, better' } })
    await choosePosition(form, 'Not a spoiler')
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.callsTo(`PUT /posts/${d._id}`)).toHaveLength(1))
    expect(api.callsTo(`PUT /posts/${d._id}`)[0]!.body).toEqual({ text: 'Opening, better', position: null, title: 'Who narrates? 📖' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Who narrates? 📖' })).toBeInTheDocument()
    expect(await screen.findByText('Opening, better')).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Save' })).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }))
    const replyForm = screen.getByRole('form', { name: 'Save' })
    expect(within(replyForm).queryByLabelText('Title', { exact: false })).toBeNull()
    fireEvent.change(within(replyForm).getByLabelText('Your post', { exact: false }), { target: { value: 'My reply, fixed' } })
    fireEvent.click(within(replyForm).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.callsTo(`PUT /posts/${reply._id}`)).toHaveLength(1))
    expect(api.callsTo(`PUT /posts/${reply._id}`)[0]!.body).toEqual({ text: 'My reply, fixed', position: null })
    expect(await screen.findByText('My reply, fixed')).toBeInTheDocument()
    expect(screen.getAllByText(/· edited/)).toHaveLength(2)
  })

  it('says a discussion that is not there is not found', async () => {
    fakeApi({})
    renderApp(`/discussions/${crypto.randomUUID()}`)
    expect(await screen.findByRole('alert')).toHaveTextContent('Discussion not found')
  })
})

describe('a book’s discussions', () => {
  it('lists them with counts and starts a new one, then opens it', async () => {
    signIn(buildUser({ username: 'bea' }))
    const book = buildBook({ _id: bookId, title: 'Rebecca', discussionCount: 1 })
    const d = buildDiscussion({ postCount: 3 })
    const made = buildDiscussion({ title: 'The ending' })
    const api = fakeApi({
      [`GET /books/${bookId}`]: { status: 200, body: book },
      [`GET /books/${bookId}/discussions`]: pagedAnswer([d]),
      [`POST /books/${bookId}/discussions`]: { status: 201, body: made },
      [`GET /discussions/${made._id}`]: { status: 200, body: made },
      [`GET /discussions/${made._id}/posts`]: pagedAnswer([]),
    })
    renderApp(`/books/${bookId}/discussions`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Discussions: Rebecca' })).toBeInTheDocument()
    const link = await screen.findByRole('link', { name: 'Who is the narrator?' })
    expect(link).toHaveAttribute('href', `/discussions/${d._id}`)
    expect(screen.getByText(/3 posts · last activity/)).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Start a discussion' }))
    const form = screen.getByRole('form', { name: 'Start a discussion' })
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'The ending' } })
    fireEvent.change(within(form).getByLabelText('Your post', { exact: false }), { target: { value: 'Did she ||burn it||?' } })
    await choosePosition(form, 'The ending')
    fireEvent.click(within(form).getByRole('button', { name: 'Start a discussion' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'The ending' })).toBeInTheDocument()
    expect(api.callsTo(`POST /books/${bookId}/discussions`)[0]!.body).toEqual({
      title: 'The ending',
      text: 'Did she ||burn it||?',
      position: { finished: true },
    })
  })
})
