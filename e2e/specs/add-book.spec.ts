import { randomInt } from 'node:crypto'
import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import { apiGet, postBook, registerUser, unique, type BookSummary, type TestUser } from '../support/api.ts'
import { alertWith, baseURL, expectHidden, expectText, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { failCall, holdCall, HTTP_500, http500, recordCalls } from '../support/failures.ts'
import { bookCard } from '../support/locators.ts'
import { checkScreen, WIDTHS } from '../support/screen.ts'
import { gradientPng } from '../support/png.ts'
import { fillBookForm as fillForm, type BookFormValues } from '../support/steps.ts'

const isbn13 = () => `979${String(randomInt(0, 1e10)).padStart(10, '0')}`
const submit = (page: Page) => page.getByRole('button', { name: /^(Add Book|Adding\.\.\.)$/ })
const posts = (calls: ReturnType<typeof recordCalls>) => calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/books')

const fillBookForm = (page: Page, role: BookFormValues['role'], title: string, author: string, genre?: string) =>
  fillForm(page, title, { role, author, ...(genre ? { genre } : {}) })

async function openForm(page: Page, reader: TestUser) {
  await signInAs(page, reader)
  await page.goto('/add-book')
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Add a New Book' }))
}

/**
 * Submits with the page's clock paused, then moves it on in 50 ms steps: the success message shows,
 * the page stays 1.5 s on it, then goes to /profile. Answers the milliseconds between the two.
 */
async function submitAndTimeRedirect(page: Page): Promise<number> {
  // The page notes, on its own clock, the moment the success message appears.
  await page.evaluate(() => {
    const w = window as unknown as { addedAt?: number }
    new MutationObserver(() => {
      if (w.addedAt === undefined && document.body.innerText.includes('Book added successfully!')) w.addedAt = Date.now()
    }).observe(document.body, { childList: true, subtree: true, characterData: true })
  })
  // A second ahead: the page's clock must still be short of it when the call arrives (50 ms was too
  // little on a busy machine: 'Cannot fast-forward to the past').
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000))
  await submit(page).click()
  const addedAt = () => page.evaluate(() => (window as unknown as { addedAt?: number }).addedAt)
  for (let i = 0; i < 200 && (await addedAt()) === undefined; i++) await page.clock.runFor(50)
  const start = await addedAt()
  expect(start, 'Book added successfully!').toBeDefined()
  // Leaving starts when the router begins to navigate (its 'Loading page' bar shows while /profile's code loads).
  const leaving = () => page.evaluate(() => location.pathname !== '/add-book' || document.querySelector('[aria-label="Loading page"]') !== null)
  for (let waited = 0; !(await leaving()) && waited < 3000; waited += 25) await page.clock.runFor(25)
  const left = await page.evaluate(() => Date.now())
  await page.clock.resume()
  return left - start!
}

