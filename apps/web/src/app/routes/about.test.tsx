import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { renderApp } from '#/test/render.tsx'
import { fakeApi } from '#/test/fake-api.ts'

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
  })
})
