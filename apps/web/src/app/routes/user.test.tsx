import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { renderApp } from '#/test/render.tsx'
import { fakeApi, notFound, pagedAnswer, serverError, type Handler } from '#/test/fake-api.ts'
import { buildBook, buildReview, buildStats, buildUser, signIn } from '#/test/factories.ts'
import { followTile, recordScrolls, tileLinks } from '#/test/profile-tiles.ts'

const them = buildUser({ name: 'Bram Stoker', username: 'bram', bio: '' })

function api(extra: Record<string, Handler> = {}) {
  return fakeApi({
    [`GET /users/profile/${them._id}`]: { body: them },
    [`GET /users/${them._id}/stats`]: { body: buildStats({ reviews: 1, readBooks: 0, following: 2, followers: 5, wishlistCount: null }) },
    [`GET /users/reviews/${them._id}`]: { body: [] },
    [`GET /users/recently-read/${them._id}`]: { body: [] },
    ...extra,
  })
}

const scrollIntoView = recordScrolls()

describe('Public profile', () => {
  it('shows the profile with its stats, tabs and empty messages', async () => {
    api()
    renderApp(`/user/${them._id}`)
    expect(await screen.findByRole('heading', { name: 'Bram Stoker' })).toBeInTheDocument()
    expect(screen.getByText('@bram')).toBeInTheDocument()
    expect(screen.getByText('No bio available')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Follow' })).toBeInTheDocument()
    const stats = await screen.findByRole('list', { name: 'Statistics' })
    expect(within(stats).getByRole('link', { name: /Followers/ })).toHaveAttribute('href', `/user/${them._id}/followers`)
    expect(within(stats).getByRole('link', { name: /Followers/ })).toHaveTextContent('5 Followers')
    // The Following tile opens the Following tab.
    expect(within(stats).getByRole('link', { name: /Following/ })).toHaveAttribute('href', `/user/${them._id}/followers?tab=following`)
    expect(document.title).toBe('Bram Stoker (@bram) — Shelfwise')
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('tab', { name: 'Books Read' }))
    expect(await screen.findByText('No books read yet')).toBeInTheDocument()
    expect(screen.getByPlaceholderText('Search users by name...')).toBeInTheDocument()
  })

  it('says "removed by the moderators" in the bio of a profile the moderators hid', async () => {
    api({ [`GET /users/profile/${them._id}`]: { body: { ...them, removedByModerators: true } } })
    renderApp(`/user/${them._id}`)
    expect(await screen.findByText('removed by the moderators')).toBeInTheDocument()
    expect(screen.queryByText('No bio available')).not.toBeInTheDocument()
  })

  it('every stat tile is a link to what it counts; Books Read opens the Books Read tab (issue 22, point 13)', async () => {
    api()
    renderApp(`/user/${them._id}`)
    const stats = await screen.findByRole('list', { name: 'Statistics' })
    expect(tileLinks(stats)).toEqual([
      ['1 Reviews: see their reviews', `/user/${them._id}?tab=reviews#profile-sections`],
      ['0 Books Read: see the books they read', `/user/${them._id}?tab=books-read#profile-sections`],
      ['2 Following: see who they follow', `/user/${them._id}/followers?tab=following`],
      ['5 Followers: see their followers', `/user/${them._id}/followers`],
    ])
    // Books Read is not the library's Read count (decision 0039): the tiles say what it counts.
    expect(stats).toHaveAccessibleDescription('Books Read counts each book on their Recently Read list once, whatever its status now.')
    await followTile(stats, scrollIntoView, '0 Books Read: see the books they read', 'Books Read', 'No books read yet')
  })

  it('shows the discussion of their credited books under the Credited tab, withheld ones by how far in they are, and an empty state (decision 0059)', async () => {
    const book = buildBook({ title: 'Dracula' })
    const asBook = { _id: book._id, title: 'Dracula', author: 'Bram Stoker', coverImage: '' }
    const actor = (username: string) => ({ _id: crypto.randomUUID(), name: '', username, profileImage: '' })
    const threadId = crypto.randomUUID()
    const calls = api({
      [`GET /users/credited-books/${them._id}`]: pagedAnswer([book]),
      [`GET /users/credited-discussion/${them._id}`]: {
        body: [
          {
            _id: 'post:1',
            type: 'post',
            actor: actor('mina'),
            badge: null,
            book: asBook,
            at: '2026-12-01T10:00:00.000Z',
            text: null,
            position: { page: 212 },
            withheld: 'ahead',
            discussionId: threadId,
            title: 'The count’s ship',
          },
          {
            _id: 'comment:2',
            type: 'comment',
            actor: { ...them, profileImage: '' },
            badge: 'author',
            book: asBook,
            at: '2026-11-30T10:00:00.000Z',
            text: 'Thank you ||Lucy lives||',
            position: null,
            reviewId: crypto.randomUUID(),
            commentId: crypto.randomUUID(),
          },
          {
            _id: 'review:3',
            type: 'review',
            actor: actor('jonathan'),
            badge: null,
            book: asBook,
            at: '2026-11-29T10:00:00.000Z',
            text: null,
            position: null,
            spoiler: true,
            rating: 5,
            reviewId: crypto.randomUUID(),
          },
        ],
      },
    })
    renderApp(`/user/${them._id}?tab=credited`)
    const list = await screen.findByRole('list', { name: 'Recent discussion of their books' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Mmina posted in a discussion of DraculaThe count’s shipAhead of you: page 212/),
      expect.stringMatching(/^BBram StokerAuthor commented on a review of DraculaThank you/),
      expect.stringMatching(/^Jjonathan reviewed Dracula, 5 of 5This review contains spoilers\./),
    ])
    expect(within(rows[0]!).getByRole('link', { name: 'Open the discussion: Dracula' })).toHaveAttribute('href', `/discussions/${threadId}`)
    expect(within(rows[1]!).queryByText(/Lucy lives/)).toBeNull()
    expect(within(rows[2]!).getByRole('link', { name: 'Read the review: Dracula' })).toHaveAttribute('href', `/books/${book._id}`)
    expect(calls.callsTo(`GET /users/credited-discussion/${them._id}`)[0]!.query.get('limit')).toBe('10')
  })

  it('says when nothing has been said about their books, and asks for it only when the Credited tab opens', async () => {
    const calls = api({
      [`GET /users/credited-books/${them._id}`]: pagedAnswer([]),
      [`GET /users/credited-discussion/${them._id}`]: { body: [] },
    })
    renderApp(`/user/${them._id}`)
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument()
    expect(calls.callsTo(`GET /users/credited-discussion/${them._id}`)).toHaveLength(0)
    fireEvent.click(screen.getByRole('tab', { name: 'Credited' }))
    expect(await screen.findByText('Nothing has been said about their books yet.')).toBeInTheDocument()
  })

  it("shows reviews with 'Rating: {n}/5' and 'Reviewed on {date}', and the books read", async () => {
    const book = buildBook({ title: 'Carmilla' })
    api({
      [`GET /users/reviews/${them._id}`]: {
        body: [buildReview({ rating: 5, createdAt: '', book: { _id: book._id, title: 'Carmilla', author: 'Le Fanu', coverImage: '' } })],
      },
      [`GET /users/recently-read/${them._id}`]: { body: [book] },
    })
    renderApp(`/user/${them._id}`)
    expect(await screen.findByText('Rating: 5/5')).toBeInTheDocument()
    expect(screen.getByText('Reviewed on Unknown date')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('tab', { name: 'Books Read' }))
    expect(await screen.findByRole('link', { name: 'View Details' })).toHaveAttribute('href', `/books/${book._id}`)
  })

  it('follows and unfollows, updating the counts from the answer', async () => {
    signIn(buildUser())
    let following = false
    api({
      [`PUT /users/follow/${them._id}`]: () => {
        following = !following
        return { body: { isFollowing: following, followerCount: following ? 6 : 5, followingCount: 2 } }
      },
    })
    renderApp(`/user/${them._id}`)
    fireEvent.click(await screen.findByRole('button', { name: 'Follow' }))
    expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Followers/ })).toHaveTextContent('6 Followers')
    fireEvent.click(screen.getByRole('button', { name: 'Unfollow' }))
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument()
  })

  it("shows 'User not found' and 'Failed to load user profile'", async () => {
    api({ [`GET /users/profile/${them._id}`]: notFound('User not found') })
    renderApp(`/user/${them._id}`)
    expect(await screen.findByText('User not found')).toBeInTheDocument()
  })

  it("falls back to 'Failed to load user profile'", async () => {
    api({ [`GET /users/profile/${them._id}`]: { status: 500, body: {} } })
    renderApp(`/user/${them._id}`)
    expect(await screen.findByText('Failed to load user profile')).toBeInTheDocument()
  })

  it("shows 'Failed to load follow data' when the counts fail", async () => {
    api({ [`GET /users/${them._id}/stats`]: serverError() })
    renderApp(`/user/${them._id}`)
    expect(await screen.findByText('Failed to load follow data')).toBeInTheDocument()
  })

  it('searches users from the top bar; results open their profile; failures say so', async () => {
    const other = buildUser({ name: 'Mary Shelley', username: 'mary' })
    let fail = false
    api({ 'GET /users/search': () => (fail ? serverError() : { body: [other] }), [`GET /users/profile/${other._id}`]: { body: other } })
    const { router } = renderApp(`/user/${them._id}`)
    const box = await screen.findByRole('combobox', { name: 'Search users' })
    fireEvent.change(box, { target: { value: 'mary' } })
    fireEvent.click(await screen.findByText('Mary Shelley'))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/user/${other._id}`))
    fail = true
    fireEvent.change(screen.getByRole('combobox', { name: 'Search users' }), { target: { value: 'zzz' } })
    expect(await screen.findByText('Failed to search users')).toBeInTheDocument()
  })
})

describe('Public profile: long lists reach their end', () => {
  it('Reviews and Books Read: a page at a time with their counts, to the last one', async () => {
    const reviews = Array.from({ length: 26 }, (_, i) => buildReview({ comment: `Public review ${i + 1}` }))
    const books = Array.from({ length: 50 }, (_, i) => buildBook({ title: `Read Book ${i + 1}` }))
    api({ [`GET /users/reviews/${them._id}`]: pagedAnswer(reviews), [`GET /users/recently-read/${them._id}`]: pagedAnswer(books) })
    renderApp(`/user/${them._id}`)
    expect(await screen.findByText('Showing 24 of 26')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Load more reviews' }))
    expect(await screen.findByText('Public review 26')).toBeInTheDocument()
    expect(screen.getByText('Showing 26 of 26')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('tab', { name: 'Books Read' }))
    expect(await screen.findByText('Showing 24 of 50')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Load more books' }))
    expect(await screen.findByText('Showing 48 of 50')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Load more books' }))
    expect(await screen.findByRole('heading', { name: 'Read Book 50' })).toBeInTheDocument()
    expect(screen.getByText('Showing 50 of 50')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument()
  })

  it('marks reader-written text (name, username, bio) with its own direction', async () => {
    api({ [`GET /users/profile/${them._id}`]: { body: { ...them, name: 'برام ستوكر', bio: 'كاتب' } } })
    renderApp(`/user/${them._id}`)
    expect(await screen.findByRole('heading', { name: 'برام ستوكر' })).toHaveAttribute('dir', 'auto')
    expect(screen.getByText('@bram')).toHaveAttribute('dir', 'auto')
    expect(screen.getByText('كاتب')).toHaveAttribute('dir', 'auto')
  })
})
