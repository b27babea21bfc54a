import { describe, expect } from 'vitest'
import { apiGet, listBooks, registerUser } from '../support/api.ts'
import { baseURL, expectHidden, expectText, expectVisible, test } from '../support/fixtures.ts'

interface ApiReview { _id: string; rating: number; comment: string }

describe('writing a review', () => {
  test('a signed-in reader reviews a book and sees it first, with the new average and count', async ({ page }) => {
    const reader = await registerUser(baseURL)
    // A demo book that already has a few reviews, so the average visibly moves.
    const book = (await listBooks(baseURL)).find((b) => b.totalReviews >= 2 && b.totalReviews <= 4)!
    expect(book, 'the demo catalogue has a book with 2–4 reviews').toBeTruthy()
    const before = await apiGet<ApiReview[]>(baseURL, `/reviews/book/${book._id}`)
    const rating = before.reduce((s, r) => s + r.rating, 0) / before.length >= 3 ? 1 : 5
    const expected = ((before.reduce((s, r) => s + r.rating, 0) + rating) / (before.length + 1)).toFixed(1)

    // Log in through the form.
    await page.goto('/login')
    await page.getByLabel('Email').fill(reader.email)
    await page.getByLabel('Password').fill(reader.password)
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await page.waitForURL((u) => u.pathname === '/')

    await page.goto(`/books/${book._id}`)
    await expectVisible(page.getByRole('heading', { level: 1, name: book.title }))
    await expectVisible(page.getByText(`(${before.length} reviews)`))

    await page.getByRole('button', { name: 'Write a Review', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Write a Review' })
    await expectVisible(dialog)
    const submit = dialog.getByRole('button', { name: 'Submit Review' })
    expect(await submit.isDisabled()).toBe(true)
    // Click the star itself (its label), as a reader does; the radio behind it becomes checked.
    const star = rating === 1 ? '1 Star' : '5 Stars'
    await dialog.locator('label').filter({ hasText: new RegExp(`^${star}$`) }).click()
    expect(await dialog.getByRole('radio', { name: star }).isChecked()).toBe(true)
    expect(await submit.isDisabled()).toBe(true) // still no text
    const comment = `E2E review by ${reader.username}: ${rating === 1 ? 'not for me' : 'loved every page'}.`
    await dialog.getByLabel('Your Review').fill(comment)
    await submit.click()
    await expectHidden(dialog)

    const first = page.getByRole('list', { name: 'Reviews' }).getByRole('listitem').first()
    await expectText(first, reader.username)
    await expectText(first, comment)
    await expectVisible(first.getByRole('img', { name: `${rating} out of 5 stars` }))
    await expectVisible(page.getByText(`(${before.length + 1} reviews)`))
    await expectVisible(page.getByRole('img', { name: `Average rating ${expected} out of 5` }))
    await expectVisible(page.getByText(expected, { exact: true }))

    // A reload reads the same from the server.
    await page.reload()
    await expectText(page.getByRole('list', { name: 'Reviews' }).getByRole('listitem').first(), comment)
    await expectVisible(page.getByText(`(${before.length + 1} reviews)`))
    await expectVisible(page.getByText(expected, { exact: true }))
  })
})
