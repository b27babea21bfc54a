import { describe, expect } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { apiGet, apiGetWithHeaders, DEMO, listBooks, loginUser, registerUser, type ApiReview, type BookSummary, type TestUser } from '../support/api.ts'
import { baseURL, expectHidden, expectText, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { answer, failCall, holdCall, HTTP_500, NETWORK_DOWN, recordCalls } from '../support/failures.ts'
import { average, fullDate, preview } from '../support/format.ts'
import { checkScreen, clampOf, columnCount, GRID_COLUMNS, WIDTHS } from '../support/screen.ts'

interface PopularEntry { book: BookSummary; reviewCount: number }
interface FollowedEntry { book: BookSummary; reviewCount: number; readCount: number; recentActivity: { type: string; user: { username: string } }[] }

let demo: Promise<TestUser> | undefined
const demoUser = () => (demo ??= loginUser(baseURL, DEMO.email, DEMO.password))

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Discover Your Next Great Read' })
const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true })
const searchBox = (page: Page) => page.getByRole('search').getByRole('searchbox')
const cards = (list: Locator) => list.getByRole('listitem')
const h2s = (page: Page) => page.locator('main h2').allInnerTexts()

async function search(page: Page, text: string, how: 'Enter' | 'button') {
  await searchBox(page).fill(text)
  if (how === 'Enter') await searchBox(page).press('Enter')
  else await page.getByRole('search').getByRole('button', { name: 'Search' }).click()
}

