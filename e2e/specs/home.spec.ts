import { describe, expect } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import {
  apiGet,
  apiGetWithHeaders,
  DEMO,
  listBooks,
  loginUser,
  postBook,
  registerUser,
  unique,
  type ApiReview,
  type BookSummary,
  type TestUser,
} from '../support/api.ts'
import { baseURL, expectHidden, expectText, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { answer, failCall, holdCall, HTTP_500, NETWORK_DOWN, recordCalls } from '../support/failures.ts'
import { average, fullDate, preview, ratingsOf } from '../support/format.ts'
import { checkScreen, clampOf, columnCount, GRID_COLUMNS, WIDTHS, keepPicture } from '../support/screen.ts'
import { tabTo } from '../support/a11y.ts'

interface PopularEntry {
  book: BookSummary
  reviewCount: number
}
interface FollowedEntry {
  book: BookSummary
  reviewCount: number
  readCount: number
  recentActivity: { type: string; user: { username: string } }[]
}

let demo: Promise<TestUser> | undefined
const demoUser = () => (demo ??= loginUser(baseURL, DEMO.email, DEMO.password))

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Discover Your Next Great Read' })
const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true })
const searchBox = (page: Page) => page.getByRole('search').getByRole('searchbox')
const cards = (list: Locator) => list.getByRole('listitem')
const h2s = (page: Page) => page.locator('main h2').allInnerTexts()

/** True when the element's box lies within the window, below the sticky top bar. */
const inViewport = (page: Page, el: Locator) =>
  el.evaluate((node) => {
    const box = node.getBoundingClientRect()
    const bar = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0
    return box.top >= bar - 1 && box.bottom <= window.innerHeight
  })

/** The page ends: at its very bottom, Recent Reviews' last card and the footer are in the window. */
async function expectPageEnds(page: Page) {
  await page.keyboard.press('End')
  // Scrolled to the end again on each look: a section still arriving (Recent Reviews) may lengthen the
  // page after the first scroll; what is asserted is that the end can be reached, not when it settles.
  const toEnd = () => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await toEnd()
  const footer = page.getByRole('contentinfo')
  await expectVisible(footer)
  await expect.poll(async () => (await toEnd(), inViewport(page, footer.getByRole('navigation', { name: 'Quick Links' })))).toBe(true)
  await expect
    .poll(async () => (await toEnd(), page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1)))
    .toBe(true)
  const reviews = page.getByRole('list', { name: 'Recent Reviews' })
  await expectVisible(reviews.getByRole('listitem').last())
}

/** The title of the first all-books card whose top is in the window's upper part. */
const topCardTitle = (page: Page) =>
  page.getByRole('region', { name: 'All books', exact: true }).evaluate((region) => {
    const bar = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0
    const cards = [...region.querySelectorAll('li')].filter((li) => li.getBoundingClientRect().top >= bar)
    cards.sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top || a.getBoundingClientRect().left - b.getBoundingClientRect().left)
    return cards[0]?.querySelector('h3')?.textContent ?? ''
  })

async function search(page: Page, text: string, how: 'Enter' | 'button') {
  await searchBox(page).fill(text)
  if (how === 'Enter') await searchBox(page).press('Enter')
  else await page.getByRole('search').getByRole('button', { name: 'Search' }).click()
}