describe('add a book: the form', () => {
  test('title, the role question, every field with its label, the Genre helper and the Category options', async ({ page }) => {
    await openForm(page, await registerUser(baseURL))
    await expectVisible(page.getByText('Are you the author or the publisher of this book?'))
    const roles = page.getByRole('radiogroup', { name: 'Are you the author or the publisher of this book?' })
    expect(await roles.getByRole('radio').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).labels?.[0]?.textContent))).toEqual([
      'Author',
      'Publisher',
      'None',
    ])
    for (const name of ['Title', 'Cover Image URL', 'Language', 'Edition', 'Amazon Link', 'ISBN']) await expectVisible(page.getByRole('textbox', { name }))
    await expectVisible(page.getByRole('combobox', { name: 'Genre' }))
    expect(await page.getByRole('textbox', { name: 'Description' }).evaluate((e) => e.tagName)).toBe('TEXTAREA')
    for (const name of ['Author', 'Publisher']) await expectVisible(page.getByRole('combobox', { name }))
    expect(await page.getByLabel('Published Date').getAttribute('type')).toBe('date')
    const pages = page.getByRole('spinbutton', { name: 'Page Count' })
    expect(await pages.getAttribute('type')).toBe('number')
    expect(await pages.getAttribute('min')).toBe('1')
    await expectVisible(page.getByText('e.g. Fantasy, Adventure, Romance', { exact: true }))
    const category = page.getByRole('combobox', { name: 'Category' })
    expect((await category.locator('option').allInnerTexts()).slice(1)).toEqual([
      'Fiction',
      'Non-Fiction',
      'Educational',
      'Biography',
      'Science',
      'Technology',
      'Other',
    ])
    expect(await submit(page).innerText()).toBe('Add Book')
  })

  test('author and publisher suggest users as you type, clear when emptied; choosing one links that username', async ({ page }) => {
    const reader = await registerUser(baseURL)
    const press = await registerUser(baseURL, { name: `Press ${unique('p').slice(2)}`, userType: 'Seller' })
    const calls = recordCalls(page)
    await openForm(page, reader)
    await fillBookForm(page, 'Author', `The ${unique('Book')} Ledger`, 'Pen Name', 'Fantasy, , Adventure ,')
    const publisher = page.getByRole('combobox', { name: 'Publisher' })
    await publisher.fill(press.username)
    const option = page.getByRole('option', { name: `${press.name} (@${press.username})` })
    await expectVisible(option)
    await publisher.fill('')
    await expectHidden(option)
    await publisher.fill(press.username)
    await option.click()
    expect(await publisher.inputValue()).toBe(press.name)
    await submit(page).click()
    await expectVisible(alertWith(page, 'Book added successfully!'))
    const body = posts(calls)[0]!.body as Record<string, unknown>
    // Genre split on commas, trimmed, empties dropped; the chosen publisher's username; the author, by role, the signed-in reader.
    expect(body).toMatchObject({
      genre: ['Fantasy', 'Adventure'],
      publisher: press.name,
      publisher_username: press.username,
      author: 'Pen Name',
      author_username: reader.username,
      listed_by_username: null,
      averageRating: 0,
      totalReviews: 0,
      pageCount: 321,
    })
    for (const k of ['createdAt', 'updatedAt'] as const) expect(Math.abs(Date.parse(body[k] as string) - Date.now())).toBeLessThan(60_000)
  })

  test("with no role: 'Please specify whether you are the author or publisher.'; empty fields and Page Count 0 are refused before sending", async ({
    page,
  }) => {
    const calls = recordCalls(page)
    await openForm(page, await registerUser(baseURL))
    await fillBookForm(page, null, 'Roleless', 'Nobody')
    await submit(page).click()
    await expectVisible(alertWith(page, 'Please specify whether you are the author or publisher.'))
    await page.getByRole('radio', { name: 'None' }).check()
    await page.getByRole('textbox', { name: 'Language' }).fill('')
    await submit(page).click()
    await expect.poll(() => page.getByRole('textbox', { name: 'Language' }).getAttribute('aria-invalid')).toBe('true')
    await page.getByRole('textbox', { name: 'Language' }).fill('English')
    await page.getByRole('spinbutton', { name: 'Page Count' }).fill('0')
    await submit(page).click()
    await expect.poll(() => page.getByRole('spinbutton', { name: 'Page Count' }).getAttribute('aria-invalid')).toBe('true')
    await expectVisible(page.getByText(/at least 1/))
    expect(posts(calls)).toEqual([])
    expect(new URL(page.url()).pathname).toBe('/add-book')
  })

  test("'Adding...' while sending; 'Failed to add book.' with the server's reason when it refuses", async ({ page }) => {
    await openForm(page, await registerUser(baseURL))
    await fillBookForm(page, 'None', `The ${unique('Book')} Refused`, 'Somebody')
    // Held first, then refused (the last route added is asked first).
    await failCall(page, { method: 'POST', path: '/books' }, http500('The catalogue is closed for stocktaking'), 1)
    const held = await holdCall(page, { method: 'POST', path: '/books' })
    await submit(page).click()
    await expectText(submit(page), 'Adding...')
    expect(await submit(page).isDisabled()).toBe(true)
    held.release()
    await expectText(page.getByRole('alert').filter({ hasText: 'Failed to add book.' }), /Failed to add book\.\s*The catalogue is closed for stocktaking/)
    await page.unrouteAll()
    await failCall(page, { method: 'POST', path: '/books' }, HTTP_500, 1)
    await submit(page).click()
    await expectText(page.getByRole('alert').filter({ hasText: 'Failed to add book.' }), /^Failed to add book\.$/)
    expect(new URL(page.url()).pathname).toBe('/add-book')
  })

  test('a visitor who submits is sent to /login (the form itself is open to all)', async ({ page }) => {
    await page.goto('/add-book')
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Add a New Book' }))
    await fillBookForm(page, 'None', 'Anonymous Book', 'Anon')
    await submit(page).click()
    await page.waitForURL('**/login')
  })
})

