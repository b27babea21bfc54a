import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import { apiGetWithHeaders, type BookSummary } from '../support/api.ts'
import { baseURL, expectHidden, expectText, expectVisible, test } from '../support/fixtures.ts'
import { recordCalls } from '../support/failures.ts'
import { checkScreen } from '../support/screen.ts'

// Browse on a phone (issue 22 point 10, decision 0040): the filters in a sheet with a live count and
// Apply, an untouched year range that says it does not filter, Clear All Filters keeping the words.

const main = (page: Page) => page.getByRole('main')
const sheet = (page: Page) => page.getByRole('dialog', { name: 'Filters' })
const found = (page: Page) =>
  main(page)
    .getByRole('status')
    .filter({ hasText: /books? found$/ })
const searchText = (page: Page) => page.getByRole('textbox', { name: 'Search books' })
const chip = (page: Page, label: string) => main(page).locator('.MuiChip-root').filter({ hasText: label })
const totalOf = async (query: string) =>
  Number((await apiGetWithHeaders<BookSummary[]>(baseURL, `/books/search?${query}&limit=1`)).headers.get('x-total-count')).toLocaleString('en-US')
const found$ = (n: string) => new RegExp(`^${n} books? found$`)

describe('browse on a phone', () => {
  test('375 px: the sheet counts live, Apply applies, the year says any year, Clear All Filters keeps the words; axe clean', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    const calls = recordCalls(page)
    await page.goto('/browse')
    await searchText(page).fill('the')
    await searchText(page).press('Enter')
    const words = await totalOf('query=the')
    await expectText(found(page), found$(words))

    await page.getByRole('button', { name: /^Show Filters/ }).click()
    await expectVisible(sheet(page))
    // The sheet starts where the results are, and says the untouched years filter nothing.
    await expectText(sheet(page).getByRole('status'), found$(words))
    await expectText(sheet(page), 'Published: any year')
    await sheet(page).getByRole('group', { name: 'Languages' }).getByRole('checkbox', { name: 'French', exact: true }).check()
    const french = await totalOf('query=the&languages=French')
    await expectText(sheet(page).getByRole('status'), found$(french))
    // Counted with one-book answers: the results behind have not moved yet.
    const withFrench = calls.filter((c) => c.url.pathname === '/api/books/search' && c.url.searchParams.get('languages') === 'French')
    expect(withFrench.map((c) => c.url.searchParams.get('limit'))).toEqual(['1'])
    await checkScreen(page, 'browse-sheet', 375)

    await sheet(page).getByRole('button', { name: 'Apply' }).click()
    await expectHidden(sheet(page))
    await expectText(found(page), found$(french))
    await expectVisible(chip(page, 'French'))
    await expectText(page.getByRole('button', { name: /^Show Filters/ }), /Show Filters\s*1/)
    expect(calls.some((c) => c.url.searchParams.has('minYear'))).toBe(false)

    // Clear All Filters: the filters go, the words stay.
    await main(page).getByRole('button', { name: 'Clear All Filters' }).click()
    await expectHidden(chip(page, 'French'))
    await expectText(found(page), found$(words))
    expect(await searchText(page).inputValue()).toBe('the')
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('the')
    await checkScreen(page, 'browse-after-clear', 375)
  })
})