/** A Home preview card shows what the API says of its book: title, rating, preview, link. */
async function expectPreviewCard(card: Locator, book: BookSummary) {
  await expectText(card.getByRole('heading', { level: 3 }), new RegExp(`^${book.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))
  const avg = average(book.averageRating, ratingsOf(book))
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
    const hero = await heading(page).evaluate((h) => h.parentElement!.parentElement!.getBoundingClientRect().height)
    expect(hero).toBe(500)

    await expectVisible(cards(page.getByRole('list', { name: 'Popular Books This Week' })).first())
    await expectVisible(cards(page.getByRole('list', { name: 'Recent Reviews' })).first())
    // No search yet: no Search Results; signed out: no From People You Follow, and it was never asked for.
    expect(await h2s(page)).toEqual(['Popular Books This Week', 'All Books', 'Recent Reviews'])
    expect(calls.filter((c) => c.url.pathname === '/api/users/followed-users-books')).toEqual([])

    // Popular: the API's entries, in its order, each a preview card with rating, 100-character preview and link.
    const popular = await apiGet<PopularEntry[]>(baseURL, '/reviews/popular-week')
    const popularCards = cards(page.getByRole('list', { name: 'Popular Books This Week' }))
    // Whole rows only (issue 22): the first entries show, those past the last whole row are left out.
    const shown = await popularCards.count()
    expect(shown).toBeGreaterThan(popular.length - 4)
    for (const [i, entry] of popular.slice(0, shown).entries()) {
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

  test("the all-books grid grows a page at a time on 'Show more books', and the page ends: Recent Reviews and the footer are reachable", async ({ page }) => {
    const { data: firstPage, headers } = await apiGetWithHeaders<BookSummary[]>(baseURL, '/books?limit=24')
    const total = Number(headers.get('x-total-count'))
    const books = await listBooks(baseURL)
    expect(books.length).toBe(total)
    expect(total).toBeGreaterThan(24 * 2)
    const calls = recordCalls(page)
    await page.goto('/')
    const region = page.getByRole('region', { name: 'All books' })
    await expectVisible(region.getByRole('listitem').first())
    await expectPreviewCard(region.getByRole('listitem').first(), firstPage[0]!)
    await expectText(region.getByRole('status'), `Showing 24 of ${total} books`)

    // The reader goes to the end of the page: Recent Reviews and the footer are there, and nothing more was fetched.
    await expectPageEnds(page)
    const bookPages = () => calls.filter((c) => c.url.pathname === '/api/books').length
    expect(bookPages()).toBe(1)

    // Each press brings one more page, until every book is shown.
    const more = region.getByRole('button', { name: 'Show more books' })
    for (let shown = 24; shown < total; shown += 24) {
      await more.click()
      await expectText(region.getByRole('status'), shown + 24 >= total ? `${total} books` : `Showing ${shown + 24} of ${total} books`)
    }
    expect(bookPages()).toBe(Math.ceil(total / 24))
    expect(await more.count()).toBe(0)
    // The last book is the last card of the grid, just above the count.
    await region.getByRole('status').scrollIntoViewIfNeeded()
    const last = books[books.length - 1]!
    const lastCard = region.getByRole('listitem').filter({ has: page.getByRole('heading', { name: last.title, exact: true }) })
    await expectVisible(lastCard)
    await expectPreviewCard(lastCard, last)
    await expectPageEnds(page)
  })

  test('at 100,000 books the page still ends: the grid shows a page, says how many there are, and grows only when asked', async ({ page }) => {
    const real = await apiGet<BookSummary[]>(baseURL, '/books?limit=24')
    // The catalogue as a 100,000-book server answers it: every page full, always a next one.
    const pageOf = (n: number) => real.map((b, i) => ({ ...b, _id: `${b._id.slice(0, -6)}${String(n * 24 + i).padStart(6, '0')}` }))
    let served = 0
    await page.route(
      (url) => url.pathname === '/api/books',
      (route) => {
        const n = served++
        return route.fulfill({
          contentType: 'application/json',
          headers: { 'X-Total-Count': '100000', Link: `</api/books?limit=24&cursor=page${n + 1}>; rel="next"` },
          body: JSON.stringify(pageOf(n)),
        })
      },
    )
    await page.goto('/')
    const region = page.getByRole('region', { name: 'All books' })
    await expectVisible(region.getByRole('listitem').first())
    await expectText(region.getByRole('status'), 'Showing 24 of 100,000 books')
    await expectPageEnds(page)
    expect(served).toBe(1)
    await region.getByRole('button', { name: 'Show more books' }).click()
    await expectText(region.getByRole('status'), 'Showing 48 of 100,000 books')
    await expectPageEnds(page)
    expect(served).toBe(2)
  })

  test("search forgives like Browse: 'Miserables', 'Dracla' and 'jane austin' find their books under Search Results, brought into view", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    const books = await listBooks(baseURL)
    await page.goto('/')
    await expectVisible(heading(page))
    const results = page.getByRole('list', { name: 'Search Results' })
    const titles = () => results.getByRole('heading', { level: 3 }).allInnerTexts()
    const resultsHeading = page.getByRole('heading', { level: 2, name: 'Search Results' })

    await search(page, 'Miserables', 'Enter')
    await expect.poll(titles).toContain('Les Misérables')
    // Brought into view, below the sticky top bar, with the reader's focus (a phone's keyboard closes).
    await expect.poll(() => inViewport(page, resultsHeading)).toBe(true)
    expect(await resultsHeading.evaluate((h) => h === document.activeElement)).toBe(true)
    expect((await h2s(page))[0]).toBe('Search Results')
    expect(new URL(page.url()).searchParams.get('q')).toBe('Miserables')
    expect(await page.title()).toBe('Search Results for “Miserables” — Shelfwise')

    await page.evaluate(() => window.scrollTo(0, 0))
    await search(page, 'Dracla', 'button')
    await expect.poll(titles).toContain('Dracula')
    await expect.poll(() => inViewport(page, resultsHeading)).toBe(true)

    await search(page, 'jane austin', 'Enter')
    const austen = books.filter((b) => b.author === 'Jane Austen').map((b) => b.title)
    expect(austen.length).toBeGreaterThan(1)
    await expect
      .poll(async () => {
        const shown = await titles()
        return austen.filter((t) => !shown.includes(t))
      })
      .toEqual([])

    // Blank (spaces only) clears the results and the address.
    await search(page, '   ', 'Enter')
    await expectHidden(results)
    expect(await h2s(page)).not.toContain('Search Results')
    expect(new URL(page.url()).search).toBe('')
    expect(await page.title()).toBe('Discover Your Next Great Read — Shelfwise')

    // Nothing matches: the section says so in words.
    await search(page, 'qzxwvkj', 'Enter')
    const none = page.getByRole('region', { name: 'Search Results' }).getByRole('status')
    await expectText(none, 'No books match “qzxwvkj”. Check the spelling, or try fewer words.')
    await expect.poll(() => inViewport(page, resultsHeading)).toBe(true)
    expect(await results.count()).toBe(0)
  })
})

describe('home: coming back', () => {
  test('Back from a book returns to the same place on Home, deep in a grown grid', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/')
    const region = page.getByRole('region', { name: 'All books' })
    await expectVisible(region.getByRole('listitem').first())
    const more = region.getByRole('button', { name: 'Show more books' })
    await more.click()
    await expectText(region.getByRole('status'), /Showing 48 of/)
    await more.click()
    await expectText(region.getByRole('status'), /Showing 72 of/)
    // Deep in the grid: the card at the top of the window is the one to come back to.
    await region.getByRole('status').scrollIntoViewIfNeeded()
    await page.mouse.wheel(0, -1500)
    await page.waitForTimeout(500)
    const before = await page.evaluate(() => window.scrollY)
    const atTop = await topCardTitle(page)
    expect(before).toBeGreaterThan(3000)
    const card = region
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: atTop, exact: true }) })
      .first()
    // Where that card stands in the window: what the reader comes back to (the sections above it may
    // measure differently on the way back, so the window's scroll itself is not the measure).
    const cardTop = async () => Math.round((await card.boundingBox())?.y ?? -1)
    const placed = await cardTop()
    // Clicked where it stands (the card may be partly above the window's top, and Playwright's own
    // click would first scroll it into view: a move the reader never made).
    // The window's scroll is read in the same turn as the click: once the book's page shows, it
    // starts at the top (with the app's code already in the browser's cache, that can be at once).
    const leftAt = await card.getByRole('link').evaluate((a) => {
      ;(a as HTMLElement).click()
      return window.scrollY
    })
    expect(leftAt).toBe(before)
    await page.waitForURL('**/books/**')
    await expectVisible(page.getByRole('heading', { level: 1, name: atTop }))
    await page.goBack()
    await page.waitForURL((u) => u.pathname === '/')
    await expect.poll(async () => Math.abs((await cardTop()) - placed) <= 2, { timeout: 10_000 }).toBe(true)
    await page.waitForTimeout(800)
    expect(Math.abs((await cardTop()) - placed)).toBeLessThanOrEqual(2)
    expect(await topCardTitle(page)).toBe(atTop)
    // The grid kept its three pages.
    await expectText(region.getByRole('status'), /Showing 72 of/)
  })

  test('Back from a search result finds the results again, where the reader left them', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/')
    await search(page, 'austen', 'Enter')
    const results = page.getByRole('list', { name: 'Search Results' })
    const third = results.getByRole('listitem').nth(2)
    await expectVisible(third)
    await third.getByRole('link').scrollIntoViewIfNeeded()
    await page.waitForTimeout(300)
    const before = await page.evaluate(() => window.scrollY)
    const title = await third.getByRole('heading', { level: 3 }).innerText()
    // Clicked where it stands, the scroll read in the same turn (as above).
    const leftAt = await third.getByRole('link').evaluate((a) => {
      ;(a as HTMLElement).click()
      return window.scrollY
    })
    expect(leftAt).toBe(before)
    await expectVisible(page.getByRole('heading', { level: 1, name: title }))
    await page.goBack()
    await expectVisible(third)
    expect(await searchBox(page).inputValue()).toBe('austen')
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBeGreaterThan(before - 3)
    await page.waitForTimeout(800)
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThanOrEqual(2)
  })
})

describe('home: keyboard', () => {
  for (const width of WIDTHS) {
    test(`${width} px: a book card's focus ring is drawn whole, clipped by nothing`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/')
      const popular = page.getByRole('list', { name: 'Popular Books This Week' })
      await expectVisible(popular.getByRole('listitem').first())
      await searchBox(page).focus()
      await tabTo(page, popular.getByRole('link').first())
      const card = popular.getByRole('listitem').first()
      const ring = await card.evaluate((li) => {
        const s = getComputedStyle(li)
        const grow = parseFloat(s.outlineOffset) + parseFloat(s.outlineWidth)
        const box = li.getBoundingClientRect()
        const ringBox = { left: box.left - grow, top: box.top - grow, right: box.right + grow, bottom: box.bottom + grow }
        // Every ancestor that clips what overflows it must hold the whole ring.
        const clippedBy: string[] = []
        for (let node = li.parentElement; node && node !== document.body; node = node.parentElement) {
          const o = getComputedStyle(node)
          if (o.overflowX === 'visible' && o.overflowY === 'visible' && o.clipPath === 'none') continue
          const b = node.getBoundingClientRect()
          if (ringBox.left < b.left || ringBox.top < b.top || ringBox.right > b.right || ringBox.bottom > b.bottom)
            clippedBy.push(`${node.tagName} ${node.className.slice(0, 60)}`)
        }
        return { style: s.outlineStyle, width: s.outlineWidth, clippedBy }
      })
      expect(ring).toEqual({ style: 'solid', width: '3px', clippedBy: [] })
      // The card with a margin around it, so the ring shows whole in the picture.
      const box = (await card.boundingBox())!
      await keepPicture(page, `home-card-focus-${width}`, {
        clip: { x: Math.max(0, box.x - 12), y: Math.max(0, box.y - 12), width: box.width + 24, height: Math.min(box.height + 24, 500) },
      })
    })
  }
})

