import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import { apiPut, postBook, postReview, registerUser, toggleFollow, type BookSummary, type TestUser } from '../support/api.ts'
import { baseURL, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { checkScreen, WIDTHS } from '../support/screen.ts'

// What readers really type: a 600-letter word, a 300-character title, a long author name, Arabic and
// Hebrew, emoji. Every screen that shows reader-written text keeps it inside the screen at each width
// (no sideways scroll) and lays right-to-left text out right-to-left (dir="auto").

const LONG_WORD = `Supercalifragilistic${'o'.repeat(580)}`
const ARABIC_TITLE = 'مئة عام من العزلة'
const ARABIC_DESCRIPTION = 'رواية عن سبعة أجيال من عائلة بوينديا في قرية ماكوندو الخيالية.'
const HEBREW_REVIEW = 'ספר נפלא, קראתי אותו פעמיים ואמליץ עליו לכל חבריי.'
const HEBREW_BIO = 'קורא נלהב של ספרות קלאסית ושירה.'

interface Odd {
  reader: TestUser
  friend: TestUser
  longBook: BookSummary
  rtlBook: BookSummary
}
let odd: Promise<Odd> | undefined

/** One reader with a long name and a right-to-left bio, two odd books, reviews and a follow. */
const oddData = () =>
  (odd ??= (async () => {
    const reader = await registerUser(baseURL, { name: `Wolfgang Amadeus Bartholomew-Featherstonehaugh 📚 ${'W'.repeat(40)}` })
    const friend = await registerUser(baseURL, { name: 'رشيد الكتبي' })
    await apiPut(baseURL, '/users/profile/update', reader.token, { bio: `${HEBREW_BIO} ${LONG_WORD}` })
    const title = `📚✨ The ${'Extraordinarily Long '.repeat(13)}Chronicle`.slice(0, 300)
    const longBook = await postBook(baseURL, reader, {
      title,
      author: `Maximilian ${'Longname'.repeat(20)} 🐉`,
      author_username: null,
      role: 'none',
      publisher: `Publishing${'House'.repeat(30)}`,
      description: `Before the word: ${LONG_WORD} — and after it, emoji 🐉🔥📖.`,
    })
    const rtlBook = await postBook(baseURL, reader, {
      title: ARABIC_TITLE,
      author: 'غابرييل غارسيا ماركيث',
      author_username: null,
      role: 'none',
      description: ARABIC_DESCRIPTION,
    })
    await postReview(baseURL, reader, rtlBook._id, 5, HEBREW_REVIEW)
    await postReview(baseURL, friend, longBook._id, 4, `${LONG_WORD} 😀`)
    await toggleFollow(baseURL, friend, reader._id)
    await toggleFollow(baseURL, reader, friend._id)
    return { reader, friend, longBook, rtlBook }
  })())

/** The direction the browser lays out the element that shows `text` in. */
async function directionOf(page: Page, text: string): Promise<string> {
  const el = page.getByText(text, { exact: false }).first()
  await expectVisible(el)
  return el.evaluate((node) => getComputedStyle(node).direction)
}

describe('odd data: long words, right-to-left text and emoji at every width', () => {
  test('book pages: nothing scrolls sideways; Arabic title and description and a Hebrew review read right-to-left', async ({ page }) => {
    const { longBook, rtlBook } = await oddData()
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(`/books/${longBook._id}`)
      await expectVisible(page.getByRole('heading', { level: 1 }))
      await checkScreen(page, 'odd-book-long', width)
      await page.goto(`/books/${rtlBook._id}`)
      await expectVisible(page.getByRole('heading', { level: 1, name: ARABIC_TITLE }))
      expect(await directionOf(page, ARABIC_DESCRIPTION)).toBe('rtl')
      expect(await directionOf(page, HEBREW_REVIEW)).toBe('rtl')
      expect(await page.getByRole('heading', { level: 1, name: ARABIC_TITLE }).evaluate((n) => getComputedStyle(n).direction)).toBe('rtl')
      await checkScreen(page, 'odd-book-rtl', width)
    }
    expect(await page.title()).toBe(`${ARABIC_TITLE} — Shelfwise`)
  })

  test('Browse and Home with the odd books: cards keep long titles inside the screen', async ({ page }) => {
    await oddData()
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(`/browse?q=${encodeURIComponent('Extraordinarily Chronicle')}`)
      await expectVisible(page.getByRole('heading', { name: /Extraordinarily Long/ }).first())
      await checkScreen(page, 'odd-browse', width)
      await page.goto('/')
      await expectVisible(page.getByRole('heading', { name: 'Recent Reviews' }))
      await checkScreen(page, 'odd-home', width)
    }
  })

  test('profiles and the followers page: a long name, a right-to-left bio with a 600-letter word', async ({ page }) => {
    const { reader, friend } = await oddData()
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(`/user/${reader._id}`)
      await expectVisible(page.getByRole('heading', { level: 1 }))
      expect(await directionOf(page, HEBREW_BIO)).toBe('rtl')
      await checkScreen(page, 'odd-public-profile', width)
      await page.goto(`/user/${friend._id}/followers`)
      await expectVisible(page.getByRole('link', { name: reader.username }).first())
      await checkScreen(page, 'odd-followers', width)
    }
    await signInAs(page, reader)
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/profile')
      await expectVisible(page.getByText(`@${reader.username}`, { exact: true }))
      expect(await directionOf(page, HEBREW_BIO)).toBe('rtl')
      await page.getByRole('tab', { name: 'Reviews', exact: true }).click()
      expect(await directionOf(page, HEBREW_REVIEW)).toBe('rtl')
      await checkScreen(page, 'odd-profile-reviews', width)
    }
  })
})
