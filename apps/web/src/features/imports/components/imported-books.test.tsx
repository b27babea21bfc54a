import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { renderApp } from '#/test/render.tsx'
import { fakeApi, pagedAnswer } from '#/test/fake-api.ts'
import { buildBook, buildUser, signIn } from '#/test/factories.ts'

// "Books your imports added" on the import screen (issue 21, point 3, decision 0032): each book the
// reader's imports made, with a link to its page (where they correct or delete it) and how many
// other readers rely on it.

describe('Books your imports added', () => {
  it('lists each book an import added with a link to its page and who relies on it', async () => {
    signIn(buildUser({ username: 'ada' }))
    const mine = buildBook({ title: 'The Ballot or the Bullet', author: 'Malcolm X' })
    const shared = buildBook({ title: 'Kindred Notes', author: 'Ada Writer' })
    fakeApi({
      'GET /imports': { body: [] },
      'GET /me/imported-books': pagedAnswer([
        { book: mine, otherReaders: 0 },
        { book: shared, otherReaders: 2 },
      ]),
    })
    renderApp('/import')
    const section = await screen.findByRole('region', { name: 'Books your imports added' })
    expect(within(section).getByRole('link', { name: 'The Ballot or the Bullet' })).toHaveAttribute('href', `/books/${mine._id}`)
    expect(within(section).getByText('Malcolm X · Only you rely on it: you can correct it or delete it')).toBeInTheDocument()
    expect(within(section).getByText('Ada Writer · 2 other readers rely on it: you can still correct it')).toBeInTheDocument()
  })

  it('is not shown while the imports added no book', async () => {
    signIn(buildUser({ username: 'ada' }))
    const { callsTo } = fakeApi({ 'GET /imports': { body: [] }, 'GET /me/imported-books': pagedAnswer([]) })
    renderApp('/import')
    await waitFor(() => expect(callsTo('GET /me/imported-books')).toHaveLength(1))
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Loading the books your imports added' })).not.toBeInTheDocument())
    expect(screen.queryByRole('region', { name: 'Books your imports added' })).not.toBeInTheDocument()
  })
})
