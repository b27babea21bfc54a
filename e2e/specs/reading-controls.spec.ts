import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import type { ReadingEntry } from '@shelfwise/contracts'
import { apiGet, postBook, registerUser } from '../support/api.ts'
import { baseURL, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { checkScreen, WIDTHS, keepPicture } from '../support/screen.ts'

// Issue 22, points 2, 3 and 4 (decision 0039), as a reader from Goodreads or StoryGraph meets them
// on a book's page: one control for the status and the spec's lists, progress in the unit they
// choose (a bar without a page count, the unit kept across a reload), and Read dated by a month
// alone with the start corrected in the same dialog. Odd data: a right-to-left title, a long word, emoji.

const panel = (page: Page) => page.getByRole('region', { name: 'Your reading' })
const control = (page: Page) => panel(page).getByRole('group', { name: 'Your reading status' })

describe('reading controls on a book page', () => {
  for (const width of WIDTHS) {
    test(`${width} px: one status control, progress in percent on a book without pages, Read in a month with its start corrected`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      const reader = await registerUser(baseURL)
      const book = await postBook(baseURL, reader, {
        role: 'none',
        pageCount: null,
        title: `ألف ليلة وليلة 📚 Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichen ${width}`,
      })
      await signInAs(page, reader)
      await page.goto(`/books/${book._id}`)

      // No status: the spec's two buttons, inside the status control, and nowhere else.
      await expectVisible(control(page).getByRole('button', { name: 'Add to Wishlist' }))
      await expectVisible(control(page).getByRole('button', { name: 'Add to Recently Read' }))
      expect(await page.getByRole('button', { name: 'Add to Wishlist' }).count()).toBe(1)

      // Currently Reading: the status finishes it; no list button contradicts it.
      await control(page).getByRole('combobox', { name: 'Reading status' }).selectOption('reading')
      await expectVisible(panel(page).getByRole('combobox', { name: 'Progress in' }))
      expect(await page.getByRole('button', { name: 'Add to Recently Read' }).count()).toBe(0)
      expect(await page.getByRole('button', { name: 'Add to Wishlist' }).count()).toBe(0)

      // A book without a page count starts in percent, and shows a bar once one is given.
      expect(await panel(page).getByRole('combobox', { name: 'Progress in' }).inputValue()).toBe('percent')
      await panel(page).getByRole('spinbutton', { name: 'Percent' }).fill('35')
      await panel(page).getByRole('button', { name: 'Update progress' }).click()
      await expectVisible(panel(page).getByText('35% read'))
      expect(await panel(page).getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuenow')).toBe('35')
      await panel(page).getByRole('region', { name: 'Progress' }).scrollIntoViewIfNeeded()
      await checkScreen(page, 'reading-controls-progress', width)
      // The panel itself, close up (the full page is long on a phone).
      await keepPicture(panel(page), `reading-controls-panel-${width}`)

      // The unit is the reader's for this book: kept on the server, so a reload opens in it.
      await panel(page).getByRole('combobox', { name: 'Progress in' }).selectOption('minutes')
      await expectVisible(panel(page).getByRole('spinbutton', { name: 'Minutes' }))
      await expect.poll(async () => (await apiGet<ReadingEntry>(baseURL, `/books/${book._id}/reading`, reader.token)).progressUnit).toBe('minutes')
      await page.reload()
      expect(await panel(page).getByRole('combobox', { name: 'Progress in' }).inputValue()).toBe('minutes')
      await expectVisible(panel(page).getByText('35% read'))

      // Read asks for the day: today chosen; a month alone; the start (today) is after it and is corrected here.
      await control(page).getByRole('combobox', { name: 'Reading status' }).selectOption('read')
      const dialog = page.getByRole('dialog', { name: 'Mark as Read' })
      const end = dialog.getByRole('group', { name: 'Finished on' })
      const start = dialog.getByRole('group', { name: 'Started on' })
      expect(await end.getByLabel('Finished on').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      await end.getByRole('combobox', { name: 'Precision' }).selectOption('month')
      await end.getByLabel('Finished on').fill('2025-03')
      await expectVisible(start.getByText('This comes after the day you finished: correct it here'))
      await checkScreen(page, 'reading-controls-finish-dialog', width)
      await keepPicture(dialog, `reading-controls-dialog-${width}`)
      await start.getByLabel('Started on').fill('2025-02-14')
      await dialog.getByRole('button', { name: 'Save' }).click()
      await expectVisible(panel(page).getByText('Started 14 February 2025 · Finished March 2025'))
      const entry = await apiGet<ReadingEntry>(baseURL, `/books/${book._id}/reading`, reader.token)
      expect(entry).toMatchObject({ status: 'read', reads: [{ startedOn: '2025-02-14', finishedOn: '2025-03', outcome: 'finished' }] })

      // Read: Recently Read can be taken off, Wishlist offered (wanted again).
      await expectVisible(control(page).getByRole('button', { name: 'Remove from Recently Read' }))
      await expectVisible(control(page).getByRole('button', { name: 'Add to Wishlist' }))
      await page.evaluate(() => window.scrollTo(0, 0))
      await checkScreen(page, 'reading-controls-read', width)
      await keepPicture(control(page), `reading-controls-status-${width}`)
    })
  }
})