describe('add a book: success', () => {
  // These journeys move the page's clock: a context of their own (support/fixtures.ts).
  test.override('ownContext', true)

  test("as its Author: 'Book added successfully!', /profile after 1.5 s, where it is under Created", async ({ page }) => {
    const reader = await registerUser(baseURL, { userType: 'Author' })
    const title = `The ${unique('Book')} Chronicle`
    await page.clock.install()
    await openForm(page, reader)
    await fillBookForm(page, 'Author', title, reader.name)
    const ms = await submitAndTimeRedirect(page)
    expect(ms, 'the success message stays 1.5 s').toBeGreaterThanOrEqual(1500)
    expect(ms).toBeLessThanOrEqual(1575)
    await page.waitForURL('**/profile')
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

  test('as its Publisher: the publisher is linked to the reader, the author stays as typed', async ({ page }) => {
    const reader = await registerUser(baseURL, { userType: 'Seller' })
    const calls = recordCalls(page)
    await openForm(page, reader)
    await fillBookForm(page, 'Publisher', `The ${unique('Book')} Imprint`, 'A. Writer')
    await submit(page).click()
    await expectVisible(alertWith(page, 'Book added successfully!'))
    expect(posts(calls)[0]!.body).toMatchObject({ publisher_username: reader.username, author_username: null, listed_by_username: null })
  })

  test('as neither (None): listed_by is the reader, and it is under Listed', async ({ page }) => {
    const reader = await registerUser(baseURL)
    const calls = recordCalls(page)
    const title = `The ${unique('Book')} Listing`
    await openForm(page, reader)
    await fillBookForm(page, 'None', title, 'Someone Else')
    await submit(page).click()
    await expectVisible(alertWith(page, 'Book added successfully!'))
    expect(posts(calls)[0]!.body).toMatchObject({ listed_by_username: reader.username, author_username: null, publisher_username: null })
    await page.waitForURL('**/profile')
    await page.getByRole('tab', { name: 'Listed' }).click()
    await expectVisible(bookCard(page, title))
    await page.getByRole('tab', { name: 'Created' }).click()
    await expectVisible(page.getByText('Your Created Book List is empty.'))
    const listed = await apiGet<BookSummary[]>(baseURL, `/users/listed-books/${reader._id}`)
    expect(listed.map((b) => b.title)).toEqual([title])
  })
})

describe('add a book: every problem at once, and books it may repeat', () => {
  test('every problem beside its field at once (role, empty fields, a bad link), the first focused and scrolled into view', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 700 })
    const calls = recordCalls(page)
    await openForm(page, await registerUser(baseURL))
    await page.evaluate(() => document.title).then((t) => expect(t).toBe('Add a New Book — Shelfwise'))
    await page.getByRole('textbox', { name: 'Title' }).fill('Only a title')
    await page.getByRole('textbox', { name: 'Cover Image URL' }).fill('cover.jpg')
    await submit(page).click()
    await expectVisible(alertWith(page, 'Please specify whether you are the author or publisher.'))
    // All at once: the role, eight empty fields (ISBN, Amazon Link and Edition may stay empty: decision 0037), the link that is not one.
    await expect.poll(() => page.getByText('This field is required', { exact: true }).count()).toBe(8)
    await expectVisible(page.getByText('Cover Image URL must be an http(s) URL', { exact: true }))
    expect(await page.getByRole('textbox', { name: 'Language' }).getAttribute('aria-invalid')).toBe('true')
    expect(await page.getByRole('combobox', { name: 'Genre' }).getAttribute('aria-invalid')).toBe('true')
    for (const name of ['Edition', 'ISBN', 'Amazon Link']) expect(await page.getByRole('textbox', { name }).getAttribute('aria-invalid')).toBe('false')
    // The first problem (the role) has the focus, on screen.
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('role')
    // Fixing the role: the next Add Book focuses and scrolls to the first remaining problem, Author.
    await page.getByRole('radio', { name: 'None' }).check()
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await submit(page).click()
    const author = page.getByRole('combobox', { name: 'Author' })
    await expect.poll(() => author.evaluate((el) => el === document.activeElement)).toBe(true)
    const box = (await author.boundingBox())!
    expect(box.y).toBeGreaterThanOrEqual(0)
    expect(box.y + box.height).toBeLessThanOrEqual(700)
    expect(posts(calls)).toEqual([])
  })

  test("the same title and author (any case or accents): 'This book may already be on Shelfwise' with a link; Add Book waits until 'add it anyway'", async ({
    page,
  }) => {
    const owner = await registerUser(baseURL, { userType: 'Author' })
    const word = unique('Mis')
    const existing = await postBook(baseURL, owner, { title: `Les Misérables: ${word}`, author: 'Victor Hugo', author_username: null, role: 'none' })
    const calls = recordCalls(page)
    await openForm(page, await registerUser(baseURL))
    await fillBookForm(page, 'None', `LES MISERABLES ${word.toUpperCase()}`, 'victor hugo')
    const notice = page.getByTestId('duplicate-title')
    await expectVisible(notice)
    await expectText(notice, 'This book may already be on Shelfwise:')
    expect(await notice.getByRole('link', { name: existing.title }).getAttribute('href')).toBe(`/books/${existing._id}`)
    await expectText(notice, `${existing.title} by Victor Hugo (2021)`)
    await submit(page).click()
    await expect.poll(() => notice.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(posts(calls)).toEqual([])
    await notice.getByRole('button', { name: 'It is a different book: add it anyway' }).click()
    await expectHidden(notice)
    await submit(page).click()
    await expectVisible(alertWith(page, 'Book added successfully!'))
    expect(posts(calls)).toHaveLength(1)
  })

  test("the same ISBN: 'A book with this ISBN already exists' beside ISBN with a link, never sent; the server's 409 shows the same", async ({ page }) => {
    const owner = await registerUser(baseURL, { userType: 'Author' })
    const isbn = isbn13()
    const taken = await postBook(baseURL, owner, { isbn })
    const calls = recordCalls(page)
    await openForm(page, await registerUser(baseURL))
    await fillBookForm(page, 'None', `The ${unique('Other')} Title`, 'Someone Else')
    await page.getByRole('textbox', { name: 'ISBN' }).fill(`${isbn.slice(0, 3)}-${isbn.slice(3)}`)
    await submit(page).click()
    await expectVisible(page.getByText('A book with this ISBN already exists', { exact: true }))
    const notice = page.getByTestId('duplicate-isbn')
    expect(await notice.getByRole('link', { name: taken.title }).getAttribute('href')).toBe(`/books/${taken._id}`)
    await expect.poll(() => page.getByRole('textbox', { name: 'ISBN' }).evaluate((el) => el === document.activeElement)).toBe(true)
    expect(posts(calls)).toEqual([])

    // Taken between the check and the add: the server's 409, said the same way, with the link.
    const late = isbn13()
    await page.getByRole('textbox', { name: 'ISBN' }).fill(late)
    await page.route(
      (url) => url.pathname === '/api/books/duplicates',
      (route) => route.fulfill({ json: [] }),
      { times: 1 },
    )
    const lateBook = await postBook(baseURL, owner, { isbn: late })
    await submit(page).click()
    await expectVisible(alertWith(page, 'Failed to add book.'))
    await expectVisible(notice.getByRole('link', { name: lateBook.title }))
    expect(posts(calls)).toHaveLength(1)
  })
})

