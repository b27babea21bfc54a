import { randomUUID } from 'node:crypto'
import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import { apiGet, listBooks, postBook, postReview, registerUser, type ApiReview, type BookSummary, type TestUser } from '../support/api.ts'
import { alertWith, baseURL, expectHidden, expectText, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { failCall, holdCall, HTTP_404, HTTP_500, http500, NETWORK_DOWN } from '../support/failures.ts'
import { average, fullDate, monthYear, ratingsOf } from '../support/format.ts'
import { checkScreen, WIDTHS } from '../support/screen.ts'
import { signInThroughForm, typeReview } from '../support/steps.ts'

const title = (page: Page, book: Pick<BookSummary, 'title'>) => page.getByRole('heading', { level: 1, name: book.title, exact: true })
const reviewsList = (page: Page) => page.getByRole('list', { name: 'Reviews' })
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Write a Review' })
const editDialog = (page: Page) => page.getByRole('dialog', { name: 'Edit Your Review' })
const submit = (page: Page) => dialog(page).getByRole('button', { name: /^(Submit Review|Submitting\.\.\.)$/ })
/** The value of a term of the details list ('Published', 'Pages', …). */
const detail = (page: Page, term: string) => page.locator('dl dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]')

let booksCache: Promise<BookSummary[]> | undefined
const books = () => (booksCache ??= listBooks(baseURL))
const mostReviewed = async () => [...(await books())].sort((a, b) => b.totalReviews - a.totalReviews)[0]!

async function openBook(page: Page, book: Pick<BookSummary, '_id' | 'title'>) {
  await page.goto(`/books/${book._id}`)
  await expectVisible(title(page, book))
}

/** The stars the read-only rating fills, summed (each star whole or by its clipped width). */
const starsShown = (page: Page) =>
  page.getByRole('img', { name: /^Average rating / }).evaluate((root) =>
    [...root.querySelectorAll('.MuiRating-decimal')].reduce((sum, star) => {
      const [part, whole] = [...star.children] as HTMLElement[]
      if (whole?.querySelector('.MuiRating-iconFilled')) return sum + 1
      return sum + (parseFloat(part?.style.width ?? '0') || 0) / 100
    }, 0),
  )

describe('book detail: what it shows', () => {
  test('cover, title, author, half-star average with the count, description and every detail, as the API answers', async ({ page }) => {
    const book = await mostReviewed()
    const fresh = await apiGet<BookSummary>(baseURL, `/books/${book._id}`)
    await openBook(page, book)
    await expectVisible(page.getByRole('img', { name: `Cover of ${fresh.title} by ${fresh.author}` }))
    await expectText(page.getByRole('main'), `by ${fresh.author}`)
    const avg = average(fresh.averageRating, ratingsOf(fresh))
    await expectVisible(page.getByRole('img', { name: `Average rating ${avg} out of 5` }))
    await expectVisible(page.getByText(avg, { exact: true }))
    await expectVisible(page.getByText(`(${fresh.totalReviews} reviews)`, { exact: true }))
    // Half-star precision, read only: 3.67 shows 3.5 stars; nothing to click.
    expect(await starsShown(page)).toBe(Math.round(fresh.averageRating * 2) / 2)
    expect(
      await page
        .getByRole('img', { name: /^Average rating / })
        .getByRole('radio')
        .count(),
    ).toBe(0)
    await expectText(page.getByRole('main'), fresh.description)
    expect(await detail(page, 'Published').innerText()).toBe(monthYear(fresh.publishedDate))
    expect(await detail(page, 'Language').innerText()).toBe(fresh.language || '—')
    expect(await detail(page, 'Pages').innerText()).toBe(String(fresh.pageCount))
    expect(await detail(page, 'Edition').innerText()).toBe(fresh.edition || '—')
    expect(await detail(page, 'Publisher').innerText()).toBe(fresh.publisher || '—')
    for (const g of fresh.genre) await expectVisible(page.getByText(g, { exact: true }).first())
  })

  test("the top bar carries Home, Browse, About, Write Review, 'Buy on Amazon' (a new tab) and the profile link", async ({ page }) => {
    // Another spec on the same server may add a book without a link first: take one that has a link.
    const book = (await books()).find((b) => b.amazonLink)!
    await page.setViewportSize({ width: 1440, height: 900 })
    await openBook(page, book)
    const bar = page.getByRole('banner')
    for (const name of ['Home', 'Browse', 'About']) await expectVisible(bar.getByRole('link', { name, exact: true }))
    await expectVisible(bar.getByRole('button', { name: 'Write Review' }))
    const amazon = bar.getByRole('link', { name: 'Buy on Amazon' })
    expect(await amazon.getAttribute('href')).toBe(book.amazonLink)
    expect(await amazon.getAttribute('target')).toBe('_blank')
    expect(await bar.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/profile')
    await bar.getByRole('button', { name: 'Write Review' }).click()
    await expectVisible(dialog(page))
  })

  test("reviews: the first 5, 'Show All Reviews' shows every one, 'Show Less' goes back; each as the API answers", async ({ page }) => {
    const book = await mostReviewed()
    const reviews = await apiGet<ApiReview[]>(baseURL, `/reviews/book/${book._id}`)
    expect(reviews.length).toBeGreaterThan(5)
    await openBook(page, book)
    const items = reviewsList(page).getByRole('listitem')
    await expect.poll(() => items.count()).toBe(5)
    const check = async (i: number) => {
      const r = reviews[i]!
      const item = items.nth(i)
      const text = await item.innerText()
      expect(text).toContain(r.user.username)
      expect(text).toContain(fullDate(r.createdAt))
      expect(text).toContain(r.comment)
      expect(await item.getByRole('img', { name: `${r.rating} out of 5 stars` }).count()).toBe(1)
      expect(await item.getByRole('link', { name: r.user.username }).getAttribute('href')).toBe(`/user/${r.user._id}`)
    }
    for (let i = 0; i < 5; i++) await check(i)
    await page.getByRole('button', { name: 'Show All Reviews' }).click()
    await expect.poll(() => items.count()).toBe(reviews.length)
    for (let i = 5; i < reviews.length; i++) await check(i)
    await page.getByRole('button', { name: 'Show Less' }).click()
    await expect.poll(() => items.count()).toBe(5)
    await expectVisible(page.getByRole('button', { name: 'Show All Reviews' }))
  })

  test("a book with no reviews: 'No reviews yet. Be the first to review this book!' and no toggle", async ({ page }) => {
    // No rating either: a spec that ran before on this worker's server may have rated a book without
    // reviewing it (dark-mode's reader of the odd book), and its average is then 4.0, not N/A.
    const book = (await books()).find((b) => b.totalReviews === 0 && !b.ratingsCount)!
    await openBook(page, book)
    await expectVisible(page.getByText('No reviews yet. Be the first to review this book!', { exact: true }))
    await expectVisible(page.getByRole('img', { name: 'Average rating N/A out of 5' }))
    expect(await page.getByRole('button', { name: 'Show All Reviews' }).count()).toBe(0)
  })
})

describe('book detail: author and publisher names', () => {
  test('a linked author opens their profile; a name with no account opens the page of its books (decision 0010)', async ({ page }) => {
    const author = await registerUser(baseURL, { userType: 'Author' })
    const publisher = `E2E Press ${author.username}`
    const book = await postBook(baseURL, author, { publisher })
    await openBook(page, book)
    // The publisher has no account: its name leads to the publisher's page, never to an error.
    await page.getByRole('link', { name: publisher, exact: true }).click()
    await page.waitForURL(`**/publisher/${encodeURIComponent(publisher)}`)
    await expectVisible(page.getByRole('heading', { level: 1, name: publisher }))
    await expectVisible(page.getByRole('list', { name: 'Books' }).getByRole('heading', { name: book.title, exact: true }))
    expect(await page.getByText('Cannot navigate to profile: Username not available.').count()).toBe(0)
    await page.goBack()
    await page.getByRole('button', { name: author.name }).click()
    await page.waitForURL(`**/user/${author._id}`)
    await expectVisible(page.getByText(`@${author.username}`, { exact: true }))
  })

  test("the lookup answering 404: 'User \"{name}\" not found'; failing: 'Failed to navigate to user profile. Please try again later.'", async ({ page }) => {
    const author = await registerUser(baseURL, { userType: 'Author' })
    const book = await postBook(baseURL, author)
    await failCall(page, { path: `/users/by-username/${author.username}` }, HTTP_404, 1)
    await openBook(page, book)
    await page.getByRole('button', { name: author.name }).click()
    await expectVisible(alertWith(page, `User "${author.username}" not found`))
    await page.unrouteAll()
    await failCall(page, { path: `/users/by-username/${author.username}` }, HTTP_500)
    await page.getByRole('button', { name: author.name }).click()
    await expectVisible(alertWith(page, 'Failed to navigate to user profile. Please try again later.'))
    expect(new URL(page.url()).pathname).toBe(`/books/${book._id}`)
  })
})

describe('book detail: wishlist and recently read', () => {
  test('each button flips only after its call succeeds, and a failure leaves it and says why', async ({ page }) => {
    const reader = await registerUser(baseURL)
    const book = (await books()).at(-2)!
    await signInAs(page, reader)
    const held = await holdCall(page, { method: 'PUT', path: `/users/addtowishlist/${book._id}` })
    await openBook(page, book)
    await page.getByRole('button', { name: 'Add to Wishlist' }).click()
    await expect.poll(() => held.count()).toBe(1)
    // In flight: still 'Add to Wishlist' (and not clickable again).
    expect(await page.getByRole('button', { name: 'Add to Wishlist' }).isDisabled()).toBe(true)
    held.release()
    await expectVisible(page.getByRole('button', { name: 'Remove from Wishlist' }))

    await failCall(page, { method: 'PUT', path: `/users/addto-recently-read/${book._id}` }, http500('The shelf is being dusted'), 1)
    await page.getByRole('button', { name: 'Add to Recently Read' }).click()
    await expectVisible(alertWith(page, 'The shelf is being dusted'))
    await expectVisible(page.getByRole('button', { name: 'Add to Recently Read' }))
    await failCall(page, { method: 'PUT', path: `/users/addto-recently-read/${book._id}` }, HTTP_500, 1)
    await page.getByRole('button', { name: 'Add to Recently Read' }).click()
    await expectVisible(alertWith(page, 'An error occurred'))
    // No answer at all (the connection drops): 'An unexpected error occurred'.
    await failCall(page, { method: 'PUT', path: `/users/addto-recently-read/${book._id}` }, NETWORK_DOWN, 1)
    await page.getByRole('button', { name: 'Add to Recently Read' }).click()
    await expectVisible(alertWith(page, 'An unexpected error occurred'))
    await page.getByRole('button', { name: 'Add to Recently Read' }).click()
    await expectVisible(page.getByRole('button', { name: 'Remove from Recently Read' }))

    // The server remembers both; toggling again flips back.
    await page.reload()
    await expectVisible(page.getByRole('button', { name: 'Remove from Wishlist' }))
    await expectVisible(page.getByRole('button', { name: 'Remove from Recently Read' }))
    await page.getByRole('button', { name: 'Remove from Wishlist' }).click()
    await expectVisible(page.getByRole('button', { name: 'Add to Wishlist' }))
    await page.getByRole('button', { name: 'Remove from Recently Read' }).click()
    await expectVisible(page.getByRole('button', { name: 'Add to Recently Read' }))
  })

  test('a visitor pressing a list button is sent to /login', async ({ page }) => {
    const book = (await books())[3]!
    await openBook(page, book)
    await page.getByRole('button', { name: 'Add to Wishlist' }).click()
    await page.waitForURL('**/login')
  })
})

describe('book detail: writing a review', () => {
  test("the dialog: stars, 'Your Review', Cancel, 'Submit Review' disabled until both; 'Submitting...'; the new review on top; reset after", async ({
    page,
  }) => {
    const reader = await registerUser(baseURL)
    const book = (await books()).find((b) => b.totalReviews >= 2 && b.totalReviews <= 4)!
    const before = await apiGet<ApiReview[]>(baseURL, `/reviews/book/${book._id}`)
    const sum = before.reduce((s, r) => s + r.rating, 0)
    const rating = sum / before.length >= 3 ? 1 : 5
    const expected = ((sum + rating) / (before.length + 1)).toFixed(1)

    // Sign in through the form, then open the book.
    await page.goto('/login')
    await page.getByLabel('Email').fill(reader.email)
    await page.getByLabel('Password').fill(reader.password)
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await page.waitForURL((u) => u.pathname === '/')
    await openBook(page, book)
    await expectVisible(page.getByText(`(${before.length} reviews)`))

    await page.getByRole('button', { name: 'Write a Review', exact: true }).click()
    await expectVisible(dialog(page))
    const stars = dialog(page).getByRole('radiogroup', { name: 'Rating' })
    await expectVisible(stars)
    expect(await stars.getByRole('radio').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).labels?.[0]?.textContent))).toEqual([
      '1 Star',
      '2 Stars',
      '3 Stars',
      '4 Stars',
      '5 Stars',
      'Empty',
    ])
    const text = dialog(page).getByRole('textbox', { name: 'Your Review' })
    expect(await text.evaluate((el) => el.tagName)).toBe('TEXTAREA')
    await expectVisible(dialog(page).getByRole('button', { name: 'Cancel' }))
    expect(await submit(page).isDisabled()).toBe(true)
    // Text alone: still disabled. Stars alone: still disabled.
    await text.fill('Words without stars.')
    expect(await submit(page).isDisabled()).toBe(true)
    await text.fill('')
    const star = rating === 1 ? '1 Star' : '5 Stars'
    await dialog(page)
      .locator('label')
      .filter({ hasText: new RegExp(`^${star}$`) })
      .click()
    expect(await stars.getByRole('radio', { name: star }).isChecked()).toBe(true)
    expect(await submit(page).isDisabled()).toBe(true)
    const comment = `E2E review by ${reader.username}: ${rating === 1 ? 'not for me' : 'loved every page'}.`
    await text.fill(comment)
    expect(await submit(page).isEnabled()).toBe(true)

    const held = await holdCall(page, { method: 'POST', path: `/reviews/book/${book._id}` })
    await submit(page).click()
    await expectText(submit(page), 'Submitting...')
    expect(await submit(page).isDisabled()).toBe(true)
    held.release()
    await expectHidden(dialog(page))

    const first = reviewsList(page).getByRole('listitem').first()
    await expectText(first, reader.username)
    await expectText(first, comment)
    await expectVisible(first.getByRole('img', { name: `${rating} out of 5 stars` }))
    await expectVisible(page.getByText(`(${before.length + 1} reviews)`))
    await expectVisible(page.getByRole('img', { name: `Average rating ${expected} out of 5` }))

    // The draft is gone; opened again, the dialog holds the review as saved, to edit.
    await page.getByRole('button', { name: 'Write a Review', exact: true }).click()
    await expectVisible(editDialog(page))
    expect(await editDialog(page).getByRole('textbox', { name: 'Your Review' }).inputValue()).toBe(comment)
    expect(await editDialog(page).getByRole('radio', { name: star }).isChecked()).toBe(true)
    await editDialog(page).getByRole('button', { name: 'Cancel' }).click()
    await expectHidden(editDialog(page))

    // A reload reads the same from the server.
    await page.reload()
    await expectText(reviewsList(page).getByRole('listitem').first(), comment)
    await expectVisible(page.getByText(`(${before.length + 1} reviews)`))
    await expectVisible(page.getByText(expected, { exact: true }))
  })

  test("a review written meanwhile in another tab: the server's 'You have already reviewed this book', and the dialog turns to editing it with the new text kept; else 'Failed to submit review'", async ({
    page,
  }) => {
    const reader = await registerUser(baseURL)
    const book = (await books())[5]!
    await signInAs(page, reader)
    await openBook(page, book)
    await expectVisible(reviewsList(page).or(page.getByText('No reviews yet. Be the first to review this book!')))
    // Written elsewhere after this page asked.
    await postReview(baseURL, reader, book._id, 4, 'Already said my piece.')
    await typeReview(page, '3 Stars', 'Second thoughts.')
    await submit(page).click()
    await expectVisible(editDialog(page).getByRole('alert').filter({ hasText: 'You have already reviewed this book' }))
    expect(await editDialog(page).getByRole('textbox', { name: 'Your Review' }).inputValue()).toBe('Second thoughts.')
    await editDialog(page).getByRole('button', { name: 'Save Review' }).click()
    await expectHidden(editDialog(page))
    await expectText(reviewsList(page).getByRole('listitem').first(), 'Second thoughts.')
    const saved = await apiGet<ApiReview>(baseURL, `/reviews/book/${book._id}/mine`, reader.token)
    expect([saved.rating, saved.comment]).toEqual([3, 'Second thoughts.'])

    const other = (await books())[6]!
    await openBook(page, other)
    await failCall(page, { method: 'POST', path: `/reviews/book/${other._id}` }, HTTP_500)
    await typeReview(page, '3 Stars', 'Lost in the post?')
    await submit(page).click()
    await expectVisible(dialog(page).getByRole('alert').filter({ hasText: 'Failed to submit review' }))
  })

  test('a visitor pressing Submit is sent to /login, and signing in brings them back to the book', async ({ page }) => {
    const reader = await registerUser(baseURL)
    const book = (await books())[7]!
    await openBook(page, book)
    await typeReview(page, '4 Stars', 'Worth it.')
    await submit(page).click()
    await signInThroughForm(page, reader)
    await page.waitForURL(`**/books/${book._id}`)
    await expectVisible(title(page, book))
  })
})

