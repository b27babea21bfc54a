import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import { expiredToken, registerUser, unique } from '../support/api.ts'
import { baseURL, expectHidden, expectText, expectVisible, jwtSecret, signInAs, test } from '../support/fixtures.ts'
import { failCall, holdCall, HTTP_500, NETWORK_DOWN } from '../support/failures.ts'
import { checkScreen, WIDTHS } from '../support/screen.ts'

const tab = (page: Page, name: 'Login' | 'Sign Up') => page.getByRole('tab', { name, exact: true })
const loginButton = (page: Page) => page.getByRole('tabpanel').getByRole('button', { name: /^(Login|Signing in\.\.\.)$/ })
const signUpButton = (page: Page) => page.getByRole('tabpanel').getByRole('button', { name: /^(Sign Up|Creating account\.\.\.)$/ })
const formAlert = (page: Page) => page.getByRole('tabpanel').getByRole('alert')
const stored = (page: Page) => page.evaluate(() => ({ token: localStorage.getItem('token'), user: localStorage.getItem('user') }))

async function fillSignUp(page: Page, v: Partial<Record<'name' | 'username' | 'email' | 'password' | 'confirm', string>> & { type?: string }) {
  if (v.name !== undefined) await page.getByLabel('Full Name').fill(v.name)
  if (v.username !== undefined) await page.getByLabel('Username').fill(v.username)
  if (v.type) await page.getByLabel('Account Type').selectOption(v.type)
  if (v.email !== undefined) await page.getByLabel('Email Address').fill(v.email)
  if (v.password !== undefined) await page.getByLabel('Password', { exact: true }).fill(v.password)
  if (v.confirm !== undefined) await page.getByLabel('Confirm Password').fill(v.confirm)
}

/** The alert is red: MUI's error colour, a red hue. */
async function expectRed(page: Page) {
  const color = await formAlert(page).evaluate((el) => getComputedStyle(el).color)
  const [r, g, b] = color.match(/\d+/g)!.map(Number) as [number, number, number]
  expect(r, `alert text colour ${color} is red`).toBeGreaterThan(g + 40)
  expect(r).toBeGreaterThan(b + 40)
}

describe('login', () => {
  test("tabs Login and Sign Up; login has Email and Password; success stores token and user and goes to '/'", async ({ page }) => {
    const reader = await registerUser(baseURL)
    await page.goto('/login')
    await expectVisible(tab(page, 'Login'))
    expect(await page.getByRole('tablist').getByRole('tab').allInnerTexts()).toEqual(['Login', 'Sign Up'])
    expect(await tab(page, 'Login').getAttribute('aria-selected')).toBe('true')
    await expectVisible(page.getByRole('textbox', { name: 'Email' }))
    await expectVisible(page.getByLabel('Password'))
    expect(await page.getByLabel('Password').getAttribute('type')).toBe('password')
    await page.getByLabel('Email').fill(reader.email)
    await page.getByLabel('Password').fill(reader.password)
    const held = await holdCall(page, { method: 'POST', path: '/auth/login' })
    await loginButton(page).click()
    await expectText(loginButton(page), 'Signing in...')
    expect(await loginButton(page).isDisabled()).toBe(true)
    held.release()
    await page.waitForURL((u) => u.pathname === '/')
    const s = await stored(page)
    expect(s.token).toBeTruthy()
    expect(JSON.parse(s.user ?? '{}')).toMatchObject({ _id: reader._id, username: reader.username })
  })

  test("errors: 'All fields are required', the server's message, else 'An error occurred. Please try again.', in a red alert", async ({ page }) => {
    const reader = await registerUser(baseURL)
    await page.goto('/login')
    await loginButton(page).click()
    await expectText(formAlert(page), 'All fields are required')
    await expectRed(page)
    await page.getByLabel('Email').fill(reader.email)
    await loginButton(page).click()
    await expectText(formAlert(page), 'All fields are required')

    await page.getByLabel('Password').fill('wrong-password')
    await loginButton(page).click()
    await expectText(formAlert(page), 'Invalid email or password')
    await expectRed(page)

    await failCall(page, { path: '/auth/login' }, HTTP_500, 1)
    await loginButton(page).click()
    await expectText(formAlert(page), /^An error occurred\. Please try again\.$/)
    await failCall(page, { path: '/auth/login' }, NETWORK_DOWN, 1)
    await page.getByLabel('Password').fill(reader.password)
    await loginButton(page).click()
    await expectText(formAlert(page), /^An error occurred\. Please try again\.$/)
    expect((await stored(page)).token).toBeNull()
    expect(new URL(page.url()).pathname).toBe('/login')
  })
})

