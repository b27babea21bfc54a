import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import { apiGet, apiPut, postBook, registerUser, toggleFollow, type BookSummary } from '../support/api.ts'
import { baseURL, expectText, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { checkScreen, WIDTHS, keepPicture } from '../support/screen.ts'

// Issue 24, point 3 (decision 0055): a reader makes their reading "Only me", sees how many past
// entries the bulk change changes before applying it, then shares one book with everyone from its
// page; a stranger and a follower see exactly what the choices let them.

const privacy = (page: Page) => page.getByRole('region', { name: 'Who can see your reading?' })
const panel = (page: Page) => page.getByRole('region', { name: 'Your reading' })

describe('reading privacy', () => {
  for (const width of WIDTHS) {
    test(`${width} px: "who can see this?" previews the bulk change, applies it, and one book is shared from its page`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      const [reader, follower, stranger] = [await registerUser(baseURL), await registerUser(baseURL), await registerUser(baseURL)]
      await toggleFollow(baseURL, follower, reader.user._id)
      const titles = [
        `Le Petit Prince 🌹 ${width}`,
        `كتاب الرمل والمرايا الطويل جدا ${width}`,
        `Donaudampfschifffahrtsgesellschaftskapitänsgeschichten ${width}`,
      ]
      const books: BookSummary[] = []
      for (const title of titles) {
        const book = await postBook(baseURL, reader, { role: 'none', title })
        await apiPut(baseURL, `/books/${book._id}/reading`, reader.token, { status: 'reading' })
        books.push(book)
      }
      // One book already for followers on its own: the bulk change makes it "Only me" too.
      await apiPut(baseURL, `/books/${books[2]!._id}/reading`, reader.token, { visibility: 'followers' })

      await signInAs(page, reader)
      await page.goto('/profile')
      await expectVisible(privacy(page))
      await privacy(page)
        .getByRole('radio', { name: /Only me/ })
        .check()
      await expectText(privacy(page).getByRole('alert'), 'Saved.')
      await privacy(page).getByRole('button', { name: 'Apply to past entries' }).click()
      await expectText(privacy(page).getByText(/^Who can see this\?/), 'Who can see this? Only me — changes 1 entry.')
      await privacy(page).scrollIntoViewIfNeeded()
      await keepPicture(privacy(page), `reading-privacy-preview-${width}`)
      await privacy(page).getByRole('button', { name: 'Change 1 entry' }).click()
      await expectText(privacy(page).getByRole('alert'), 'Done: 1 entry changed.')
      await checkScreen(page, 'reading-privacy-profile', width)

      // Nobody else sees the library now.
      for (const viewer of [stranger, follower]) expect(await apiGet<unknown[]>(baseURL, `/users/${reader.user._id}/library`, viewer.token)).toEqual([])

      // One book shared with everyone, from its page, beside its status.
      await page.goto(`/books/${books[0]!._id}`)
      const control = panel(page).getByRole('combobox', { name: `Who can see your reading of ${titles[0]}` })
      await expectVisible(control)
      expect(await control.locator('option:checked').innerText()).toBe('Your default (Only me)')
      await control.selectOption('public')
      await expect
        .poll(async () => (await apiGet<{ visibility: string | null }>(baseURL, `/books/${books[0]!._id}/reading`, reader.token)).visibility)
        .toBe('public')
      await checkScreen(page, 'reading-privacy-book', width)
      await page.emulateMedia({ colorScheme: 'dark' })
      await keepPicture(panel(page), `reading-privacy-book-dark-${width}`)
      await page.goto('/profile')
      await expectVisible(privacy(page))
      await privacy(page).scrollIntoViewIfNeeded()
      await keepPicture(privacy(page), `reading-privacy-dark-${width}`)
      await page.emulateMedia({ colorScheme: 'light' })

      const seen = await apiGet<{ book: { _id: string } }[]>(baseURL, `/users/${reader.user._id}/library`, stranger.token)
      expect(seen.map((e) => e.book._id)).toEqual([books[0]!._id])
    })
  }
})
