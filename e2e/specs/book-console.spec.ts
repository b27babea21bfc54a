import { expect } from 'vitest'
import { listBooks, registerUser } from '../support/api.ts'
import { baseURL, expectVisible, signInAs, test } from '../support/fixtures.ts'

// Issue 22 point 13: a signed-in reader who has not reviewed a book opens its page: the browser's
// console stays clean — no 404 (the app asks for the reader's review with none=204) and no error.
test('a book page for a reader without a review of it: no 4xx answer and no console error', async ({ page }) => {
  const reader = await registerUser(baseURL)
  const [book] = await listBooks(baseURL)
  const failed: string[] = []
  const errors: string[] = []
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`)
  })
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  await signInAs(page, reader)
  const mine = page.waitForResponse((r) => r.url().includes(`/api/reviews/book/${book!._id}/mine`))
  await page.goto(`/books/${book!._id}`)
  await expectVisible(page.getByRole('heading', { level: 1, name: book!.title }))
  expect((await mine).status()).toBe(204)
  await expectVisible(page.getByRole('button', { name: 'Write a Review' }).first())
  await page.waitForLoadState('networkidle')
  expect(failed).toEqual([])
  expect(errors).toEqual([])
})
