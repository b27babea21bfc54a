import { readFile } from 'node:fs/promises'
import { describe, expect } from 'vitest'
import type { Download, Locator, Page } from 'playwright-core'
import { GOODREADS_EXPORT_COLUMNS, withIsbn13Check } from '@shelfwise/library-files'
import { apiGet, loginUser, postBook, registerUser, unique } from '../support/api.ts'
import { goodreadsCsv } from '../support/goodreads.ts'
import { baseURL, expectHidden, expectText, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { holdCall } from '../support/failures.ts'
import { checkScreen, WIDTHS } from '../support/screen.ts'

// Issue 14 in a browser: a reader brings a Goodreads export, sees its preview, imports it, watches
// the progress, settles the rows that wait or failed, downloads the ones that did not import,
// exports the library from the profile, and finally deletes the account.

/** An ISBN-13 nobody else has: 978, nine random digits and its check digit. */
const randomIsbn13 = () => withIsbn13Check(`978${Array.from({ length: 9 }, () => Math.floor(Math.random() * 10)).join('')}`)

const FILE_NAME = 'goodreads_library_export.csv'

interface ImportJob {
  _id: string
  status: string
  total: number
  processed: number
  imported: number
  unchanged: number
  needsReview: number
  failed: number
  skipped: number
}

/** The counts the screen shows, by label ('Imported' → '6'). */
async function shownCounts(page: Page): Promise<Record<string, string>> {
  const tiles = page.getByLabel('What became of the rows').locator(':scope > div')
  const shown: Record<string, string> = {}
  for (const tile of await tiles.all()) shown[(await tile.locator('dt').innerText()).trim()] = (await tile.locator('dd').innerText()).trim()
  return shown
}

interface ReadingEntry {
  status: string | null
  rating: number | null
  reads: { finishedOn: string | null }[]
}

const countsOf = (job: ImportJob) => ({
  Imported: String(job.imported),
  'Already there': String(job.unchanged),
  'Needs your choice': String(job.needsReview),
  'Could not import': String(job.failed),
  Skipped: String(job.skipped),
})

/** Clicks `button` and waits for the download it starts: its file name and text. */
async function downloadOf(page: Page, button: Locator): Promise<{ name: string; text: string }> {
  const [download] = (await Promise.all([page.waitForEvent('download'), button.click()])) as [Download, void]
  const path = await download.path()
  return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') }
}

/** Every width's checks of the screen as it is now (the last width stays). */
async function checkAtEveryWidth(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 })
    await checkScreen(page, name, width)
  }
}

