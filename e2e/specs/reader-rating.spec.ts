import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import { apiGet, apiPut, postBook, postReview, registerUser, type BookSummary, type TestUser } from '../support/api.ts'
import { baseURL, expectHidden, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { checkScreen, WIDTHS } from '../support/screen.ts'
import { openBook } from '../support/steps.ts'

// Issue 22, point 7 (decision 0036): your rating is yours. Write a Review opens with the stars you
// gave without a review; a book with no status may be marked Read with it, and the dialog says so;
// deleting a review asks whether its stars stay.

const writeDialog = (page: Page) => page.getByRole('dialog', { name: 'Write a Review' })
const confirmDelete = (page: Page) => page.getByRole('dialog', { name: 'Delete your review?' })
const MARK_READ = 'Also mark it as Read: it is on none of your shelves yet'

interface Entry {
  status: string | null
  rating: number | null
}
const entryOf = (reader: TestUser, bookId: string) => apiGet<Entry>(baseURL, `/books/${bookId}/reading`, reader.token)

/** A fresh book with odd data (right-to-left title, a long word, emoji) and one other reader's 5-star review. */
async function oddBook(): Promise<BookSummary> {
  const author = await registerUser(baseURL, { userType: 'Author' })
  const book = await postBook(baseURL, author, { title: `كتاب الرمل 📚 ${'Unbreakableword'.repeat(4)}`, author: 'Jorge Luis Borges' })
  await postReview(baseURL, await registerUser(baseURL), book._id, 5, 'Infinite, in the best way. ✨')
  return book
}

/** A new reader, signed in on a fresh odd book's page, after `before` gave them their rating or review of it. */
async function onOddBook(page: Page, before: (reader: TestUser, book: BookSummary) => Promise<unknown>) {
  const reader = await registerUser(baseURL)
  const book = await oddBook()
  await before(reader, book)
  await signInAs(page, reader)
  await openBook(page, book)
  return { reader, book }
}
const rate = (stars: number) => (reader: TestUser, book: BookSummary) => apiPut(baseURL, `/books/${book._id}/reading`, reader.token, { rating: stars })
const review = (stars: number, comment: string) => (reader: TestUser, book: BookSummary) => postReview(baseURL, reader, book._id, stars, comment)

describe('your rating is yours', () => {
  test('Write a Review opens with your rating; the book with no status is marked Read with it, as the dialog says', async ({ page }) => {
    // Rated without a review, and on no shelf: the rating alone leaves the status empty.
    const { reader, book } = await onOddBook(page, async (rater, rated) => {
      await rate(4)(rater, rated)
      expect(await entryOf(rater, rated._id)).toMatchObject({ status: null, rating: 4 })
    })
    await page.getByRole('button', { name: 'Write a Review', exact: true }).click()
    await expectVisible(writeDialog(page).getByRole('textbox', { name: 'Your Review' }))
    expect(await writeDialog(page).getByRole('radio', { name: '4 Stars' }).isChecked()).toBe(true)
    const mark = writeDialog(page).getByRole('checkbox', { name: MARK_READ })
    expect(await mark.isChecked()).toBe(true)
    await writeDialog(page).getByRole('textbox', { name: 'Your Review' }).fill('مراجعة قصيرة — a short review.')
    await writeDialog(page).getByRole('button', { name: 'Submit Review' }).click()
    await expectHidden(writeDialog(page))
    await expect.poll(async () => (await entryOf(reader, book._id)).status).toBe('read')
    expect((await entryOf(reader, book._id)).rating).toBe(4)
  })

  test('deleting a review asks whether its stars stay: kept, they stay your rating and in the average', async ({ page }) => {
    const { reader, book } = await onOddBook(page, review(3, 'Three stars, kept.'))
    await page.getByRole('button', { name: `Delete your review of ${book.title}` }).click()
    const keep = confirmDelete(page).getByRole('checkbox', { name: 'Keep my 3-star rating' })
    expect(await keep.isChecked()).toBe(true)
    await confirmDelete(page).getByRole('button', { name: 'Delete' }).click()
    await expectHidden(confirmDelete(page))
    await expectHidden(page.getByText('Three stars, kept.'))
    expect(await entryOf(reader, book._id)).toMatchObject({ rating: 3 })
    // (5 + 3) / 2 over one review and one rating given without a review.
    expect(await apiGet<BookSummary & { ratingsCount: number }>(baseURL, `/books/${book._id}`)).toMatchObject({
      averageRating: 4,
      totalReviews: 1,
      ratingsCount: 2,
    })
    // Write a Review now starts from those stars.
    await page.getByRole('button', { name: 'Write a Review', exact: true }).click()
    await expectVisible(writeDialog(page).getByRole('textbox', { name: 'Your Review' }))
    expect(await writeDialog(page).getByRole('radio', { name: '3 Stars' }).isChecked()).toBe(true)
  })

  test('unticked, the review goes with its stars', async ({ page }) => {
    const { reader, book } = await onOddBook(page, review(2, 'Gone entirely.'))
    await page.getByRole('button', { name: `Delete your review of ${book.title}` }).click()
    await confirmDelete(page).getByRole('checkbox', { name: 'Keep my 2-star rating' }).uncheck()
    await confirmDelete(page).getByRole('button', { name: 'Delete' }).click()
    await expectHidden(confirmDelete(page))
    expect(await entryOf(reader, book._id)).toMatchObject({ rating: null })
    expect(await apiGet<BookSummary & { ratingsCount: number }>(baseURL, `/books/${book._id}`)).toMatchObject({ totalReviews: 1, ratingsCount: 1 })
  })
})

describe('your rating at three widths', () => {
  for (const width of WIDTHS) {
    test(`${width} px: the review dialog with your rating and the delete question, axe clean, screenshots`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      const { book } = await onOddBook(page, rate(4))
      await page.getByRole('button', { name: 'Write a Review', exact: true }).click()
      await expectVisible(writeDialog(page).getByRole('checkbox', { name: MARK_READ }))
      await writeDialog(page)
        .getByRole('textbox', { name: 'Your Review' })
        .fill(`${'Longestwordever'.repeat(6)} ספר מצוין 🎉`)
      await checkScreen(page, 'reader-rating-write', width)
      await writeDialog(page).getByRole('button', { name: 'Submit Review' }).click()
      await expectHidden(writeDialog(page))
      await page.getByRole('button', { name: `Delete your review of ${book.title}` }).click()
      await expectVisible(confirmDelete(page).getByRole('checkbox', { name: 'Keep my 4-star rating' }))
      await checkScreen(page, 'reader-rating-delete', width)
    })
  }
})
