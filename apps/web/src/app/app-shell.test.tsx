import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { RouteObject } from '#/lib/router/router.ts'
import { routes } from '#/app/router.tsx'
import { renderApp } from '#/test/render.tsx'
import { fakeApi } from '#/test/fake-api.ts'
import { buildUser, signIn } from '#/test/factories.ts'
import { TAGLINE } from '#/components/chrome/footer.tsx'

describe('app shell', () => {
  it("shows '404 Not Found' for any other path", async () => {
    fakeApi({})
    renderApp('/no/such/page')
    expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeInTheDocument()
    expect(document.title).toBe('Page not found — Shelfwise')
  })

  it('has a top bar with Home, Browse, About and a profile button, and a footer with Quick Links and a tagline', async () => {
    fakeApi({})
    renderApp('/no-such')
    await screen.findByText('404 Not Found')
    const main = screen.getByRole('navigation', { name: 'Main' })
    for (const name of ['Home', 'Browse', 'About']) expect(within(main).getByRole('link', { name })).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: 'Profile' })[0]).toHaveAttribute('href', '/profile')
    // The footer's code loads after the first render.
    const quick = await screen.findByRole('navigation', { name: 'Quick Links' })
    for (const name of ['Home', 'Browse', 'About', 'Profile']) expect(within(quick).getByRole('link', { name })).toBeInTheDocument()
    expect(screen.getByText(TAGLINE)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Shelfwise on GitHub' })).toHaveAttribute('target', '_blank')
    expect(screen.getByRole('navigation', { name: 'Bottom navigation' })).toBeInTheDocument()
  })

  it('opens the small-screen menu, which lists Profile and closes when a link is chosen', async () => {
    fakeApi({})
    const user = userEvent.setup()
    renderApp('/no-such')
    await screen.findByText('404 Not Found')
    await user.click(screen.getByRole('button', { name: 'Open menu' }))
    const menu = screen.getByRole('navigation', { name: 'Mobile' })
    expect(within(menu).getByRole('link', { name: 'Profile' })).toBeInTheDocument()
    await user.click(within(menu).getByRole('link', { name: 'About' }))
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'About Shelfwise' })).toBeInTheDocument()
  })

  it("shows React Router's default error screen for an unexpected error", async () => {
    fakeApi({})
    const Boom = () => {
      throw new Error('boom')
    }
    const root = routes[0]!
    const withBoom: RouteObject[] = [
      { path: root.path, Component: root.Component, HydrateFallback: root.HydrateFallback, children: [...root.children!, { path: 'boom', Component: Boom }] },
    ]
    const spy = (await import('vitest')).vi.spyOn(console, 'error').mockImplementation(() => undefined)
    renderApp('/boom', { routes: withBoom })
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument()
    spy.mockRestore()
  })
})

describe('app shell, signed in', () => {
  const reader = buildUser({ name: 'Mina Murray', username: 'mina' })
  /** The reader signed in on some page (the 404's), free to sign out: their user events, the router and the calls made. */
  const signedInOnSomePage = async () => {
    const api = fakeApi({ 'POST /auth/logout': { status: 204 } })
    signIn(reader)
    const user = userEvent.setup()
    const { router } = renderApp('/no-such')
    await screen.findByText('404 Not Found')
    return { ...api, user, router }
  }

  it("the small-screen menu and the drawer offer Logout, never 'Login / Sign Up'; Logout goes to /login and ends the session", async () => {
    const { callsTo, user, router } = await signedInOnSomePage()
    await user.click(screen.getByRole('button', { name: 'Open menu' }))
    const menu = screen.getByRole('navigation', { name: 'Mobile' })
    expect(within(menu).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile')
    expect(within(menu).queryByText('Login / Sign Up')).not.toBeInTheDocument()
    await user.click(await within(menu).findByRole('button', { name: 'Logout' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(localStorage.getItem('token')).toBeNull()
    expect(callsTo('POST /auth/logout')).toHaveLength(1)
  })

  it("the bottom drawer lists Logout instead of 'Login / Sign Up' for a signed-in reader, and 'Login / Sign Up' for a visitor", async () => {
    const { user, router } = await signedInOnSomePage()
    await user.click(screen.getByRole('button', { name: 'More' }))
    const drawer = await screen.findByRole('navigation', { name: 'Navigation drawer' })
    expect(
      within(drawer)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Home', 'Browse', 'About', 'Profile', 'Add Book'])
    expect(within(drawer).queryByText('Login / Sign Up')).not.toBeInTheDocument()
    await user.click(within(drawer).getByRole('button', { name: 'Logout' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(localStorage.getItem('token')).toBeNull()
    // Signed out now: the drawer offers 'Login / Sign Up' and no Logout.
    await user.click(await screen.findByRole('button', { name: 'More' }))
    const again = await screen.findByRole('navigation', { name: 'Navigation drawer' })
    await waitFor(() => expect(within(again).getByRole('link', { name: 'Login / Sign Up' })).toHaveAttribute('href', '/login'))
    expect(within(again).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument()
  })

  it("the top bar's account menu shows who is signed in, with Profile and Logout", async () => {
    const { user, router } = await signedInOnSomePage()
    const banner = screen.getByRole('banner')
    // The profile button still links to /profile.
    expect(within(banner).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile')
    await user.click(within(banner).getByRole('button', { name: 'Account menu' }))
    const menu = await screen.findByRole('menu')
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Profile', 'Logout'])
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile')
    expect(screen.getByText('Mina Murray')).toBeInTheDocument()
    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(localStorage.getItem('token')).toBeNull()
    expect(within(screen.getByRole('banner')).queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument()
  })

  it('a visitor has no account menu', async () => {
    fakeApi({})
    renderApp('/no-such')
    await screen.findByText('404 Not Found')
    expect(within(screen.getByRole('banner')).queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument()
  })
})
