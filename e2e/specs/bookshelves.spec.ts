import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import { apiPost, apiPut, postBook, registerUser } from '../support/api.ts'
import { baseURL, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { checkScreen, WIDTHS } from '../support/screen.ts'

// Issue 21, point 5 (decision 0028): a reader's own shelves in a browser. From a book's page the
// reader puts the book on a new shelf with the keyboard alone and on one of theirs found by typing;
// on their library the shelves filter it, and Manage shelves makes one public; another reader sees
// the public one only. Long and right-to-left names at every width.

const shelvesOfBook = (page: Page) => page.getByRole('region', { name: 'On your shelves' })

describe('a reader’s own shelves', () => {
  for (const width of WIDTHS) {
    test(`${width} px: shelve a book from its page by keyboard, filter the library by shelf, open one up for others`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      const reader = await registerUser(baseURL)
      const book = await postBook(baseURL, reader, { role: 'none', title: `Middlemarch ${width}` })
      const other = await postBook(baseURL, reader, { role: 'none', title: `Persuasion ${width}` })
      const long = `Books I keep meaning to lend to my sister and never part with ${width}`.slice(0, 64)
      await apiPost(baseURL, '/me/shelves', { name: 'כל הקלאסיקות שאהבתי', public: false }, reader.token)
      await apiPut(baseURL, `/books/${other._id}/reading`, reader.token, { status: 'read' })
      await apiPut(baseURL, `/books/${other._id}/shelves`, reader.token, { names: [long, 'favourites'] })

      await signInAs(page, reader)
      await page.goto(`/books/${book._id}`)
      const field = shelvesOfBook(page).getByRole('combobox', { name: 'Add to a shelf' })
      await expectVisible(field)
      await field.focus()
      await page.keyboard.type('classics-club')
      await page.keyboard.press('Enter')
      await expectVisible(shelvesOfBook(page).getByRole('button', { name: 'Take this book off classics-club' }))
      // Unmarked before: on Want to Read now.
      await expect.poll(() => page.getByRole('combobox', { name: 'Reading status' }).inputValue()).toBe('want')
      await field.fill('כל')
      await page.getByRole('option', { name: 'כל הקלאסיקות שאהבתי' }).click()
      await expectVisible(shelvesOfBook(page).getByRole('button', { name: 'Take this book off כל הקלאסיקות שאהבתי' }))
      await checkScreen(page, 'book-shelves', width)

      await page.goto(`/user/${reader._id}/library`)
      const shelves = page.getByRole('list', { name: 'Shelves' })
      await expectVisible(shelves.getByRole('link', { name: `${long}, 1 book, private` }))
      await shelves.getByRole('link', { name: 'classics-club, 1 book, private' }).click()
      await page.waitForURL(`**/user/${reader._id}/library?shelf=classics-club`)
      await expectVisible(page.getByRole('link', { name: `Middlemarch ${width}` }))
      await checkScreen(page, 'library-shelves', width)

      await page.getByRole('button', { name: 'Manage shelves' }).click()
      const dialog = page.getByRole('dialog', { name: 'Manage shelves' })
      const open = dialog.getByRole('switch', { name: 'favourites: public' })
      // A click and a wait, not check(): the switch turns when the server has answered, and check()
      // fails at once ("did not change its state") when that answer is slower than its own look.
      await open.click()
      await expect.poll(() => open.isChecked()).toBe(true)
      await checkScreen(page, 'manage-shelves', width)
      await dialog.getByRole('button', { name: 'Done' }).click()

      // Another reader sees the public shelf alone, with the book they can see on it.
      const stranger = await registerUser(baseURL)
      await signInAs(page, stranger)
      await page.goto(`/user/${reader._id}/library`)
      const theirs = page.getByRole('list', { name: 'Shelves' })
      await expectVisible(theirs.getByRole('link', { name: 'favourites, 1 book' }))
      await theirs.getByRole('link', { name: 'favourites, 1 book' }).click()
      await expectVisible(page.getByRole('link', { name: `Persuasion ${width}` }))
      await checkScreen(page, 'library-shelves-others', width)
    })
  }
})
