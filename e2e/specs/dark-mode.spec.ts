import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import { apiPut, listBooks, postBook, registerUser } from '../support/api.ts'
import { baseURL, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { checkScreen, WIDTHS } from '../support/screen.ts'

// Issue 22 point 14: dark mode follows the system, can be switched (System / Light / Dark in the
// top bar), is remembered, never paints the wrong scheme first, and passes axe's contrast checks.

const LIGHT_BG = 'rgb(247, 248, 250)'
const DARK_BG = 'rgb(18, 18, 18)'

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
const htmlBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)

async function chooseTheme(page: Page, name: 'System' | 'Light' | 'Dark') {
  await page.getByRole('button', { name: 'Theme' }).click()
  await page.getByRole('menuitemradio', { name }).click()
  await expectVisible(page.getByRole('heading', { level: 1 }))
}

describe('dark mode', () => {
  test('follows the system scheme, also when it changes while the page is open', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto('/')
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Discover Your Next Great Read' }))
    await expect.poll(() => background(page)).toBe(DARK_BG)
    await page.emulateMedia({ colorScheme: 'light' })
    await expect.poll(() => background(page)).toBe(LIGHT_BG)
  })

  test('the switch overrides the system and is remembered across a reload; System follows it again', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto('/browse')
    await expectVisible(page.getByRole('heading', { level: 1 }))
    await chooseTheme(page, 'Dark')
    await expect.poll(() => background(page)).toBe(DARK_BG)
    await page.reload()
    await expectVisible(page.getByRole('heading', { level: 1 }))
    expect(await background(page)).toBe(DARK_BG)
    await page.getByRole('button', { name: 'Theme' }).click()
    expect(await page.getByRole('menuitemradio', { name: 'Dark' }).getAttribute('aria-checked')).toBe('true')
    await page.keyboard.press('Escape')
    await chooseTheme(page, 'System')
    await expect.poll(() => background(page)).toBe(LIGHT_BG)
    await page.reload()
    await expectVisible(page.getByRole('heading', { level: 1 }))
    expect(await background(page)).toBe(LIGHT_BG)
  })

  for (const [stored, system, expected] of [
    ['dark', 'light', DARK_BG],
    ['light', 'dark', LIGHT_BG],
    [null, 'dark', DARK_BG],
  ] as const) {
    test(`no wrong first paint: stored ${stored ?? 'nothing'}, system ${system} → the page is ${expected} before the app runs`, async ({ page }) => {
      const cspErrors: string[] = []
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) cspErrors.push(m.text())
      })
      await page.emulateMedia({ colorScheme: system })
      await page.goto('/favicon.svg')
      await page.evaluate((v) => (v ? localStorage.setItem('shelfwise-theme', v) : localStorage.removeItem('shelfwise-theme')), stored)
      // The app's code never arrives: what shows is the first paint (index.html and the boot script's shell).
      await page.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort())
      await page.goto('/', { waitUntil: 'load' })
      await page.waitForTimeout(300)
      expect(await htmlBackground(page)).toBe(expected)
      // The build's light shell is drawn only in the light scheme.
      const shell = await page.evaluate(() => document.getElementById('root')!.childElementCount)
      if (expected === DARK_BG) expect(shell).toBe(0)
      else expect(await background(page)).toBe(LIGHT_BG)
      // Its one inline script ran under the server's Content-Security-Policy (allowed by its hash).
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(expected === DARK_BG ? 'dark' : 'light')
      expect(cspErrors).toEqual([])
    })
  }

  for (const scheme of ['light', 'dark'] as const) {
    for (const width of WIDTHS) {
      test(`${scheme}, ${width} px: Home, a book page, Browse and the profile pass axe (contrast included)`, async ({ page }) => {
        const reader = await registerUser(baseURL)
        const [book] = await listBooks(baseURL)
        await signInAs(page, reader)
        await page.emulateMedia({ colorScheme: scheme })
        await page.setViewportSize({ width, height: 900 })
        const screens: [string, string][] = [
          ['/', `dark-mode-${scheme}-home`],
          [`/books/${book!._id}`, `dark-mode-${scheme}-book`],
          ['/browse', `dark-mode-${scheme}-browse`],
          ['/profile', `dark-mode-${scheme}-profile`],
        ]
        for (const [path, name] of screens) {
          await page.goto(path)
          await expectVisible(page.getByRole('heading', { level: 1 }))
          expect(await background(page)).toBe(scheme === 'dark' ? DARK_BG : LIGHT_BG)
          await checkScreen(page, name, width)
        }
      })
    }
  }
})

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

describe('dark mode on the newer screens', () => {
  for (const scheme of ['light', 'dark'] as const) {
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
  }
})
