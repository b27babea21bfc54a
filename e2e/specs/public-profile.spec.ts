import { randomUUID } from 'node:crypto'
import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import {
  apiGet,
  apiPut,
  DEMO,
  listBooks,
  loginUser,
  postReview,
  registerUser,
  type ApiReview,
  type ApiStats,
  type BookSummary,
  type TestUser,
} from '../support/api.ts'
import { alertWith, baseURL, expectHidden, expectText, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { answer, failCall, holdCall, HTTP_500, http500 } from '../support/failures.ts'
import { fullDate } from '../support/format.ts'
import { bookCard, statTile, statTileTexts, tileText } from '../support/locators.ts'
import { checkScreen, WIDTHS } from '../support/screen.ts'
import { expectShowing, scrollToEnd } from '../support/lists.ts'

interface Person {
  _id: string
  username: string
  name: string
}

let demo: Promise<TestUser> | undefined
const demoUser = () => (demo ??= loginUser(baseURL, DEMO.email, DEMO.password))
/** A demo reader the demo account follows: one with reviews, reads and a bio. */
async function busyReader(): Promise<Person> {
  const d = await demoUser()
  const people = await apiGet<Person[]>(baseURL, `/users/following/${d._id}`)
  for (const p of people) {
    const s = await apiGet<ApiStats>(baseURL, `/users/${p._id}/stats`)
    if (s.reviews > 0 && s.readBooks > 0) return p
  }
  throw new Error('no demo reader with reviews and reads')
}

const tab = (page: Page, name: 'Reviews' | 'Books Read') => page.getByRole('tablist', { name: 'Profile sections' }).getByRole('tab', { name, exact: true })
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true })

describe('public profile: what it shows', () => {
  test('banner, avatar, name, @username, bio, Follow, four stats, and both tabs as the API answers', async ({ page }) => {
    const person = await busyReader()
    const profile = await apiGet<{ bio: string; name: string }>(baseURL, `/users/profile/${person._id}`)
    const stats = await apiGet<ApiStats>(baseURL, `/users/${person._id}/stats`)
    const reviews = await apiGet<ApiReview[]>(baseURL, `/users/reviews/${person._id}`)
    const read = await apiGet<BookSummary[]>(baseURL, `/users/recently-read/${person._id}`)
    await page.goto(`/user/${person._id}`)
    await expectVisible(heading(page, profile.name))
    await expectVisible(page.getByText(`@${person.username}`, { exact: true }))
    await expectVisible(page.locator('main .MuiAvatar-root').first())
    expect(profile.bio).not.toBe('')
    await expectVisible(page.getByText(profile.bio, { exact: true }))
    await expectVisible(page.getByRole('button', { name: 'Follow', exact: true }))
    expect(await statTileTexts(page)).toEqual([
      `${stats.reviews} Reviews`,
      `${stats.readBooks} Books Read`,
      `${stats.following} Following`,
      `${stats.followers} Followers`,
    ])
    expect(await statTile(page, 'Followers').getByRole('link').getAttribute('href')).toBe(`/user/${person._id}/followers`)
    expect(await statTile(page, 'Following').getByRole('link').getAttribute('href')).toBe(`/user/${person._id}/followers?tab=following`)
    await expect.poll(() => page.title()).toBe(`${profile.name} (@${person.username}) — Shelfwise`)

    // Reviews tab (first): each card has the cover, title, author, 'Rating: n/5', the comment and 'Reviewed on {Month D, YYYY}'.
    expect(await tab(page, 'Reviews').getAttribute('aria-selected')).toBe('true')
    const cards = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Reviewed on' })
    await expect.poll(() => cards.count()).toBe(reviews.length)
    for (const [i, r] of reviews.entries()) {
      const card = cards.nth(i)
      const text = await card.innerText()
      expect(text).toContain(`Rating: ${r.rating}/5`)
      expect(text).toContain(r.comment)
      expect(text).toContain(`by ${r.book.author}`)
      expect(text).toContain(`Reviewed on ${fullDate(r.createdAt)}`)
      expect(await card.getByRole('link', { name: r.book.title, exact: true }).getAttribute('href')).toBe(`/books/${r.book._id}`)
      expect(await card.getByRole('img', { name: `Cover of ${r.book.title} by ${r.book.author}` }).count()).toBe(1)
    }
    // The Books Read tile leads to the Books Read tab it counts; the Reviews tile back (issue 22, point 13).
    await page.getByRole('link', { name: `${stats.readBooks} Books Read: see the books they read` }).click()
    await page.waitForURL((u) => u.search === '?tab=books-read')
    await expect.poll(() => tab(page, 'Books Read').getAttribute('aria-selected')).toBe('true')
    for (const b of read) await expectVisible(bookCard(page, b.title))
    await page.getByRole('link', { name: `${stats.reviews} Reviews: see their reviews` }).click()
    await page.waitForURL((u) => u.search === '?tab=reviews')
    await expect.poll(() => tab(page, 'Reviews').getAttribute('aria-selected')).toBe('true')
  })

  test("a new reader: 'No bio available', 'No reviews yet', 'No books read yet'; an unreadable date reads 'Unknown date'", async ({ page }) => {
    const fresh = await registerUser(baseURL)
    await page.goto(`/user/${fresh._id}`)
    await expectVisible(heading(page, fresh.name))
    await expectVisible(page.getByText('No bio available', { exact: true }))
    await expectVisible(page.getByText('No reviews yet', { exact: true }))
    await tab(page, 'Books Read').click()
    await expectVisible(page.getByText('No books read yet', { exact: true }))

    const person = await busyReader()
    const [review] = await apiGet<ApiReview[]>(baseURL, `/users/reviews/${person._id}`)
    await failCall(page, { path: `/users/reviews/${person._id}` }, answer([{ ...review, createdAt: 'sometime last spring' }]))
    await page.goto(`/user/${person._id}`)
    await expectVisible(page.getByText('Reviewed on Unknown date', { exact: true }))
  })

  test('the top bar has the user search; its results open /user/{id}', async ({ page }) => {
    const person = await busyReader()
    await page.goto(`/user/${person._id}`)
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Search users' })
    expect(await box.getAttribute('placeholder')).toBe('Search users by name...')
    const me = await demoUser()
    await box.fill(me.username)
    await page
      .getByRole('list', { name: 'User search results' })
      .getByRole('button')
      .filter({ hasText: `@${me.username}` })
      .click()
    await page.waitForURL(`**/user/${me._id}`)
    await expectVisible(page.getByText(`@${me.username}`, { exact: true }))
    await failCall(page, { path: '/users/search' }, HTTP_500)
    await page.getByRole('banner').getByRole('combobox', { name: 'Search users' }).fill('nobody-at-all')
    await expectVisible(alertWith(page, 'Failed to search users'))
  })
})

