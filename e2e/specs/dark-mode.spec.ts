import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import { listBooks, registerUser } from '../support/api.ts'
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
