import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import { registerUser } from '../support/api.ts'
import { baseURL, expectHidden, expectText, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { recordCalls } from '../support/failures.ts'
import { checkScreen, columnCount, WIDTHS } from '../support/screen.ts'
import { chunkOf } from '../support/paths.ts'

const topBar = (page: Page) => page.getByRole('banner')
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' })
const bottomNav = (page: Page) => page.getByRole('navigation', { name: 'Bottom navigation' })
const footer = (page: Page) => page.getByRole('contentinfo')
const path = (page: Page) => new URL(page.url()).pathname

/** Hue (0–360) of a CSS rgb() colour. */
function hue(css: string): number {
  const [r, g, b] = css
    .match(/\d+(\.\d+)?/g)!
    .slice(0, 3)
    .map((v) => Number(v) / 255) as [number, number, number]
  const max = Math.max(r, g, b),
    min = Math.min(r, g, b),
    d = max - min
  if (d === 0) return 0
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4
  return (h * 60 + 360) % 360
}

describe('top bar', () => {
  test('a wide screen shows the logo, Home, Browse, About and the profile button, each going where it says', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/about')
    await expectVisible(mainNav(page))
    expect(await mainNav(page).getByRole('link').allInnerTexts()).toEqual(['Home', 'Browse', 'About'])
    expect(await mainNav(page).getByRole('link', { name: 'About' }).getAttribute('aria-current')).toBe('page')
    await mainNav(page).getByRole('link', { name: 'Browse' }).click()
    await page.waitForURL('**/browse')
    await mainNav(page).getByRole('link', { name: 'Home' }).click()
    await page.waitForURL((u) => u.pathname === '/')
    await mainNav(page).getByRole('link', { name: 'About' }).click()
    await page.waitForURL('**/about')
    await topBar(page).getByRole('link', { name: 'Shelfwise home' }).click()
    await page.waitForURL((u) => u.pathname === '/')
    const profile = topBar(page).getByRole('link', { name: 'Profile' })
    expect(await profile.getAttribute('href')).toBe('/profile')
    await profile.click()
    // Signed out, /profile sends the visitor on to /login.
    await page.waitForURL('**/login')
  })

  test('a small screen has one menu: the bottom bar, whose More drawer lists every link; no second menu in the top bar', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto('/')
    await expectVisible(bottomNav(page))
    expect(await mainNav(page).isVisible()).toBe(false)
    expect(await topBar(page).getByRole('button', { name: /menu/i }).count()).toBe(0)
    expect(await bottomNav(page).getByRole('link').allInnerTexts()).toEqual(['Home', 'Browse', 'About', 'Profile'])
    await bottomNav(page).getByRole('button', { name: 'More' }).click()
    const drawer = page.getByRole('navigation', { name: 'Navigation drawer' })
    await expectVisible(drawer)
    await drawer.getByRole('link', { name: 'About' }).click()
    await page.waitForURL('**/about')
    await expectHidden(drawer)
  })
})

describe('chrome for a signed-in reader', () => {
  const accountButton = (page: Page) => topBar(page).getByRole('button', { name: 'Account menu' })

  test("the top bar's account menu shows who is signed in, with Profile and Logout; Logout ends the session and goes to /login", async ({ page }) => {
    const reader = await registerUser(baseURL)
    await page.setViewportSize({ width: 1440, height: 900 })
    await signInAs(page, reader)
    await page.goto('/browse')
    // The profile button still links to /profile.
    expect(await topBar(page).getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/profile')
    await accountButton(page).click()
    const menu = page.getByRole('menu')
    await expectVisible(menu)
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['Profile', 'Logout'])
    await expectVisible(menu.getByText(reader.name, { exact: true }))
    await menu.getByRole('menuitem', { name: 'Profile' }).click()
    await page.waitForURL('**/profile')
    await expectVisible(page.getByRole('heading', { level: 1, name: reader.name }))
    await accountButton(page).click()
    await page.getByRole('menu').getByRole('menuitem', { name: 'Logout' }).click()
    await page.waitForURL('**/login')
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null])
    await expectHidden(accountButton(page))
    // The old token no longer works on the server either, once the page's logout call has arrived (the
    // page does not wait for it: the session ends in the browser whatever the server answers).
    const status = async () => (await fetch(`${baseURL}/api/users/me`, { headers: { authorization: `Bearer ${reader.token}` } })).status
    await expect.poll(status).toBe(401)
  })

  test("the bottom drawer (the one small-screen menu) offers Logout instead of 'Login / Sign Up'", async ({ page }) => {
    const reader = await registerUser(baseURL)
    await page.setViewportSize({ width: 375, height: 800 })
    await signInAs(page, reader)
    await page.goto('/about')
    await bottomNav(page).getByRole('button', { name: 'More' }).click()
    const drawer = page.getByRole('navigation', { name: 'Navigation drawer' })
    await expectVisible(drawer)
    expect(await drawer.getByRole('link').allInnerTexts()).toEqual(['Home', 'Browse', 'About', 'My Books', 'Following', 'Profile', 'Add Book'])
    expect(await drawer.getByText('Login / Sign Up').count()).toBe(0)
    await checkScreen(page, 'chrome-drawer-signed-in', 375)
    await drawer.getByRole('button', { name: 'Logout' }).click()
    await page.waitForURL('**/login')
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
    await bottomNav(page).getByRole('button', { name: 'More' }).click()
    await expectVisible(page.getByRole('navigation', { name: 'Navigation drawer' }).getByRole('link', { name: 'Login / Sign Up' }))
  })

  for (const width of WIDTHS) {
    test(`${width} px: the account menu open, with a long name: axe clean, screenshot`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await signInAs(page, await registerUser(baseURL, { name: 'Scheherazade Shahrazad Šeherzada bint al-Wazir 📚' }))
      await page.goto('/about')
      await accountButton(page).click()
      await expectVisible(page.getByRole('menu'))
      await checkScreen(page, 'chrome-account-menu', width)
    })
  }
})

