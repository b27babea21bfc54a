import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { MERGE_MESSAGES, type MergeProposal } from '@shelfwise/contracts'
import { renderApp } from '#/test/render.tsx'
import { fakeApi, pagedAnswer, type FakeRequest } from '#/test/fake-api.ts'
import { buildBook, buildUser, signIn } from '#/test/factories.ts'
import { buildProposal } from '#/features/merges/test-proposals.ts'

const card = (name: string | RegExp) => screen.findByRole('article', { name })

describe('the Duplicates screen', () => {
  it('lists proposals side by side: who proposed, the status, what differs, which one stays', async () => {
    const emma = buildBook({ title: 'Emma', author: 'Jane Austen', pageCount: 474, ratingsCount: 30 })
    const dupe = buildBook({ title: 'Emma (Penguin Classics)', author: 'Jane Austen', pageCount: 512, ratingsCount: 1 })
    const open = buildProposal({ pair: [dupe, emma], survivor: 1, proposedBy: { _id: crypto.randomUUID(), username: 'ada' } })
    const imported = buildProposal({ origin: 'import', proposedBy: { _id: crypto.randomUUID(), username: 'importer' } })
    fakeApi({ 'GET /merge-proposals': pagedAnswer([open, imported]) })
    renderApp('/merges')

    expect(await screen.findByRole('heading', { level: 1, name: 'Duplicates' })).toBeInTheDocument()
    const first = await card('Emma (Penguin Classics) and Emma')
    expect(within(first).getByText('Open')).toBeInTheDocument()
    expect(within(first).getByText('Same book')).toBeInTheDocument()
    expect(within(first).getByRole('link', { name: '@ada' })).toBeInTheDocument()
    expect(first).toHaveTextContent('Proposed by @ada on November 20, 2026')
    // The title row differs, the author row agrees; both show (they name the books).
    const titleRow = within(first).getByRole('rowheader', { name: /Title/ }).closest('tr')!
    expect(titleRow).toHaveTextContent('Differs')
    expect(
      within(first)
        .getByRole('rowheader', { name: /Author/ })
        .closest('tr'),
    ).toHaveTextContent('Same')
    expect(within(first).getByRole('rowheader', { name: /Pages/ }).closest('tr')).toHaveTextContent('PagesDiffers512474')
    // Emma stays (more readers rated it); the duplicate would go.
    const [, headA, headB] = within(first).getAllByRole('columnheader')
    expect(headA).toHaveTextContent('Would be merged into the other')
    expect(headB).toHaveTextContent('Would stay')
    expect(within(headB!).getByRole('link', { name: 'Emma' })).toHaveAttribute('href', `/books/${emma._id}`)
    // Agreeing fields fold away until asked for.
    expect(within(first).queryByRole('rowheader', { name: /Publisher/ })).toBeNull()
    fireEvent.click(within(first).getByRole('button', { name: /Show all fields/ }))
    expect(within(first).getByRole('rowheader', { name: /Publisher/ })).toBeInTheDocument()

    const second = screen.getAllByRole('article')[1]!
    expect(second).toHaveTextContent('Suggested by an import')
    expect(second).not.toHaveTextContent('@importer')
    // A visitor is shown no buttons.
    expect(screen.queryByRole('button', { name: 'Apply merge' })).toBeNull()
  })

  it('says so when there is nothing yet', async () => {
    fakeApi({ 'GET /merge-proposals': pagedAnswer([]) })
    renderApp('/merges')
    expect(await screen.findByText(/No duplicates have been proposed yet/)).toBeInTheDocument()
  })

  it('reads on with the cursor, 20 at a time', async () => {
    const all = Array.from({ length: 45 }, () => buildProposal())
    const api = fakeApi({ 'GET /merge-proposals': pagedAnswer(all) })
    renderApp('/merges')
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(20))
    expect(screen.getByText('Showing 20 of 45')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Load more merge proposals' }))
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(40))
    const calls = api.callsTo('GET /merge-proposals')
    expect(calls[0]!.query.get('limit')).toBe('20')
    expect(calls[1]!.query.get('cursor')).toBe('20')
  })

  it('the list failing says so in the API’s words', async () => {
    fakeApi({ 'GET /merge-proposals': { status: 500, body: { message: 'Something went wrong on our side. Please try again.', code: 'internal' } } })
    renderApp('/merges')
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side. Please try again.')
  })

  it('a reader who may not apply is shown the API’s refusal; a moderator applies, then reverts', async () => {
    signIn(buildUser({ username: 'mod' }))
    let proposal: MergeProposal = buildProposal({ survivor: 1 })
    let allowed = false
    const api = fakeApi({
      'GET /merge-proposals': (req: FakeRequest) => pagedAnswer([proposal])(req),
      [`POST /merge-proposals/${proposal._id}/apply`]: () => {
        if (!allowed) return { status: 403, body: { message: MERGE_MESSAGES.cannotApply, code: 'forbidden' } }
        const merge = {
          _id: crypto.randomUUID(),
          survivorId: proposal.ids[1]!,
          absorbedId: proposal.ids[0]!,
          appliedAt: '2026-11-21T10:00:00.000Z',
          appliedBy: { _id: crypto.randomUUID(), username: 'mod' },
          revertedAt: null,
          revertedBy: null,
        }
        proposal = { ...proposal, status: 'applied', merge }
        return { body: proposal }
      },
    })
    renderApp('/merges')
    const one = await card(/ and /)
    fireEvent.click(within(one).getByRole('button', { name: 'Apply merge' }))
    expect(await within(one).findByRole('alert')).toHaveTextContent(MERGE_MESSAGES.cannotApply)

    allowed = true
    fireEvent.click(within(one).getByRole('button', { name: 'Apply merge' }))
    expect(await within(one).findByRole('status')).toHaveTextContent('Merge applied.')
    await waitFor(() => expect(within(one).getByText('Applied')).toBeInTheDocument())
    expect(one).toHaveTextContent('Applied by @mod on November 21, 2026')
    expect(within(one).queryByRole('alert')).toBeNull()
    // The absorbed book's link is still its own id: the API answers it with the book that stayed.
    const [, absorbedHead] = within(one).getAllByRole('columnheader')
    expect(absorbedHead).toHaveTextContent('Merged: its link now leads to the book that stayed')
    expect(within(absorbedHead!).getByRole('link')).toHaveAttribute('href', `/books/${proposal.ids[0]}`)

    api.calls.length = 0
    const mergeId = proposal.merge!._id
    fakeApi({
      'GET /merge-proposals': (req: FakeRequest) => pagedAnswer([proposal])(req),
      [`POST /merges/${mergeId}/revert`]: { status: 409, body: { message: MERGE_MESSAGES.laterMerge, code: 'conflict' } },
    })
    fireEvent.click(within(one).getByRole('button', { name: 'Revert merge' }))
    expect(await within(one).findByRole('alert')).toHaveTextContent(MERGE_MESSAGES.laterMerge)
  })
})
