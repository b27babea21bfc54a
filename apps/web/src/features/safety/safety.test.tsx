import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '#/test/render.tsx'
import { fakeApi } from '#/test/fake-api.ts'
import { buildBook, buildReview, buildUser, signIn } from '#/test/factories.ts'

// Report and "removed by the moderators" on a book's reviews (decision 0058).

describe('reports on a book page', () => {
  it('reports another reader’s review with a reason and a note, and shows a hidden one as removed, without Report', async () => {
    const me = buildUser()
    signIn(me)
    const book = buildBook({ title: 'Reported Book' })
    const part = { _id: book._id, title: book.title, author: book.author, coverImage: '' }
    const theirs = buildReview({ comment: 'Buy pills now', book: part })
    const hidden = buildReview({ comment: '', removedByModerators: true, book: part })
    const api = fakeApi({
      [`GET /books/${book._id}`]: { body: book },
      [`GET /reviews/book/${book._id}`]: { body: [theirs, hidden], headers: { 'X-Total-Count': '2' } },
      [`GET /reviews/book/${book._id}/mine`]: { status: 204 },
      'POST /reports': () => ({
        status: 201,
        body: {
          _id: crypto.randomUUID(),
          targetType: 'review',
          targetId: theirs._id,
          reason: 'spam',
          note: 'An advert',
          status: 'open',
          outcomeNote: null,
          createdAt: '2024-06-01T10:00:00.000Z',
          decidedAt: null,
        },
      }),
    })
    renderApp(`/books/${book._id}`)
    expect(await screen.findByText('removed by the moderators', {}, { timeout: 20_000 })).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: 'Report' })).toHaveLength(1)
    await userEvent.click(screen.getByRole('button', { name: 'Report' }))
    const dialog = await screen.findByRole('dialog', { name: 'Report to the moderators' })
    await userEvent.type(within(dialog).getByLabelText('Anything the moderators should know (optional)'), 'An advert')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }))
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Thank you. The moderators will look at it; you will find their answer under Your reports in your profile.',
    )
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/reports')?.body).toEqual({ targetType: 'review', targetId: theirs._id, reason: 'spam', note: 'An advert' }),
    )
  }, 30_000)
})
