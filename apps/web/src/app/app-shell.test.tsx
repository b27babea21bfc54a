import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { RouteObject } from '#/lib/router/router.ts'
import { routes } from '#/app/router.tsx'
import { renderApp } from '#/test/render.tsx'
import { textsOf } from '#/test/queries.ts'
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
    // A visitor has no library of their own.
    expect(within(main).queryByRole('link', { name: 'My Books' })).not.toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: 'Profile' })[0]).toHaveAttribute('href', '/profile')
    // The footer's code loads after the first render.
    const quick = await screen.findByRole('navigation', { name: 'Quick Links' })
    for (const name of ['Home', 'Browse', 'About', 'Profile']) expect(within(quick).getByRole('link', { name })).toBeInTheDocument()
    expect(screen.getByText(TAGLINE)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Shelfwise on GitHub' })).toHaveAttribute('target', '_blank')
    expect(await screen.findByRole('navigation', { name: 'Bottom navigation' })).toBeInTheDocument()
  })

  it('has one small-screen menu: the bottom drawer lists every link and closes when one is chosen; the top bar has no menu of its own', async () => {
    fakeApi({})
    const user = userEvent.setup()
    renderApp('/no-such')
    await screen.findByText('404 Not Found')
    expect(within(screen.getByRole('banner')).queryByRole('button', { name: /menu/i })).not.toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'More' }))
    const drawer = await screen.findByRole('navigation', { name: 'Navigation drawer' })
    expect(within(drawer).getByRole('link', { name: 'Profile' })).toBeInTheDocument()
    await user.click(within(drawer).getByRole('link', { name: 'About' }))
    expect(await screen.findByRole('heading', { name: 'About Shelfwise' })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Navigation drawer' })).not.toBeInTheDocument())
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

  it('Logout in the bottom drawer goes to /login and ends the session', async () => {
    const { callsTo, user, router } = await signedInOnSomePage()
    await user.click(screen.getByRole('button', { name: 'More' }))
    const drawer = await screen.findByRole('navigation', { name: 'Navigation drawer' })
    await user.click(within(drawer).getByRole('button', { name: 'Logout' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(localStorage.getItem('token')).toBeNull()
    expect(callsTo('POST /auth/logout')).toHaveLength(1)
  })

  it("the bottom drawer lists Logout instead of 'Login / Sign Up' for a signed-in reader, and 'Login / Sign Up' for a visitor", async () => {
    const { user, router } = await signedInOnSomePage()
    await user.click(screen.getByRole('button', { name: 'More' }))
    const drawer = await screen.findByRole('navigation', { name: 'Navigation drawer' })
    expect(textsOf(drawer, 'link')).toEqual(['Home', 'Browse', 'About', 'My Books', 'Following', 'Profile', 'Add Book'])
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

  it('has My Books, the reader’s library, in the main navigation and the small-screen drawer; a visitor has none', async () => {
    const { user } = await signedInOnSomePage()
    const library = `/user/${reader._id}/library`
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'My Books' })).toHaveAttribute('href', library)
    await user.click(screen.getByRole('button', { name: 'More' }))
    const drawer = await screen.findByRole('navigation', { name: 'Navigation drawer' })
    expect(within(drawer).getByRole('link', { name: 'My Books' })).toHaveAttribute('href', library)
  })

  it("the top bar's account menu shows who is signed in, with Profile and Logout", async () => {
    const { user, router } = await signedInOnSomePage()
    const banner = screen.getByRole('banner')
    // The profile button still links to /profile.
    expect(within(banner).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile')
    await user.click(within(banner).getByRole('button', { name: 'Account menu' }))
    const menu = await screen.findByRole('menu')
    expect(textsOf(menu, 'menuitem')).toEqual(['Profile', 'Logout'])
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