describe('footer and the mobile bottom drawer', () => {
  test('the footer has Quick Links (Home, Browse, About, Profile), social links to other sites and a tagline', async ({ page }) => {
    await page.goto('/about')
    const quick = footer(page).getByRole('navigation', { name: 'Quick Links' })
    await expectVisible(quick)
    await expectVisible(footer(page).getByRole('heading', { name: 'Quick Links' }))
    const links = quick.getByRole('link')
    expect(await links.allInnerTexts()).toEqual(['Home', 'Browse', 'About', 'Profile'])
    expect(await Promise.all((await links.all()).map((l) => l.getAttribute('href')))).toEqual(['/', '/browse', '/about', '/profile'])
    await quick.getByRole('link', { name: 'Browse' }).click()
    await page.waitForURL('**/browse')
    for (const name of ['Shelfwise on GitHub', 'Shelfwise on X', 'Shelfwise on Instagram']) {
      const social = footer(page).getByRole('link', { name })
      expect(new URL((await social.getAttribute('href'))!).origin).not.toBe(baseURL)
      expect(await social.getAttribute('target')).toBe('_blank')
      expect(await social.getAttribute('rel')).toContain('noopener')
    }
    await expectText(footer(page), 'Shelfwise: discover, review and share the books you love.')
  })

  test('on a phone a bottom bar and its drawer navigate; the drawer closes when a link is chosen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto('/')
    await expectVisible(bottomNav(page))
    expect(await bottomNav(page).getByRole('link').allInnerTexts()).toEqual(['Home', 'Browse', 'About', 'Profile'])
    await bottomNav(page).getByRole('link', { name: 'Browse' }).click()
    await page.waitForURL('**/browse')
    await expect.poll(() => bottomNav(page).getByRole('link', { name: 'Browse' }).getAttribute('aria-current')).toBe('page')

    await bottomNav(page).getByRole('button', { name: 'More' }).click()
    const drawer = page.getByRole('navigation', { name: 'Navigation drawer' })
    await expectVisible(drawer)
    // The drawer slides up from the bottom edge.
    const box = (await drawer.boundingBox())!
    expect(Math.round(box.y + box.height)).toBeGreaterThanOrEqual(780)
    expect(await drawer.getByRole('link').allInnerTexts()).toEqual(['Home', 'Browse', 'About', 'Profile', 'Add Book', 'Login / Sign Up'])
    await checkScreen(page, 'chrome-drawer', 375)
    await drawer.getByRole('link', { name: 'About' }).click()
    await page.waitForURL('**/about')
    await expectHidden(drawer)
  })

  for (const width of [900, 1440]) {
    test(`at ${width} px there is no bottom bar and no menu button; the top bar links show`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 })
      await page.goto('/about')
      await expectVisible(mainNav(page))
      expect(await bottomNav(page).isVisible()).toBe(false)
      await expectVisible(footer(page).getByRole('navigation', { name: 'Quick Links' }))
    })
  }
})

describe('theme and breakpoints', () => {
  test('primary is a blue, secondary a pink, and the font stack starts with the system font', async ({ page }) => {
    await page.goto('/')
    await expectVisible(topBar(page))
    const bar = await topBar(page).evaluate((el) => getComputedStyle(el).backgroundColor)
    const search = await page
      .getByRole('search')
      .getByRole('button', { name: 'Search' })
      .evaluate((el) => getComputedStyle(el).backgroundColor)
    expect(hue(bar)).toBeGreaterThan(190)
    expect(hue(bar)).toBeLessThan(240)
    expect(hue(search)).toBeGreaterThan(310)
    expect(hue(search)).toBeLessThan(350)
    const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily)
    expect(font.split(',')[0]!.trim()).toBe('system-ui')
  })

  test('the layout changes at sm 600, md 900 and lg 1200 px', async ({ page }) => {
    await page.setViewportSize({ width: 599, height: 800 })
    await page.goto('/browse')
    await expectVisible(page.getByRole('tab', { name: 'All Books' }))
    const grid = page.getByRole('main').getByRole('list').first()
    await expectVisible(grid)
    // sm: the bottom bar gives way to the top bar's links.
    // The bottom bar's code arrives with the footer's, a moment after the page.
    await expectVisible(bottomNav(page))
    expect(await mainNav(page).isVisible()).toBe(false)
    await page.setViewportSize({ width: 600, height: 800 })
    await expectHidden(bottomNav(page))
    await expectVisible(mainNav(page))
    // md: the filter sidebar stops being a toggle; the grid goes from 2 to 3 columns.
    await page.setViewportSize({ width: 899, height: 800 })
    await expectVisible(page.getByRole('button', { name: 'Show Filters' }))
    expect(await columnCount(grid)).toBe(2)
    await page.setViewportSize({ width: 900, height: 800 })
    await expectHidden(page.getByRole('button', { name: 'Show Filters' }))
    await expect.poll(() => columnCount(grid)).toBe(3)
    // lg: 4 columns.
    await page.setViewportSize({ width: 1199, height: 800 })
    await expect.poll(() => columnCount(grid)).toBe(3)
    await page.setViewportSize({ width: 1200, height: 800 })
    await expect.poll(() => columnCount(grid)).toBe(4)
  })
})

