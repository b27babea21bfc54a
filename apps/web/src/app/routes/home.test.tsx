import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { renderApp } from '#/test/render.tsx'
import { fakeApi, serverError, type FakeResponse } from '#/test/fake-api.ts'
import { buildBook, buildReview, buildUser, signIn } from '#/test/factories.ts'

const books = [buildBook({ title: 'Dracula', author: 'Bram Stoker', description: 'D'.repeat(140) }), buildBook({ title: 'Emma' })]
const base = {
  'GET /books': { body: books, headers: { 'X-Total-Count': '2' } },
  'GET /reviews/popular-week': { body: [{ book: books[0], reviewCount: 3 }] },
  'GET /reviews/recent': { body: [buildReview({ comment: 'Loved every page.' })] },
}

describe('Home', () => {
  it('shows the hero, then each section with its content', async () => {
    const { callsTo } = fakeApi(base)
    renderApp('/')
    expect(await screen.findByRole('heading', { name: 'Discover Your Next Great Read' })).toBeInTheDocument()
    expect(screen.getByText('Explore new books and authors. Rated by the community.')).toBeInTheDocument()
    const popular = await screen.findByRole('list', { name: 'Popular Books This Week' })
    expect(within(popular).getByText('3 reviews this week')).toBeInTheDocument()
    // The description preview: the first 100 characters followed by an ellipsis.
    expect(within(popular).getByText(`${'D'.repeat(100)}...`)).toBeInTheDocument()
    expect(within(popular).getByRole('link', { name: /Dracula/ })).toHaveAttribute('href', `/books/${books[0]!._id}`)
    expect(await screen.findByText('Loved every page.')).toBeInTheDocument()
    expect(await screen.findByRole('region', { name: 'All books' })).toBeInTheDocument()
    // Rows are drawn once the list has measured where it starts on the page.
    expect((await screen.findAllByRole('heading', { name: 'Emma' })).length).toBeGreaterThan(0)
    // Sections in order; no followed section for visitors, no paging buttons.
    const headings = within(screen.getByRole('main'))
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent)
    expect(headings).toEqual(['Popular Books This Week', 'All Books', 'Recent Reviews'])
    expect(callsTo('GET /users/followed-users-books')).toHaveLength(0)
    expect(callsTo('GET /books')[0]!.query.get('limit')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /next|load more/i })).not.toBeInTheDocument()
  })

  it('shows a spinner per section while loading', async () => {
    fakeApi({ 'GET /books': { pending: true }, 'GET /reviews/popular-week': { pending: true }, 'GET /reviews/recent': { pending: true } })
    renderApp('/')
    expect(await screen.findByRole('progressbar', { name: 'Loading popular books' })).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Loading books' })).toBeInTheDocument()
  })

  it("shows the full-page alert 'Failed to fetch books' when the book list fails", async () => {
    fakeApi({ ...base, 'GET /books': serverError() })
    renderApp('/')
    expect(await screen.findByText('Failed to fetch books')).toBeInTheDocument()
    expect(screen.queryByText('Discover Your Next Great Read')).not.toBeInTheDocument()
  })

  it('shows inline errors for popular books and recent reviews', async () => {
    fakeApi({ ...base, 'GET /reviews/popular-week': serverError(), 'GET /reviews/recent': serverError() })
    renderApp('/')
    expect(await screen.findByText('Failed to fetch popular books this week')).toBeInTheDocument()
    expect(await screen.findByText('Failed to fetch recent reviews')).toBeInTheDocument()
  })

  it('shows the empty messages', async () => {
    fakeApi({ ...base, 'GET /reviews/popular-week': { body: [] }, 'GET /reviews/recent': { body: [] } })
    renderApp('/')
    expect(await screen.findByText('No popular books found for this week.')).toBeInTheDocument()
    expect(await screen.findByText('No recent reviews found.')).toBeInTheDocument()
  })

  it('asks the server when searching; a blank query clears the results', async () => {
    const { callsTo } = fakeApi({ ...base, 'GET /books/search': { body: [buildBook({ title: 'Frankenstein' })] } })
    renderApp('/')
    const box = await screen.findByRole('searchbox', { name: 'Search books' })
    fireEvent.change(box, { target: { value: '  frank  ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Search' }))
    const results = await screen.findByRole('list', { name: 'Search Results' })
    expect(within(results).getByRole('heading', { name: 'Frankenstein' })).toBeInTheDocument()
    expect(callsTo('GET /books/search')[0]!.query.get('query')).toBe('frank')
    fireEvent.change(box, { target: { value: '   ' } })
    fireEvent.submit(box.closest('form')!)
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Search Results' })).not.toBeInTheDocument())
  })

  it("shows what the server's forgiving search matches, even where the query is not inside a title or author", async () => {
    // 'Miserables' (no accent) and 'jane austin' (misspelt): the server finds them, the page keeps them all, in its order.
    const miserables = buildBook({ title: 'Les Misérables', author: 'Victor Hugo' })
    const emma = buildBook({ title: 'Emma', author: 'Jane Austen' })
    const persuasion = buildBook({ title: 'Persuasion', author: 'Jane Austen' })
    const { callsTo } = fakeApi({
      ...base,
      'GET /books/search': (req) => ({
        body: req.query.get('query') === 'Miserables' ? [miserables] : [persuasion, emma],
        headers: { 'X-Total-Count': req.query.get('query') === 'Miserables' ? '1' : '2' },
      }),
    })
    renderApp('/')
    const box = await screen.findByRole('searchbox', { name: 'Search books' })
    fireEvent.change(box, { target: { value: 'Miserables' } })
    fireEvent.submit(box.closest('form')!)
    const results = await screen.findByRole('list', { name: 'Search Results' })
    expect(
      within(results)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Les Misérables'])
    fireEvent.change(box, { target: { value: 'jane austin' } })
    fireEvent.submit(box.closest('form')!)
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Search Results' }))
          .getAllByRole('heading', { level: 3 })
          .map((h) => h.textContent),
      ).toEqual(['Persuasion', 'Emma']),
    )
    // One page of matches, asked of the same search Browse uses.
    const last = callsTo('GET /books/search').at(-1)!
    expect(last.query.get('query')).toBe('jane austin')
    expect(last.query.get('limit')).toBe('24')
    expect(within(screen.getByRole('region', { name: 'Search Results' })).getByText('2 books')).toBeInTheDocument()
  })

  it("brings Search Results into view with the reader's focus, keeps the query in the address, and titles the tab", async () => {
    const scrollTo = vi.fn()
    vi.stubGlobal('scrollTo', scrollTo)
    fakeApi({ ...base, 'GET /books/search': { body: [buildBook({ title: 'Dracula' })] } })
    const { router } = renderApp('/')
    await waitFor(() => expect(document.title).toBe('Discover Your Next Great Read — Shelfwise'))
    const box = await screen.findByRole('searchbox', { name: 'Search books' })
    fireEvent.change(box, { target: { value: 'Dracla' } })
    fireEvent.submit(box.closest('form')!)
    const heading = await screen.findByRole('heading', { name: 'Search Results', level: 2 })
    await waitFor(() => expect(heading).toHaveFocus())
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: expect.any(Number) }))
    expect(router.state.location.search).toBe('?q=Dracla')
    expect(document.title).toBe('Search Results for “Dracla” — Shelfwise')
  })

  it('shows the results again for a query in the address (Back from a book), without moving the reader', async () => {
    const scrollTo = vi.fn()
    vi.stubGlobal('scrollTo', scrollTo)
    fakeApi({ ...base, 'GET /books/search': { body: [buildBook({ title: 'Dracula' })] } })
    renderApp('/?q=dracula')
    expect(await within(await screen.findByRole('list', { name: 'Search Results' })).findByRole('heading', { name: 'Dracula' })).toBeInTheDocument()
    expect(screen.getByRole('searchbox', { name: 'Search books' })).toHaveValue('dracula')
    expect(screen.getByRole('heading', { name: 'Search Results' })).not.toHaveFocus()
    // (The router's own scroll to the top of a new page is the only one. The All Books grid's
    // virtualizer, when it mounts first, scrolls to where the page already is: that moves nothing.)
    expect(scrollTo.mock.calls.filter(([arg]) => typeof arg === 'object' && (arg as ScrollToOptions).top !== window.scrollY)).toEqual([])
  })

  it('a next page of matches comes on Show more results', async () => {
    const first = Array.from({ length: 24 }, (_, i) => buildBook({ title: `Match ${i + 1}` }))
    const { callsTo } = fakeApi({
      ...base,
      'GET /books/search': (req): FakeResponse =>
        req.query.get('cursor')
          ? { body: [buildBook({ title: 'Match 25' })], headers: { 'X-Total-Count': '25' } }
          : { body: first, headers: { 'X-Total-Count': '25', Link: '</api/books/search?query=match&limit=24&cursor=abc>; rel="next"' } },
    })
    renderApp('/?q=match')
    const results = await screen.findByRole('list', { name: 'Search Results' })
    expect(await within(results).findAllByRole('listitem')).toHaveLength(24)
    expect(screen.getByText('Showing 24 of 25 books')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Show more results' }))
    expect(await within(results).findByRole('heading', { name: 'Match 25' })).toBeInTheDocument()
    expect(callsTo('GET /books/search').at(-1)!.query.get('cursor')).toBe('abc')
    expect(screen.queryByRole('button', { name: 'Show more results' })).not.toBeInTheDocument()
  })

  it('shows From People You Follow to a signed-in reader, with at most 3 activity avatars', async () => {
    signIn(buildUser())
    const activity = Array.from({ length: 5 }, (_, i) => ({
      type: 'review' as const,
      user: { _id: crypto.randomUUID(), username: `friend${i}`, profileImage: '' },
      createdAt: '2024-01-01T00:00:00.000Z',
    }))
    fakeApi({ ...base, 'GET /users/followed-users-books': { body: [{ book: books[1], reviewCount: 4, readCount: 1, recentActivity: activity }] } })
    renderApp('/')
    const section = await screen.findByRole('list', { name: 'From People You Follow' })
    expect(within(section).getAllByTestId('activity-avatar')).toHaveLength(3)
  })

  it("shows 'Failed to fetch books from followed users', and nothing when the list is empty", async () => {
    signIn(buildUser())
    fakeApi({ ...base, 'GET /users/followed-users-books': serverError() })
    renderApp('/')
    expect(await screen.findByText('Failed to fetch books from followed users')).toBeInTheDocument()
  })

  it('leaves out the followed section when it is empty', async () => {
    signIn(buildUser())
    const { callsTo } = fakeApi({ ...base, 'GET /users/followed-users-books': { body: [] } })
    renderApp('/')
    await screen.findByText('Loved every page.')
    await waitFor(() => expect(callsTo('GET /users/followed-users-books')).toHaveLength(1))
    expect(screen.queryByRole('heading', { name: 'From People You Follow' })).not.toBeInTheDocument()
  })
})
