import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import { apiGetWithHeaders, listBooks, postBook, postReview, registerUser, unique, type BookSummary } from '../support/api.ts'
import { baseURL, escapeRe, expectText, expectVisible, test, WAIT_MS } from '../support/fixtures.ts'
import { answer, failCall, recordCalls } from '../support/failures.ts'

// Browse for everyday readers (issue 10, decision 0009): the address keeps the search, filters and
// tab; filters that do what they say; a trustworthy Top Rated; a way past the filters by keyboard.

const main = (page: Page) => page.getByRole('main')
const grid = (page: Page) => main(page).getByRole('list').first()
const cardsOf = (page: Page) => grid(page).getByRole('listitem')
const shownTitles = (page: Page) => cardsOf(page).getByRole('heading', { level: 3 }).allInnerTexts()
const found = (page: Page) =>
  main(page)
    .getByRole('status')
    .filter({ hasText: /books? found$/ })
const searchText = (page: Page) => page.getByRole('textbox', { name: 'Search books' })
const scope = (page: Page) => page.getByRole('combobox', { name: 'Search in' })
const filters = (page: Page) => page.getByRole('complementary', { name: 'Filters' })
const box = (page: Page, group: string, name: string) => filters(page).getByRole('group', { name: group }).getByRole('checkbox', { name, exact: true })
const chip = (page: Page, label: string) =>
  main(page)
    .locator('.MuiChip-root')
    .filter({ hasText: new RegExp(`^${escapeRe(label)}$`) })
const tab = (page: Page, name: string) => page.getByRole('tablist', { name: 'Book lists' }).getByRole('tab', { name, exact: true })
const searchCalls = (calls: ReturnType<typeof recordCalls>) => calls.filter((c) => c.url.pathname === '/api/books/search')

async function search(page: Page, text: string) {
  await searchText(page).fill(text)
  await searchText(page).press('Enter')
}

async function expectTab(page: Page, name: string) {
  await expect.poll(() => tab(page, name).getAttribute('aria-selected')).toBe('true')
}

/** A book of the reader's own with a word no other book has, so a search finds exactly what a test arranged. */
async function arrangeBook(overrides: Record<string, unknown> = {}) {
  const author = await registerUser(baseURL, { userType: 'Author' })
  return postBook(baseURL, author, overrides)
}

