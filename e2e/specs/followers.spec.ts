import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import { apiGet, registerUser, toggleFollow, type ApiPerson, type TestUser } from '../support/api.ts'
import { baseURL, expectText, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { failCall, HTTP_500 } from '../support/failures.ts'
import { fullDate } from '../support/format.ts'
import { checkScreen, WIDTHS } from '../support/screen.ts'
import { expectShowing, loadMore, scrollToEnd } from '../support/lists.ts'

const tab = (page: Page, name: RegExp | string) => page.getByRole('tablist', { name: 'Followers and following' }).getByRole('tab', { name })
const row = (page: Page, username: string) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: username, exact: true }) })

/** A small circle: `star` followed by two fans, following one writer. */
let circle: Promise<{ star: TestUser; fans: TestUser[]; writer: TestUser }> | undefined
const makeCircle = () =>
  (circle ??= (async () => {
    const [star, fanA, fanB, writer] = await Promise.all([
      registerUser(baseURL),
      registerUser(baseURL),
      registerUser(baseURL),
      registerUser(baseURL, { userType: 'Author' }),
    ])
    await toggleFollow(baseURL, fanA!, star!._id)
    await toggleFollow(baseURL, fanB!, star!._id)
    await toggleFollow(baseURL, star!, writer!._id)
    return { star: star!, fans: [fanA!, fanB!], writer: writer! }
  })())

describe('followers page', () => {
  test("tabs 'Followers ({n})' and 'Following ({n})'; rows with avatar letter, username link, 'Joined {date}' and Follow", async ({ page }) => {
    const { star, fans, writer } = await makeCircle()
    const followers = await apiGet<ApiPerson[]>(baseURL, `/users/followers/${star._id}`)
    const following = await apiGet<ApiPerson[]>(baseURL, `/users/following/${star._id}`)
    expect(followers.map((p) => p.username).sort()).toEqual(fans.map((f) => f.username).sort())
    await page.goto(`/user/${star._id}/followers`)
    await expectVisible(tab(page, `Followers (${followers.length})`))
    await expect.poll(() => page.title()).toBe(`Followers of @${star.username} — Shelfwise`)
    await expectVisible(tab(page, `Following (${following.length})`))
    expect(await tab(page, /^Followers/).getAttribute('aria-selected')).toBe('true')
    for (const p of followers) {
      const r = row(page, p.username)
      await expectVisible(r)
      expect(await r.getByRole('link', { name: p.username }).getAttribute('href')).toBe(`/user/${p._id}`)
      await expectVisible(r.getByText(`Joined ${fullDate(p.createdAt)}`, { exact: true }))
      await expectVisible(r.locator('.MuiAvatar-root').filter({ hasText: new RegExp(`^${p.username[0]!.toUpperCase()}$`) }))
      await expectVisible(r.getByRole('button', { name: 'Follow', exact: true }))
    }
    await tab(page, /^Following/).click()
    await expectVisible(row(page, writer.username))
    await expectVisible(row(page, writer.username).getByText(`Joined ${fullDate(following[0]!.createdAt)}`))
    await row(page, writer.username).getByRole('link', { name: writer.username }).click()
    await page.waitForURL(`**/user/${writer._id}`)
  })

  test("empty lists: 'No followers yet' and 'Not following anyone yet'", async ({ page }) => {
    const loner = await registerUser(baseURL)
    await page.goto(`/user/${loner._id}/followers`)
    await expectVisible(tab(page, 'Followers (0)'))
    await expectVisible(page.getByText('No followers yet', { exact: true }))
    await tab(page, 'Following (0)').click()
    await expectVisible(page.getByText('Not following anyone yet', { exact: true }))
  })

  test('a signed-in reader follows from a row (the toggle flips), and sees no button on their own row', async ({ page }) => {
    const { star, fans } = await makeCircle()
    const viewer = fans[0]!
    await signInAs(page, viewer)
    await page.goto(`/user/${star._id}/followers`)
    await expectVisible(row(page, viewer.username))
    await page.waitForLoadState('networkidle')
    expect(await row(page, viewer.username).getByRole('button').count()).toBe(0)
    const other = row(page, fans[1]!.username)
    await other.getByRole('button', { name: 'Follow', exact: true }).click()
    await expectVisible(other.getByRole('button', { name: 'Unfollow' }))
    expect((await apiGet<ApiPerson[]>(baseURL, `/users/following/${viewer._id}`)).map((p) => p._id)).toContain(fans[1]!._id)
    await other.getByRole('button', { name: 'Unfollow' }).click()
    await expectVisible(other.getByRole('button', { name: 'Follow', exact: true }))
  })

  test("the lists failing: 'Failed to load follow data'", async ({ page }) => {
    const { star } = await makeCircle()
    await failCall(page, { path: `/users/followers/${star._id}` }, HTTP_500)
    await page.goto(`/user/${star._id}/followers`)
    await expectText(page.getByRole('main').getByRole('alert'), 'Failed to load follow data')
  })
})