describe('book detail: failing', () => {
  test("an unknown book: 'Book not found'; the call failing: 'Failed to fetch book details'", async ({ page }) => {
    await page.goto(`/books/${randomUUID()}`)
    await expectText(page.getByRole('main').getByRole('alert'), 'Book not found')
    const book = (await books())[1]!
    await failCall(page, { path: `/books/${book._id}` }, HTTP_500)
    await page.goto(`/books/${book._id}`)
    await expectText(page.getByRole('main').getByRole('alert'), 'Failed to fetch book details')
  })
})

describe('book detail at three widths', () => {
  let reader: Promise<TestUser> | undefined
  for (const width of WIDTHS) {
    test(`${width} px: details, reviews and the review dialog; axe clean, screenshots`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await signInAs(page, await (reader ??= registerUser(baseURL)))
      const book = await mostReviewed()
      await openBook(page, book)
      await expectVisible(reviewsList(page).getByRole('listitem').first())
      // Details beside the cover from md up, under it below.
      const cover = (await page.getByRole('img', { name: new RegExp(`^Cover of ${book.title}`) }).boundingBox())!
      const heading = (await title(page, book).boundingBox())!
      if (width >= 900) expect(heading.x).toBeGreaterThan(cover.x + cover.width - 1)
      else expect(heading.y).toBeGreaterThan(cover.y + cover.height - 1)
      await checkScreen(page, 'book', width)
      await page.getByRole('button', { name: 'Write a Review', exact: true }).click()
      await expectVisible(dialog(page))
      await checkScreen(page, 'book-review-dialog', width)
    })
  }
})