describe('browse remembers itself (decision 0009)', () => {
  test('Reload and a shared link restore the search, its scope, the filters and the tab', async ({ page, context }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    const calls = recordCalls(page)
    await page.goto('/browse')
    await scope(page).selectOption('Author Only')
    await search(page, 'austen')
    await box(page, 'Genres', 'Fiction').check()
    await box(page, 'Languages', 'English').check()
    await tab(page, 'Top Rated').click()
    await expectTab(page, 'Top Rated')
    const address = page.url()
    expect(new URL(address).searchParams.get('q')).toBe('austen')

    const expectRestored = async (p: Page, c: ReturnType<typeof recordCalls>) => {
      await expectTab(p, 'Top Rated')
      await expect.poll(() => searchText(p).inputValue()).toBe('austen')
      expect(await scope(p).inputValue()).toBe('author')
      expect(await box(p, 'Genres', 'Fiction').isChecked()).toBe(true)
      expect(await box(p, 'Languages', 'English').isChecked()).toBe(true)
      expect(await filters(p).getByRole('checkbox', { checked: true }).count()).toBe(2)
      // The tab lists the search's matches in its own order.
      await expect.poll(() => searchCalls(c).at(-1)?.url.searchParams.get('sort')).toBe('rating')
      const q = searchCalls(c).at(-1)!.url.searchParams
      expect([q.get('query'), q.get('type'), q.get('genres'), q.get('languages')]).toEqual(['austen', 'author', 'Fiction', 'English'])
    }

    calls.length = 0
    await page.reload()
    await expectRestored(page, calls)
    // Back on All Books, the chips say what is active.
    await tab(page, 'All Books').click()
    await expectVisible(chip(page, 'Fiction'))
    await expectVisible(chip(page, 'English'))

    // The link opened in a tab of its own (the first one closed: one page drawing at a time).
    await page.close()
    const other = await context.newPage()
    const otherCalls = recordCalls(other)
    await other.setViewportSize({ width: 1440, height: 900 })
    await other.goto(address)
    await expectRestored(other, otherCalls)
  })

  test('each tab is a history entry: Back goes to the previous tab; a filter click is not one', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/browse')
    await expectVisible(cardsOf(page).first())
    await tab(page, 'Popular This Week').click()
    await expectTab(page, 'Popular This Week')
    await tab(page, 'New Releases').click()
    await expectTab(page, 'New Releases')
    await box(page, 'Genres', 'Fiction').check()
    await box(page, 'Genres', 'Mystery').check()
    await tab(page, 'Top Rated').click()
    await expectTab(page, 'Top Rated')
    await page.goBack()
    await expectTab(page, 'New Releases')
    // The filters chosen there came back with it, and one Back did not undo them one by one.
    expect(await box(page, 'Genres', 'Fiction').isChecked()).toBe(true)
    expect(await box(page, 'Genres', 'Mystery').isChecked()).toBe(true)
    await page.goBack()
    await expectTab(page, 'Popular This Week')
    expect(await filters(page).getByRole('checkbox', { checked: true }).count()).toBe(0)
    await page.goBack()
    await expectTab(page, 'All Books')
    await page.goForward()
    await expectTab(page, 'Popular This Week')
  })

  test('Back from a book restores the scroll position on Browse', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/browse')
    await expectVisible(cardsOf(page).first())
    const card = cardsOf(page).nth(17)
    await card.scrollIntoViewIfNeeded()
    await page.evaluate(() => window.scrollBy(0, 40))
    const title = await card.getByRole('heading', { level: 3 }).innerText()
    const y = await page.evaluate(() => window.scrollY)
    expect(y).toBeGreaterThan(600)
    // What the reader sees first: the first card below the top bar, this far down the window.
    const firstInView = () =>
      page.evaluate(() => {
        const bar = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0
        const cards = [...document.querySelectorAll('#main li')].filter((li) => li.querySelector('a[href^="/books/"]'))
        const first = cards
          .map((li) => ({ href: li.querySelector('a[href^="/books/"]')!.getAttribute('href')!, top: li.getBoundingClientRect().top }))
          .filter((c) => c.top >= bar && c.top <= window.innerHeight)
          .sort((a, b) => a.top - b.top)[0]
        return first ?? null
      })
    const topOf = (href: string) =>
      page.evaluate((h) => {
        const li = document.querySelector(`#main li a[href="${CSS.escape(h)}"]`)?.closest('li')
        return li ? Math.round(li.getBoundingClientRect().top) : null
      }, href)
    const seen = await firstInView()
    expect(seen).not.toBeNull()
    await card.getByRole('link', { name: 'View Details' }).click()
    await page.waitForURL('**/books/*')
    await expectVisible(page.getByRole('heading', { level: 1, name: title }))
    await page.goBack()
    await page.waitForURL('**/browse')
    // That card back in the same place in the window: rows above it may measure a few pixels
    // differently on the way back (long titles other journeys added), so pixels scrolled can differ.
    await expect.poll(async () => Math.abs(((await topOf(seen!.href)) ?? Number.NaN) - Math.round(seen!.top)) <= 2, { timeout: WAIT_MS }).toBe(true)
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(600)
    expect(await cardsOf(page).nth(17).getByRole('heading', { level: 3 }).innerText()).toBe(title)
  })
})

