import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import { apiPut, listBooks, postBook, registerUser } from './api.ts'
import { baseURL, expectVisible, signInAs, test } from './fixtures.ts'
import { checkScreen, WIDTHS } from './screen.ts'

// Issue 22 point 14, continued from dark-mode.spec.ts: the newer screens in one scheme, called by
// dark-mode-light.spec.ts and dark-mode-dark.spec.ts (files of their own, so the browser suite's
// workers share them: all in one file it was the suite's longest, 237 s in CI).

// The screens added with the dark theme (decision 0038), in both schemes at every width, with odd data:
// nothing scrolls sideways and axe finds no contrast (or other serious) fault, dialogs and sheets open.
// One test per group of screens: all of them in one test ran past the test timeout on a busy CI machine.
const LONG = 'Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichenh'

interface OddReader {
  reader: Awaited<ReturnType<typeof registerUser>>
  odd: { _id: string }
  other: { _id: string }
  year: number
}

/** A reader with a name of many lines and one finished book of thousands of pages with long RTL names. */
async function oddReader(): Promise<OddReader> {
  const reader = await registerUser(baseURL, { name: `قارئ ${LONG} 📚 ${LONG.slice(0, 30)}` })
  // Thousands of pages: the pages chart's ticks are long numbers.
  const odd = await postBook(baseURL, reader, { title: `قصر الشوق ${LONG}`, author: `עמוס עוז ${LONG}`, pageCount: 15_000 })
  const [other] = await listBooks(baseURL)
  const year = new Date().getUTCFullYear()
  await apiPut(baseURL, `/books/${odd._id}/reading`, reader.token, { status: 'read', rating: 4, finishedOn: `${year}-01-05`, startedOn: `${year}-01-01` })
  return { reader, odd, other: other!, year }
}

export function describeNewerScreens(scheme: 'light' | 'dark') {
  describe(`the newer screens in the ${scheme} scheme`, () => {
    for (const width of WIDTHS) {
      const open = async (page: Page, reader: OddReader['reader']) => {
        await signInAs(page, reader)
        await page.emulateMedia({ colorScheme: scheme })
        await page.setViewportSize({ width, height: 900 })
        return async (path: string, name: string) => {
          await page.goto(path)
          await expectVisible(page.getByRole('heading', { level: 1 }))
          await checkScreen(page, `dark-mode-${scheme}-${name}`, width)
        }
      }

      test(`${scheme}, ${width} px: the profile and the library's three views pass axe`, async ({ page }) => {
        const { reader } = await oddReader()
        const shot = await open(page, reader)
        // A name of many lines stays below the profile's banner (on it, it is unreadable in either theme).
        await shot('/profile', 'profile')
        const onBanner = await page.getByRole('heading', { level: 1 }).evaluate((h1) => {
          const banner = h1.parentElement!.parentElement!.previousElementSibling!
          return banner.getBoundingClientRect().bottom - h1.getBoundingClientRect().top
        })
        expect(onBanner).toBeLessThanOrEqual(1)
        for (const view of ['list', 'grid', 'table']) await shot(`/user/${reader._id}/library?status=read&view=${view}`, `library-${view}`)
      })

      test(`${scheme}, ${width} px: stats pass axe, with every axis label whole`, async ({ page }) => {
        const { reader, year } = await oddReader()
        const shot = await open(page, reader)
        await shot(`/user/${reader._id}/stats/${year}`, 'stats')
        // Every axis label is whole (the chart cuts one too wide for its axis with an ellipsis).
        const ticks = await page.locator('.MuiChartsAxis-tickLabel').allTextContents()
        expect(ticks.length).toBeGreaterThan(0)
        expect(ticks.filter((t) => /…|\.\.\./.test(t))).toEqual([])
        await expect.poll(() => page.locator('canvas[role="img"]').getAttribute('data-drawn'), { timeout: 30_000 }).toBe('true')
        await checkScreen(page, `dark-mode-${scheme}-stats-drawn`, width)
      })

      test(`${scheme}, ${width} px: a book page, the Read dialog and a generated cover with long names pass axe`, async ({ page }) => {
        const { reader, odd, other } = await oddReader()
        const shot = await open(page, reader)
        await shot(`/books/${other._id}`, 'book')
        await page.getByRole('region', { name: 'Your reading' }).getByRole('combobox', { name: 'Reading status' }).selectOption('read')
        await expectVisible(page.getByRole('dialog', { name: 'Mark as Read' }))
        await checkScreen(page, `dark-mode-${scheme}-read-dialog`, width)
        await page.keyboard.press('Escape')

        // The cover drawn for a book without one keeps a long author's name inside it.
        await shot(`/books/${odd._id}`, 'odd-book')
        const spilled = await page
          .getByTestId('generated-cover')
          .first()
          .evaluate((cover) => [...cover.children].filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent))
        expect(spilled).toEqual([])
      })

      test(`${scheme}, ${width} px: Add Book${width === 375 ? ', the filter sheet' : ''} and sign-up errors pass axe`, async ({ page }) => {
        const { reader } = await oddReader()
        const shot = await open(page, reader)
        await shot('/add-book', 'add-book')
        if (width === 375) {
          await shot('/browse', 'browse')
          await page.getByRole('button', { name: /^Show Filters/ }).click()
          await expectVisible(page.getByRole('dialog', { name: 'Filters' }))
          await checkScreen(page, `dark-mode-${scheme}-browse-sheet`, width)
        }
        await page.evaluate(() => localStorage.clear())
        await shot('/login?tab=signup', 'sign-up')
        await page.getByRole('tabpanel').getByRole('button', { name: 'Sign Up' }).click()
        await expectVisible(page.getByText('Full Name is required'))
        await checkScreen(page, `dark-mode-${scheme}-sign-up-errors`, width)
      })
    }
  })
}
