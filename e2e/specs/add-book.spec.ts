import { randomInt } from 'node:crypto'
import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import { registerUser, unique, type TestUser } from '../support/api.ts'
import { alertWith, baseURL, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { bookCard } from '../support/locators.ts'

const isbn13 = () => `979${String(randomInt(0, 1e10)).padStart(10, '0')}`

async function fillBookForm(page: Page, role: 'Author' | 'Publisher' | 'None' | null, title: string, author: string) {
  if (role) await page.getByRole('radio', { name: role }).check()
  await page.getByRole('textbox', { name: 'Title' }).fill(title)
  await page.getByRole('combobox', { name: 'Author' }).fill(author)
  await page.getByRole('textbox', { name: 'Description' }).fill(`${title}: a story written for the browser suite, with a beginning, a middle and an end.`)
  await page.getByRole('textbox', { name: 'Cover Image URL' }).fill('https://covers.example/e2e.jpg')
  await page.getByRole('combobox', { name: 'Publisher' }).fill('E2E Press')
  await page.getByLabel('Published Date').fill('2024-05-17')
  await page.getByRole('textbox', { name: 'Language' }).fill('English')
  await page.getByRole('textbox', { name: 'Edition' }).fill('First')
  await page.getByRole('spinbutton', { name: 'Page Count' }).fill('321')
  await page.getByRole('textbox', { name: 'Amazon Link' }).fill('https://www.amazon.com/dp/e2e')
  await page.getByRole('textbox', { name: 'ISBN' }).fill(isbn13())
  await page.getByRole('textbox', { name: 'Genre' }).fill('Fantasy, Adventure')
  await page.getByRole('combobox', { name: 'Category' }).selectOption('Fiction')
}

async function addBookAndLand(page: Page, reader: TestUser, role: 'Author' | 'None') {
  const title = `The ${unique('Book')} Chronicle`
  await signInAs(page, reader)
  await page.goto('/add-book')
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Add a New Book' }))
  await expectVisible(page.getByText('Are you the author or the publisher of this book?'))
  await fillBookForm(page, role, title, role === 'Author' ? reader.name : 'Someone Else')
  // The author field's suggestions are not needed: close them so they cover nothing.
  await page.keyboard.press('Escape')
  // Clock, in the page itself, when the success message appears and when the route becomes /profile.
  await page.evaluate(() => {
    const marks = window as unknown as Record<string, number>
    new MutationObserver(() => {
      if (!marks.addedAt && document.body.innerText.includes('Book added successfully!')) marks.addedAt = performance.now()
    }).observe(document.body, { childList: true, subtree: true, characterData: true })
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history)
      history[method] = (...args: Parameters<History['pushState']>) => {
        original(...args)
        if (!marks.leftAt && location.pathname === '/profile') marks.leftAt = performance.now()
      }
    }
  })
  await page.getByRole('button', { name: 'Add Book' }).click()

  await expectVisible(alertWith(page, 'Book added successfully!'))
  await page.waitForURL('**/profile', { timeout: 10_000 })
  const shown = await page.evaluate(() => {
    const marks = window as unknown as Record<string, number>
    return marks.leftAt! - marks.addedAt!
  })
  expect(shown, 'both moments were clocked').not.toBeNaN()
  // The page stays 1.5 s on the success message, then goes to /profile.
  expect(shown).toBeGreaterThanOrEqual(1400)
  return title
}

describe('adding a book', () => {
  test('as its Author: success, then /profile, where it is under Created', async ({ page }) => {
    const reader = await registerUser(baseURL, { userType: 'Author' })
    const title = await addBookAndLand(page, reader, 'Author')
    await expectVisible(page.getByRole('heading', { level: 1, name: reader.name }))
    await page.getByRole('tab', { name: 'Created' }).click()
    const card = bookCard(page, title)
    await expectVisible(card)
    await expectVisible(card.getByText(`by ${reader.name}`))
    await page.getByRole('tab', { name: 'Listed' }).click()
    await expectVisible(page.getByText('Your Listed Book List is empty.'))

    // Its page shows what was entered, and the author's name opens the author's profile.
    await page.getByRole('tab', { name: 'Created' }).click()
    await bookCard(page, title).getByRole('link', { name: 'View Details' }).click()
    await expectVisible(page.getByRole('heading', { level: 1, name: title }))
    await expectVisible(page.getByText('May 2024'))
    await expectVisible(page.getByText('321', { exact: true }))
    await page.getByRole('button', { name: reader.name }).click()
    await page.waitForURL(`**/user/${reader._id}`)
  })

  test('as neither (None): success, then /profile, where it is under Listed', async ({ page }) => {
    const reader = await registerUser(baseURL)
    const title = await addBookAndLand(page, reader, 'None')
    await page.getByRole('tab', { name: 'Listed' }).click()
    await expectVisible(bookCard(page, title))
    await page.getByRole('tab', { name: 'Created' }).click()
    await expectVisible(page.getByText('Your Created Book List is empty.'))
  })

  test("without a role: 'Please specify whether you are the author or publisher.'", async ({ page }) => {
    const reader = await registerUser(baseURL)
    await signInAs(page, reader)
    await page.goto('/add-book')
    await fillBookForm(page, null, 'Roleless', 'Nobody')
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Add Book' }).click()
    await expectVisible(alertWith(page, 'Please specify whether you are the author or publisher.'))
    expect(new URL(page.url()).pathname).toBe('/add-book')
  })
})