/** A reader with 30 followers, who follows those 30 back. */
let crowd: Promise<{ star: TestUser; fans: TestUser[] }> | undefined
const makeCrowd = () =>
  (crowd ??= (async () => {
    const star = await registerUser(baseURL)
    const fans: TestUser[] = []
    for (let i = 0; i < 30; i++) fans.push(await registerUser(baseURL))
    for (const fan of fans) {
      await toggleFollow(baseURL, fan, star._id)
      await toggleFollow(baseURL, star, fan._id)
    }
    return { star, fans }
  })())

describe('followers page: the whole lists', () => {
  test("'Followers (30)': 'Showing 24 of 30', then scrolling reads on to the first follower; the same for Following", async ({ page }) => {
    const { star, fans } = await makeCrowd()
    await page.goto(`/user/${star._id}/followers`)
    await expectVisible(tab(page, 'Followers (30)'))
    await expectShowing(page, 24, 30)
    // Newest follow first: the first fan is at the very end.
    expect(await row(page, fans[0]!.username).count()).toBe(0)
    await scrollToEnd(page, 30)
    await expectVisible(row(page, fans[0]!.username))
    expect(await loadMore(page).count()).toBe(0)

    await page.evaluate(() => window.scrollTo(0, 0))
    await tab(page, 'Following (30)').click()
    await page.waitForURL(`**/user/${star._id}/followers?tab=following`)
    await expect.poll(() => page.title()).toBe(`People @${star.username} follows — Shelfwise`)
    await expectShowing(page, 24, 30)
    await scrollToEnd(page, 30)
    await expectVisible(row(page, fans[0]!.username))
  })

  test('the address names the tab: ?tab=following opens Following, as the Following tile does', async ({ page }) => {
    const { star, fans } = await makeCrowd()
    await page.goto(`/user/${star._id}/followers?tab=following`)
    await expectVisible(tab(page, 'Following (30)'))
    expect(await tab(page, 'Following (30)').getAttribute('aria-selected')).toBe('true')
    await expectVisible(row(page, fans[29]!.username))
    // From the profile: the Following tile.
    await signInAs(page, star)
    await page.goto('/profile')
    await page
      .getByRole('list', { name: 'Statistics' })
      .getByRole('link', { name: /Following/ })
      .click()
    await page.waitForURL(`**/user/${star._id}/followers?tab=following`)
    expect(await tab(page, 'Following (30)').getAttribute('aria-selected')).toBe('true')
    await page.goBack()
    await page
      .getByRole('list', { name: 'Statistics' })
      .getByRole('link', { name: /Followers/ })
      .click()
    await page.waitForURL((u) => u.pathname === `/user/${star._id}/followers` && u.search === '')
    expect(await tab(page, 'Followers (30)').getAttribute('aria-selected')).toBe('true')
  })
})

describe('followers page at three widths', () => {
  for (const width of WIDTHS) {
    test(`${width} px: axe clean, screenshot`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      const { star, fans } = await makeCircle()
      await page.goto(`/user/${star._id}/followers`)
      await expectVisible(row(page, fans[0]!.username))
      await checkScreen(page, 'followers', width)
      // A long list, with its count and Load More.
      const { star: busy } = await makeCrowd()
      await page.goto(`/user/${busy._id}/followers?tab=following`)
      await expectShowing(page, 24, 30)
      await checkScreen(page, 'followers-long', width)
    })
  }
})