describe('browse filters are right (decision 0009)', () => {
  test("'501+ pages' has no upper end: a 1,200-page book is found and no maxPages is sent", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    const word = unique('Tome')
    const long = await arrangeBook({ title: `The ${word} Doorstop`, pageCount: 1200 })
    const calls = recordCalls(page)
    await page.goto('/browse')
    await search(page, word)
    await expect.poll(() => shownTitles(page)).toEqual([long.title])
    await box(page, 'Page Count', '501+ pages').check()
    await expectVisible(chip(page, '501+ pages'))
    await expect.poll(() => searchCalls(calls).at(-1)?.url.searchParams.get('minPages')).toBe('501')
    expect(searchCalls(calls).at(-1)!.url.searchParams.has('maxPages')).toBe(false)
    await expect.poll(() => shownTitles(page)).toEqual([long.title])
    await expectText(found(page), /^1 book found$/)
    // '301-500' leaves it out.
    await box(page, 'Page Count', '301-500').check()
    await expectVisible(main(page).getByText('No books match your search.'))
  })

  test("the year range reaches the catalogue's oldest book, and applies", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    const books = await listBooks(baseURL)
    const oldest = [...books].filter((b) => b.publishedDate).sort((a, b) => a.publishedDate!.localeCompare(b.publishedDate!))[0]!
    const year = Number(oldest.publishedDate!.slice(0, 4))
    expect(year).toBeLessThan(1900) // the demo has classics
    const calls = recordCalls(page)
    await page.goto('/browse')
    await expectVisible(cardsOf(page).first())
    const earliest = page.getByRole('slider', { name: 'Earliest year' })
    await expect.poll(() => earliest.getAttribute('aria-valuemin')).toBe(String(year))
    // Untouched, the range is any year and already reaches the oldest book; bring its end to 2023.
    expect(await earliest.getAttribute('aria-valuenow')).toBe(String(year))
    const latest = page.getByRole('slider', { name: 'Latest year' })
    // Each step is applied at once and the slider drawn anew: focus it again for the next.
    for (let i = 0; i < 20 && Number(await latest.getAttribute('aria-valuenow')) > 2023; i++) {
      const before = await latest.getAttribute('aria-valuenow')
      await latest.focus()
      await page.keyboard.press('ArrowLeft')
      await expect.poll(() => latest.getAttribute('aria-valuenow')).not.toBe(before)
    }
    await expectText(filters(page), `Published: ${year}–2023`)
    await expect.poll(() => searchCalls(calls).at(-1)?.url.searchParams.get('minYear')).toBe(String(year))
    const { headers } = await apiGetWithHeaders<BookSummary[]>(baseURL, `/books/search?minYear=${year}&maxYear=2023&limit=1`)
    await expectText(found(page), `${Number(headers.get('x-total-count')).toLocaleString('en-US')} books found`)
    // The oldest book is among the matches; with the default range it is not.
    await search(page, oldest.title)
    await expect.poll(() => shownTitles(page)).toContain(oldest.title)
    await page.getByRole('slider', { name: 'Earliest year' }).focus()
    await page.keyboard.press('End')
    await expect.poll(() => searchCalls(calls).at(-1)?.url.searchParams.get('minYear')).not.toBe(String(year))
    await expect.poll(() => shownTitles(page)).not.toContain(oldest.title)
  })

  test("'{n} books found' is exact, with thousands separators, and '1 book found' for one", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    const word = unique('Single')
    const one = await arrangeBook({ title: `${word} Only` })
    // A catalogue of 123,456 books, as the server would count it (past the old cap of 1,000).
    await failCall(
      page,
      { path: '/books', query: { sort: null } },
      answer([one], 200, { 'X-Total-Count': '123456', 'Access-Control-Expose-Headers': 'X-Total-Count' }),
    )
    await page.goto('/browse')
    await expectText(found(page), /^123,456 books found$/)
    await search(page, word)
    await expectText(found(page), /^1 book found$/)
    // The real count of a wide search: exact, as the API answers it.
    await search(page, 'the')
    const { headers } = await apiGetWithHeaders<BookSummary[]>(baseURL, '/books/search?query=the&type=all&limit=1')
    await expectText(found(page), new RegExp(`^${Number(headers.get('x-total-count')).toLocaleString('en-US')} books found$`))
  })

  test('Popular This Week, New Releases and Top Rated honour the active search', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    const word = unique('Tabbed')
    const older = await arrangeBook({ title: `${word} Elder`, publishedDate: '1990-01-01' })
    const newer = await arrangeBook({ title: `${word} Younger`, publishedDate: '2022-06-01' })
    const calls = recordCalls(page)
    await page.goto('/browse')
    await search(page, word)
    await expect.poll(async () => (await shownTitles(page)).sort()).toEqual([older.title, newer.title].sort())
    await tab(page, 'New Releases').click()
    await expect.poll(() => shownTitles(page)).toEqual([newer.title, older.title])
    expect(await cardsOf(page).getByText('New', { exact: true }).count()).toBe(2)
    expect(searchCalls(calls).at(-1)!.url.searchParams.get('query')).toBe(word)
    expect(searchCalls(calls).at(-1)!.url.searchParams.get('sort')).toBe('published')
    await tab(page, 'Popular This Week').click()
    await expect.poll(() => searchCalls(calls).at(-1)?.url.searchParams.get('sort')).toBe('popular')
    await expect.poll(async () => (await shownTitles(page)).sort()).toEqual([older.title, newer.title].sort())
  })
})

