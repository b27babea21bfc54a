import { describe, expect } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { apiGet, apiGetWithHeaders, listBooks, type BookSummary } from '../support/api.ts'
import { baseURL, escapeRe, expectHidden, expectText, expectVisible, test } from '../support/fixtures.ts'
import { failCall, holdCall, HTTP_500, NETWORK_DOWN, recordCalls } from '../support/failures.ts'
import { average, ratingsOf } from '../support/format.ts'
import { checkScreen, columnCount, GRID_COLUMNS, WIDTHS } from '../support/screen.ts'

/** What the filters offer: the values the catalogue carries (GET /api/books/facets, issue 22). */
interface Facets {
  minYear: number | null
  maxYear: number | null
  genres: string[]
  categories: string[]
  languages: string[]
}

interface PopularEntry {
  book: BookSummary
  reviewCount: number
}

const main = (page: Page) => page.getByRole('main')
const grid = (page: Page) => main(page).getByRole('list').first()
const cardsOf = (page: Page) => grid(page).getByRole('listitem')
const found = (page: Page) =>
  main(page)
    .getByRole('status')
    .filter({ hasText: /books found$/ })
const searchText = (page: Page) => page.getByRole('textbox', { name: 'Search books' })
const filters = (page: Page) => page.getByRole('complementary', { name: 'Filters' })
const group = (page: Page, name: string) => filters(page).getByRole('group', { name })
const chip = (page: Page, label: string) =>
  main(page)
    .locator('.MuiChip-root')
    .filter({ hasText: new RegExp(`^${escapeRe(label)}$`) })
const searchCalls = (calls: ReturnType<typeof recordCalls>) => calls.filter((c) => c.url.pathname === '/api/books/search')
const lastSearch = (calls: ReturnType<typeof recordCalls>) => searchCalls(calls).at(-1)!.url.searchParams

async function open(page: Page) {
  await page.goto('/browse')
  await expectVisible(cardsOf(page).first())
}

/** Top Rated's score (decision 0009): C = 5 reviews at m = 3.5 stars, then the book's own ratings. */
const weighted = (b: BookSummary) => (5 * 3.5 + (b.averageRating || 0) * b.totalReviews) / (5 + b.totalReviews)

const tab = (page: Page, name: string) => page.getByRole('tablist', { name: 'Book lists' }).getByRole('tab', { name, exact: true })

