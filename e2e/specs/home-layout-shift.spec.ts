import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import { apiPut, listBooks, registerUser, type TestUser } from '../support/api.ts'
import { baseURL, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { GRID_COLUMNS, WIDTHS } from '../support/screen.ts'

// Issue 22 point 5: Home does not jump. Signed in, the reader's goal and Currently Reading used to
// arrive ~2 s after Popular Books and push it 440 px down. Measured as the browser does: the sum of
// every 'layout-shift' entry not caused by input (stricter than CLS's worst five-second window).

const HEIGHT: Record<(typeof WIDTHS)[number], number> = { 375: 812, 900: 1000, 1440: 900 }

/** Starts counting layout shifts before the page's first script runs. */
async function countShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number }
    w.__shift = 0
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) w.__shift += e.value
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

const shiftSoFar = (page: Page) => page.evaluate(() => (window as unknown as { __shift: number }).__shift)

/** Home once everything on its first screen and just below has come: Popular's cards, All Books' cards, Recent Reviews. */
async function settle(page: Page) {
  await expectVisible(page.getByRole('list', { name: 'Popular Books This Week' }).getByRole('listitem').first())
  await expectVisible(page.getByRole('region', { name: 'All books', exact: true }).getByRole('listitem').first())
  await page.waitForLoadState('networkidle')
  // Two frames and a moment more: any late shift is reported.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 500)))))
}

let reader: Promise<TestUser> | undefined
/** A reader with a goal for this year and three books being read. */
const readerWithBooks = () =>
  (reader ??= (async () => {
    const r = await registerUser(baseURL)
    await apiPut(baseURL, `/me/goals/${new Date().getFullYear()}`, r.token, { books: 24, pages: 6000 })
    for (const book of (await listBooks(baseURL)).slice(0, 3))
      await apiPut(baseURL, `/books/${book._id}/reading`, r.token, { status: 'reading', progress: { page: 12 } })
    return r
  })())

describe('Home: cumulative layout shift under 0.1', () => {
  for (const width of WIDTHS) {
    test(`${width} px, signed in with a goal and books being read: the personal sections come without moving Popular`, async ({ page }) => {
      const r = await readerWithBooks()
      await page.setViewportSize({ width, height: HEIGHT[width] })
      await signInAs(page, r)
      await countShifts(page)
      await page.goto('/')
      await expectVisible(page.getByRole('heading', { name: 'Currently Reading' }))
      await expectVisible(page.getByRole('heading', { name: `Your ${new Date().getFullYear()} reading goal` }))
      await settle(page)
      // Above Popular, as the issue puts them.
      const top = (name: string) => page.getByRole('heading', { name, exact: true }).evaluate((h) => h.getBoundingClientRect().top)
      expect(await top('Currently Reading')).toBeLessThan(await top('Popular Books This Week'))
      expect(await shiftSoFar(page)).toBeLessThan(0.1)
    })

    test(`${width} px, signed out`, async ({ page }) => {
      await page.setViewportSize({ width, height: HEIGHT[width] })
      await countShifts(page)
      await page.goto('/')
      await settle(page)
      expect(await shiftSoFar(page)).toBeLessThan(0.1)
    })

    test(`${width} px: the Popular grid shows whole rows only, no orphan row (issue 22)`, async ({ page }) => {
      await page.setViewportSize({ width, height: HEIGHT[width] })
      await page.goto('/')
      await settle(page)
      // Every card is in the page; those past the last whole row are not drawn (nor announced).
      const cards = page.getByRole('list', { name: 'Popular Books This Week' }).locator(':scope > li')
      const all = await cards.count()
      const shown = await cards.evaluateAll((items) => items.filter((li) => li.getBoundingClientRect().height > 0).length)
      expect(all).toBeGreaterThan(GRID_COLUMNS[width])
      expect(shown % GRID_COLUMNS[width]).toBe(0)
      expect(all - shown).toBeLessThan(GRID_COLUMNS[width])
    })
  }
})