describe('add a book without the chore (decision 0037)', () => {
  test('a classic without ISBN, Amazon Link or Edition is added; the message links to it; no duplicate warning about it', async ({ page }) => {
    const calls = recordCalls(page)
    await openForm(page, await registerUser(baseURL))
    const title = `The ${unique('Odyssey')} ${'Polytropos'.repeat(3)}`
    await fillBookForm(page, 'None', title, 'Homer')
    for (const name of ['Edition', 'ISBN', 'Amazon Link']) await page.getByRole('textbox', { name }).fill('')
    await submit(page).click()
    const done = alertWith(page, 'Book added successfully!')
    await expectVisible(done)
    expect(posts(calls)[0]!.body).toMatchObject({ isbn: '', amazonLink: '', edition: '' })
    const link = done.getByRole('link', { name: `See its page: ${title}` })
    const href = await link.getAttribute('href')
    expect(href).toMatch(/^\/books\/[0-9a-f-]{36}$/)
    // The title and author are looked up again on leaving the field: the book just added is no duplicate of itself.
    await page.getByRole('combobox', { name: 'Author' }).focus()
    await page.getByRole('combobox', { name: 'Author' }).blur()
    await page.waitForTimeout(300)
    expect(await page.getByTestId('duplicate-title').count()).toBe(0)
    // The book page's code arrives slowly (a phone, a busy machine): the form stays on screen meanwhile,
    // and the spec's move to the profile 1.5 s after adding must not take the reader away from it.
    await page.route('**/*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 2500))
      await route.continue()
    })
    await link.click()
    await expectVisible(page.getByRole('heading', { level: 1, name: title }))
    await page.waitForTimeout(500)
    expect(new URL(page.url()).pathname).toBe(new URL(href!, baseURL).pathname)
  })

  test('a cover is uploaded instead of a typed URL; Genre offers the catalogue’s genres', async ({ page }) => {
    await openForm(page, await registerUser(baseURL))
    await page.getByLabel('Cover image file').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: gradientPng(200, 300) })
    const cover = page.getByRole('textbox', { name: 'Cover Image URL' })
    await expect.poll(() => cover.inputValue()).toMatch(/\/uploads\/[\w.-]+\.webp$/)
    expect((await cover.inputValue()).startsWith(`${new URL(baseURL).origin}/uploads/`)).toBe(true)
    await expectVisible(page.getByRole('img', { name: /^Cover of/ }))
    const genre = page.getByRole('combobox', { name: 'Genre' })
    await genre.fill('Romance, fant')
    await page.getByRole('option', { name: 'Fantasy' }).click()
    expect(await genre.inputValue()).toBe('Romance, Fantasy, ')
  })

  test('a signed-out visitor is told first that adding needs an account', async ({ page }) => {
    await page.goto('/add-book')
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Add a New Book' }))
    const notice = page.getByRole('alert').first()
    await expectText(notice, /^Adding a book needs an account: sign in or sign up first\./)
    await notice.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL('**/login')
  })
})

