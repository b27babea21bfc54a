import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import { apiPut, postBook, registerUser, type TestUser } from '../support/api.ts'
import { baseURL, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { checkScreen, WIDTHS } from '../support/screen.ts'

// Issue 22, point 13: the covers made from a title and an author, as small as 48 px in the Currently
// Reading strip, the library's list and covers, and the year's cover wall, keep a long word, an
// Arabic name and emoji inside the cover: wrapped or ended with an ellipsis, never cut at its edge.

const ODD_BOOKS = [
  { title: `📚 ${'Incomprehensibilities'.repeat(6)} 🐉`, author: `Maximilian ${'Featherstonehaugh'.repeat(5)} 🦉` },
  { title: 'مئة عام من العزلة في ماكوندو الخيالية', author: 'غابرييل غارسيا ماركيث' },
  { title: `The ${'Extraordinarily Long '.repeat(8)}Chronicle ✨`, author: 'שמואל יוסף עגנון ואחרים 📖' },
]

let data: Promise<TestUser> | undefined

/** A reader reading the odd books, and having finished them this year (a re-read open on each). */
const reader = () =>
  (data ??= (async () => {
    const r = await registerUser(baseURL)
    for (const b of ODD_BOOKS) {
      const book = await postBook(baseURL, r, { ...b, author_username: null, role: 'none' })
      await apiPut(baseURL, `/books/${book._id}/reading`, r.token, { status: 'read' })
      await apiPut(baseURL, `/books/${book._id}/reading`, r.token, { status: 'reading' })
    }
    return r
  })())

/** Every generated cover on the screen whose text leaves it: wider than the cover, or outside its box. */
const coversSpilling = (page: Page) =>
  page.locator('[data-testid="generated-cover"]').evaluateAll((covers) =>
    covers.flatMap((cover) => {
      const box = cover.getBoundingClientRect()
      if (box.width === 0) return []
      const name = `${cover.getAttribute('aria-label')} (${Math.round(box.width)} px)`
      const found: string[] = []
      if (cover.scrollWidth > cover.clientWidth || cover.scrollHeight > cover.clientHeight)
        found.push(`${name}: its text overflows (${cover.scrollWidth}×${cover.scrollHeight} in ${cover.clientWidth}×${cover.clientHeight})`)
      for (const part of cover.querySelectorAll<HTMLElement>('[data-part]')) {
        if (getComputedStyle(part).display === 'none') continue
        const r = part.getBoundingClientRect()
        if (part.scrollWidth > part.clientWidth)
          found.push(`${name}: a word wider than its ${part.dataset.part} (${part.scrollWidth} > ${part.clientWidth}, ${getComputedStyle(part).fontSize})`)
        if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5)
          found.push(`${name}: its ${part.dataset.part} is cut at the cover's edge`)
      }
      return found
    }),
  )

describe('mini covers keep long, right-to-left and emoji titles and authors inside them', () => {
  // One test per width: each width visits four screens, each checked by axe-core and photographed.
  for (const width of WIDTHS) {
    test(`Currently Reading, the library as a list and as covers, and the year’s cover wall, at ${width} px`, async ({ page }) => {
      const r = await reader()
      await signInAs(page, r)
      const year = new Date().getUTCFullYear()
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/profile')
      await expectVisible(page.getByRole('list', { name: 'Currently Reading' }))
      await checkScreen(page, 'mini-covers-profile', width)
      expect(await coversSpilling(page), `profile at ${width}px`).toEqual([])

      for (const view of ['list', 'grid'] as const) {
        await page.goto(`/user/${r._id}/library?status=reading&view=${view}`)
        await expectVisible(page.getByRole('link', { name: ODD_BOOKS[1]!.title }).first())
        await checkScreen(page, `mini-covers-library-${view}`, width)
        expect(await coversSpilling(page), `library ${view} at ${width}px`).toEqual([])
      }

      await page.goto(`/user/${r._id}/stats/${year}`)
      await page.getByRole('button', { name: 'Covers', exact: true }).click()
      await expectVisible(page.getByRole('link', { name: ODD_BOOKS[1]!.title }).first())
      await checkScreen(page, 'mini-covers-stats', width)
      expect(await coversSpilling(page), `stats cover wall at ${width}px`).toEqual([])
    })
  }
})
