import { createHash } from 'node:crypto'
import { describe, expect } from 'vitest'
import { apiPost, postBook, registerUser } from '../support/api.ts'
import { baseURL, expectText, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { checkScreen, keepPicture } from '../support/screen.ts'

// Issue 25, points 8 and 5 (web): the Developers page makes a personal token that then works from
// outside the browser, adds a KOReader device whose shown sign-in KOReader's server accepts, and the
// /link page approves a device that asked for a code. One width each, one axe pass each, odd names.

const json = async (path: string, init: RequestInit = {}) => {
  const res = await fetch(`${baseURL}${path}`, { ...init, headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) } })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

describe('developers', () => {
  test('375 px: a reader makes a token with a long RTL emoji name and syncs progress with it', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 900 })
    const reader = await registerUser(baseURL)
    const book = await postBook(baseURL, reader, { role: 'none', title: 'Dune' })
    await signInAs(page, reader)
    await page.goto('/developers')
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Developers' }))
    const name = `مزامنة القراءة 📚 ${'averyveryverylongtokenname'.repeat(3)}`.slice(0, 100)
    await page.getByRole('textbox', { name: /^Name/ }).fill(name)
    await page.getByRole('checkbox', { name: /^reading:write: / }).check()
    await page.getByRole('button', { name: 'Create Token' }).click()
    const box = page.getByRole('textbox', { name: 'Your new token' })
    await expectVisible(box)
    const token = await box.inputValue()
    expect(token).toMatch(/^swp_/)
    await expectText(page.getByRole('list', { name: 'Your tokens' }), 'Never used')
    await checkScreen(page, 'developers-token', 375)

    // The token works from outside the browser: the progress sync answers that it applied.
    const sync = await json('/api/me/progress', {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: JSON.stringify({ book: { id: book._id }, percent: 42 }),
    })
    expect(sync.status).toBe(200)
    expect(sync.body).toMatchObject({ status: 'applied', bookId: book._id })
    await page.reload()
    await expectText(page.getByRole('list', { name: 'Your tokens' }), 'Last used')

    // Revoked, it stops working.
    await page.getByRole('button', { name: 'Revoke' }).click()
    await page.getByRole('dialog', { name: 'Revoke this token?' }).getByRole('button', { name: 'Revoke' }).click()
    await expectVisible(page.getByText('No tokens yet.'))
    const after = await json('/api/me/progress', {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: JSON.stringify({ book: { id: book._id }, percent: 50 }),
    })
    expect(after.status).toBe(401)
  })

  test('900 px: a reader adds a KOReader device and KOReader’s sign-in accepts what the page shows', async ({ page }) => {
    await page.setViewportSize({ width: 900, height: 900 })
    const reader = await registerUser(baseURL)
    await signInAs(page, reader)
    await page.goto('/developers#devices')
    await expectVisible(page.getByText('No devices yet.'))
    await page.getByRole('textbox', { name: /Device name/ }).fill('Kobo ✨ قارئ')
    await page.getByRole('button', { name: 'Add Device' }).click()
    const url = await page.getByRole('textbox', { name: 'Server URL' }).inputValue()
    const username = await page.getByRole('textbox', { name: 'Username' }).inputValue()
    const password = await page.getByRole('textbox', { name: 'Password' }).inputValue()
    expect(url).toBe(`${baseURL}/kosync`)
    const auth = await fetch(`${url}/users/auth`, { headers: { 'x-auth-user': username, 'x-auth-key': createHash('md5').update(password).digest('hex') } })
    expect(auth.status).toBe(200)
    await expectText(page.getByRole('list', { name: 'Your devices' }), 'Kobo ✨ قارئ')
    await checkScreen(page, 'developers-device', 900)
    await page.emulateMedia({ colorScheme: 'dark' })
    await keepPicture(page, `developers-device-dark-900`)
    await page.emulateMedia({ colorScheme: 'light' })
  })

  test('1440 px: a device asks for a code, the reader approves it on /link, and the device’s poll gets a token', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    const reader = await registerUser(baseURL)
    const asked = await apiPost<{ device_code: string; user_code: string; verification_uri: string; interval: number }>(baseURL, '/device/code', {
      client_name: 'KOReader 📖 on Kobo',
    })
    expect(asked.verification_uri).toBe(`${baseURL}/link`)
    const poll = () =>
      json('/api/device/token', {
        method: 'POST',
        body: JSON.stringify({ grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: asked.device_code }),
      })
    expect((await poll()).body).toMatchObject({ error: 'authorization_pending' })

    await signInAs(page, reader)
    await page.goto('/link')
    // An unknown code says so; the real one typed in lower case without its dash is accepted.
    await page.getByRole('textbox', { name: /^Code/ }).fill('bbbb-bbbb')
    await page.getByRole('button', { name: 'Approve' }).click()
    await expectVisible(page.getByText(/No device is waiting with this code, or the code has expired/))
    await checkScreen(page, 'link', 1440)
    await page.getByRole('textbox', { name: /^Code/ }).fill(asked.user_code.replace('-', '').toLowerCase())
    await page.getByRole('button', { name: 'Approve' }).click()
    await expectVisible(page.getByText(/KOReader 📖 on Kobo is linked/))

    // The device polls as RFC 8628 asks: it waits the interval it was given before each poll, and a
    // slow_down lengthens that interval by five seconds (a poll inside the interval is told so).
    let interval = asked.interval
    let answer: string | undefined
    for (let i = 0; i < 4 && answer !== 'Bearer'; i++) {
      await new Promise((r) => setTimeout(r, (interval + 0.5) * 1000))
      const { body } = await poll()
      if (body.error === 'slow_down') interval += 5
      answer = String(body.token_type ?? body.error)
    }
    expect(answer).toBe('Bearer')
  })
})