describe('add a book at three widths', () => {
  for (const width of WIDTHS) {
    test(`${width} px: axe clean, screenshot (with field errors showing)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await openForm(page, await registerUser(baseURL))
      await checkScreen(page, 'add-book', width)
      await page.getByRole('radio', { name: 'Author' }).check()
      await submit(page).click()
      await expect.poll(() => page.getByRole('textbox', { name: 'Title' }).getAttribute('aria-invalid')).toBe('true')
      await checkScreen(page, 'add-book-errors', width)
      // A likely duplicate pointed out, with a long title and right-to-left text in the form.
      await fillBookForm(page, 'None', 'Dracula', 'Bram Stoker')
      await page.getByRole('textbox', { name: 'Description' }).fill(`${'W'.repeat(600)} — ספר על ערפד`)
      await expectVisible(page.getByTestId('duplicate-title'))
      await checkScreen(page, 'add-book-duplicate', width)
      // Added, with a long right-to-left title: the message links to it.
      await page.getByRole('button', { name: 'It is a different book: add it anyway' }).click()
      await page.getByRole('textbox', { name: 'Title' }).fill(`دراكولا ${unique('w')} ${'Nosferatu'.repeat(5)} 🦇`)
      for (const name of ['Edition', 'ISBN', 'Amazon Link']) await page.getByRole('textbox', { name }).fill('')
      await submit(page).click()
      await expectVisible(alertWith(page, 'Book added successfully!').getByRole('link'))
      await checkScreen(page, 'add-book-added', width)
    })

    test(`${width} px signed out: the account notice, axe clean, screenshot`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/add-book')
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Add a New Book' }))
      await checkScreen(page, 'add-book-signed-out', width)
    })
  }
})
