import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import { apiGet, apiPost, apiPut, postBook, registerUser } from '../support/api.ts'
import { baseURL, expectText, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { checkScreen, WIDTHS } from '../support/screen.ts'

// Issue 13, the reading log in a browser: start a book, update progress, finish it, add a past read
// with a partial date, rate it without reviewing, and see it all on the profile and in the library.

const panel = (page: Page) => page.getByRole('region', { name: 'Your reading' })

/** The reader's own calendar day, as the browser's page sees it. */
const todayInBrowser = (page: Page) =>
  page.evaluate(() => {
    const d = new Date()
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
  })

interface Entry {
  status: string | null
  rating: number | null
  reads: { startedOn: string | null; finishedOn: string | null; outcome: string | null }[]
}

describe('the reading log', () => {
  for (const width of WIDTHS) {
    test(`${width} px: start a book, update progress, finish it, add a past read, rate it; the profile and library show it`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      const reader = await registerUser(baseURL)
      const book = await postBook(baseURL, reader, { role: 'none', pageCount: 400, title: `Middlemarch, a study of provincial life ${width}` })
      await signInAs(page, reader)
      await page.goto(`/books/${book._id}`)
      await expectVisible(panel(page))

      await panel(page).getByRole('combobox', { name: 'Reading status' }).selectOption('reading')
      await expectVisible(panel(page).getByRole('button', { name: 'Update progress' }))
      await panel(page).getByRole('spinbutton', { name: 'Page' }).fill('100')
      await panel(page).getByRole('button', { name: 'Update progress' }).click()
      await expectText(panel(page).getByText('On page 100 of 400'), 'On page 100 of 400')
      await checkScreen(page, 'reading-panel', width)

      // Home's strip shows the book with its progress and takes the next page in one step.
      await page.goto('/')
      const strip = page.getByRole('list', { name: 'Currently Reading' })
      await expectVisible(strip.getByText('Page 100 of 400'))
      await strip.getByRole('spinbutton', { name: 'Page' }).fill('200')
      await strip.getByRole('button', { name: 'Save' }).click()
      await expectVisible(strip.getByText('Page 200 of 400'))
      await checkScreen(page, 'home-currently-reading', width)

      await page.goto(`/books/${book._id}`)
      await panel(page).getByRole('combobox', { name: 'Reading status' }).selectOption('read')
      // Read asks for its day (decision 0039): today is chosen.
      await page.getByRole('dialog', { name: 'Mark as Read' }).getByRole('button', { name: 'Save' }).click()
      await expectVisible(panel(page).getByText(/Started .* · Finished /))
      await panel(page).getByRole('button', { name: 'Add a read' }).click()
      const dialog = page.getByRole('dialog', { name: 'Add a read' })
      await dialog.getByRole('textbox', { name: 'Started on' }).fill('2019')
      await dialog.getByRole('textbox', { name: 'Finished on' }).fill('2019-05')
      await dialog.getByRole('button', { name: 'Save' }).click()
      await expectVisible(panel(page).getByText('Started 2019 · Finished May 2019'))
      await panel(page).locator('label').filter({ hasText: '4 Stars' }).click()

      const today = await todayInBrowser(page)
      await expect
        .poll(async () => {
          const entry = await apiGet<Entry>(baseURL, `/books/${book._id}/reading`, reader.token)
          return { status: entry.status, rating: entry.rating, reads: entry.reads.map((r) => [r.startedOn, r.finishedOn]) }
        })
        .toEqual({
          status: 'read',
          rating: 4,
          reads: [
            ['2019', '2019-05'],
            [today, today],
          ],
        })

      await page.goto('/profile')
      const library = page.getByRole('navigation', { name: 'Library' })
      await expectVisible(library.getByRole('link', { name: 'Read · 1' }))
      await library.getByRole('link', { name: 'Read · 1' }).click()
      await page.waitForURL(`**/user/${reader._id}/library?status=read`)
      await expectVisible(page.getByText('Read 2 times', { exact: false }))
      await checkScreen(page, 'library', width)
    })
  }

  describe('with odd data at three widths', () => {
    const long = 'Q'.repeat(280)
    for (const width of WIDTHS) {
      test(`${width} px: a 280-letter title with right-to-left text, on the panel, Home's strip and the library (and an empty tab)`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 })
        const reader = await registerUser(baseURL, { name: `${'W'.repeat(90)} قارئ` })
        const book = await postBook(baseURL, reader, {
          role: 'none',
          author: 'مؤلف مجهول',
          author_username: null,
          pageCount: 9999,
          title: `${long} 📚 ספר ${width}`,
        })
        await apiPut(baseURL, `/books/${book._id}/reading`, reader.token, { status: 'reading', progress: { page: 4321 } })
        await apiPost(baseURL, `/books/${book._id}/reads`, { startedOn: '2001', finishedOn: '2001-02' }, reader.token)
        await signInAs(page, reader)
        await page.goto(`/books/${book._id}`)
        await expectVisible(panel(page).getByText('On page 4,321 of 9,999'))
        await checkScreen(page, 'reading-panel-odd', width)
        await page.goto('/')
        await expectVisible(page.getByRole('list', { name: 'Currently Reading' }).getByText('Page 4,321 of 9,999'))
        await checkScreen(page, 'home-currently-reading-odd', width)
        await page.goto(`/user/${reader._id}/library?status=reading`)
        await expectVisible(page.getByRole('combobox', { name: /^Status of / }))
        await checkScreen(page, 'library-odd', width)
        await page.goto(`/user/${reader._id}/library?status=dnf`)
        await expectVisible(page.getByText('No books here yet.'))
        await checkScreen(page, 'library-empty', width)
      })
    }
  })
})