describe('importing a library', () => {
  test(
    'a Goodreads export: preview, progress, a row chosen and one skipped, the rows that did not import, the export, and leaving',
    { timeout: 240_000 },
    async ({ page }) => {
      const tag = unique('imp')
      // The catalogue: a book with an ISBN, and two books with the same title and author (a row matching them waits).
      const librarian = await registerUser(baseURL)
      const isbn = randomIsbn13()
      const numbered = await postBook(baseURL, librarian, {
        role: 'none',
        author_username: null,
        author: 'Ada Number',
        title: `Counted by Number ${tag}`,
        isbn,
      })
      const twinTitle = `The Twin Lighthouse ${tag}`
      const twinOld = await postBook(baseURL, librarian, {
        role: 'none',
        author_username: null,
        author: 'Ingrid Holm',
        title: twinTitle,
        publishedDate: '1999-04-01',
      })
      const twinNew = await postBook(baseURL, librarian, {
        role: 'none',
        author_username: null,
        author: 'Ingrid Holm',
        title: twinTitle,
        publishedDate: '2012-09-12',
        publisher: 'Second Light Press',
      })

      const titles = {
        numbered: `${numbered.title} (Numbers, #1)`,
        twin: twinTitle,
        newBook: `A Field Guide to Quiet Rivers ${tag}`,
        review: `Letters from the Lowlands ${tag}`,
        rtl: `مدن الملح ${tag}`,
        emoji: `Tea and Dragons 🐉📚 ${tag}`,
        long: `${'Donaudampfschifffahrtsgesellschaftskapitän'.repeat(5)} ${tag}`,
      }
      const csv = goodreadsCsv(
        [
          { Title: titles.numbered, Author: 'Ada Number', ISBN13: `="${isbn}"`, 'My Rating': '5', 'Date Read': '2024/03/15', 'Exclusive Shelf': 'read' },
          { Title: titles.twin, Author: 'Ingrid Holm', 'Exclusive Shelf': 'read' },
          { Title: '', Author: 'Nameless Author', 'Exclusive Shelf': 'read' },
          { Title: titles.rtl, Author: 'عبد الرحمن منيف', 'Exclusive Shelf': 'read', 'My Rating': '3' },
          { Title: titles.long, Author: 'Lang Wort', 'Exclusive Shelf': 'currently-reading' },
          { Title: titles.newBook, Author: 'Mara Quill', 'Exclusive Shelf': 'to-read' },
          {
            Title: titles.review,
            Author: 'Joost van Dijk',
            'My Rating': '4',
            'Exclusive Shelf': 'read',
            'My Review': 'The first letter, with a comma.<br/><br/>The second, "quoted" one.',
          },
          { Title: titles.emoji, Author: 'Pip Ember', 'Exclusive Shelf': 'read' },
        ],
        1000,
      )

      const reader = await registerUser(baseURL, { name: 'Importing Reader' })
      await signInAs(page, reader)
      await page.goto('/import')
      const field = page.getByLabel('Export file (CSV)')
      await expectVisible(field)
      // A file like neither export is warned about (it can still be sent: the server has the last word).
      await field.setInputFiles({ name: 'reading-notes.csv', mimeType: 'text/csv', buffer: Buffer.from('Name,Notes\r\nAda,"Liked it, mostly"\r\n', 'utf8') })
      await expectVisible(page.getByText(/^This does not look like a Goodreads or StoryGraph export: it has none of the columns /))
      await expectVisible(page.getByText('1 book', { exact: true }))
      await checkAtEveryWidth(page, 'import-preview-warning')

      await field.setInputFiles({ name: FILE_NAME, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') })

      // The preview, read in the browser: the service, the number of books, the first five rows.
      await expectVisible(page.getByText('Looks like a Goodreads export'))
      await expectVisible(page.getByText('8 books', { exact: true }))
      const preview = page.getByRole('table', { name: 'The first 5 of 8 books' })
      await expectVisible(preview)
      const previewRows = preview.getByRole('row')
      await expect.poll(() => previewRows.count()).toBe(6)
      expect(await preview.getByRole('columnheader').allInnerTexts()).toEqual(['Title', 'Author', 'Shelf', 'Rating'])
      await expectText(previewRows.nth(1), titles.numbered)
      await expectText(previewRows.nth(3), /No title\s+Nameless Author\s+read/)
      await expectText(previewRows.nth(4), titles.rtl)
      await expectText(previewRows.nth(5), titles.long.slice(0, 40))
      await checkAtEveryWidth(page, 'import-preview')

      // Import: the job from the 202 shows at once (its polls held), with its bar and counts at 0.
      const polls = await holdCall(page, { method: 'GET', path: /^\/imports\/[^/]+$/ })
      await page.getByRole('button', { name: 'Import', exact: true }).click()
      const bar = page.getByRole('progressbar', { name: 'Import progress' })
      await expectVisible(bar)
      await expectVisible(page.getByRole('heading', { level: 2, name: FILE_NAME }))
      await expectVisible(page.getByText(/^(Waiting to start|Importing)…$/))
      expect(await bar.getAttribute('aria-valuetext')).toMatch(/^\d of 8 rows$/)
      await expectHidden(preview)
      polls.release()

      await expectVisible(page.getByText(/^Finished /))
      await expect.poll(() => bar.getAttribute('aria-valuenow')).toBe('100')
      await expectVisible(page.getByText('8 of 8 rows', { exact: true }))
      const jobs = await apiGet<ImportJob[]>(baseURL, '/imports', reader.token)
      const jobId = jobs[0]!._id
      const finished = await apiGet<ImportJob>(baseURL, `/imports/${jobId}`, reader.token)
      expect(countsOf(finished)).toEqual({ Imported: '6', 'Already there': '0', 'Needs your choice': '1', 'Could not import': '1', Skipped: '0' })
      await expect.poll(() => shownCounts(page)).toEqual(countsOf(finished))
      // The ISBN matched the catalogue's book (its title in the file aside), with the rating and the dated read.
      const numberedEntry = await apiGet<ReadingEntry>(baseURL, `/books/${numbered._id}/reading`, reader.token)
      expect({ status: numberedEntry.status, rating: numberedEntry.rating, finished: numberedEntry.reads.map((r) => r.finishedOn) }).toEqual({
        status: 'read',
        rating: 5,
        finished: ['2024-03-15'],
      })

      // The report: the row that waits, with both books to choose from, and the row that failed.
      const report = page.getByRole('list', { name: 'Rows that did not import' })
      await expectVisible(page.getByRole('heading', { level: 3, name: 'Rows that need you (2)' }))
      const twinRow = report.getByRole('listitem').filter({ has: page.getByText(titles.twin, { exact: true }) })
      const choices = twinRow.getByRole('group', { name: 'Which book is it?' })
      await expectVisible(choices)
      await expect.poll(() => choices.getByRole('radio').count()).toBe(2)
      await expectVisible(choices.getByRole('radio', { name: /1999/ }))
      await expectVisible(choices.getByRole('radio', { name: /2012/ }))
      const untitledRow = report.getByRole('listitem').filter({ has: page.getByText('Nameless Author', { exact: true }) })
      await expectVisible(untitledRow.getByText('No title', { exact: true }))
      await expectVisible(untitledRow.getByText('Line 4', { exact: true }))
      await checkAtEveryWidth(page, 'import-report')

      // Choose the 2012 book: the row leaves the list and the counts change.
      await choices.getByRole('radio', { name: /2012/ }).check()
      await twinRow.getByRole('button', { name: 'Use this book' }).click()
      await expectVisible(page.getByText(`Line 3, ${titles.twin}: imported.`))
      await expectHidden(report.getByText(titles.twin, { exact: true }))
      await expectVisible(page.getByRole('heading', { level: 3, name: 'Rows that need you (1)' }))
      await expect
        .poll(() => shownCounts(page))
        .toEqual({ Imported: '7', 'Already there': '0', 'Needs your choice': '0', 'Could not import': '1', Skipped: '0' })
      expect((await apiGet<ReadingEntry>(baseURL, `/books/${twinNew._id}/reading`, reader.token)).status).toBe('read')
      expect((await apiGet<ReadingEntry>(baseURL, `/books/${twinOld._id}/reading`, reader.token)).status).toBeNull()

      // The rows that did not import, under the file's own header.
      const notImported = await downloadOf(page, page.getByRole('button', { name: 'Download rows that did not import' }))
      expect(notImported.name).toBe('goodreads_library_export-not-imported.csv')
      const lines = notImported.text
        .replace(/^\uFEFF/, '')
        .split(/\r?\n/)
        .filter(Boolean)
      expect(lines[0]).toBe(GOODREADS_EXPORT_COLUMNS.join(','))
      expect(lines).toHaveLength(2)
      expect(lines[1]).toContain('Nameless Author')

      // Skip the row that failed: nothing is left to settle.
      await untitledRow.getByRole('button', { name: 'Skip' }).click()
      await expectVisible(page.getByText('Line 4, No title: skipped.'))
      await expectHidden(report.getByText('Nameless Author', { exact: true }))
      await expect
        .poll(() => shownCounts(page))
        .toEqual({ Imported: '7', 'Already there': '0', 'Needs your choice': '0', 'Could not import': '0', Skipped: '1' })
      // The import made a book and found others by title: the report never says that all simply went in (issue 21).
      await expectVisible(page.getByText(/^Nothing waits for you\. What the import changed on the way is counted above/))
      await checkAtEveryWidth(page, 'import-finished')

      // The profile's Your data: the library as a Goodreads CSV holds the imported books.
      await page.goto('/profile')
      const yourData = page.getByRole('region', { name: 'Your data' })
      await expectVisible(yourData)
      await yourData.scrollIntoViewIfNeeded()
      await checkAtEveryWidth(page, 'profile-your-data')
      const exported = await downloadOf(page, yourData.getByRole('button', { name: 'Export (Goodreads CSV)' }))
      expect(exported.name).toMatch(/\.csv$/)
      expect(exported.text.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe(GOODREADS_EXPORT_COLUMNS.join(','))
      for (const title of [numbered.title, titles.twin, titles.newBook, titles.review, titles.rtl, titles.emoji, titles.long]) {
        expect(exported.text, `the export holds “${title}”`).toContain(title)
      }
      expect(exported.text).not.toContain('Nameless Author')

      // Leaving: the dialog asks first; the journey's own reader is deleted and can no longer sign in.
      await yourData.getByRole('button', { name: 'Delete account' }).click()
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
      await expectVisible(dialog)
      const confirm = dialog.getByRole('button', { name: 'Delete my account' })
      expect(await confirm.isDisabled()).toBe(true)
      await checkAtEveryWidth(page, 'delete-account-dialog')
      await dialog.getByLabel('Your password').fill('not the password')
      await confirm.click()
      await expectVisible(dialog.getByRole('alert'))
      await dialog.getByLabel('Your password').fill(reader.password)
      await confirm.click()
      await page.waitForURL((url) => url.pathname === '/')
      await expectVisible(page.getByText('Your account has been deleted.'))
      await expect(loginUser(baseURL, reader.email, reader.password)).rejects.toThrow(/answered 401/)
      // The catalogue keeps its books.
      expect((await apiGet<{ _id: string }>(baseURL, `/books/${twinNew._id}`))._id).toBe(twinNew._id)
    },
  )
})
