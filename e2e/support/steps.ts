import { randomInt } from 'node:crypto'
import type { Page } from 'playwright-core'
import type { BookSummary, TestUser } from './api.ts'
import { expectVisible } from './fixtures.ts'

// Steps a reader takes through the page that several specs share.

/** Once on /login, signs in through its form. */
export async function signInThroughForm(page: Page, reader: Pick<TestUser, 'email' | 'password'>) {
  await page.waitForURL('**/login')
  await page.getByLabel('Email').fill(reader.email)
  await page.getByLabel('Password').fill(reader.password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
}

/** Opens a book's page and waits for its title. */
export async function openBook(page: Page, book: Pick<BookSummary, '_id' | 'title'>) {
  await page.goto(`/books/${book._id}`)
  await expectVisible(page.getByRole('heading', { level: 1, name: book.title, exact: true }))
}

/** On a book's page: opens Write a Review, picks the stars ('4 Stars') and types the text; nothing is sent yet. */
export async function typeReview(page: Page, star: string, text: string) {
  const dialog = page.getByRole('dialog', { name: 'Write a Review' })
  await page.getByRole('button', { name: 'Write a Review', exact: true }).click()
  await expectVisible(dialog)
  await dialog
    .locator('label')
    .filter({ hasText: new RegExp(`^${star}$`) })
    .click()
  await dialog.getByRole('textbox', { name: 'Your Review' }).fill(text)
}

/** What the Add a New Book form is filled with besides the title; role null leaves the role as the form has it. */
export interface BookFormValues {
  role: 'Author' | 'Publisher' | 'None' | null
  author: string
  description: string
  pageCount: string
  genre: string
}

/**
 * On /add-book: fills every field with a well-formed book (language English, edition First, category
 * Fiction, an ISBN of its own) and closes the suggestion lists; nothing is sent yet.
 */
export async function fillBookForm(page: Page, title: string, values: Partial<BookFormValues> = {}) {
  const v: BookFormValues = {
    role: null,
    author: 'E2E Author',
    description: `${title}: a story written for the browser suite, with a beginning, a middle and an end.`,
    pageCount: '321',
    genre: 'Fantasy, Adventure',
    ...values,
  }
  if (v.role) await page.getByRole('radio', { name: v.role }).check()
  await page.getByRole('textbox', { name: 'Title' }).fill(title)
  await page.getByRole('combobox', { name: 'Author' }).fill(v.author)
  await page.getByRole('textbox', { name: 'Description' }).fill(v.description)
  await page.getByRole('textbox', { name: 'Cover Image URL' }).fill('https://covers.example/e2e.jpg')
  await page.getByRole('combobox', { name: 'Publisher' }).fill('E2E Press')
  await page.getByLabel('Published Date').fill('2024-05-17')
  await page.getByRole('textbox', { name: 'Language' }).fill('English')
  await page.getByRole('textbox', { name: 'Edition' }).fill('First')
  await page.getByRole('spinbutton', { name: 'Page Count' }).fill(v.pageCount)
  await page.getByRole('textbox', { name: 'Amazon Link' }).fill('https://www.amazon.com/dp/e2e')
  await page.getByRole('textbox', { name: 'ISBN' }).fill(`979${String(randomInt(0, 1e10)).padStart(10, '0')}`)
  // Genre offers the catalogue's genres as you type (decision 0037): a combobox of free text.
  await page.getByRole('combobox', { name: 'Genre' }).fill(v.genre)
  await page.getByRole('combobox', { name: 'Category' }).selectOption('Fiction')
  // The suggestion lists are not needed: close them so they cover nothing.
  await page.keyboard.press('Escape')
}
