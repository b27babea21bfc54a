import { describe, expect } from 'vitest'
import { expectVisible, test } from '../support/fixtures.ts'

describe('an unknown path', () => {
  test("shows '404 Not Found', with a way home", async ({ page }) => {
    const res = await page.goto('/no/such/page-anywhere')
    // The server answers the app for any non-API path; the app's router shows its 404 screen.
    expect(res?.status(), 'the app shell').toBe(200)
    await expectVisible(page.getByRole('heading', { level: 1, name: '404 Not Found' }))
    await expect.poll(() => page.title()).toBe('Page not found — Shelfwise')
    await page.getByRole('link', { name: 'Go Home' }).click()
    await page.waitForURL((u) => u.pathname === '/')
  })

  test("a profile path with no user id (/user/) is an unknown path too: '404 Not Found'", async ({ page }) => {
    await page.goto('/user/')
    await expectVisible(page.getByRole('heading', { level: 1, name: '404 Not Found' }))
  })
})