describe('public profile: following', () => {
  test('Follow on a public profile moves the Followers count; Unfollow moves it back; a spinner while busy', async ({ page }) => {
    const reader = await registerUser(baseURL)
    const writer = await registerUser(baseURL, { userType: 'Author' })
    await signInAs(page, reader)

    await page.goto(`/user/${writer._id}`)
    await expectVisible(heading(page, writer.name))
    await expectText(statTile(page, 'Followers'), tileText(0, 'Followers'))

    const held = await holdCall(page, { method: 'PUT', path: `/users/follow/${writer._id}` })
    await page.getByRole('button', { name: 'Follow', exact: true }).click()
    const busy = page.getByRole('button', { name: /Follow/ })
    await expectVisible(busy.getByRole('progressbar', { name: 'Working' }))
    expect(await busy.isDisabled()).toBe(true)
    held.release()
    await expectVisible(page.getByRole('button', { name: 'Unfollow' }))
    await expectText(statTile(page, 'Followers'), tileText(1, 'Followers'))

    // The server agrees: after a reload the page still says Unfollow and 1 follower.
    await page.reload()
    await expectVisible(page.getByRole('button', { name: 'Unfollow' }))
    await expectText(statTile(page, 'Followers'), tileText(1, 'Followers'))

    // The tile opens the followers page, which lists the reader.
    await statTile(page, 'Followers').getByRole('link').click()
    await page.waitForURL(`**/user/${writer._id}/followers`)
    await expectVisible(page.getByRole('tab', { name: 'Followers (1)' }))
    await expectVisible(page.getByRole('link', { name: reader.username, exact: true }))

    // The reader's own profile counts one followed person.
    await page.goto('/profile')
    await expectText(statTile(page, 'Following'), tileText(1, 'Following'))

    await page.goto(`/user/${writer._id}`)
    await page.getByRole('button', { name: 'Unfollow' }).click()
    await expectVisible(page.getByRole('button', { name: 'Follow', exact: true }))
    await expectText(statTile(page, 'Followers'), tileText(0, 'Followers'))
    await page.reload()
    await expectText(statTile(page, 'Followers'), tileText(0, 'Followers'))
    await expectVisible(page.getByRole('button', { name: 'Follow', exact: true }))
  })

  test('a failing follow is only logged: no message, the button stays', async ({ page }) => {
    const reader = await registerUser(baseURL)
    const writer = await registerUser(baseURL)
    const logged: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error') logged.push(m.text())
    })
    await signInAs(page, reader)
    await failCall(page, { method: 'PUT', path: `/users/follow/${writer._id}` }, http500('Follow service down'))
    await page.goto(`/user/${writer._id}`)
    await page.getByRole('button', { name: 'Follow', exact: true }).click()
    await expect.poll(() => logged.some((l) => /follow/i.test(l))).toBe(true)
    await expectVisible(page.getByRole('button', { name: 'Follow', exact: true }))
    expect(await page.getByRole('main').getByRole('alert').count()).toBe(0)
    expect(await page.getByText('Follow service down').count()).toBe(0)
  })

  test('a visitor pressing Follow goes to /login; a reader sees no Follow on their own page', async ({ page }) => {
    const reader = await registerUser(baseURL)
    await page.goto(`/user/${reader._id}`)
    await page.getByRole('button', { name: 'Follow', exact: true }).click()
    await page.waitForURL('**/login')
    await signInAs(page, reader)
    await page.goto(`/user/${reader._id}`)
    await expectVisible(heading(page, reader.name))
    await page.waitForLoadState('networkidle')
    expect(await page.getByRole('button', { name: /^(Follow|Unfollow)$/ }).count()).toBe(0)
  })
})

