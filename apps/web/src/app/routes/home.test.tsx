import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { renderApp } from '#/test/render.tsx'
import { fakeApi, serverError } from '#/test/fake-api.ts'
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
    const headings = within(screen.getByRole('main')).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)
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

  it('keeps only books with the query inside their title or author, any case, loaded ones included', async () => {
    const onlyInDescription = buildBook({ title: 'Carmilla', author: 'Sheridan Le Fanu', description: 'A vampire story.' })
    fakeApi({ ...base, 'GET /books/search': { body: [onlyInDescription, buildBook({ title: 'Vampyre Tales', author: 'Anon' })] } })
    renderApp('/')
    const box = await screen.findByRole('searchbox', { name: 'Search books' })
    await screen.findByRole('heading', { name: 'Emma' })
    fireEvent.change(box, { target: { value: 'VAMPYRE' } })
    fireEvent.submit(box.closest('form')!)
    const results = await screen.findByRole('list', { name: 'Search Results' })
    expect(within(results).getByRole('heading', { name: 'Vampyre Tales' })).toBeInTheDocument()
    expect(within(results).queryByRole('heading', { name: 'Carmilla' })).not.toBeInTheDocument()
    // 'racul' is inside 'Dracula', one of the books Home has loaded.
    fireEvent.change(box, { target: { value: 'racul' } })
    fireEvent.submit(box.closest('form')!)
    expect(await within(await screen.findByRole('list', { name: 'Search Results' })).findByRole('heading', { name: 'Dracula' })).toBeInTheDocument()
  })

  it('hides Search Results when nothing matches', async () => {
    fakeApi({ ...base, 'GET /books/search': { body: [] } })
    renderApp('/')
    const box = await screen.findByRole('searchbox', { name: 'Search books' })
    fireEvent.change(box, { target: { value: 'zzz' } })
    fireEvent.submit(box.closest('form')!)
    await screen.findByText('Loved every page.')
    expect(screen.queryByRole('heading', { name: 'Search Results' })).not.toBeInTheDocument()
  })

  it('shows From People You Follow to a signed-in reader, with at most 3 activity avatars', async () => {
    signIn(buildUser())
    const activity = Array.from({ length: 5 }, (_, i) => ({ type: 'review' as const, user: { _id: crypto.randomUUID(), username: `friend${i}`, profileImage: '' }, createdAt: '2024-01-01T00:00:00.000Z' }))
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
