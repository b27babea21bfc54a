import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import { apiGet, unique } from '../support/api.ts'
import { expectHidden, expectText, expectVisible, baseURL, test } from '../support/fixtures.ts'
import { checkScreen, WIDTHS } from '../support/screen.ts'

// Sign-up naming every problem at once (issue 22 point 11) and the first run after it (point 15): the
// spec's flow after sign-up stays (back where the reader came from, else Home); the own profile of a
// reader with an empty library invites them to import a library or pick a few books.

const panel = (page: Page) => page.getByRole('region', { name: 'Start your library' })
const helperOf = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '')

describe('sign-up and the first run', () => {
  for (const width of WIDTHS) {
    test(`${width} px: every sign-up problem at once beside its field; after sign-up Home, then the profile's invitation; axe clean`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/login?tab=signup')
      await page.getByLabel('Username').fill('semi;colon')
      await page.getByLabel('Email Address').fill('not-an-address')
      await page.getByLabel('Password', { exact: true }).fill('abc')
      await page.getByLabel('Confirm Password').fill('abd')
      await page.getByRole('tabpanel').getByRole('button', { name: 'Sign Up' }).click()
      const alert = page.getByRole('tabpanel').getByRole('alert')
      await expectText(alert, 'Passwords do not match')
      await expectText(alert, 'Name, username, and account type are required')
      expect(await helperOf(page, 'Full Name')).toBe('Full Name is required')
      expect(await helperOf(page, 'Username')).toMatch(/^Username may contain only letters, digits/)
      expect(await helperOf(page, 'Email Address')).toBe('Email Address must be a valid email address')
      expect(await helperOf(page, 'Password')).toBe('Password must be at least 6 characters long')
      expect(await helperOf(page, 'Confirm Password')).toBe('Passwords do not match')
      await checkScreen(page, 'signup-errors', width)

      const username = unique('fr')
      await page.getByLabel('Full Name').fill('قارئة جديدة Newreaderwithaverylongnamethatkeepsgoing 📚')
      await page.getByLabel('Username').fill(username)
      await page.getByLabel('Email Address').fill(`${username}@e2e.example`)
      await page.getByLabel('Password', { exact: true }).fill('quiet-lantern-7')
      await page.getByLabel('Confirm Password').fill('quiet-lantern-7')
      await page.getByRole('tabpanel').getByRole('button', { name: 'Sign Up' }).click()
      // The spec's flow: no page came before, so Home.
      await page.waitForURL((u) => u.pathname === '/')

      await page.goto('/profile')
      await expectVisible(panel(page))
      expect(await panel(page).getByRole('link', { name: 'Import from Goodreads or StoryGraph' }).getAttribute('href')).toBe('/import')
      await checkScreen(page, 'first-run', width)

      await panel(page).getByRole('button', { name: 'Pick a few books' }).click()
      const dialog = page.getByRole('dialog', { name: 'Pick a few books' })
      const first = dialog.getByRole('button', { name: /^Want to Read: / }).first()
      await expectVisible(first)
      const title = (await first.getAttribute('aria-label'))!.replace(/^Want to Read: /, '')
      await checkScreen(page, 'first-run-pick', width)
      await first.click()
      await expectVisible(dialog.getByRole('button', { name: `On Want to Read: ${title}`, exact: true }))
      await dialog.getByRole('button', { name: 'Done (1)' }).click()
      await expectHidden(dialog)
      const me = JSON.parse((await page.evaluate(() => localStorage.getItem('user')))!) as { _id: string }
      const token = (await page.evaluate(() => localStorage.getItem('token')))!
      expect((await apiGet<{ want: number }>(baseURL, `/users/${me._id}/library/counts`, token)).want).toBe(1)

      // Dismissed, it stays dismissed.
      await panel(page).getByRole('button', { name: 'Dismiss' }).click()
      await expectHidden(panel(page))
      await page.reload()
      await expectVisible(page.getByRole('heading', { level: 1 }))
      await page.waitForLoadState('networkidle')
      expect(await panel(page).count()).toBe(0)
    })
  }
})
