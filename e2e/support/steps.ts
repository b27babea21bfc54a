import type { Page } from 'playwright-core'
import type { TestUser } from './api.ts'
import { expectVisible } from './fixtures.ts'

// Steps a reader takes through the page that several specs share.

/** Once on /login, signs in through its form. */
export async function signInThroughForm(page: Page, reader: Pick<TestUser, 'email' | 'password'>) {
  await page.waitForURL('**/login')
  await page.getByLabel('Email').fill(reader.email)
  await page.getByLabel('Password').fill(reader.password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
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
