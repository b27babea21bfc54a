import { describe, expect } from 'vitest'
import { expiredToken, registerUser, unique } from '../support/api.ts'
import { baseURL, expectText, expectVisible, jwtSecret, signInAs, test } from '../support/fixtures.ts'

describe('signing up', () => {
  test('from /profile, the guard sends the reader to /login and sign-up brings them back', async ({ page }) => {
    const username = unique('new')
    const name = `Ada ${username.slice(4)}`
    await page.goto('/profile')
    await page.waitForURL('**/login')

    await page.getByRole('tab', { name: 'Sign Up' }).click()
    await page.getByLabel('Full Name').fill(name)
    await page.getByLabel('Username').fill(username)
    await page.getByLabel('Account Type').selectOption('Author')
    await page.getByLabel('Email Address').fill(`${username}@e2e.example`)
    await page.getByLabel('Password', { exact: true }).fill('a-long-secret')
    await page.getByLabel('Confirm Password').fill('a-long-secret')
    await page.getByRole('button', { name: 'Sign Up' }).click()

    await page.waitForURL('**/profile')
    await expectVisible(page.getByRole('heading', { level: 1, name }))
    await expectVisible(page.getByText(`@${username}`, { exact: true }))
    const stored = await page.evaluate(() => ({ token: localStorage.getItem('token'), user: localStorage.getItem('user') }))
    expect(stored.token).toBeTruthy()
    expect(JSON.parse(stored.user ?? '{}')).toMatchObject({ username, userType: 'Author' })
  })

  test("mismatched passwords show 'Passwords do not match' and create nobody", async ({ page }) => {
    await page.goto('/login')
    await page.getByRole('tab', { name: 'Sign Up' }).click()
    await page.getByLabel('Full Name').fill('Mismatch Reader')
    await page.getByLabel('Username').fill(unique('mm'))
    await page.getByLabel('Email Address').fill(`${unique('mm')}@e2e.example`)
    await page.getByLabel('Password', { exact: true }).fill('first-secret')
    await page.getByLabel('Confirm Password').fill('other-secret')
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await expectText(page.getByRole('alert'), 'Passwords do not match')
    expect(new URL(page.url()).pathname).toBe('/login')
  })
})

describe('an expired token', () => {
  test('logs the reader out: /profile redirects to /login and the session is cleared', async ({ page }) => {
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
})
