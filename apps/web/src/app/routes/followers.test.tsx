import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { renderApp } from '#/test/render.tsx'
import { showingText } from '#/components/paged-list-footer.tsx'
import { fakeApi, pagedAnswer, serverError } from '#/test/fake-api.ts'
import { buildPerson, buildUser, signIn } from '#/test/factories.ts'

const viewed = buildUser({ username: 'bram' })

describe('Followers page', () => {
  it("shows 'Followers ({n})' and 'Following ({n})' with rows and Follow buttons", async () => {
    signIn(buildUser())
    const fan = buildPerson({ username: 'mina', createdAt: '2024-02-03T12:00:00.000Z' })
    const self = buildPerson({ _id: viewed._id, username: 'bram' })
    fakeApi({
      [`GET /users/profile/${viewed._id}`]: { body: viewed },
      [`GET /users/followers/${viewed._id}`]: { body: [fan], headers: { 'X-Total-Count': '1' } },
      [`GET /users/following/${viewed._id}`]: { body: [self], headers: { 'X-Total-Count': '1' } },
      [`PUT /users/follow/${fan._id}`]: { body: { isFollowing: true, followerCount: 1, followingCount: 0 } },
    })
    renderApp(`/user/${viewed._id}/followers`)
    expect(await screen.findByRole('tab', { name: 'Followers (1)' })).toBeInTheDocument()
    expect(await screen.findByRole('tab', { name: 'Following (1)' })).toBeInTheDocument()
    const row = (await screen.findByRole('link', { name: 'mina' })).closest('li')!
    expect(within(row as HTMLElement).getByText('Joined February 3, 2024')).toBeInTheDocument()
    expect(within(row as HTMLElement).getByText('M')).toBeInTheDocument()
    fireEvent.click(within(row as HTMLElement).getByRole('button', { name: 'Follow' }))
    expect(await within(row as HTMLElement).findByRole('button', { name: 'Unfollow' })).toBeInTheDocument()
    fireEvent.click(screen.getByRole('tab', { name: 'Following (1)' }))
    const selfRow = (await screen.findByRole('link', { name: 'bram' })).closest('li')!
    // No Follow button for the person whose page this is.
    expect(within(selfRow as HTMLElement).queryByRole('button')).not.toBeInTheDocument()
  })

  it('shows the empty messages', async () => {
    fakeApi({
      [`GET /users/profile/${viewed._id}`]: { body: viewed },
      [`GET /users/followers/${viewed._id}`]: { body: [] },
      [`GET /users/following/${viewed._id}`]: { body: [] },
    })
    renderApp(`/user/${viewed._id}/followers`)
    expect(await screen.findByText('No followers yet')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('tab', { name: 'Following (0)' }))
    expect(await screen.findByText('Not following anyone yet')).toBeInTheDocument()
  })

  it("shows 'Failed to load follow data'", async () => {
    fakeApi({ [`GET /users/followers/${viewed._id}`]: serverError() })
    renderApp(`/user/${viewed._id}/followers`)
    expect(await screen.findByText('Failed to load follow data')).toBeInTheDocument()
  })
})

describe('Followers page: the tab and the whole lists', () => {
  it('opens the tab the address names (?tab=following), and a chosen tab goes into the address', async () => {
    fakeApi({
      [`GET /users/profile/${viewed._id}`]: { body: viewed },
      [`GET /users/followers/${viewed._id}`]: { body: [] },
      [`GET /users/following/${viewed._id}`]: { body: [] },
    })
    const { router } = renderApp(`/user/${viewed._id}/followers?tab=following`)
    expect(await screen.findByRole('tab', { name: 'Following (0)', selected: true })).toBeInTheDocument()
    expect(await screen.findByText('Not following anyone yet')).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('People @bram follows — Shelfwise'))
    fireEvent.click(screen.getByRole('tab', { name: 'Followers (0)' }))
    expect(await screen.findByText('No followers yet')).toBeInTheDocument()
    expect(router.state.location.search).toBe('')
    expect(document.title).toBe('Followers of @bram — Shelfwise')
    fireEvent.click(screen.getByRole('tab', { name: 'Following (0)' }))
    expect(router.state.location.search).toBe('?tab=following')
  })

  it.each([
    ['followers', 'Followers (50)'],
    ['following', 'Following (50)'],
  ] as const)('%s: counted by the server, read a page at a time to the last person', async (direction, tabName) => {
    const people = Array.from({ length: 50 }, (_, i) => buildPerson({ username: `${direction}_${i + 1}` }))
    fakeApi({
      [`GET /users/profile/${viewed._id}`]: { body: viewed },
      [`GET /users/followers/${viewed._id}`]: pagedAnswer(direction === 'followers' ? people : []),
      [`GET /users/following/${viewed._id}`]: pagedAnswer(direction === 'following' ? people : []),
    })
    renderApp(`/user/${viewed._id}/followers${direction === 'following' ? '?tab=following' : ''}`)
    expect(await screen.findByRole('tab', { name: tabName, selected: true })).toBeInTheDocument()
    expect(await screen.findByText('Showing 24 of 50')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Load more people' }))
    expect(await screen.findByText('Showing 48 of 50')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Load more people' }))
    expect(await screen.findByRole('link', { name: `${direction}_50` })).toBeInTheDocument()
    expect(screen.getByText('Showing 50 of 50')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load more people' })).not.toBeInTheDocument()
  })

  it("writes big counts the way readers read them: 'Showing 24 of 1,234'", () => {
    expect(showingText(24, 1234)).toBe('Showing 24 of 1,234')
  })
})
