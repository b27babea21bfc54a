import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import { apiGet, apiPost, postBook, registerUser, unique, type BookSummary } from '../support/api.ts'
import { alertWith, baseURL, expectHidden, expectText, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { bookCard } from '../support/locators.ts'
import { checkScreen, WIDTHS } from '../support/screen.ts'

// Issue 11, Medium 3: the reader who added a book corrects it with the add form and deletes it while
// nobody else has it on a list (otherwise the page says why); a reader credited on someone else's book
// removes the credit; the profile lists the books crediting a reader.

const ownerActions = (page: Page) => page.getByRole('group', { name: 'Your book' })
const dialog = (page: Page) => page.getByRole('dialog')

async function openBook(page: Page, id: string, title: string) {
  await page.goto(`/books/${id}`)
  await expectVisible(page.getByRole('heading', { level: 1, name: title }))
}

describe('catalogue integrity', () => {
  test('the adder edits the book with the add form: the page and search show the new title at once', async ({ page }) => {
    const adder = await registerUser(baseURL)
    const book = await postBook(baseURL, adder, { role: 'none', author: 'Ilse Varga', author_username: null, isbn: '' })
    const fresh = unique('Corrected')
    await signInAs(page, adder)
    await openBook(page, book._id, book.title)
    await ownerActions(page).getByRole('link', { name: 'Edit Book' }).click()
    await page.waitForURL(`**/books/${book._id}/edit`)
    const title = page.getByRole('textbox', { name: 'Title' })
    await expectVisible(title)
    expect(await title.inputValue()).toBe(book.title)
    await title.fill(`The ${fresh} Almanac`)
    await page.getByRole('textbox', { name: 'Cover Image URL' }).fill('https://covers.example/corrected.jpg')
    await page.getByRole('textbox', { name: 'ISBN' }).fill(`979${String(Date.now()).slice(-10)}`)
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expectVisible(alertWith(page, 'Book updated successfully!'))
    await page.waitForURL(`**/books/${book._id}`)
    await expectVisible(page.getByRole('heading', { level: 1, name: `The ${fresh} Almanac` }))
    const found = await apiGet<BookSummary[]>(baseURL, `/books/search?query=${encodeURIComponent(fresh)}&limit=5`)
    expect(found.map((b) => b._id)).toEqual([book._id])
  })

  test('deleting asks first, then the book is gone and the profile says so', async ({ page }) => {
    const adder = await registerUser(baseURL)
    const book = await postBook(baseURL, adder, { role: 'none', author: 'Ilse Varga', author_username: null })
    await signInAs(page, adder)
    await openBook(page, book._id, book.title)
    await ownerActions(page).getByRole('button', { name: 'Delete Book' }).click()
    await expectVisible(dialog(page).getByText(`“${book.title}” will be removed from Shelfwise`, { exact: false }))
    await dialog(page).getByRole('button', { name: 'Cancel' }).click()
    await expectHidden(dialog(page))
    await ownerActions(page).getByRole('button', { name: 'Delete Book' }).click()
    await dialog(page).getByRole('button', { name: 'Delete', exact: true }).click()
    await page.waitForURL('**/profile')
    await expectVisible(page.getByText(`“${book.title}” was deleted.`))
    const res = await fetch(`${baseURL}/api/books/${book._id}`)
    expect(res.status).toBe(404)
  })

  test('a book another reader reviewed cannot be deleted: the dialog says why and the book stays', async ({ page }) => {
    const adder = await registerUser(baseURL)
    const reader = await registerUser(baseURL)
    const book = await postBook(baseURL, adder, { role: 'none', author: 'Ilse Varga', author_username: null })
    await apiPost(baseURL, `/reviews/book/${book._id}`, { rating: 4, comment: 'Worth keeping.' }, reader.token)
    await signInAs(page, adder)
    await openBook(page, book._id, book.title)
    await ownerActions(page).getByRole('button', { name: 'Delete Book' }).click()
    await dialog(page).getByRole('button', { name: 'Delete', exact: true }).click()
    await expectText(
      dialog(page).getByRole('alert'),
      'Another reader has reviewed or shelved this book, so it can no longer be deleted. You can still edit it.',
    )
    const res = await fetch(`${baseURL}/api/books/${book._id}`)
    expect(res.status).toBe(200)
  })

  test('a credited reader sees the book under Credited and removes the credit; another reader sees no owner actions', async ({ page }) => {
    const adder = await registerUser(baseURL)
    const author = await registerUser(baseURL, { userType: 'Author' })
    const stranger = await registerUser(baseURL)
    const book = await postBook(baseURL, adder, { role: 'none', author: author.name, author_username: author.username })

    await signInAs(page, stranger)
    await openBook(page, book._id, book.title)
    expect(await ownerActions(page).count()).toBe(0)

    await signInAs(page, author)
    await page.goto(`/user/${author._id}`)
    await page.getByRole('tab', { name: 'Credited', exact: true }).click()
    await expectVisible(bookCard(page, book.title))
    await openBook(page, book._id, book.title)
    expect(await ownerActions(page).getByRole('button', { name: 'Delete Book' }).count()).toBe(0)
    await ownerActions(page).getByRole('button', { name: 'Remove My Credit' }).click()
    await dialog(page).getByRole('button', { name: 'Remove', exact: true }).click()
    await expectVisible(page.getByText('Your credit was removed.'))
    expect((await apiGet<BookSummary>(baseURL, `/books/${book._id}`)).author_username).toBeNull()
  })

  describe('at three widths', () => {
    const long = 'Q'.repeat(280)
    for (const width of WIDTHS) {
      test(`${width} px: the owner actions, the delete dialog and the edit form with odd data stay on screen`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 })
        const adder = await registerUser(baseURL)
        const book = await postBook(baseURL, adder, {
          role: 'none',
          author: 'مؤلف مجهول',
          author_username: null,
          title: `${long} 📚 ספר`,
          description: `עברית ${long}`,
        })
        await signInAs(page, adder)
        await openBook(page, book._id, book.title)
        await expectVisible(ownerActions(page))
        await checkScreen(page, 'book-owner-actions', width)
        await ownerActions(page).getByRole('button', { name: 'Delete Book' }).click()
        await expectVisible(dialog(page))
        await checkScreen(page, 'book-delete-dialog', width)
        await dialog(page).getByRole('button', { name: 'Cancel' }).click()
        await page.goto(`/books/${book._id}/edit`)
        await expectVisible(page.getByRole('button', { name: 'Save Changes' }))
        await checkScreen(page, 'edit-book', width)
      })
    }
  })
})