/** A Browse card shows what the API says: average to one decimal or N/A, title, 'by {author}', View Details. */
async function expectDetailsCard(card: Locator, book: BookSummary, badge?: string) {
  await expectVisible(card.getByRole('heading', { level: 3, name: book.title, exact: true }))
  expect(await card.getByLabel(`Average rating ${average(book.averageRating, ratingsOf(book))}`, { exact: true }).innerText()).toBe(
    `★ ${average(book.averageRating, ratingsOf(book))}`,
  )
  expect(await card.getByText(`by ${book.author}`, { exact: true }).count()).toBe(1)
  expect(await card.getByRole('img', { name: new RegExp(`^Cover of ${escapeRe(book.title)}`) }).count()).toBe(1)
  expect(await card.getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe(`/books/${book._id}`)
  if (badge) expect(await card.getByText(badge, { exact: true }).count()).toBe(1)
}

const shownTitles = (page: Page) => cardsOf(page).getByRole('heading', { level: 3 }).allInnerTexts()

describe('browse: the lists', () => {
  test("All Books: '{n} books found', a search box, scope and Search button, four tabs, and cards as the API answers", async ({ page }) => {
    const { data: firstPage, headers } = await apiGetWithHeaders<BookSummary[]>(baseURL, '/books?limit=24')
    await open(page)
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Browse Books' }))
    expect(await searchText(page).getAttribute('placeholder')).toBe('Search by title, author, or keyword...')
    const scope = page.getByRole('combobox', { name: 'Search in' })
    expect(await scope.locator('option').allInnerTexts()).toEqual(['All Fields', 'Title Only', 'Author Only'])
    expect(await scope.inputValue()).toBe('all')
    await expectVisible(page.getByRole('search').getByRole('button', { name: 'Search' }))
    expect(await page.getByRole('tablist', { name: 'Book lists' }).getByRole('tab').allInnerTexts()).toEqual([
      'All Books',
      'Popular This Week',
      'New Releases',
      'Top Rated',
    ])
    expect(await tab(page, 'All Books').getAttribute('aria-selected')).toBe('true')
    await expectText(found(page), `${headers.get('x-total-count')} books found`)
    expect(await cardsOf(page).count()).toBe(firstPage.length)
    for (const [i, book] of firstPage.entries()) await expectDetailsCard(cardsOf(page).nth(i), book)
    // A book nobody rated shows N/A.
    expect(firstPage.some((b) => b.totalReviews === 0) || (await listBooks(baseURL)).some((b) => b.totalReviews === 0)).toBe(true)
    await cardsOf(page).first().getByRole('link', { name: 'View Details' }).click()
    await page.waitForURL(`**/books/${firstPage[0]!._id}`)
  })

  test("Popular This Week: 'Popular' badges and '{n} reviews this week', as the API answers", async ({ page }) => {
    const popular = await apiGet<PopularEntry[]>(baseURL, '/reviews/popular-week')
    await open(page)
    await tab(page, 'Popular This Week').click()
    await expect.poll(() => shownTitles(page)).toEqual(popular.map((e) => e.book.title))
    for (const [i, e] of popular.entries()) {
      const card = cardsOf(page).nth(i)
      await expectDetailsCard(card, e.book, 'Popular')
      expect(await card.getByText(`${e.reviewCount} reviews this week`, { exact: true }).count()).toBe(1)
    }
  })

  test("New Releases: the 20 most recently published, each with a 'New' badge", async ({ page }) => {
    const books = await listBooks(baseURL)
    const byDate = [...books].sort((a, b) => (b.publishedDate ?? '').localeCompare(a.publishedDate ?? ''))
    const cutoff = byDate[19]!.publishedDate ?? ''
    await open(page)
    await tab(page, 'New Releases').click()
    await expect.poll(() => cardsOf(page).getByText('New', { exact: true }).count()).toBe(20)
    const titles = await shownTitles(page)
    expect(titles).toHaveLength(20)
    for (const t of titles) expect((books.find((b) => b.title === t)?.publishedDate ?? '') >= cutoff, `${t} is among the 20 newest`).toBe(true)
    // Newest first.
    const dates = titles.map((t) => books.find((b) => b.title === t)!.publishedDate ?? '')
    expect(dates).toEqual([...dates].sort().reverse())
  })

  test("Top Rated: the 20 best by confidence-weighted average (decision 0009), the plain average shown, each with a 'Top Rated' badge", async ({ page }) => {
    const books = await listBooks(baseURL)
    const top = await apiGet<BookSummary[]>(baseURL, '/books?sort=rating&limit=20')
    // The API's order is (5·3.5 + Σ ratings) / (5 + n): no book left out scores higher than the 20th.
    const scores = top.map(weighted)
    for (let i = 1; i < scores.length; i++) expect(scores[i]!, top[i]!.title).toBeLessThanOrEqual(scores[i - 1]! + 0.01)
    const ids = new Set(top.map((b) => b._id))
    for (const b of books.filter((x) => !ids.has(x._id))) expect(weighted(b), b.title).toBeLessThanOrEqual(scores.at(-1)! + 0.01)
    await open(page)
    await tab(page, 'Top Rated').click()
    await expect.poll(() => cardsOf(page).getByText('Top Rated', { exact: true }).count()).toBe(20)
    expect(await shownTitles(page)).toEqual(top.map((b) => b.title))
    // The rating shown stays the plain average, to one decimal.
    const shown = await cardsOf(page)
      .getByLabel(/^Average rating /)
      .allInnerTexts()
    expect(shown).toEqual(top.map((b) => `★ ${average(b.averageRating, ratingsOf(b))}`))
    await expectDetailsCard(cardsOf(page).first(), top[0]!, 'Top Rated')
  })
})

describe('browse: searching', () => {
  test('text is trimmed, scope is sent, results replace the list and a search returns to All Books', async ({ page }) => {
    const calls = recordCalls(page)
    await open(page)
    await tab(page, 'Top Rated').click()
    await searchText(page).fill('  austen  ')
    await page.getByRole('combobox', { name: 'Search in' }).selectOption('Title Only')
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click()
    await expect.poll(() => tab(page, 'All Books').getAttribute('aria-selected')).toBe('true')
    await expect.poll(() => searchCalls(calls).length).toBe(1)
    expect(lastSearch(calls).get('query')).toBe('austen')
    expect(lastSearch(calls).get('type')).toBe('title')
    // No filter chosen: no filter and no year range sent.
    for (const k of ['genres', 'categories', 'languages', 'minRating', 'minPages', 'maxPages', 'minYear', 'maxYear'])
      expect(lastSearch(calls).has(k)).toBe(false)
    const { data, headers } = await apiGetWithHeaders<BookSummary[]>(baseURL, '/books/search?query=austen&type=all&limit=24')
    const { data: byTitle, headers: h2 } = await apiGetWithHeaders<BookSummary[]>(baseURL, '/books/search?query=austen&type=title&limit=24')
    expect(byTitle.length).toBeLessThan(data.length + 1)
    await expectText(found(page), `${h2.get('x-total-count')} books found`)
    await expect.poll(() => shownTitles(page)).toEqual(byTitle.map((b) => b.title))
    expect(headers.get('x-total-count')).toBeTruthy()

    // Author Only, with Enter.
    await page.getByRole('combobox', { name: 'Search in' }).selectOption('Author Only')
    await searchText(page).fill('austen')
    await searchText(page).press('Enter')
    await expect.poll(() => searchCalls(calls).length).toBe(2)
    expect(lastSearch(calls).get('type')).toBe('author')
    const { data: byAuthor } = await apiGetWithHeaders<BookSummary[]>(baseURL, '/books/search?query=austen&type=author&limit=24')
    await expect.poll(() => shownTitles(page)).toEqual(byAuthor.map((b) => b.title))

    // Blank text and no filter: nothing is sent and the full list is back.
    await searchText(page).fill('   ')
    await searchText(page).press('Enter')
    const total = (await apiGetWithHeaders<BookSummary[]>(baseURL, '/books?limit=1')).headers.get('x-total-count')
    await expectText(found(page), `${total} books found`)
    expect(searchCalls(calls)).toHaveLength(2)
    // The full list was loaded once, on entry, and restored without asking again.
    expect(calls.filter((c) => c.url.pathname === '/api/books' && !c.url.searchParams.has('sort'))).toHaveLength(1)
  })
})

describe('browse: filters', () => {
  test('the sidebar offers the genres, categories and languages the catalogue carries, and the spec’s ratings and page ranges', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    const facets = await apiGet<Facets>(baseURL, '/books/facets')
    expect(facets.languages.length).toBeGreaterThan(1)
    await open(page)
    await expect.poll(() => group(page, 'Languages').locator('label').allInnerTexts()).toEqual(facets.languages)
    for (const [name, options] of [
      ['Genres', facets.genres],
      ['Categories', facets.categories],
      ['Languages', facets.languages],
      ['Rating', ['5+ Stars', '4+ Stars', '3+ Stars', '2+ Stars', '1+ Stars']],
      ['Page Count', ['0-100', '101-300', '301-500', '501+ pages']],
    ] as const) {
      expect(await group(page, name).locator('label').allInnerTexts(), name).toEqual([...options])
    }
    // The spec's untouched 2000–2023 is never sent: it says so.
    await expectText(filters(page), 'Published: any year')
  })

  test('choosing filters sends them, shows removable chips and the count; one rating or page range at a time; Clear All resets', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    const calls = recordCalls(page)
    await open(page)
    const total = (await apiGetWithHeaders<BookSummary[]>(baseURL, '/books?limit=1')).headers.get('x-total-count')
    const check = (g: string, label: string) => group(page, g).getByRole('checkbox', { name: label, exact: true })

    // Several genres at once.
    await check('Genres', 'Fantasy').check()
    await check('Genres', 'Horror').check()
    await expect.poll(() => searchCalls(calls).at(-1)?.url.searchParams.get('genres')).toBe('Fantasy,Horror')
    await expectVisible(chip(page, 'Fantasy'))
    await expectVisible(chip(page, 'Horror'))
    const q = lastSearch(calls)
    const { headers } = await apiGetWithHeaders<BookSummary[]>(baseURL, `/books/search?genres=Fantasy,Horror&limit=24`)
    await expectText(found(page), `${headers.get('x-total-count')} books found`)
    expect(q.has('minYear')).toBe(false)

    // Category and language, many allowed too.
    await check('Categories', 'Classic').check()
    await check('Languages', 'English').check()
    await check('Languages', 'French').check()
    await expect.poll(() => searchCalls(calls).at(-1)?.url.searchParams.get('languages')).toBe('English,French')
    expect(lastSearch(calls).get('categories')).toBe('Classic')
    for (const c of ['Classic', 'English', 'French']) await expectVisible(chip(page, c))

    // Rating: one at a time; choosing it again clears it.
    await check('Rating', '4+ Stars').check()
    await expectVisible(chip(page, '4+ Stars'))
    await check('Rating', '3+ Stars').check()
    await expectVisible(chip(page, '3+ Stars'))
    await expectHidden(chip(page, '4+ Stars'))
    expect(await check('Rating', '4+ Stars').isChecked()).toBe(false)
    await expect.poll(() => searchCalls(calls).at(-1)?.url.searchParams.get('minRating')).toBe('3')
    await check('Rating', '3+ Stars').uncheck()
    await expectHidden(chip(page, '3+ Stars'))

    // Page count: a range's chip reads '{min}-{max} pages'; '501+ pages' has no upper end (decision 0009).
    await check('Page Count', '101-300').check()
    await expectVisible(chip(page, '101-300 pages'))
    await expect.poll(() => searchCalls(calls).at(-1)?.url.searchParams.get('maxPages')).toBe('300')
    expect(lastSearch(calls).get('minPages')).toBe('101')
    await check('Page Count', '501+ pages').check()
    await expectVisible(chip(page, '501+ pages'))
    await expectHidden(chip(page, '101-300 pages'))
    await expect.poll(() => searchCalls(calls).at(-1)?.url.searchParams.get('minPages')).toBe('501')
    expect(lastSearch(calls).has('maxPages')).toBe(false)
    await check('Page Count', '501+ pages').uncheck()
    await expectHidden(chip(page, '501+ pages'))

    // A chip's delete removes its filter.
    await chip(page, 'Horror').locator('.MuiChip-deleteIcon').click()
    await expectHidden(chip(page, 'Horror'))
    expect(await check('Genres', 'Horror').isChecked()).toBe(false)
    await expect.poll(() => searchCalls(calls).at(-1)?.url.searchParams.get('genres')).toBe('Fantasy')

    // The year range, untouched, spans the catalogue and is not sent; moved, it is.
    const facets = await apiGet<Facets>(baseURL, '/books/facets')
    const [first, last] = [facets.minYear!, Math.max(facets.maxYear!, new Date().getFullYear())]
    await group(page, 'Genres').getByRole('checkbox').first().focus()
    await page.getByRole('slider', { name: 'Earliest year' }).focus()
    await page.keyboard.press('ArrowRight')
    await expectText(filters(page), `Published: ${first + 1}–${last}`)
    await expect.poll(() => searchCalls(calls).at(-1)?.url.searchParams.get('minYear')).toBe(String(first + 1))
    expect(lastSearch(calls).get('maxYear')).toBe(String(last))

    // Clear All Filters: every choice gone, any year again, the full list back.
    await main(page).getByRole('button', { name: 'Clear All Filters' }).first().click()
    await expectText(filters(page), 'Published: any year')
    await expectText(found(page), `${total} books found`)
    expect(await main(page).locator('.MuiChip-root').count()).toBe(0)
    expect(await filters(page).getByRole('checkbox', { checked: true }).count()).toBe(0)
  })
})

