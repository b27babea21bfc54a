import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { renderApp } from '#/test/render.tsx'
import { fakeApi } from '#/test/fake-api.ts'
import { buildStats, buildUser, makeToken, signIn } from '#/test/factories.ts'

describe('authentication state', () => {
  it('logs out automatically when the token has expired (exp in seconds vs Date.now in ms)', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    signIn(buildUser(), makeToken(-10))
    fakeApi({})
    renderApp('/no-such')
    await screen.findByText('404 Not Found')
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull())
    expect(localStorage.getItem('user')).toBeNull()
    expect(log).toHaveBeenCalled()
  })

  it('logs out and logs to the console when the token cannot be decoded', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    signIn(buildUser(), 'not-a-jwt')
    fakeApi({})
    renderApp('/no-such')
    await screen.findByText('404 Not Found')
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull())
    expect(err).toHaveBeenCalled()
  })

  it('keeps a valid session', async () => {
    signIn(buildUser())
    fakeApi({})
    renderApp('/no-such')
    await screen.findByText('404 Not Found')
    expect(localStorage.getItem('token')).not.toBeNull()
  })

  it('clears the user when there is no token', async () => {
    localStorage.setItem('user', JSON.stringify(buildUser()))
    fakeApi({})
    renderApp('/no-such')
    await screen.findByText('404 Not Found')
    await waitFor(() => expect(localStorage.getItem('user')).toBeNull())
  })

  it('sends a signed-out visitor of /profile to /login and back after signing in', async () => {
    const user = buildUser({ name: 'Ada Reader', username: 'ada' })
    fakeApi({
      'POST /auth/login': { body: { message: 'Logged in successfully', token: makeToken(), user } },
      [`GET /users/profile/${user._id}`]: { body: user },
      [`GET /users/${user._id}/stats`]: { body: buildStats() },
      'GET /users/wishlist': { body: [] },
    })
    const { router } = renderApp('/profile')
    await screen.findByRole('tab', { name: 'Login' })
    expect(router.state.location.pathname).toBe('/login')
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByRole('heading', { name: 'Ada Reader' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/profile')
    expect(JSON.parse(localStorage.getItem('user')!)._id).toBe(user._id)
  })
})
