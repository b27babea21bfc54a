import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { MERGE_MESSAGES, type Book, type Edition, type MergeProposal } from '@shelfwise/contracts'
import { renderApp } from '#/test/render.tsx'
import { fakeApi, pagedAnswer, type FakeRequest, type Handler } from '#/test/fake-api.ts'
import { buildBook, buildEdition, buildUser, signIn } from '#/test/factories.ts'
import { buildProposal } from '#/features/merges/test-proposals.ts'

const emma = buildBook({ title: 'Emma', author: 'Jane Austen', ratingsCount: 40, pageCount: 474, createdAt: '2024-01-01T10:00:00.000Z', editionCount: 1 })
const dupe = buildBook({
  title: 'Emma (Penguin Classics)',
  author: 'Jane Austen',
  ratingsCount: 2,
  pageCount: 512,
  createdAt: '2026-10-01T10:00:00.000Z',
  editionCount: 1,
})
const other = buildBook({ title: 'Emma and the Vampires', author: 'Wayne Josephson', editionCount: 1 })

/** The book page of `page` for a signed-in reader, with the catalogue's search and the proposal's answer. */
function bookPage(page: Book, extra: Record<string, Handler> = {}) {
  const me = buildUser({ username: 'ada' })
  signIn(me)
  const api = fakeApi({
    [`GET /books/${page._id}`]: { body: page },
    [`GET /books/${emma._id}`]: { body: emma },
    [`GET /reviews/book/${page._id}`]: { body: [], headers: { 'X-Total-Count': '0' } },
    'GET /merge-proposals': pagedAnswer([]),
    'GET /books/search': { body: [page, emma, other] },
    ...extra,
  })
  renderApp(`/books/${page._id}`)
  return { me, api }
}

async function openFlow() {
  fireEvent.click(await screen.findByRole('button', { name: 'Report a duplicate' }))
  return screen.findByRole('dialog', { name: 'Report a duplicate' })
}

