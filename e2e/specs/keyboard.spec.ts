import { describe, expect } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { apiGet, listBooks, registerUser, type ApiReview } from '../support/api.ts'
import { baseURL, expectHidden, expectText, expectVisible, test } from '../support/fixtures.ts'
import { focusIndicator, focusedSummary, tabTo } from '../support/a11y.ts'

/** Tabs to the element and checks that focus is drawn on it (an outline, a shadow or a thick field border). */
async function focusByTab(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', presses = 80) {
  await tabTo(page, target, presses, key)
  const ring = await focusIndicator(page)
  expect(ring, `a visible focus indicator on ${await focusedSummary(page)}`).not.toBeNull()
  return ring
}

describe('keyboard only', () => {
  test('sign in, search, open a book, rate it with the keyboard and review it, then follow a reader: focus always visible', async ({ page }) => {
    const reader = await registerUser(baseURL)
    const book = (await listBooks(baseURL)).find((b) => b.title === 'Dracula')!
    const reviews = await apiGet<ApiReview[]>(baseURL, `/reviews/book/${book._id}`)
    const other = reviews[0]!.user

    // The first Tab on a page reaches 'Skip to content'.
    await page.goto('/login')
    await expectVisible(page.getByRole('tab', { name: 'Login' }))
    await page.keyboard.press('Tab')
    expect(await focusedSummary(page)).toContain('Skip to content')
    expect(await focusIndicator(page)).not.toBeNull()

    // Sign in.
    await focusByTab(page, page.getByRole('textbox', { name: 'Email' }))
    await page.keyboard.type(reader.email)
    await focusByTab(page, page.getByLabel('Password'))
    await page.keyboard.type(reader.password)
    await page.keyboard.press('Enter')
    await page.waitForURL((u) => u.pathname === '/')

    // Search from the hero.
    const box = page.getByRole('search').getByRole('searchbox')
    await expectVisible(box)
    await focusByTab(page, box)
    await page.keyboard.type('dracula')
    await page.keyboard.press('Enter')
    const results = page.getByRole('list', { name: 'Search Results' })
    await expectVisible(results)
    const card = results.getByRole('link').filter({ hasText: 'Dracula' }).first()
    await focusByTab(page, card)
    await page.keyboard.press('Enter')
    await page.waitForURL(`**/books/${book._id}`)
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Dracula' }))

    // Write a review: the stars are a radio group named 'Rating'; arrows choose, each star announced by its label.
    await focusByTab(page, page.getByRole('button', { name: 'Write a Review', exact: true }))
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Write a Review' })
    await expectVisible(dialog)
    const stars = dialog.getByRole('radiogroup', { name: 'Rating' })
    await focusByTab(page, stars)
    for (let i = 0; i < 6 && !(await stars.getByRole('radio', { name: '4 Stars' }).isChecked()); i++) await page.keyboard.press('ArrowRight')
    expect(await stars.getByRole('radio', { name: '4 Stars' }).isChecked()).toBe(true)
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).labels?.[0]?.textContent)).toBe('4 Stars')
    await focusByTab(page, dialog.getByRole('textbox', { name: 'Your Review' }))
    const comment = `Read by keyboard, ${reader.username}.`
    await page.keyboard.type(comment)
    await focusByTab(page, dialog.getByRole('button', { name: 'Submit Review' }))
    await page.keyboard.press('Enter')
    await expectHidden(dialog)
    const mine = page.getByRole('list', { name: 'Reviews' }).getByRole('listitem').first()
    await expectText(mine, comment)
    await expectVisible(mine.getByRole('img', { name: '4 out of 5 stars' }))

    // Follow another reviewer: their name opens their page; Follow by keyboard.
    await focusByTab(page, page.getByRole('list', { name: 'Reviews' }).getByRole('link', { name: other.username, exact: true }))
    await page.keyboard.press('Enter')
    await page.waitForURL(`**/user/${other._id}`)
    const follow = page.getByRole('button', { name: 'Follow', exact: true })
    await expectVisible(follow)
    await focusByTab(page, follow)
    await page.keyboard.press('Enter')
    await expectVisible(page.getByRole('button', { name: 'Unfollow' }))
    const following = await apiGet<{ _id: string }[]>(baseURL, `/users/following/${reader._id}`)
    expect(following.map((p) => p._id)).toContain(other._id)
  })

  test('the small-screen menu and the filter toggle work from the keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto('/browse')
    await expectVisible(page.getByRole('tab', { name: 'All Books' }))
    await focusByTab(page, page.getByRole('button', { name: 'Show Filters' }))
    await page.keyboard.press('Enter')
    await expectVisible(page.getByRole('group', { name: 'Genres' }))
    await focusByTab(page, page.getByRole('checkbox', { name: 'Fantasy' }))
    await page.keyboard.press('Space')
    // The sheet's choices are applied with Apply, which closes it (issue 22).
    await focusByTab(page, page.getByRole('button', { name: 'Apply' }))
    await page.keyboard.press('Enter')
    await expectVisible(page.getByRole('button', { name: /Show Filters\s*1/ }))
    // The bottom navigation follows the page's list in reading order: past a full page of Fantasy cards
    // (other journeys on this server add books), so more presses than elsewhere.
    await focusByTab(page, page.getByRole('navigation', { name: 'Bottom navigation' }).getByRole('button', { name: 'More' }), 'Tab', 200)
    await page.keyboard.press('Enter')
    const menu = page.getByRole('navigation', { name: 'Navigation drawer' })
    await focusByTab(page, menu.getByRole('link', { name: 'About' }))
    await page.keyboard.press('Enter')
    await page.waitForURL('**/about')
    await expectHidden(menu)
  })
})