describe('Top Rated is trustworthy (decision 0009)', () => {
  test('a book with a single 5★ review does not lead; the plain average is still shown', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    const word = unique('Ranked')
    const lone = await arrangeBook({ title: `${word} Lone Star` })
    const proven = await arrangeBook({ title: `${word} Well Read` })
    const readers = await Promise.all([0, 1, 2].map(() => registerUser(baseURL)))
    await postReview(baseURL, readers[0]!, lone._id, 5, 'One glowing review, and nothing else to go on.')
    // 5, 5, 4: a plain average of 4.7, a weighted score of 3.94 (the lone 5★ scores 3.75).
    for (const [i, rating] of [5, 5, 4].entries()) await postReview(baseURL, readers[i]!, proven._id, rating, `A considered review number ${i + 1}.`)
    await page.goto('/browse')
    await expectVisible(cardsOf(page).first())

    // Without a search: the lone 5★ is nowhere near the top.
    await tab(page, 'Top Rated').click()
    await expect.poll(() => cardsOf(page).getByText('Top Rated', { exact: true }).count()).toBe(20)
    expect(await shownTitles(page)).not.toContain(lone.title)

    // Among the two, the well-read book leads; each card shows its plain average.
    await search(page, word)
    await tab(page, 'Top Rated').click()
    await expect.poll(() => shownTitles(page)).toEqual([proven.title, lone.title])
    expect(
      await cardsOf(page)
        .getByLabel(/^Average rating /)
        .allInnerTexts(),
    ).toEqual(['★ 4.7', '★ 5.0'])
  })
})

describe("browse's skip link", () => {
  test("'Skip to results' is among the first Tabs and takes the keyboard to the first result in a few more", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/browse')
    await expectVisible(cardsOf(page).first())
    const skip = page.getByRole('link', { name: 'Skip to results' })
    let presses = 0
    while (!(await skip.evaluate((el) => el === document.activeElement)) && presses < 15) {
      await page.keyboard.press('Tab')
      presses++
    }
    expect(presses, 'Tabs to reach the skip link').toBeLessThan(15)
    await expectVisible(skip) // shown while focused
    await page.keyboard.press('Enter')
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Results')
    const firstCard = cardsOf(page).first()
    let more = 0
    while (!(await firstCard.evaluate((el) => el.contains(document.activeElement))) && more < 10) {
      await page.keyboard.press('Tab')
      more++
    }
    expect(more, 'Tabs from the results heading to the first result').toBeLessThanOrEqual(4)
    expect(presses + 1 + more, 'keys from the top of the page to the first result').toBeLessThan(20)
  })
})
