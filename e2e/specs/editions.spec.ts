import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import { apiGet, apiPost, apiPut, postBook, registerUser, type BookSummary } from '../support/api.ts'
import { baseURL, expectText, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { checkScreen, WIDTHS } from '../support/screen.ts'

// Issue 21, point 1 in a browser (decision 0027): a reader adds an edition of a book from its page,
// opens it, chooses it as the edition they read (progress then counts its pages), marks it owned,
// and finds it on their library filtered by the copies they own. Then a work of 200 editions read a
// page at a time. A long title, a right-to-left note and an emoji at every width.

const panel = (page: Page) => page.getByRole('region', { name: 'Your reading' })
const editions = (page: Page) => page.getByRole('region', { name: 'Editions' })

let isbnSeq = 0
/** A valid ISBN-13 no other test of this run uses. */
function newIsbn13(): string {
  const twelve = `979${String((Date.now() % 1e8) * 10 + (isbnSeq++ % 10)).padStart(9, '0')}`.slice(0, 12)
  const sum = [...twelve].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0)
  return `${twelve}${(10 - (sum % 10)) % 10}`
}

interface Entry {
  editionId: string | null
  owned: { format: string | null; copies: number } | null
}

describe('works and editions', () => {
  for (const width of WIDTHS) {
    test(`${width} px: add an edition, open it, read it, own it; the library finds it by the copies owned`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      const reader = await registerUser(baseURL)
      const title = `Emma, or the Very Long Tale of Highbury and of Everyone in It ${width}`
      const book = await postBook(baseURL, reader, { role: 'none', title, pageCount: 474, isbn: newIsbn13() })
      await apiPut(baseURL, `/books/${book._id}/reading`, reader.token, { status: 'reading' })
      await signInAs(page, reader)
      await page.goto(`/books/${book._id}`)

      // The work's only edition: the reader is offered to add one.
      await expectVisible(editions(page).getByText('This is the only edition on Shelfwise so far.'))
      await editions(page).getByRole('button', { name: 'Add an edition' }).click()
      const dialog = page.getByRole('dialog', { name: 'Add an edition' })
      await dialog.getByRole('combobox', { name: 'Format' }).selectOption('paperback')
      await dialog.getByRole('button', { name: 'Add edition' }).click()
      await expectVisible(dialog.getByText('ISBN is required, unless the format is ebook or audiobook'))
      const isbn = newIsbn13()
      await dialog.getByRole('textbox', { name: 'ISBN' }).fill(isbn)
      await dialog.getByRole('spinbutton', { name: 'Pages' }).fill('512')
      await dialog.getByRole('textbox', { name: 'Publisher' }).fill('Penguin Classics')
      await dialog.getByLabel('Published date').fill('2003-05-01')
      await dialog.getByRole('textbox', { name: 'Language' }).fill('English')
      await dialog.getByRole('textbox', { name: 'Edition' }).fill('מהדורת פינגווין 📚')
      await checkScreen(page, 'add-edition', width)
      await dialog.getByRole('button', { name: 'Add edition' }).click()
      await expectVisible(page.getByRole('alert').filter({ hasText: 'Edition added' }))
      const list = page.getByRole('list', { name: 'Other editions' })
      // The note runs right to left: isolated in the line, so the line keeps its order around it.
      const link = list.getByRole('link', { name: 'Paperback · \u2068מהדורת פינגווין 📚\u2069, 2003' })
      await expectVisible(link)
      await expectVisible(editions(page).getByRole('button', { name: 'Other editions (1)' }))
      await checkScreen(page, 'book-editions', width)

      // Its own page: the edition's facts, which edition it is, the way back to the main one.
      await link.click()
      const editionId = (await apiGet<{ _id: string; primary: boolean }[]>(baseURL, `/books/${book._id}/editions`)).find((e) => !e.primary)!._id
      await page.waitForURL(`**/books/${editionId}`)
      await expectVisible(page.getByText(`Paperback edition, 2003 · ISBN ${isbn}`))
      await expectVisible(page.getByRole('link', { name: 'See the main edition' }))

      // The edition the reader reads: progress counts its 512 pages, not the work's 474.
      const which = panel(page).getByRole('combobox', { name: 'Which edition are you reading?' })
      await which.selectOption(editionId)
      await expect.poll(async () => (await apiGet<Entry>(baseURL, `/books/${book._id}/reading`, reader.token)).editionId).toBe(editionId)
      await panel(page).getByRole('spinbutton', { name: 'Page' }).fill('500')
      await panel(page).getByRole('button', { name: 'Update progress' }).click()
      await expectText(panel(page).getByText('On page 500 of 512'), 'On page 500 of 512')

      // Checked once the API has kept it (the panel shows what is saved).
      const own = panel(page).getByRole('checkbox', { name: 'I own this' })
      await own.click()
      await expect.poll(() => own.isChecked()).toBe(true)
      await panel(page).getByRole('combobox', { name: 'Format of your copies' }).selectOption('paperback')
      await expect
        .poll(async () => (await apiGet<Entry>(baseURL, `/books/${book._id}/reading`, reader.token)).owned)
        .toEqual({ format: 'paperback', copies: 1 })
      // Checked from the top, as a reader arrives: left where the clicks above scrolled it, the phone's
      // fixed bottom navigation sits over whichever field the panel's height puts at the window's foot,
      // and axe counts that field as an obscured target (the reader scrolls it into view).
      await page.evaluate(() => window.scrollTo(0, 0))
      await checkScreen(page, 'edition-page', width)
      await page.getByRole('link', { name: 'See the main edition' }).click()
      await page.waitForURL(`**/books/${book._id}`)
      await expectVisible(page.getByRole('heading', { name: title, level: 1 }))

      // The library, filtered by the copies owned: the book, with what the reader owns of it.
      await page.goto(`/user/${reader._id}/library`)
      await page.getByRole('group', { name: 'Filter your books' }).getByRole('button', { name: 'Owned' }).click()
      await page.waitForURL(`**/user/${reader._id}/library?owned=true`)
      await expectVisible(page.getByRole('link', { name: title }))
      await expectVisible(page.getByText('Owned: 1 copy · Paperback'))
      await page.getByRole('combobox', { name: 'Format' }).selectOption('ebook')
      await expectVisible(page.getByText('No books match these filters.'))
      await page.getByRole('combobox', { name: 'Format' }).selectOption('paperback')
      await expectVisible(page.getByRole('link', { name: title }))
      await checkScreen(page, 'library-owned', width)
    })
  }

  let many: BookSummary | undefined
  /** One work with 200 editions, made once for every width. */
  async function workOf200(): Promise<BookSummary> {
    if (many) return many
    const adder = await registerUser(baseURL)
    const work = await postBook(baseURL, adder, { role: 'none', title: 'Don Quixote de la Mancha' })
    for (let i = 1; i < 200; i += 1) {
      await apiPost(
        baseURL,
        `/books/${work._id}/editions`,
        { format: i % 2 ? 'ebook' : 'audiobook', ...(i % 2 ? {} : { audioSeconds: 3600 * 40 + i }), publisher: `Casa ${i}`, edition: `Edición ${i}` },
        adder.token,
      )
    }
    many = work
    return work
  }

  for (const width of WIDTHS) {
    test(`${width} px: a work of 200 editions lists them a page at a time`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      const work = await workOf200()
      await page.goto(`/books/${work._id}`)
      const open = page.getByRole('button', { name: 'Other editions (199)' })
      await open.click()
      const list = page.getByRole('list', { name: 'Other editions' })
      await expect.poll(() => list.getByRole('listitem').count()).toBe(49)
      await expectVisible(page.getByText('49 of 199 shown'))
      await page.getByRole('button', { name: 'Load More' }).click()
      await expect.poll(() => list.getByRole('listitem').count()).toBe(99)
      await expectVisible(list.getByRole('link', { name: 'Audiobook · Edición 98', exact: true }))
      await checkScreen(page, 'book-editions-many', width)
    })
  }
})