describe('proposing a merge from a book’s page', () => {
  it('finds the other book by search, compares them side by side with the one that would stay, then proposes', async () => {
    const sent: unknown[] = []
    const { me, api } = bookPage(dupe, {
      'POST /merge-proposals': (req: FakeRequest) => {
        sent.push(req.body)
        return { status: 201, body: buildProposal({ pair: [dupe, emma], survivor: 1, proposedBy: { _id: me._id, username: 'ada' } }) }
      },
    })
    const dialog = await openFlow()
    expect(within(dialog).getByRole('radio', { name: 'Two editions of this book are the same edition' })).toBeDisabled()
    expect(within(dialog).getByRole('button', { name: 'Compare' })).toBeDisabled()

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Find the other book' }), { target: { value: '  emma ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Search' }))
    // This book itself is not offered.
    const choice = await within(dialog).findByRole('radio', { name: /^Emma by Jane Austen/ })
    expect(within(dialog).queryByRole('radio', { name: /Penguin Classics/ })).toBeNull()
    expect(api.callsTo('GET /books/search')[0]!.query.get('query')).toBe('emma')
    fireEvent.click(choice)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Compare' }))

    // Before anything is sent: both books, what differs, and that Emma (more readers rated it) would stay.
    await within(dialog).findByRole('table')
    expect(dialog).toHaveTextContent('Emma would stay')
    const [, headA, headB] = within(dialog).getAllByRole('columnheader')
    expect(headA).toHaveTextContent('Would be merged into the other')
    expect(headB).toHaveTextContent('Would stay')
    expect(within(dialog).getByRole('rowheader', { name: /Pages/ }).closest('tr')).toHaveTextContent('Differs')
    expect(
      within(dialog)
        .getByRole('rowheader', { name: /Author/ })
        .closest('tr'),
    ).toHaveTextContent('Same')
    expect(sent).toEqual([])

    fireEvent.click(within(dialog).getByRole('button', { name: 'Propose merge' }))
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Proposal sent.')
    expect(sent).toEqual([{ kind: 'work', ids: [dupe._id, emma._id] }])
    expect(within(dialog).getByRole('link', { name: 'See all duplicates' })).toHaveAttribute('href', '/merges')
  })

  it('an existing open proposal of the pair is shown as such; a refusal in the API’s words', async () => {
    const theirs = buildProposal({ pair: [emma, dupe], proposedBy: { _id: crypto.randomUUID(), username: 'bea' } })
    let answer: { status: number; body: unknown } = { status: 400, body: { message: MERGE_MESSAGES.sameWork, code: 'bad_request' } }
    bookPage(dupe, { 'POST /merge-proposals': () => answer })
    const dialog = await openFlow()
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Find the other book' }), { target: { value: 'emma' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Search' }))
    fireEvent.click(await within(dialog).findByRole('radio', { name: /^Emma by Jane Austen/ }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Compare' }))
    await within(dialog).findByRole('table')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Propose merge' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MERGE_MESSAGES.sameWork)

    answer = { status: 200, body: theirs }
    fireEvent.click(within(dialog).getByRole('button', { name: 'Propose merge' }))
    expect(await within(dialog).findByRole('status')).toHaveTextContent('This merge was already proposed by @bea: here it is.')
  })

  it('two editions of the book: chosen from its editions, compared, proposed as kind edition', async () => {
    const work = { ...emma, editionCount: 2 }
    const ed = (over: Partial<Edition>): Edition => buildEdition(work, { language: 'English', ...over })
    const main = ed({ _id: work._id, primary: true, format: 'hardcover', publisher: 'John Murray', isbn: '9780141439587' })
    const copy = ed({ format: 'hardcover', publisher: 'ג׳ון מאריי 📚', isbn: '9780141439588' })
    const sent: unknown[] = []
    bookPage(work, {
      [`GET /books/${work._id}`]: { body: work },
      [`GET /books/${work._id}/editions`]: pagedAnswer([main, copy]),
      [`GET /books/${copy._id}`]: { body: { ...work, editionId: copy._id, publisher: copy.publisher, isbn: copy.isbn } },
      'POST /merge-proposals': (req: FakeRequest) => {
        sent.push(req.body)
        return { status: 201, body: buildProposal({ kind: 'edition' }) }
      },
    })
    const dialog = await openFlow()
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Two editions of this book are the same edition' }))
    const first = await within(dialog).findByRole('combobox', { name: 'This edition' })
    expect(first).toHaveValue(work._id)
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'is the same edition as' }), { target: { value: copy._id } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Compare' }))
    await within(dialog).findByRole('table')
    // The work's shown edition stays.
    const [, headA] = within(dialog).getAllByRole('columnheader')
    expect(headA).toHaveTextContent('Would stay')
    expect(within(dialog).getByRole('rowheader', { name: /ISBN/ }).closest('tr')).toHaveTextContent('Differs')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Propose merge' }))
    await waitFor(() => expect(sent).toEqual([{ kind: 'edition', ids: [work._id, copy._id] }]))
  })

  it('names open proposals about the book, with the way to the Duplicates screen', async () => {
    const open: MergeProposal = buildProposal({ pair: [dupe, emma] })
    const { api } = bookPage(dupe, { 'GET /merge-proposals': pagedAnswer([open]) })
    expect(await screen.findByRole('note')).toHaveTextContent('A merge of this book with another is proposed.')
    expect(screen.getByRole('link', { name: 'See all duplicates' })).toHaveAttribute('href', '/merges')
    expect(api.callsTo('GET /merge-proposals')[0]!.query.get('bookId')).toBe(dupe._id)
  })

  it('a visitor is not offered to report one', async () => {
    fakeApi({ [`GET /books/${dupe._id}`]: { body: dupe }, [`GET /reviews/book/${dupe._id}`]: { body: [], headers: { 'X-Total-Count': '0' } } })
    renderApp(`/books/${dupe._id}`)
    expect(await screen.findByRole('heading', { level: 1, name: dupe.title })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Report a duplicate' })).toBeNull()
  })
})
