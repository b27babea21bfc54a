import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import { apiGetWithHeaders, postBook, registerUser, unique, type BookSummary, type TestUser } from '../support/api.ts'
import { baseURL, expectText, expectVisible, test } from '../support/fixtures.ts'
import { checkScreen, GRID_COLUMNS, columnCount, WIDTHS } from '../support/screen.ts'

// Author and publisher pages (decision 0010): a name on a book's page with no account behind it leads
// to every book in the catalogue carrying that name, instead of 'Cannot navigate to profile'.

const nameHeading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true })
const grid = (page: Page) => page.getByRole('list', { name: 'Books' })
const cardTitles = (page: Page) => grid(page).getByRole('heading', { level: 3 }).allInnerTexts()

/** `count` books by `author` (no account) from `publisher`, listed by a fresh reader. */
async function booksOf(author: string, publisher: string, count: number, lister?: TestUser) {
  const reader = lister ?? (await registerUser(baseURL))
  const made: BookSummary[] = []
  for (let i = 0; i < count; i++) {
    made.push(
      await postBook(baseURL, reader, {
        title: `${String.fromCharCode(65 + (i % 26))}${i} ${unique('Tale')}`,
        author,
        author_username: null,
        publisher,
        role: 'none',
      }),
    )
  }
  return made
}

/** Every book the API lists for the name, in its order (title), page by page. */
async function apiBooksOf(field: 'author' | 'publisher', name: string) {
  const out: BookSummary[] = []
  let url: string | undefined = `/books/by-${field}/${encodeURIComponent(name)}?limit=100`
  while (url) {
    const { data, headers }: { data: BookSummary[]; headers: Headers } = await apiGetWithHeaders<BookSummary[]>(baseURL, url)
    out.push(...data)
    url = /<\/api([^>]+)>; rel="next"/.exec(headers.get('link') ?? '')?.[1]
  }
  return out
}

describe('author and publisher pages', () => {
  test("an author's name without an account opens the author's page: the name, how many, the books as cards, more on 'Show more books'", async ({ page }) => {
    const tag = unique('x').slice(2)
    const author = `Ånna Ödegård ${tag}`
    const publisher = `Førlag ${tag}`
    const made = await booksOf(author, publisher, 26)
    const expected = await apiBooksOf('author', author)
    expect(expected.map((b) => b._id).sort()).toEqual(made.map((b) => b._id).sort())

    await page.goto(`/books/${made[3]!._id}`)
    await page.getByRole('link', { name: author, exact: true }).click()
    await page.waitForURL(`**/author/${encodeURIComponent(author)}`)
    await expectVisible(nameHeading(page, author))
    expect(await page.title()).toBe(`${author} — Shelfwise`)
    await expectText(page.getByRole('status'), 'Showing 24 of 26 books')
    expect(await cardTitles(page)).toEqual(expected.slice(0, 24).map((b) => b.title))
    expect(await grid(page).getByRole('link').first().getAttribute('href')).toBe(`/books/${expected[0]!._id}`)
    await page.getByRole('button', { name: 'Show more books' }).click()
    // '26 books' once every one is shown (anchored: 'Showing 24 of 26 books' also contains '26 books'),
    // and the two more cards may be drawn a moment after the count: polled.
    await expectText(page.getByRole('status'), /^26 books$/)
    await expect.poll(() => cardTitles(page)).toEqual(expected.map((b) => b.title))
    expect(await page.getByRole('button', { name: 'Show more books' }).count()).toBe(0)

    // The same name in any letter case, without its accents, is the same page.
    await page.goto(`/author/${encodeURIComponent(`anna odegard ${tag.toUpperCase()}`)}`)
    await expectText(page.getByRole('status'), 'Showing 24 of 26 books')

    // The publisher's name leads to its page too.
    await page.goto(`/books/${made[0]!._id}`)
    await page.getByRole('link', { name: publisher, exact: true }).click()
    await page.waitForURL(`**/publisher/${encodeURIComponent(publisher)}`)
    await expectVisible(nameHeading(page, publisher))
    await expectText(page.getByRole('status'), 'Showing 24 of 26 books')
  })

  test('a name the catalogue does not carry: the page says so in words', async ({ page }) => {
    const name = `Nobody ${unique('n')}`
    await page.goto(`/author/${encodeURIComponent(name)}`)
    await expectVisible(nameHeading(page, name))
    await expectVisible(page.getByText(`No books by ${name} in the catalogue yet.`, { exact: true }))
    await page.goto(`/publisher/${encodeURIComponent(name)}`)
    await expectVisible(page.getByText(`No books from ${name} in the catalogue yet.`, { exact: true }))
  })
})

describe('author page at three widths, with odd names and titles', () => {
  let arranged: Promise<string> | undefined
  // A 600-letter word, right-to-left text and emoji in the author's name; 300-character titles.
  const arrange = () =>
    (arranged ??= (async () => {
      const author = `${'ש'.repeat(3)} 📚 ${'Q'.repeat(180)} ${unique('w')}`.slice(0, 200)
      const reader = await registerUser(baseURL)
      const longWord = 'L'.repeat(600)
      for (const [i, title] of [
        `${'T'.repeat(290)} ${i18n(0)}`,
        `ספר ${'ארוך '.repeat(50)}`.slice(0, 300),
        `Emoji 📚🌍✨ ${'Word '.repeat(55)}`.slice(0, 300),
      ].entries()) {
        await postBook(baseURL, reader, { title: `${title.slice(0, 290)} ${i}`, author, author_username: null, role: 'none', description: `${longWord} ${i}` })
      }
      return author
    })())
  const i18n = (n: number) => `עברית ${n}`

  for (const width of WIDTHS) {
    test(`${width} px: ${GRID_COLUMNS[width]} columns, nothing sideways, axe clean, screenshot`, async ({ page }) => {
      const author = await arrange()
      await page.setViewportSize({ width, height: 900 })
      await page.goto(`/author/${encodeURIComponent(author)}`)
      await expectVisible(nameHeading(page, author))
      expect(await nameHeading(page, author).getAttribute('dir')).toBe('auto')
      await expectVisible(grid(page).getByRole('listitem').first())
      expect(await columnCount(grid(page))).toBe(Math.min(3, GRID_COLUMNS[width]))
      await checkScreen(page, 'author', width)
    })
  }
})
