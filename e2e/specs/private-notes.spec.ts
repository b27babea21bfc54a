import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import { apiGet, postBook, registerUser } from '../support/api.ts'
import { baseURL, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { checkScreen, keepPicture } from '../support/screen.ts'

// Issue 21, point 6 (decision 0031): a reader writes, reads and clears their private notes on a book
// in their library; a long note with right-to-left text and emoji reads well on a phone and a desktop.

const panel = (page: Page) => page.getByRole('region', { name: 'Your reading' })

const NOTE = [
  'Lent by "Captain" Reyes — give it back before the summer 🌊🐋.',
  'سأعيد الكتاب إلى صديقي قبل نهاية الصيف، وأكمل الفصل الثاني والأربعين مرة أخرى 📚',
  'הערה: הפרק על לובן הלווייתן שווה קריאה נוספת.',
  'Chapter 42, “The Whiteness of the Whale”, again and again: '.repeat(6).trim(),
].join('\n')

describe('private notes', () => {
  for (const width of [375, 1440] as const) {
    test(`${width} px: the reader writes a long note with right-to-left text and emoji, reads it back, and clears it`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      const reader = await registerUser(baseURL)
      const book = await postBook(baseURL, reader, { role: 'none', pageCount: 635, title: `Moby-Dick or, The Whale ${width}` })
      await signInAs(page, reader)
      await page.goto(`/books/${book._id}`)
      await panel(page).getByRole('combobox', { name: 'Reading status' }).selectOption('reading')
      await panel(page).getByRole('button', { name: 'Add a private note' }).click()
      await panel(page).getByRole('textbox', { name: 'Notes' }).fill(NOTE)
      await panel(page).getByRole('button', { name: 'Save notes' }).click()
      const shown = panel(page).getByTestId('private-notes-text')
      await expectVisible(shown)
      expect(await shown.innerText()).toBe(NOTE)
      await shown.scrollIntoViewIfNeeded()
      await checkScreen(page, 'private-notes', width)
      // The notes themselves, close up (the full page has the sticky bars over them at some scroll positions).
      await keepPicture(page.getByRole('region', { name: 'Private notes' }), `private-notes-section-${width}`)

      // Kept on the server as written, and the reader's alone.
      const entry = await apiGet<{ privateNotes: string | null }>(baseURL, `/books/${book._id}/reading`, reader.token)
      expect(entry.privateNotes).toBe(NOTE)

      await panel(page).getByRole('button', { name: 'Edit notes' }).click()
      await checkScreen(page, 'private-notes-editing', width)
      await panel(page).getByRole('button', { name: 'Cancel' }).click()
      await panel(page).getByRole('button', { name: 'Clear notes' }).click()
      await page.getByRole('dialog', { name: 'Clear your private notes?' }).getByRole('button', { name: 'Clear notes' }).click()
      await expectVisible(panel(page).getByRole('button', { name: 'Add a private note' }))
      expect((await apiGet<{ privateNotes: string | null }>(baseURL, `/books/${book._id}/reading`, reader.token)).privateNotes).toBeNull()
    })
  }
})
