import { describe } from 'vitest'
import { expectVisible, test } from '../support/fixtures.ts'

describe('an unknown path', () => {
  test("shows '404 Not Found'", async ({ page }) => {
    const res = await page.goto('/no/such/page-anywhere')
    // The server answers the app for any non-API path; the app's router shows its 404 screen.
    if (res?.status() !== 200) throw new Error(`expected the app shell (200), got ${res?.status()}`)
    await expectVisible(page.getByRole('heading', { level: 1, name: '404 Not Found' }))
  })
})
