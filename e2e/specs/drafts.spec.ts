import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import { apiGet, listBooks, postBook, registerUser, toggleFollow, unique, type ApiReview, type BookSummary, type TestUser } from '../support/api.ts'
import { baseURL, expectHidden, expectText, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { checkScreen, WIDTHS } from '../support/screen.ts'
import { fillBookForm, openBook, signInThroughForm, typeReview } from '../support/steps.ts'

// Issue 10, point 10: what a reader types survives the trip to /login (and a reload); leaving a form
// with unsent text asks first; a button pressed while signed out (Add to Wishlist, Add to Recently
// Read, Follow, Submit Review) is carried out once the reader is back signed in.

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Write a Review' })
const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave this page?' })
const reviewsList = (page: Page) => page.getByRole('list', { name: 'Reviews' })

/** Signed in, /profile, then its Add Book link: /add-book with an in-app page behind it. */
async function openAddBookInApp(page: Page) {
  const reader = await registerUser(baseURL)
  await signInAs(page, reader)
  await page.goto('/profile')
  await page.getByRole('link', { name: /Add Book/ }).click()
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Add a New Book' }))
}

/** A fresh book nobody has on a list or has reviewed. */
const freshBook = async () => postBook(baseURL, await registerUser(baseURL, { userType: 'Author' }))

describe('a review being written', () => {
  test('Submit while signed out: /login, then back on the book signed in, the review is sent once and shows first', async ({ page }) => {
    const reader = await registerUser(baseURL)
    const book = await freshBook()
    await openBook(page, book)
    await typeReview(page, '4 Stars', 'Worth the trip to the login page.')
    await dialog(page).getByRole('button', { name: 'Submit Review' }).click()
    await signInThroughForm(page, reader)
    await page.waitForURL(`**/books/${book._id}`)
    const first = reviewsList(page).getByRole('listitem').first()
    await expectText(first, 'Worth the trip to the login page.')
    await expectText(first, /your review/i)
    await expectVisible(page.getByText('(1 review)', { exact: true }))
    // Once: a reload sends nothing more.
    await page.reload()
    await expectText(reviewsList(page).getByRole('listitem').first(), 'Worth the trip to the login page.')
    const reviews = await apiGet<ApiReview[]>(baseURL, `/reviews/book/${book._id}`)
    expect(reviews.map((r) => [r.user._id, r.rating, r.comment])).toEqual([[reader._id, 4, 'Worth the trip to the login page.']])
  })

  test('leaving by Back or Forward asks first (Stay, Leave); the draft is kept, through a reload too (the tab asks before reloading)', async ({ page }) => {
    const reader = await registerUser(baseURL)
    const book = await freshBook()
    await signInAs(page, reader)
    await openBook(page, book)
    // An in-app page ahead in the history: About, then back to the book.
    await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click()
    await page.waitForURL('**/about')
    await page.goBack()
    await expectVisible(page.getByRole('heading', { level: 1, name: book.title, exact: true }))
    await typeReview(page, '2 Stars', 'Half a thought, interrupted')
    // Forward (or Back): the app asks; Stay keeps the dialog and its text.
    await page.goForward()
    await expectVisible(leaveDialog(page))
    await leaveDialog(page).getByRole('button', { name: 'Stay' }).click()
    await expectHidden(leaveDialog(page))
    expect(new URL(page.url()).pathname).toBe(`/books/${book._id}`)
    expect(await dialog(page).getByRole('textbox', { name: 'Your Review' }).inputValue()).toBe('Half a thought, interrupted')

    // Leave: gone; back on the book, the draft is still there.
    await page.goForward()
    await leaveDialog(page).getByRole('button', { name: 'Leave' }).click()
    await page.waitForURL('**/about')
    await page.goBack()
    await expectVisible(page.getByRole('heading', { level: 1, name: book.title, exact: true }))
    await page.getByRole('button', { name: 'Write a Review', exact: true }).click()
    await expectVisible(dialog(page).getByText('Your unsent draft is back.'))
    expect(await dialog(page).getByRole('textbox', { name: 'Your Review' }).inputValue()).toBe('Half a thought, interrupted')

    // A reload: the browser asks first (accepted here), and the text comes back again.
    const asked: string[] = []
    page.once('dialog', (d) => {
      asked.push(d.type())
      void d.accept()
    })
    await page.reload()
    expect(asked).toEqual(['beforeunload'])
    await expectVisible(page.getByRole('heading', { level: 1, name: book.title, exact: true }))
    await page.getByRole('button', { name: 'Write a Review', exact: true }).click()
    await expectVisible(dialog(page).getByText('Your unsent draft is back.'))
    expect(await dialog(page).getByRole('textbox', { name: 'Your Review' }).inputValue()).toBe('Half a thought, interrupted')
    expect(await dialog(page).getByRole('radio', { name: '2 Stars' }).isChecked()).toBe(true)
  })
})

describe('a list button pressed while signed out', () => {
  test('Add to Wishlist: carried out after signing in, once', async ({ page }) => {
    const reader = await registerUser(baseURL)
    const book = await freshBook()
    await openBook(page, book)
    await page.getByRole('button', { name: 'Add to Wishlist' }).click()
    await signInThroughForm(page, reader)
    await page.waitForURL(`**/books/${book._id}`)
    await expectVisible(page.getByRole('button', { name: 'Remove from Wishlist' }))
    await expectVisible(page.getByRole('button', { name: 'Add to Recently Read' }))
    await page.reload()
    await expectVisible(page.getByRole('button', { name: 'Remove from Wishlist' }))
    const wishlist = await apiGet<BookSummary[]>(baseURL, '/users/wishlist', reader.token)
    expect(wishlist.map((b) => b._id)).toEqual([book._id])
  })

  test('Add to Recently Read on a book already read: left as it is, not taken off', async ({ page }) => {
    const reader = await registerUser(baseURL)
    const book = (await listBooks(baseURL))[2]!
    await signInAs(page, reader)
    await openBook(page, book)
    await page.getByRole('button', { name: 'Add to Recently Read' }).click()
    await expectVisible(page.getByRole('button', { name: 'Remove from Recently Read' }))
    // Signed out, the page cannot know: the visitor presses Add again.
    await page.evaluate(() => {
      localStorage.removeItem('token')
      localStorage.removeItem('user')
    })
    await openBook(page, book)
    await page.getByRole('button', { name: 'Add to Recently Read' }).click()
    await signInThroughForm(page, reader)
    await page.waitForURL(`**/books/${book._id}`)
    await expectVisible(page.getByRole('button', { name: 'Remove from Recently Read' }))
    const read = await apiGet<BookSummary[]>(baseURL, `/users/recently-read/${reader._id}`)
    expect(read.map((b) => b._id)).toEqual([book._id])
  })
})

describe('Follow pressed while signed out', () => {
  test('on a public profile: followed after signing in', async ({ page }) => {
    const reader = await registerUser(baseURL)
    const person = await registerUser(baseURL)
    await page.goto(`/user/${person._id}`)
    await page.getByRole('button', { name: 'Follow', exact: true }).click()
    await signInThroughForm(page, reader)
    await page.waitForURL(`**/user/${person._id}`)
    await expectVisible(page.getByRole('button', { name: 'Unfollow', exact: true }))
    const profile = await apiGet<{ isFollowing: boolean }>(baseURL, `/users/profile/${person._id}`, reader.token)
    expect(profile.isFollowing).toBe(true)
  })

  test('on the followers page: that person followed, no one else; already followed is left alone', async ({ page }) => {
    const reader = await registerUser(baseURL)
    const hub = await registerUser(baseURL)
    const fan = await registerUser(baseURL)
    const friend = await registerUser(baseURL)
    await toggleFollow(baseURL, fan, hub._id)
    await toggleFollow(baseURL, friend, hub._id)
    await toggleFollow(baseURL, reader, friend._id) // already followed by the reader
    await page.goto(`/user/${hub._id}/followers`)
    const row = (who: TestUser) => page.getByRole('listitem').filter({ has: page.getByRole('link', { name: who.username, exact: true }) })
    await row(fan).getByRole('button', { name: 'Follow', exact: true }).click()
    await signInThroughForm(page, reader)
    await page.waitForURL(`**/user/${hub._id}/followers`)
    await expectVisible(row(fan).getByRole('button', { name: 'Unfollow', exact: true }))
    await expectVisible(row(friend).getByRole('button', { name: 'Unfollow', exact: true }))
    const following = await apiGet<{ _id: string }[]>(baseURL, `/users/following/${reader._id}`)
    expect(following.map((p) => p._id).sort()).toEqual([fan._id, friend._id].sort())

    // Pressing Follow on the friend while signed out (the page cannot know) leaves the follow on.
    await page.evaluate(() => {
      localStorage.removeItem('token')
      localStorage.removeItem('user')
    })
    await page.goto(`/user/${friend._id}`)
    await page.getByRole('button', { name: 'Follow', exact: true }).click()
    await signInThroughForm(page, reader)
    await page.waitForURL(`**/user/${friend._id}`)
    await expectVisible(page.getByRole('button', { name: 'Unfollow', exact: true }))
    expect((await apiGet<{ isFollowing: boolean }>(baseURL, `/users/profile/${friend._id}`, reader.token)).isFollowing).toBe(true)
  })
})

describe('the Add a New Book form', () => {
  test('kept through the trip to /login; back signed in, it is as it was and adds the book', async ({ page }) => {
    const reader = await registerUser(baseURL)
    const title = `The ${unique('Draft')} Book`
    await page.goto('/add-book')
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Add a New Book' }))
    await fillBookForm(page, title, {
      role: 'None',
      author: 'Kept Author',
      description: 'Typed before signing in, and not typed again.',
      pageCount: '210',
      genre: 'Fantasy',
    })
    await page.getByRole('button', { name: 'Add Book' }).click()
    await signInThroughForm(page, reader)
    await page.waitForURL('**/add-book')
    expect(await page.getByRole('textbox', { name: 'Title' }).inputValue()).toBe(title)
    expect(await page.getByRole('textbox', { name: 'Description' }).inputValue()).toBe('Typed before signing in, and not typed again.')
    expect(await page.getByRole('spinbutton', { name: 'Page Count' }).inputValue()).toBe('210')
    expect(await page.getByRole('radio', { name: 'None' }).isChecked()).toBe(true)
    await page.getByRole('button', { name: 'Add Book' }).click()
    await expectVisible(page.getByRole('alert').filter({ hasText: 'Book added successfully!' }))
    const listed = await apiGet<BookSummary[]>(baseURL, `/users/listed-books/${reader._id}`)
    expect(listed.map((b) => b.title)).toEqual([title])
    // Added: nothing kept any more, and going on to /profile asks nothing.
    await page.waitForURL('**/profile')
    await page.goto('/add-book')
    expect(await page.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('')
  })

  test('leaving with typed text asks first (Stay keeps it); nothing typed, nothing asked', async ({ page }) => {
    await openAddBookInApp(page)
    // Nothing typed: Back goes back at once.
    await page.goBack()
    await page.waitForURL('**/profile')
    await page.goForward()
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Add a New Book' }))
    await page.getByRole('textbox', { name: 'Title' }).fill('Half a book')
    await page.goBack()
    await expectVisible(leaveDialog(page))
    await leaveDialog(page).getByRole('button', { name: 'Stay' }).click()
    await expectHidden(leaveDialog(page))
    expect(await page.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('Half a book')
  })
})

describe('the leave question at three widths', () => {
  for (const width of WIDTHS) {
    test(`${width} px: axe clean, screenshot`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await openAddBookInApp(page)
      await page.getByRole('textbox', { name: 'Title' }).fill('Half a book')
      await page.goBack()
      await expectVisible(leaveDialog(page))
      await checkScreen(page, 'leave-question', width)
    })
  }
})
