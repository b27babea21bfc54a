import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { RouteObject } from 'react-router'
import { routes } from '#/app/router.tsx'
import { renderApp } from '#/test/render.tsx'
import { fakeApi } from '#/test/fake-api.ts'
import { TAGLINE } from '#/components/chrome/footer.tsx'

describe('app shell', () => {
  it("shows '404 Not Found' for any other path", async () => {
    fakeApi({})
    renderApp('/no/such/page')
    expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeInTheDocument()
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
    const Boom = () => { throw new Error('boom') }
    const root = routes[0]!
    const withBoom: RouteObject[] = [{ path: root.path, Component: root.Component, HydrateFallback: root.HydrateFallback, children: [...root.children!, { path: 'boom', Component: Boom }] }]
    const spy = (await import('vitest')).vi.spyOn(console, 'error').mockImplementation(() => undefined)
    renderApp('/boom', { routes: withBoom })
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument()
    spy.mockRestore()
  })
})