describe('signing up', () => {
  test('the fields, Reader by default; from /profile the guard sends the reader to /login and sign-up brings them back', async ({ page }) => {
    const username = unique('new')
    const name = `Ada ${username.slice(4)}`
    await page.goto('/profile')
    await page.waitForURL('**/login')

    await tab(page, 'Sign Up').click()
    for (const label of ['Full Name', 'Username', 'Account Type', 'Email Address', 'Password', 'Confirm Password']) {
      await expectVisible(page.getByLabel(label, { exact: true }))
    }
    const type = page.getByLabel('Account Type')
    expect(await type.locator('option').allInnerTexts()).toEqual(['Reader', 'Author', 'Seller'])
    expect(await type.inputValue()).toBe('Reader')
    await fillSignUp(page, { name, username, type: 'Author', email: `${username}@e2e.example`, password: 'a-long-secret', confirm: 'a-long-secret' })
    const held = await holdCall(page, { method: 'POST', path: '/auth/register' })
    await signUpButton(page).click()
    await expectText(signUpButton(page), 'Creating account...')
    expect(await signUpButton(page).isDisabled()).toBe(true)
    held.release()

    await page.waitForURL('**/profile')
    await expectVisible(page.getByRole('heading', { level: 1, name }))
    await expectVisible(page.getByText(`@${username}`, { exact: true }))
    const s = await stored(page)
    expect(s.token).toBeTruthy()
    expect(JSON.parse(s.user ?? '{}')).toMatchObject({ username, userType: 'Author' })
  })

  test("'Passwords do not match', 'Name, username, and account type are required', 'All fields are required', the server's message", async ({ page }) => {
    const taken = await registerUser(baseURL)
    await page.goto('/login')
    await tab(page, 'Sign Up').click()
    const username = unique('mm')
    await fillSignUp(page, { name: 'Mismatch Reader', username, email: `${username}@e2e.example`, password: 'first-secret', confirm: 'other-secret' })
    await signUpButton(page).click()
    await expectText(formAlert(page), 'Passwords do not match')
    await expectRed(page)

    await fillSignUp(page, { name: '  ', confirm: 'first-secret' })
    await signUpButton(page).click()
    await expectText(formAlert(page), 'Name, username, and account type are required')
    await fillSignUp(page, { name: 'Named Reader', username: '' })
    await signUpButton(page).click()
    await expectText(formAlert(page), 'Name, username, and account type are required')

    await fillSignUp(page, { username, email: '' })
    await signUpButton(page).click()
    await expectText(formAlert(page), 'All fields are required')

    // The server refuses a taken e-mail: its own words show.
    await fillSignUp(page, { email: taken.email })
    await signUpButton(page).click()
    await expectText(formAlert(page), 'Email is already registered')
    await failCall(page, { path: '/auth/register' }, HTTP_500, 1)
    await fillSignUp(page, { email: `${username}@e2e.example` })
    await signUpButton(page).click()
    await expectText(formAlert(page), /^An error occurred\. Please try again\.$/)
    expect((await stored(page)).token).toBeNull()
  })

  test('why a sign-up is refused, in plain words: a taken username, a malformed one, a password everyone uses', async ({ page }) => {
    const taken = await registerUser(baseURL)
    await page.goto('/login?tab=signup')
    await expectVisible(page.getByLabel('Full Name'))
    await expect.poll(() => page.title()).toBe('Sign Up — Shelfwise')
    const username = unique('why')
    await fillSignUp(page, {
      name: 'Why Reader',
      username: taken.username.toUpperCase(),
      email: `${username}@e2e.example`,
      password: 'quiet-lantern-7',
      confirm: 'quiet-lantern-7',
    })
    await signUpButton(page).click()
    await expectText(formAlert(page), /^Username is already taken$/)
    // Malformed: said under the field before anything is sent.
    await fillSignUp(page, { username: 'semi;colon' })
    await signUpButton(page).click()
    await expectVisible(page.getByText('Username may contain only letters, digits, ".", "_" and "-"', { exact: true }))
    // One of the most used passwords: the server's sentence, with no 'password:' in front.
    await fillSignUp(page, { username, password: 'sunshine1', confirm: 'sunshine1' })
    await signUpButton(page).click()
    await expectText(formAlert(page), /^Password is too common; choose something harder to guess$/)
    expect((await stored(page)).token).toBeNull()
    await tab(page, 'Login').click()
    await expect.poll(() => page.title()).toBe('Login — Shelfwise')
  })
})

describe('sessions', () => {
  test('an expired token logs the reader out: /profile redirects to /login and the session is cleared', async ({ page }) => {
    const reader = await registerUser(baseURL)
    await signInAs(page, { token: expiredToken(jwtSecret, reader._id), user: reader.user })
    await page.goto('/profile')
    await page.waitForURL('**/login')
    await expectVisible(page.getByRole('tab', { name: 'Login', selected: true }))
    await expect.poll(() => page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null])
    // The top bar shows the signed-out profile icon, not the reader's avatar.
    const profileLink = page.getByRole('banner').getByRole('link', { name: 'Profile' })
    await expectVisible(profileLink)
    expect(await profileLink.getByRole('img').count()).toBe(0)
  })

  test('with no page to return to, signing in lands on /', async ({ page }) => {
    const reader = await registerUser(baseURL)
    await page.goto('/about')
    await page.goto('/login')
    await page.getByLabel('Email').fill(reader.email)
    await page.getByLabel('Password').fill(reader.password)
    await loginButton(page).click()
    await page.waitForURL((u) => u.pathname === '/')
    await expectHidden(page.getByRole('tab', { name: 'Login' }))
  })
})

describe('login at three widths', () => {
  for (const width of WIDTHS) {
    test(`${width} px: both tabs, axe clean, screenshots`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/login')
      await expectVisible(tab(page, 'Login'))
      await loginButton(page).click()
      await expectText(formAlert(page), 'All fields are required')
      await checkScreen(page, 'login', width)
      await tab(page, 'Sign Up').click()
      await expectVisible(page.getByLabel('Confirm Password'))
      await checkScreen(page, 'signup', width)
    })
  }
})
