import { describe, expect } from 'vitest'
import { listBooks, registerUser } from '../support/api.ts'
import { baseURL, expectHidden, expectText, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { bookCard, statTile, tileText } from '../support/locators.ts'

describe('wishlist and recently read', () => {
  test('the toggles flip on the book page and the book shows under both sub-tabs of /profile', async ({ page }) => {
    const reader = await registerUser(baseURL)
    const books = await listBooks(baseURL)
    const book = books[books.length - 1]!
    await signInAs(page, reader)

    await page.goto(`/books/${book._id}`)
    await expectVisible(page.getByRole('heading', { level: 1, name: book.title }))
    await page.getByRole('button', { name: 'Add to Wishlist' }).click()
    await expectVisible(page.getByRole('button', { name: 'Remove from Wishlist' }))
    await expectHidden(page.getByRole('button', { name: 'Add to Wishlist' }))
    await page.getByRole('button', { name: 'Add to Recently Read' }).click()
    await expectVisible(page.getByRole('button', { name: 'Remove from Recently Read' }))
    await expectHidden(page.getByRole('button', { name: 'Add to Recently Read' }))

    // The server remembers both: a reload shows the same buttons.
    await page.reload()
    await expectVisible(page.getByRole('button', { name: 'Remove from Wishlist' }))
    await expectVisible(page.getByRole('button', { name: 'Remove from Recently Read' }))

    await page.goto('/profile')
    await expectVisible(page.getByRole('heading', { level: 1, name: reader.name }))
    await expectText(statTile(page, 'Wishlist'), tileText(1, 'Wishlist'))
    await expectText(statTile(page, 'Books Read'), tileText(1, 'Books Read'))
    expect(await page.getByRole('tab', { name: 'Books' }).getAttribute('aria-selected')).toBe('true')
    await page.getByRole('tab', { name: 'Wishlist' }).click()
    const inWishlist = bookCard(page, book.title)
    await expectVisible(inWishlist)
    expect(await inWishlist.getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe(`/books/${book._id}`)

    await page.getByRole('tab', { name: 'Recently Read' }).click()
    await expectVisible(bookCard(page, book.title))

    // Toggling off flips the button back and empties the wishlist; the read list keeps the book.
    await bookCard(page, book.title).getByRole('link', { name: 'View Details' }).click()
    await page.waitForURL(`**/books/${book._id}`)
    await page.getByRole('button', { name: 'Remove from Wishlist' }).click()
    await expectVisible(page.getByRole('button', { name: 'Add to Wishlist' }))
    await page.goto('/profile')
    await page.getByRole('tab', { name: 'Wishlist' }).click()
    await expectVisible(page.getByText('Your wishlist is empty.'))
    await expectVisible(page.getByRole('link', { name: 'Browse Books' }))
    await expectText(statTile(page, 'Wishlist'), tileText(0, 'Wishlist'))
    await page.getByRole('tab', { name: 'Recently Read' }).click()
    await expectVisible(bookCard(page, book.title))
  })
})
