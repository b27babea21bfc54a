import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { FeedItem } from '@shelfwise/contracts'
import { renderApp } from '#/test/render.tsx'
import { fakeApi, pagedAnswer, serverError } from '#/test/fake-api.ts'
import { buildUser, signIn } from '#/test/factories.ts'

const ann = { _id: '01900000-0000-7000-8000-00000000a001', name: 'Ann Reader', username: 'ann', profileImage: '' }
const book = { _id: '01900000-0000-7000-8000-00000000b001', title: 'Dune', author: 'Frank Herbert', coverImage: '' }
const item = (n: number, o: Partial<FeedItem>): FeedItem => ({
  _id: `review:${n}`,
  type: 'review',
  actor: ann,
  book,
  at: `2026-11-${String(20 - (n % 19)).padStart(2, '0')}T10:00:00.000Z`,
  ...o,
})
const DISCUSSION = '01900000-0000-7000-8000-00000000d001'
const REVIEW = '01900000-0000-7000-8000-00000000e001'

describe('Following (the followed feed)', () => {
  it('shows each activity with who, what, which book and a link to what it is about', async () => {
    signIn(buildUser())
    fakeApi({
      'GET /me/feed': pagedAnswer([
        item(1, { _id: `discussion:${DISCUSSION}`, type: 'discussion', discussionId: DISCUSSION, title: 'Who is the narrator?' }),
        item(2, { type: 'finished', rating: 4 }),
        item(3, { type: 'review', rating: 5, reviewId: REVIEW }),
        item(4, { type: 'dnf', book: null }),
      ]),
    })
    renderApp('/feed')
    const list = await screen.findByRole('list', { name: 'Following' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Ann Reader started a discussion of Dune'),
      expect.stringContaining('Ann Reader finished Dune and rated it 4 of 5'),
      expect.stringContaining('Ann Reader reviewed Dune, 5 of 5'),
      expect.stringContaining('Ann Reader stopped reading a book no longer listed (did not finish)'),
    ])
    expect(within(rows[0]!).getByText('Who is the narrator?')).toBeInTheDocument()
    expect(within(rows[0]!).getByRole('link', { name: 'Open the discussion: Dune' })).toHaveAttribute('href', `/discussions/${DISCUSSION}`)
    expect(within(rows[2]!).getByRole('link', { name: 'Read the review: Dune' })).toHaveAttribute('href', `/books/${book._id}`)
    expect(within(rows[1]!).getByRole('link', { name: 'Ann Reader' })).toHaveAttribute('href', `/user/${ann._id}`)
  })

  it('reads on with Load more until the feed ends', async () => {
    signIn(buildUser())
    fakeApi({ 'GET /me/feed': pagedAnswer(Array.from({ length: 25 }, (_, i) => item(i + 1, { _id: `review:${i}` }))) })
    renderApp('/feed')
    const list = await screen.findByRole('list', { name: 'Following' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(20)
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(25))
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
  })

  it('points a reader who follows nobody to finding readers', async () => {
    signIn(buildUser())
    fakeApi({ 'GET /me/feed': pagedAnswer([]) })
    renderApp('/feed')
    expect(await screen.findByText(/Nothing here yet. Follow readers/)).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Find readers to follow' })).toBeInTheDocument()
    expect(screen.getByRole('combobox')).toBeInTheDocument()
  })

  it('says when the feed cannot be read', async () => {
    signIn(buildUser())
    fakeApi({ 'GET /me/feed': serverError('The feed is resting') })
    renderApp('/feed')
    expect(await screen.findByText('The feed is resting')).toBeInTheDocument()
  })

  it('asks a visitor to sign in', async () => {
    fakeApi({})
    renderApp('/feed')
    expect(await screen.findByRole('link', { name: /Sign in to see what the readers you follow/ })).toHaveAttribute('href', '/login')
  })
})