/** A Home preview card shows what the API says of its book: title, rating, preview, link. */
async function expectPreviewCard(card: Locator, book: BookSummary) {
  await expectText(card.getByRole('heading', { level: 3 }), new RegExp(`^${book.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))
  const avg = average(book.averageRating, book.totalReviews)
  const stars = card.getByRole('img', { name: `Rated ${avg} out of 5` })
  expect(await stars.count()).toBe(1)
  // Whole-star precision on cards: the filled share of the five stars is the rounded average.
  const filled = await stars.evaluate((el) => el.children[1]!.getBoundingClientRect().width / el.getBoundingClientRect().width)
  expect(filled).toBeCloseTo(Math.round(book.averageRating) / 5, 2)
  expect(await card.innerText()).toContain(preview(book.description))
  expect(await card.getByRole('link').first().getAttribute('href')).toBe(`/books/${book._id}`)
}

describe('home: hero, sections and cards', () => {
  test('a visitor sees the hero, then Popular, All Books and Recent Reviews in order, each matching the API', async ({ page }) => {
    const calls = recordCalls(page)
    await page.goto('/')
    await expectVisible(heading(page))
    await expectVisible(page.getByText('Explore new books and authors. Rated by the community.'))
    await expectVisible(searchBox(page))
    await expectVisible(page.getByRole('search').getByRole('button', { name: 'Search' }))
    // The hero is 500px high.
    const hero = await heading(page).evaluate((h) => h.closest('div[class*="MuiContainer"]')!.parentElement!.getBoundingClientRect().height)
    expect(hero).toBe(500)

    await expectVisible(cards(page.getByRole('list', { name: 'Popular Books This Week' })).first())
    await expectVisible(cards(page.getByRole('list', { name: 'Recent Reviews' })).first())
    // No search yet: no Search Results; signed out: no From People You Follow, and it was never asked for.
    expect(await h2s(page)).toEqual(['Popular Books This Week', 'All Books', 'Recent Reviews'])
    expect(calls.filter((c) => c.url.pathname === '/api/users/followed-users-books')).toEqual([])

    // Popular: the API's entries, in its order, each a preview card with rating, 100-character preview and link.
    const popular = await apiGet<PopularEntry[]>(baseURL, '/reviews/popular-week')
    const popularCards = cards(page.getByRole('list', { name: 'Popular Books This Week' }))
    expect(await popularCards.count()).toBe(popular.length)
    for (const [i, entry] of popular.entries()) {
      const card = popularCards.nth(i)
      await expectPreviewCard(card, entry.book)
      expect(await card.innerText()).toContain(`${entry.reviewCount} reviews this week`)
    }

    // Recent Reviews: the API's reviews, each with writer, date as 'Month D, YYYY', book, stars, text.
    const recent = await apiGet<ApiReview[]>(baseURL, '/reviews/recent')
    const reviewCards = cards(page.getByRole('list', { name: 'Recent Reviews' }))
    expect(await reviewCards.count()).toBe(recent.length)
    for (const [i, r] of recent.entries()) {
      const card = reviewCards.nth(i)
      const text = await card.innerText()
      expect(text).toContain(r.user.username)
      expect(text).toContain(fullDate(r.createdAt))
      expect(await card.getByRole('link', { name: r.book.title, exact: true }).getAttribute('href')).toBe(`/books/${r.book._id}`)
      expect(await card.getByRole('link', { name: r.user.username, exact: true }).getAttribute('href')).toBe(`/user/${r.user._id}`)
      expect(await card.getByRole('img', { name: `${r.rating} out of 5 stars` }).count()).toBe(1)
      expect(await card.getByTestId('review-text').textContent()).toBe(r.comment)
    }
  })

  test('the all-books grid lists every book with no paging: scrolling reaches the last one', async ({ page }) => {
    const { data: firstPage, headers } = await apiGetWithHeaders<BookSummary[]>(baseURL, '/books?limit=24')
    const total = Number(headers.get('x-total-count'))
    const books = await listBooks(baseURL)
    expect(books.length).toBe(total)
    await page.goto('/')
    const region = page.getByRole('region', { name: 'All books' })
    await expectVisible(region.getByRole('listitem').first())
    // The grid announces how many books there are; there is no pager.
    expect(await page.locator('#all-books-count').textContent()).toBe(`${total} books`)
    expect(await region.getByRole('button', { name: /next|previous|page|load more/i }).count()).toBe(0)
    await expectPreviewCard(region.getByRole('listitem').first(), firstPage[0]!)
    const last = books[books.length - 1]!
    const lastCard = region.getByRole('listitem').filter({ has: page.getByRole('heading', { name: last.title, exact: true }) })
    for (let i = 0; i < 40 && (await lastCard.count()) === 0; i++) {
      await page.mouse.wheel(0, 4000)
      await page.waitForTimeout(150)
    }
    await expectVisible(lastCard)
    await expectPreviewCard(lastCard, last)
  })

  test('search: Enter or the button filters by title or author, any case; a blank query clears the results', async ({ page }) => {
    const books = await listBooks(baseURL)
    const matching = (q: string) => books.filter((b) => `${b.title}\n${b.author}`.toLowerCase().includes(q.toLowerCase())).map((b) => b.title).sort()
    await page.goto('/')
    await expectVisible(heading(page))
    const results = page.getByRole('list', { name: 'Search Results' })

    await search(page, 'AUSTEN', 'Enter')
    await expectVisible(results)
    const titles = async () => (await results.getByRole('heading', { level: 3 }).allInnerTexts()).sort()
    await expect.poll(titles).toEqual(matching('austen'))
    expect(matching('austen').length).toBeGreaterThan(1)
    expect((await h2s(page))[0]).toBe('Search Results')

    // Inside a word of a title, for a book the page has loaded: a piece from the middle of the first card's title.
    const first = (await apiGet<BookSummary[]>(baseURL, '/books?limit=1'))[0]!
    const word = first.title.split(/\s+/).sort((a, b) => b.length - a.length)[0]!
    const piece = word.slice(1, Math.min(word.length, 6))
    await search(page, piece.toUpperCase(), 'button')
    await expectVisible(results.getByRole('heading', { level: 3, name: first.title, exact: true }))
    // Every result has the text inside its title or author, none only in its description.
    for (const t of await titles()) expect(matching(piece), `'${t}' matches '${piece}'`).toContain(t)

    // Blank (spaces only) clears the results.
    await search(page, '   ', 'Enter')
    await expectHidden(results)
    expect(await h2s(page)).not.toContain('Search Results')

    // A word only in descriptions matches no title or author: no Search Results section at all.
    await search(page, 'vampire', 'Enter')
    await page.waitForLoadState('networkidle')
    expect(matching('vampire')).toEqual([])
    expect(await h2s(page)).not.toContain('Search Results')
  })
})

describe('home: From People You Follow', () => {
  test('a reader who follows people sees their books with at most 3 avatars each, as the API answers', async ({ page }) => {
    const reader = await demoUser()
    const entries = await apiGet<FollowedEntry[]>(baseURL, '/users/followed-users-books', reader.token)
    expect(entries.length).toBeGreaterThan(0)
    expect(entries.some((e) => e.recentActivity.length > 3), 'the demo has a book with more than 3 activities').toBe(true)
    await signInAs(page, reader)
    await page.goto('/')
    const list = page.getByRole('list', { name: 'From People You Follow' })
    await expectVisible(list)
    await expect.poll(() => h2s(page)).toEqual(['Popular Books This Week', 'From People You Follow', 'All Books', 'Recent Reviews'])
    expect(await cards(list).count()).toBe(entries.length)
    for (const [i, e] of entries.entries()) {
      const card = cards(list).nth(i)
      await expectPreviewCard(card, e.book)
      const avatars = card.getByTestId('activity-avatar')
      expect(await avatars.count()).toBe(Math.min(3, e.recentActivity.length))
      const text = await card.innerText()
      expect(text).toContain(`${e.reviewCount} review${e.reviewCount === 1 ? '' : 's'}`)
      expect(text).toContain(`${e.readCount} read${e.readCount === 1 ? '' : 's'}`)
    }
  })

  test('it is asked only with both a stored user _id and a token, and hidden while empty', async ({ page }) => {
    const calls = recordCalls(page)
    const loner = await registerUser(baseURL)
    // A user but no token: not asked.
    await page.goto('/favicon.svg')
    await page.evaluate((u) => localStorage.setItem('user', u), JSON.stringify(loner.user))
    await page.goto('/')
    await expectVisible(cards(page.getByRole('list', { name: 'Recent Reviews' })).first())
    expect(calls.filter((c) => c.url.pathname === '/api/users/followed-users-books')).toEqual([])
    // Signed in, following nobody: asked, empty, so no section.
    await signInAs(page, loner)
    await page.goto('/')
    await expect.poll(() => calls.filter((c) => c.url.pathname === '/api/users/followed-users-books').length).toBe(1)
    await expectVisible(cards(page.getByRole('list', { name: 'Recent Reviews' })).first())
    await page.waitForLoadState('networkidle')
    expect(await h2s(page)).toEqual(['Popular Books This Week', 'All Books', 'Recent Reviews'])
  })
})

describe('home: loading, empty and failing', () => {
  test('each section has its own spinner while its call is in flight', async ({ page }) => {
    await signInAs(page, await demoUser())
    const held = await Promise.all([
      holdCall(page, { path: '/reviews/popular-week' }),
      holdCall(page, { path: '/reviews/recent' }),
      holdCall(page, { path: '/users/followed-users-books' }),
      holdCall(page, { path: '/books' }),
    ])
    await page.goto('/')
    for (const name of ['Loading popular books', 'Loading recent reviews', 'Loading books from people you follow', 'Loading books']) {
      await expectVisible(page.getByRole('progressbar', { name, exact: true }))
    }
    for (const h of held) h.release()
    await expectVisible(page.getByRole('list', { name: 'Recent Reviews' }))
    await expect.poll(() => page.getByRole('progressbar').count()).toBe(0)
  })

  test("empty answers show 'No popular books found for this week.' and 'No recent reviews found.'", async ({ page }) => {
    await failCall(page, { path: '/reviews/popular-week' }, answer([]))
    await failCall(page, { path: '/reviews/recent' }, answer([]))
    await page.goto('/')
    await expectVisible(page.getByText('No popular books found for this week.', { exact: true }))
    await expectVisible(page.getByText('No recent reviews found.', { exact: true }))
  })

  test("the book list failing shows the full-page alert 'Failed to fetch books'", async ({ page }) => {
    await failCall(page, { path: '/books' }, HTTP_500)
    await page.goto('/')
    await expectText(page.getByRole('alert'), 'Failed to fetch books')
    // Full page: the hero and the sections are gone.
    expect(await heading(page).count()).toBe(0)
    expect(await h2s(page)).toEqual([])
  })

  test('each section failing shows its own inline alert, the rest of the page stays', async ({ page }) => {
    await signInAs(page, await demoUser())
    await failCall(page, { path: '/reviews/popular-week' }, HTTP_500)
    await failCall(page, { path: '/reviews/recent' }, NETWORK_DOWN)
    await failCall(page, { path: '/users/followed-users-books' }, HTTP_500)
    await page.goto('/')
    for (const [title, message] of [
      ['Popular Books This Week', 'Failed to fetch popular books this week'],
      ['Recent Reviews', 'Failed to fetch recent reviews'],
      ['From People You Follow', 'Failed to fetch books from followed users'],
    ] as const) {
      await expectText(section(page, title).getByRole('alert'), message)
    }
    await expectVisible(heading(page))
    await expectVisible(page.getByRole('region', { name: 'All books' }).getByRole('listitem').first())
  })
})

describe('home at three widths', () => {
  for (const width of WIDTHS) {
    test(`${width} px: ${GRID_COLUMNS[width]}-column grids, review text clamped to ${width < 600 ? 2 : 3} lines, axe clean, screenshot`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await signInAs(page, await demoUser())
      await page.goto('/')
      const popular = page.getByRole('list', { name: 'Popular Books This Week' })
      await expectVisible(popular.getByRole('listitem').first())
      await expectVisible(page.getByRole('list', { name: 'From People You Follow' }))
      expect(await columnCount(popular)).toBe(GRID_COLUMNS[width])
      expect(await columnCount(page.getByRole('list', { name: 'From People You Follow' }))).toBe(GRID_COLUMNS[width])
      const firstRow = page.getByRole('region', { name: 'All books' }).getByRole('list').first()
      await expectVisible(firstRow)
      expect(await columnCount(firstRow)).toBe(GRID_COLUMNS[width])
      const texts = page.getByRole('list', { name: 'Recent Reviews' }).getByTestId('review-text')
      await expectVisible(texts.first())
      const want = width < 600 ? 2 : 3
      for (let i = 0; i < (await texts.count()); i++) {
        const c = await clampOf(texts.nth(i))
        expect(c.clamp).toBe(String(want))
        expect(c.lines).toBeLessThanOrEqual(want)
      }
      await checkScreen(page, 'home', width)
    })
  }
})
