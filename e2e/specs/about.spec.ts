import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import { registerUser } from '../support/api.ts'
import { baseURL, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { checkScreen, WIDTHS } from '../support/screen.ts'

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

describe('about', () => {
  test('donations (a payment link and a sponsorship page, both elsewhere), founder, purposes, Our Mission, Features, Join Our Community', async ({ page }) => {
    await page.goto('/about')
    await expectVisible(page.getByRole('heading', { level: 1, name: 'About Shelfwise' }))
    await expectVisible(section(page, 'Meet the Founder'))
    await expectVisible(section(page, 'Meet the Founder').locator('.MuiAvatar-root'))
    await expectVisible(section(page, 'Meet the Founder').getByText('A reader first'))
    const support = section(page, 'Support Shelfwise')
    expect(await support.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(['Server hosting', 'Database storage', 'Security and updates'])
    for (const name of ['Donate', 'Become a Sponsor']) {
      const link = support.getByRole('link', { name })
      const href = (await link.getAttribute('href'))!
      expect(new URL(href).protocol).toBe('https:')
      expect(new URL(href).origin).not.toBe(baseURL)
      expect(await link.getAttribute('target')).toBe('_blank')
      expect(await link.getAttribute('rel')).toContain('noopener')
    }
    await expectVisible(section(page, 'Our Mission'))
    const features = await section(page, 'Features').getByRole('listitem').allInnerTexts()
    expect(features).toHaveLength(6)
    for (const [i, word] of [
      'Discover',
      'Connect with readers and authors',
      'reading lists',
      'reviews and ratings',
      'reading progress',
      'discussions',
    ].entries()) {
      expect(features[i]!.toLowerCase()).toContain(word.toLowerCase())
    }
    await expect.poll(() => page.title()).toBe('About — Shelfwise')
    const join = section(page, 'Join Our Community')
    await join.getByRole('link', { name: 'Sign Up' }).click()
    // 'Sign Up' opens the Sign Up tab, as it says.
    await page.waitForURL('**/login?tab=signup')
    await expectVisible(page.getByRole('tab', { name: 'Sign Up', selected: true }))
    await expectVisible(page.getByLabel('Full Name'))
  })

  test('Join Our Community does not ask a signed-in reader to sign up: it leads to Browse and their profile', async ({ page }) => {
    const reader = await registerUser(baseURL)
    await signInAs(page, reader)
    await page.goto('/about')
    const join = section(page, 'Join Our Community')
    await expectVisible(join.getByRole('link', { name: 'Your Profile' }))
    expect(await join.getByRole('link', { name: 'Sign Up' }).count()).toBe(0)
    expect(await join.getByText(/Create a free account/).count()).toBe(0)
    expect(await join.getByRole('link', { name: 'Browse Books' }).getAttribute('href')).toBe('/browse')
    await join.getByRole('link', { name: 'Your Profile' }).click()
    await page.waitForURL('**/profile')
    await expectVisible(page.getByRole('heading', { level: 1, name: reader.name }))
  })

  for (const width of WIDTHS) {
    test(`${width} px: axe clean, screenshot (a visitor, and a signed-in reader)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/about')
      await expectVisible(section(page, 'Join Our Community'))
      await checkScreen(page, 'about', width)
      await signInAs(page, await registerUser(baseURL))
      await page.goto('/about')
      await expectVisible(section(page, 'Join Our Community').getByRole('link', { name: 'Your Profile' }))
      await checkScreen(page, 'about-signed-in', width)
    })
  }
})
