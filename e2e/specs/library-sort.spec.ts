import { describe, expect } from 'vitest'
import type { Page } from 'playwright-core'
import { apiGet, registerUser, unique, type TestUser } from '../support/api.ts'
import { goodreadsCsv, type GoodreadsRow } from '../support/goodreads.ts'
import { baseURL, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { checkScreen, WIDTHS } from '../support/screen.ts'

// Issue 22 in a browser: a reader's library imported through the API, reached from My Books, ordered
// by date read, title either way, searched (accents folded), shown as a list, covers and a table, at
// three widths with odd data (right-to-left titles, a very long word, emoji, an undated read), and an
// empty and a 520-book library.

/** Imports a Goodreads export for the reader through the API and waits for it to end. */
async function importLibrary(reader: TestUser, rows: GoodreadsRow[], firstBookId: number) {
  const form = new FormData()
  form.append('file', new Blob([goodreadsCsv(rows, firstBookId)], { type: 'text/csv' }), 'goodreads_library_export.csv')
  const res = await fetch(`${baseURL}/api/imports`, { method: 'POST', headers: { authorization: `Bearer ${reader.token}` }, body: form })
  expect(res.status, await res.clone().text()).toBe(202)
  const { _id } = (await res.json()) as { _id: string }
  await expect
    .poll(async () => (await apiGet<{ status: string }>(baseURL, `/imports/${_id}`, reader.token)).status, { timeout: 60_000, interval: 250 })
    .toBe('done')
}

/** The titles of the list as shown, in order (each book's title is its one link in the list and cover views). */
const shownTitles = (page: Page) => page.getByRole('list', { name: 'Books' }).getByRole('link').allInnerTexts()

/** Reaches the reader's library from My Books: the top bar's main links, or the drawer on a phone. */
async function openMyBooks(page: Page, width: number) {
  await page.goto('/')
  if (width < 600) {
    await page.getByRole('navigation', { name: 'Bottom navigation' }).getByRole('button', { name: 'More' }).click()
    await page.getByRole('navigation', { name: 'Navigation drawer' }).getByRole('link', { name: 'My Books' }).click()
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Books' }).click()
  }
}

let big: Promise<TestUser> | undefined
/** One reader with 520 books read, made once for every width. */
const bigLibrary = () =>
  (big ??= (async () => {
    const reader = await registerUser(baseURL, { name: 'Many Books Reader' })
    const tag = unique('big')
    const rows = Array.from({ length: 520 }, (_, i): GoodreadsRow => {
      const day = String((i % 28) + 1).padStart(2, '0')
      return {
        Title: `Volume ${i + 1} ${tag}`,
        Author: `Author ${i % 40}`,
        'Exclusive Shelf': 'read',
        'My Rating': String(i % 6),
        'Date Read': `20${10 + (i % 15)}/0${(i % 9) + 1}/${day}`,
      }
    })
    await importLibrary(reader, rows, 700_000)
    return reader
  })())

describe('ordering, searching and laying out a library', () => {
  for (const width of WIDTHS) {
    test(`${width} px: from My Books, by date read, by title both ways, searched, as a list, covers and a table`, { timeout: 240_000 }, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      const reader = await registerUser(baseURL, { name: 'Sorting Reader' })
      const tag = unique(`s${width}`)
      const titles = {
        polish: `Zażółć gęślą jaźń ${tag}`,
        arabic: `ألف ليلة وليلة ${tag}`,
        long: `Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichen ${tag}`,
        emoji: `📚🐉 Dragons and books ${tag}`,
      }
      await importLibrary(
        reader,
        [
          { Title: titles.polish, Author: 'Ålberg Ödön', 'Exclusive Shelf': 'read', 'My Rating': '4', 'Date Read': '2024/03/10', 'Date Added': '2024/01/05' },
          { Title: titles.arabic, Author: 'مؤلف مجهول', 'Exclusive Shelf': 'read', 'My Rating': '5', 'Date Read': '2023/07/01', 'Date Added': '2023/06/01' },
          // Read, on a day nobody remembers.
          { Title: titles.long, Author: 'Hans Langwort', 'Exclusive Shelf': 'read', 'Date Added': '2022/02/02' },
          { Title: titles.emoji, Author: 'Emoji Author', 'Exclusive Shelf': 'read', 'My Rating': '3', 'Date Read': '2025/01/02', 'Date Added': '2025/01/01' },
          { Title: `שלום עליכם ${tag}`, Author: 'שלום עליכם', 'Exclusive Shelf': 'currently-reading' },
        ],
        600_000 + width * 10,
      )
      await signInAs(page, reader)
      await openMyBooks(page, width)
      await page.waitForURL(`**/user/${reader._id}/library`)
      await expectVisible(page.getByRole('link', { name: 'Import' }))
      await expectVisible(page.getByRole('link', { name: 'Stats' }))

      // Read: newest read first, the undated one last.
      await page.getByRole('tab', { name: /^Read/ }).click()
      await expect.poll(() => shownTitles(page)).toEqual([titles.emoji, titles.polish, titles.arabic, titles.long])
      await expectVisible(page.getByText('Finished, date unknown'))

      // By title, A to Z, then Z to A.
      await page.getByRole('combobox', { name: 'Sort by' }).selectOption('title')
      // Folded titles in code point order (SQLite): Latin, then Arabic, then emoji.
      const byTitle = [titles.long, titles.polish, titles.arabic, titles.emoji]
      await expect.poll(() => shownTitles(page)).toEqual(byTitle)
      await page.getByRole('button', { name: 'Order: A to Z. Change it' }).click()
      await expect.poll(() => shownTitles(page)).toEqual(byTitle.toReversed())
      await checkScreen(page, 'library-sort-list', width)

      // Searched without the accents; kept by a reload.
      await page.getByRole('searchbox', { name: 'Search this list' }).fill('zazolc')
      await expect.poll(() => shownTitles(page)).toEqual([titles.polish])
      await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('zazolc')
      await page.reload()
      await expect.poll(() => shownTitles(page)).toEqual([titles.polish])
      await expectVisible(page.getByRole('combobox', { name: 'Sort by' }))
      expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('title')
      await page.getByRole('searchbox', { name: 'Search this list' }).fill('no such words')
      await expectVisible(page.getByText('No books match ‘no such words’'))
      await checkScreen(page, 'library-sort-no-match', width)
      await page.getByRole('button', { name: 'Clear search' }).click()
      await expect.poll(() => shownTitles(page)).toHaveLength(4)

      // The table: a row a book, its date read or 'date unknown'.
      await page.getByRole('button', { name: 'Table' }).click()
      const table = page.getByRole('table', { name: 'Books' })
      await expectVisible(table)
      await expectVisible(table.getByRole('row').filter({ hasText: titles.long }).getByText('date unknown'))
      await expectVisible(table.getByRole('row').filter({ hasText: titles.polish }).getByText('10 March 2024'))
      await checkScreen(page, 'library-sort-table', width)

      // Covers, remembered on the next visit.
      await page.getByRole('button', { name: 'Covers' }).click()
      await expect.poll(() => shownTitles(page)).toHaveLength(4)
      await checkScreen(page, 'library-sort-covers', width)
      await page.goto(`/user/${reader._id}/library?status=read`)
      await expectVisible(page.getByRole('button', { name: 'Covers', pressed: true }))
    })

    test(`${width} px: an empty library and one of 520 books`, { timeout: 240_000 }, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      const empty = await registerUser(baseURL)
      await signInAs(page, empty)
      await page.goto(`/user/${empty._id}/library?status=read`)
      await expectVisible(page.getByText('No books here yet.'))
      await checkScreen(page, 'library-sort-empty', width)

      const reader = await bigLibrary()
      await signInAs(page, reader)
      await page.goto(`/user/${reader._id}/library?status=read&sort=rating&view=table`)
      const table = page.getByRole('table', { name: 'Books' })
      await expectVisible(table)
      await expectVisible(page.getByRole('tab', { name: 'Read (520)' }))
      await checkScreen(page, 'library-sort-520-table', width)
      await page.goto(`/user/${reader._id}/library?status=read&sort=title&view=grid`)
      // A page at a time (24, more as the reader scrolls), never all 520 at once.
      await expect.poll(() => shownTitles(page).then((t) => t.length)).toBeGreaterThanOrEqual(24)
      expect((await shownTitles(page)).length).toBeLessThan(520)
      await checkScreen(page, 'library-sort-520-covers', width)
    })
  }
})
