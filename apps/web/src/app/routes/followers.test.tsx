import { describe, expect, it } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import { renderApp } from '#/test/render.tsx'
import { fakeApi, serverError } from '#/test/fake-api.ts'
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