describe('public profile: failing', () => {
  test("'User not found'; 'Failed to load user profile' or the server's own message; 'Failed to load follow data'", async ({ page }) => {
    await page.goto(`/user/${randomUUID()}`)
    await expectText(page.getByRole('main').getByRole('alert'), 'User not found')

    const person = await busyReader()
    await failCall(page, { path: `/users/profile/${person._id}` }, HTTP_500, 2)
    await page.goto(`/user/${person._id}`)
    await expectText(page.getByRole('main').getByRole('alert'), /^Failed to load user profile$/)
    await page.unrouteAll()
    await failCall(page, { path: `/users/profile/${person._id}` }, http500('Profiles are resting'))
    await page.reload()
    await expectText(page.getByRole('main').getByRole('alert'), /^Profiles are resting$/)
    await page.unrouteAll()
    await failCall(page, { path: `/users/${person._id}/stats` }, HTTP_500)
    await page.reload()
    await expectText(page.getByRole('main').getByRole('alert'), /^Failed to load follow data$/)
    await expectVisible(page.getByText(`@${person.username}`, { exact: true }))
  })
})

describe('public profile at three widths', () => {
  for (const width of WIDTHS) {
    test(`${width} px: axe clean, screenshots of both tabs`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      const person = await busyReader()
      await signInAs(page, await demoUser())
      await page.goto(`/user/${person._id}`)
      await expectVisible(page.getByRole('button', { name: 'Unfollow' }))
      await expectVisible(page.getByText(/^Reviewed on /).first())
      await checkScreen(page, 'user', width)
      await tab(page, 'Books Read').click()
      await expectVisible(page.getByRole('main').getByRole('link', { name: 'View Details' }).first())
      await checkScreen(page, 'user-books-read', width)
      await expectHidden(page.getByText(/^Reviewed on /).first())
    })
  }
})

describe('public profile: long lists reach their end', () => {
  test('Reviews and Books Read say "Showing 24 of N" and read on to the last one as the reader scrolls', async ({ page }) => {
    const reader = await registerUser(baseURL)
    const books = (await listBooks(baseURL)).slice(-27)
    for (const b of books) {
      await postReview(baseURL, reader, b._id, 5, `Public long-list review of ${b.title}`)
      await apiPut(baseURL, `/users/addto-recently-read/${b._id}`, reader.token)
    }
    await page.goto(`/user/${reader._id}`)
    await expectVisible(heading(page, reader.name))
    await expectShowing(page, 24, 27)
    await scrollToEnd(page, 27)
    await expectVisible(page.getByText(`Public long-list review of ${books[0]!.title}`, { exact: true }))
    await page.evaluate(() => window.scrollTo(0, 0))
    await tab(page, 'Books Read').click()
    await expectShowing(page, 24, 27)
    expect(await bookCard(page, books[0]!.title).count()).toBe(0)
    await scrollToEnd(page, 27)
    await expectVisible(bookCard(page, books[0]!.title))
  })

  test('the Following tile opens the Following tab', async ({ page }) => {
    const person = await busyReader()
    await page.goto(`/user/${person._id}`)
    await statTile(page, 'Following').getByRole('link').click()
    await page.waitForURL(`**/user/${person._id}/followers?tab=following`)
    await expectVisible(page.getByRole('tab', { name: /^Following \(\d+\)$/, selected: true }))
  })
})

describe('public profile with odd data at three widths', () => {
  let odd: Promise<TestUser> | undefined
  for (const width of WIDTHS) {
    test(`${width} px: a long right-to-left name, a 600-letter word in the bio: nothing scrolls sideways; screenshot`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      odd ??= registerUser(baseURL, { name: 'عبد الرحمن بن محمد بن خلدون الحضرمي الإشبيلي التونسي 📚' }).then(async (r) => {
        await apiPut(baseURL, '/users/profile/update', r.token, { bio: `${'Ibn'.repeat(200)}\nHistorian, reader, long-winded.` })
        return r
      })
      const r = await odd
      await page.goto(`/user/${r._id}`)
      await expectVisible(heading(page, r.name))
      expect(await heading(page, r.name).getAttribute('dir')).toBe('auto')
      await expectVisible(page.getByText('No reviews yet', { exact: true }))
      await checkScreen(page, 'user-odd', width)
    })
  }
})