describe('browse: loading and failing', () => {
  test('each list shows a spinner while loading', async ({ page }) => {
    const held = await holdCall(page, { path: '/books' })
    const popular = await holdCall(page, { path: '/reviews/popular-week' })
    await page.goto('/browse')
    await expectVisible(page.getByRole('progressbar', { name: 'Loading books' }))
    held.release()
    await expectVisible(cardsOf(page).first())
    await tab(page, 'Popular This Week').click()
    await expectVisible(page.getByRole('progressbar', { name: 'Loading popular books' }))
    popular.release()
    await expectVisible(cardsOf(page).getByText('Popular', { exact: true }).first())
    for (const [name, sort, badge] of [
      ['New Releases', 'published', 'New'],
      ['Top Rated', 'rating', 'Top Rated'],
    ] as const) {
      const h = await holdCall(page, { path: '/books', query: { sort } })
      await tab(page, name).click()
      await expectVisible(page.getByRole('progressbar', { name: 'Loading books' }))
      h.release()
      await expectVisible(cardsOf(page).getByText(badge, { exact: true }).first())
    }
  })

  test("the full list failing: 'Failed to fetch books'; New Releases and Top Rated failing: their own messages", async ({ page }) => {
    await failCall(page, { path: '/books', query: { sort: null } }, HTTP_500)
    await failCall(page, { path: '/books', query: { sort: 'published' } }, NETWORK_DOWN)
    await failCall(page, { path: '/books', query: { sort: 'rating' } }, HTTP_500)
    await failCall(page, { path: '/reviews/popular-week' }, HTTP_500)
    await page.goto('/browse')
    await expectText(main(page).getByRole('alert'), 'Failed to fetch books')
    await tab(page, 'Popular This Week').click()
    await expectText(main(page).getByRole('alert'), 'Failed to fetch popular books this week')
    await tab(page, 'New Releases').click()
    await expectText(main(page).getByRole('alert'), 'Failed to fetch new releases')
    await tab(page, 'Top Rated').click()
    await expectText(main(page).getByRole('alert'), 'Failed to fetch top rated books')
  })

  test("a search failing: 'Failed to search books'; a filter failing: 'Failed to apply filters'", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await failCall(page, { path: '/books/search' }, HTTP_500)
    await open(page)
    await searchText(page).fill('emma')
    await searchText(page).press('Enter')
    await expectText(main(page).getByRole('alert'), 'Failed to search books')
    await searchText(page).fill('')
    await searchText(page).press('Enter')
    await expectVisible(cardsOf(page).first())
    await group(page, 'Genres').getByRole('checkbox', { name: 'Fantasy' }).check()
    await expectText(main(page).getByRole('alert'), 'Failed to apply filters')
  })
})

