import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import { apiGet, DEMO, listBooks, loginUser } from '../support/api.ts'
import { baseURL, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { screenshotDir } from '../support/paths.ts'

// Full-page pictures of every screen at a phone, a tablet and a desktop width, for people to look at
// (e2e/out/screenshots/<screen>-<width>.png). Each also checks that nothing scrolls sideways.
const WIDTHS = [375, 900, 1440] as const

interface Person { _id: string; username: string }

/** Waits until the screen has its data: no request in flight, no spinner, fonts and images ready. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle')
  await expect.poll(() => page.getByRole('progressbar').count(), { timeout: 15_000 }).toBe(0)
  await page.evaluate(async () => {
    await document.fonts.ready
    // Lazy images below the fold never load until scrolled to, so they are not waited for; the rest get 5 s.
    const pending = [...document.images].filter((img) => !img.complete && img.loading !== 'lazy')
    await Promise.race([
      Promise.all(pending.map((img) => new Promise((r) => { img.addEventListener('load', r); img.addEventListener('error', r) }))),
      new Promise((r) => setTimeout(r, 5000)),
    ])
  })
  await page.waitForTimeout(250) // let transitions (tabs' indicator, fades) finish
}

async function shoot(page: Page, name: string, width: number, overflow: string[]) {
  await settle(page)
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  if (sideways > 0) overflow.push(`${name} at ${width}px scrolls sideways by ${sideways}px`)
  await page.screenshot({ path: join(screenshotDir, `${name}-${width}.png`), fullPage: true })
}

describe('screenshots', () => {
  for (const width of WIDTHS) {
    test(`every screen at ${width} px`, { timeout: 180_000 }, async ({ page }) => {
      mkdirSync(screenshotDir, { recursive: true })
      await page.setViewportSize({ width, height: 900 })
      const overflow: string[] = []
      const demo = await loginUser(baseURL, DEMO.email, DEMO.password)
      const books = await listBooks(baseURL)
      const book = [...books].sort((a, b) => b.totalReviews - a.totalReviews)[0]!
      const following = await apiGet<Person[]>(baseURL, `/users/following/${demo._id}`)
      const person = following[0] ?? demo

      await page.goto('/login')
      await expectVisible(page.getByRole('tab', { name: 'Login' }))
      await shoot(page, 'login', width, overflow)

      await signInAs(page, demo)
      const screens: [string, string, () => Promise<void>][] = [
        ['home', '/', () => expectVisible(page.getByRole('heading', { name: 'Discover Your Next Great Read' }))],
        ['browse', '/browse', () => expectVisible(page.getByRole('tab', { name: 'All Books' }))],
        ['book', `/books/${book._id}`, () => expectVisible(page.getByRole('heading', { level: 1, name: book.title }))],
        ['profile', '/profile', () => expectVisible(page.getByRole('heading', { level: 1, name: demo.name }))],
        ['user', `/user/${person._id}`, () => expectVisible(page.getByText(`@${person.username}`, { exact: true }))],
        ['followers', `/user/${demo._id}/followers`, () => expectVisible(page.getByRole('tab', { name: /^Followers \(\d+\)$/ }))],
        ['add-book', '/add-book', () => expectVisible(page.getByRole('heading', { level: 1, name: 'Add a New Book' }))],
        ['about', '/about', () => expectVisible(page.getByRole('heading', { name: 'Our Mission' }))],
      ]
      for (const [name, path, ready] of screens) {
        await page.goto(path)
        await ready()
        await shoot(page, name, width, overflow)
      }
      expect(overflow, 'no screen should scroll sideways').toEqual([])
    })
  }
})
