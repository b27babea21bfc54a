import { describe, expect } from 'vitest'
import type { Locator } from 'playwright-core'
import { apiGet, listBooks, postBook, registerUser, unique } from '../support/api.ts'
import { goodreadsCsv } from '../support/goodreads.ts'
import { baseURL, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { bookCard } from '../support/locators.ts'
import { checkScreen } from '../support/screen.ts'

// Issue 21 in a browser: a reader imports a Goodreads export whose "Emma (Penguin Classics)" is the
// catalogue's Emma and whose rows carry their own shelves. The report's summary counts what became
// of the rows and what was noted on the way; the library offers the file's shelves as filters; and
// the catalogue still holds one Emma by Jane Austen.

const FILE_NAME = 'goodreads_library_export.csv'

interface ImportJob {
  _id: string
  imported: number
  created: number
  needsReview: number
  failed: number
  notes: { kind: string; count: number }[]
}

/** One line of the summary: its count, then its label ('1 Found by title and author'). */
const summaryLine = (list: Locator, n: number, label: string) => list.getByRole('listitem').filter({ hasText: new RegExp(`^\\s*${n}\\s+${label}\\s*$`) })

describe('importing a whole library', () => {
  for (const width of [1440, 375]) {
    test(
      `${width} px: custom shelves and a title with its edition in brackets: the summary, the shelves as filters, one Emma`,
      { timeout: 180_000 },
      async ({ page }) => {
        await page.setViewportSize({ width: width, height: 900 })
        // The catalogue has Emma by Jane Austen (the demo classics hold it; added if they do not).
        const isEmma = (b: { title: string; author: string }) => b.title === 'Emma' && b.author === 'Jane Austen'
        if (!(await listBooks(baseURL)).some(isEmma)) {
          const librarian = await registerUser(baseURL)
          await postBook(baseURL, librarian, { role: 'none', author_username: null, author: 'Jane Austen', title: 'Emma', publishedDate: '1815-12-23' })
        }

        const newTitle = `The Lantern Keepers ${unique(`lib${width}`)}`
        const csv = goodreadsCsv(
          [
            { Title: 'Emma (Penguin Classics)', Author: 'Jane Austen', Bookshelves: 'classics, favourites', 'Exclusive Shelf': 'read' },
            { Title: newTitle, Author: 'Mara Quill', Bookshelves: 'classics-club', 'Exclusive Shelf': 'classics-club' },
          ],
          2000,
        )

        const reader = await registerUser(baseURL, { name: 'Whole Library Reader' })
        await signInAs(page, reader)
        await page.goto('/import')
        await page.getByLabel('Export file (CSV)').setInputFiles({ name: FILE_NAME, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') })
        await expectVisible(page.getByText('Looks like a Goodreads export'))
        await expectVisible(page.getByText('2 books', { exact: true }))
        await page.getByRole('button', { name: 'Import', exact: true }).click()
        await expectVisible(page.getByText(/^Finished /))

        // The summary: what became of the rows, and what was noted on the way, as the API counts them.
        const jobs = await apiGet<ImportJob[]>(baseURL, '/imports', reader.token)
        const job = await apiGet<ImportJob>(baseURL, `/imports/${jobs[0]!._id}`, reader.token)
        expect({ imported: job.imported, created: job.created, waiting: job.needsReview, failed: job.failed }).toEqual({
          imported: 2,
          created: 1,
          waiting: 0,
          failed: 0,
        })
        const noted = (kind: string) => job.notes.find((n) => n.kind === kind)?.count ?? 0
        expect(noted('matched_by_title')).toBe(1)
        expect(noted('shelves_placed')).toBeGreaterThan(0)

        await expectVisible(page.getByRole('heading', { level: 3, name: 'What the import did' }))
        const did = page.getByRole('list', { name: 'What the import did' })
        await expectVisible(summaryLine(did, 2, 'Imported'))
        await expectVisible(summaryLine(did, 1, 'Books created'))
        await expectVisible(summaryLine(did, 0, 'Waiting for you'))
        await expectVisible(summaryLine(did, 0, 'Not imported'))
        const onTheWay = page.getByRole('list', { name: 'Noted on the way' })
        await expectVisible(summaryLine(onTheWay, 1, 'Found by title and author'))
        await expectVisible(summaryLine(onTheWay, noted('shelves_placed'), 'Put on your shelves'))
        await checkScreen(page, 'library-import-summary', width)

        // The library: the file's shelves are the reader's shelves, each a filter.
        await page.goto(`/user/${reader._id}/library`)
        const shelves = page.getByRole('list', { name: 'Shelves' })
        for (const name of ['classics', 'favourites', 'classics-club']) {
          await expectVisible(shelves.getByRole('link', { name: new RegExp(`^${name}, 1 book`) }))
        }
        await shelves.getByRole('link', { name: /^favourites, 1 book/ }).click()
        await page.waitForURL(`**/user/${reader._id}/library?shelf=favourites`)
        await expectVisible(page.getByRole('link', { name: 'Emma', exact: true }))
        await checkScreen(page, 'library-import-shelves', width)

        // Browse: a search for Emma finds one Emma, Jane Austen's.
        await page.goto('/browse')
        await page.getByRole('textbox', { name: 'Search books' }).fill('Emma')
        await page.getByRole('search').getByRole('button', { name: 'Search' }).click()
        const emma = bookCard(page, 'Emma')
        await expectVisible(emma)
        await expect.poll(() => emma.count()).toBe(1)
        await expectVisible(emma.getByText('by Jane Austen', { exact: true }))
        expect(await bookCard(page, 'Emma (Penguin Classics)').count()).toBe(0)
        expect((await listBooks(baseURL)).filter(isEmma)).toHaveLength(1)
      },
    )
  }
})
