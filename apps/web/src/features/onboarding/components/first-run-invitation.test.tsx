import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { READING_STATUSES } from '@shelfwise/contracts/constants'
import { renderApp } from '#/test/render.tsx'
import { buildBook, buildUser, NO_PROGRESS } from '#/test/factories.ts'
import { ownProfileApi } from '#/test/profile-api.ts'

// The first-run invitation on the own profile (issue 22 point 15).

const me = buildUser({ name: 'Ada Lovelace', username: 'ada' })
const counts = (n: number) => Object.fromEntries(READING_STATUSES.map((s) => [s, s === 'want' ? n : 0]))
const popular = buildBook({ title: 'Emma', author: 'Jane Austen' })
const rated = buildBook({ title: 'كتاب الرمل', author: 'Jorge Luis Borges' })

const profileWith = (bookCount: number) =>
  ownProfileApi(
    {
      [`GET /users/${me._id}/library/counts`]: { body: counts(bookCount) },
      'GET /reviews/popular-week': { body: [{ book: popular, reviewCount: 3 }] },
      'GET /books': { body: [rated, popular] },
      [`PUT /books/${popular._id}/reading`]: {
        body: { bookId: popular._id, status: 'want', rating: null, progress: NO_PROGRESS, reads: [], removedReads: [] },
      },
    },
    me,
  )

describe('First run', () => {
  it('invites a reader with an empty library to import a library or pick a few books', async () => {
    profileWith(0)
    renderApp('/profile')
    // The first to load the panel's chunk on a busy machine.
    const panel = await screen.findByRole('region', { name: 'Start your library' }, { timeout: 15_000 })
    expect(within(panel).getByRole('link', { name: 'Import from Goodreads or StoryGraph' })).toHaveAttribute('href', '/import')
    expect(within(panel).getByRole('button', { name: 'Pick a few books' })).toBeInTheDocument()
  })

  it('says nothing to a reader who has books', async () => {
    profileWith(3)
    renderApp('/profile')
    await screen.findByRole('heading', { name: 'Ada Lovelace' })
    await screen.findByText(/Want to Read · 3/)
    expect(screen.queryByRole('region', { name: 'Start your library' })).not.toBeInTheDocument()
  })

  it('picks popular books, then the best rated, each once, with one tap to Want to Read', async () => {
    const { callsTo } = profileWith(0)
    renderApp('/profile')
    fireEvent.click(await screen.findByRole('button', { name: 'Pick a few books' }))
    const dialog = await screen.findByRole('dialog', { name: 'Pick a few books' })
    await within(dialog).findByRole('button', { name: 'Want to Read: Emma' })
    expect(
      within(dialog)
        .getAllByRole('button', { name: /^Want to Read: / })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Want to Read: Emma', 'Want to Read: كتاب الرمل'])
    fireEvent.click(within(dialog).getByRole('button', { name: 'Want to Read: Emma' }))
    expect(await within(dialog).findByRole('button', { name: 'On Want to Read: Emma' })).toHaveAttribute('aria-disabled', 'true')
    expect(callsTo(`PUT /books/${popular._id}/reading`)[0]!.body).toEqual({ status: 'want' })
    // The panel stays while the reader picks, though their library is no longer empty.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done (1)' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByRole('region', { name: 'Start your library' })).toBeInTheDocument()
  })

  it('once dismissed, stays dismissed', async () => {
    profileWith(0)
    const first = renderApp('/profile')
    const panel = await screen.findByRole('region', { name: 'Start your library' })
    fireEvent.click(within(panel).getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByRole('region', { name: 'Start your library' })).not.toBeInTheDocument()
    first.unmount()
    profileWith(0)
    renderApp('/profile')
    await screen.findByText(/Want to Read · 0/)
    expect(screen.queryByRole('region', { name: 'Start your library' })).not.toBeInTheDocument()
  })
})