describe('home: From People You Follow', () => {
  test('a reader who follows people sees their books with at most 3 avatars each, as the API answers', async ({ page }) => {
    const reader = await demoUser()
    const entries = await apiGet<FollowedEntry[]>(baseURL, '/users/followed-users-books', reader.token)
    expect(entries.length).toBeGreaterThan(0)
    expect(
      entries.some((e) => e.recentActivity.length > 3),
      'the demo has a book with more than 3 activities',
    ).toBe(true)
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

describe('home search at three widths, with odd data', () => {
  let arranged: Promise<{ word: string; title: string }> | undefined
  // A 300-character title with a long word, a long author name, right-to-left text and emoji.
  const arrange = () =>
    (arranged ??= (async () => {
      const word = unique('Zyx').replace(/_/g, '')
      const title = `${word} ${'W'.repeat(200)} ספר ארוך 📚 ${'Long title words '.repeat(6)}`.slice(0, 300)
      const reader = await registerUser(baseURL)
      await postBook(baseURL, reader, {
        title,
        author: `${'A'.repeat(150)} עברית 📚`,
        author_username: null,
        role: 'none',
        description: `${'D'.repeat(600)} end`,
      })
      return { word, title }
    })())

  for (const width of WIDTHS) {
    test(`${width} px: results with a 300-character title and a long name, then a long right-to-left query matching nothing: nothing sideways, axe clean, screenshots`, async ({
      page,
    }) => {
      const { word, title } = await arrange()
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/')
      await search(page, word, 'Enter')
      const results = page.getByRole('list', { name: 'Search Results' })
      await expectVisible(results.getByRole('heading', { level: 3, name: title, exact: true }))
      expect(await results.getByRole('heading', { level: 3 }).first().getAttribute('dir')).toBe('auto')
      await checkScreen(page, 'home-search', width)
      const query = `${'מילה'.repeat(45)}`
      await search(page, query, 'Enter')
      await expectText(page.getByRole('region', { name: 'Search Results' }).getByRole('status'), 'No books match')
      await checkScreen(page, 'home-search-none', width)
    })
  }
})