describe('browse at three widths', () => {
  for (const width of WIDTHS) {
    test(`${width} px: ${GRID_COLUMNS[width]} columns, ${width < 900 ? 'filters in a sheet behind Show Filters with a count badge' : 'filters always shown'}, axe clean, screenshot`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 })
      await open(page)
      expect(await columnCount(grid(page))).toBe(GRID_COLUMNS[width])
      const toggle = filters(page).getByRole('button', { name: /^(Show|Hide) Filters( \d+)?$/ })
      if (width < 900) {
        await expectVisible(toggle)
        expect(await toggle.innerText()).toBe('Show Filters')
        expect(await group(page, 'Genres').isVisible()).toBe(false)
        await checkScreen(page, 'browse', width)
        await toggle.click()
        const sheet = page.getByRole('dialog', { name: 'Filters' })
        await expectVisible(sheet.getByRole('group', { name: 'Genres' }))
        await sheet.getByRole('group', { name: 'Genres' }).getByRole('checkbox', { name: 'Fantasy' }).check()
        await sheet.getByRole('group', { name: 'Languages' }).getByRole('checkbox', { name: 'English' }).check()
        await checkScreen(page, 'browse-filters-open', width)
        await sheet.getByRole('button', { name: 'Apply' }).click()
        await expectHidden(sheet)
        await expect.poll(() => toggle.innerText()).toMatch(/^Show Filters\s*2$/)
        await expect.poll(() => toggle.getByTestId('filter-count').innerText()).toBe('2')
      } else {
        expect(await toggle.count()).toBe(0)
        await expectVisible(group(page, 'Genres'))
        await checkScreen(page, 'browse', width)
      }
    })
  }
})
