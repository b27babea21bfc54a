import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { renderApp } from '#/test/render.tsx'
import { fakeApi } from '#/test/fake-api.ts'
import { signIn } from '#/test/factories.ts'

describe('About', () => {
  it('shows the founder, donation purposes with two external links, mission, features and community', async () => {
    fakeApi({})
    renderApp('/about')
    expect(await screen.findByRole('heading', { name: 'About Shelfwise' })).toBeInTheDocument()
    for (const h of ['Meet the Founder', 'Support Shelfwise', 'Our Mission', 'Features', 'Join Our Community']) {
      expect(screen.getByRole('heading', { name: h })).toBeInTheDocument()
    }
    for (const p of ['Server hosting', 'Database storage', 'Security and updates']) expect(screen.getByText(p)).toBeInTheDocument()
    for (const name of [/Donate/, /Become a Sponsor/]) {
      const link = screen.getByRole('link', { name })
      expect(link).toHaveAttribute('target', '_blank')
      expect(link.getAttribute('href')).toMatch(/^https:\/\//)
    }
    expect(screen.getByText(/Track your reading progress/)).toBeInTheDocument()
    expect(screen.getByText(/Join discussions/)).toBeInTheDocument()
    expect(document.title).toBe('About — Shelfwise')
  })

  it('Join Our Community: a visitor is asked to sign up (the Sign Up tab opens); a signed-in reader is not', async () => {
    fakeApi({})
    const first = renderApp('/about')
    const join = await screen.findByRole('region', { name: 'Join Our Community' })
    expect(within(join).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/login?tab=signup')
    first.unmount()

    signIn()
    renderApp('/about')
    const joined = await screen.findByRole('region', { name: 'Join Our Community' })
    expect(within(joined).queryByRole('link', { name: 'Sign Up' })).not.toBeInTheDocument()
    expect(within(joined).queryByText(/Create a free account/)).not.toBeInTheDocument()
    expect(within(joined).getByRole('link', { name: 'Browse Books' })).toHaveAttribute('href', '/browse')
    expect(within(joined).getByRole('link', { name: 'Your Profile' })).toHaveAttribute('href', '/profile')
  })
})