describe('session in local storage', () => {
  test('an undecodable token (a missing part, bad encoding, bad JSON) is logged to the console and logs the reader out', async ({ page }) => {
    const reader = await registerUser(baseURL)
    const errors: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text())
    })
    const b64 = (s: string) => Buffer.from(s).toString('base64url')
    for (const token of ['not-a-jwt', `${b64('{"alg":"HS256"}')}.@@not*base64@@.sig`, `${b64('{"alg":"HS256"}')}.${b64('{not json')}.sig`]) {
      errors.length = 0
      await signInAs(page, { token, user: reader.user })
      await page.goto('/')
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Discover Your Next Great Read' }))
      await expect.poll(() => page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null])
      expect(
        errors.some((e) => /invalid token/i.test(e)),
        `'${token}' is logged`,
      ).toBe(true)
    }
  })

  test('with no token the stored user is cleared', async ({ page }) => {
    const reader = await registerUser(baseURL)
    await page.goto('/favicon.svg')
    await page.evaluate((u) => localStorage.setItem('user', u), JSON.stringify(reader.user))
    await page.goto('/')
    await expect.poll(() => page.evaluate(() => localStorage.getItem('user'))).toBeNull()
  })

  test('the bearer token is sent only when both the token and the user _id are stored', async ({ page }) => {
    const reader = await registerUser(baseURL)
    const calls = recordCalls(page)
    // A token alone: API calls carry no Authorization header.
    await page.goto('/favicon.svg')
    await page.evaluate((t) => localStorage.setItem('token', t), reader.token)
    await page.goto('/browse')
    await expectVisible(page.getByRole('main').getByRole('list').first())
    const anonymous = calls.filter((c) => c.url.pathname.startsWith('/api/'))
    expect(anonymous.length).toBeGreaterThan(0)
    expect(anonymous.every((c) => c.auth === undefined)).toBe(true)
    // Both: every call carries it.
    calls.length = 0
    await signInAs(page, reader)
    await page.goto('/browse')
    await expectVisible(page.getByRole('main').getByRole('list').first())
    // The notifications' live stream is the exception: a browser's EventSource sends no headers, so
    // it names a single-use ticket (decision 0053), never the token.
    const stream = '/api/me/notifications/stream'
    const signed = calls.filter((c) => c.url.pathname.startsWith('/api/') && c.url.pathname !== stream)
    expect(signed.length).toBeGreaterThan(0)
    expect(signed.filter((c) => c.auth !== `Bearer ${reader.token}`).map((c) => c.url.pathname)).toEqual([])
    for (const c of calls.filter((c) => c.url.pathname === stream)) {
      expect(c.auth).toBeUndefined()
      expect(c.url.search).toMatch(/^\?ticket=/)
      expect(c.url.search).not.toContain(reader.token)
    }
  })

  test("a screen's code failing to load raises the router's 'Unexpected Application Error!'", async ({ page }) => {
    await page.goto('/')
    await expectVisible(mainNav(page))
    // The About screen's chunk cannot be fetched (a deploy removed it, the network dropped).
    const aboutChunk = `/${chunkOf('src/app/routes/about.tsx')}`
    await page.route(
      (u) => u.pathname === aboutChunk,
      (r) => r.abort('connectionrefused'),
    )
    page.on('pageerror', () => undefined)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click()
    await expectVisible(page.getByRole('heading', { name: 'Unexpected Application Error!' }))
    expect(path(page)).toBe('/about')
  })
})

describe('chrome at three widths', () => {
  for (const width of WIDTHS) {
    test(`${width} px signed in: the profile button shows the reader; axe clean on the not-found screen`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await signInAs(page, await registerUser(baseURL))
      await page.goto('/no-such-page')
      await expectVisible(page.getByRole('heading', { level: 1, name: '404 Not Found' }))
      await expectVisible(topBar(page).getByRole('link', { name: 'Profile' }))
      await checkScreen(page, 'not-found', width)
    })
  }
})
