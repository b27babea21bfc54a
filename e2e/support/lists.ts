import { expect } from 'vitest'
import type { Page } from 'playwright-core'
import { WAIT_MS } from './fixtures.ts'

// Long lists (a reader's shelves, reviews, followers) say how far the reader is: 'Showing 24 of 30'.

const count = (n: number) => n.toLocaleString('en-US')

/** The footer line of the (visible) paged list. */
/** The 'Load more' button of the screen's list (absent once the list is read to its end). */
export const loadMore = (page: Page) => page.getByRole('main').getByRole('button', { name: /Load more/ })

export const showing = (page: Page) => page.getByRole('main').getByText(/^Showing [\d,]+ of [\d,]+$/)

/** Waits until the footer says `Showing {shown} of {total}`. */
export async function expectShowing(page: Page, shown: number, total: number) {
  await expect
    .poll(async () => ((await showing(page).count()) ? showing(page).first().innerText() : ''), { timeout: WAIT_MS, interval: 100 })
    .toBe(`Showing ${count(shown)} of ${count(total)}`)
}

/** Scrolls to the bottom again and again, as a reader does, until the list says all `total` are shown. */
export async function scrollToEnd(page: Page, total: number) {
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
        return (await showing(page).count()) ? showing(page).first().innerText() : ''
      },
      { timeout: 3 * WAIT_MS, interval: 250 },
    )
    .toBe(`Showing ${count(total)} of ${count(total)}`)
}
