import { describe, expect } from 'vitest'
import type { Download, Locator, Page } from 'playwright-core'
import { apiGet, apiPost, apiPut, postBook, registerUser } from '../support/api.ts'
import { baseURL, expectText, expectVisible, signInAs, test } from '../support/fixtures.ts'
import { checkScreen, WIDTHS } from '../support/screen.ts'

// Issue 15, a reader's year in a browser: set a goal on the stats page, finish a book from its page,
// and see it counted in the figures, the month's bar and its table row; the all-time page; odd data
// (right-to-left text, emoji, long words, a finish known only to its year, an undated one) and an
// empty year, at three widths.

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** The browser's own year and month (the context runs in UTC, as the server counts). */
const browserDate = (page: Page) => page.evaluate(() => ({ year: new Date().getFullYear(), month: new Date().getMonth() + 1 }))

/** A table's body as a reader reads it: each row's cells, header first. */
const rowsOf = (table: Locator) =>
  table.evaluate((t) => [...t.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('th, td')].map((c) => (c as HTMLElement).innerText.trim())))

/** The tiles of a figures list as their text: '320 Pages read'. */
const tilesOf = (list: Locator) =>
  list.evaluate((ul) => [...ul.querySelectorAll(':scope > li')].map((li) => (li as HTMLElement).innerText.replace(/\s+/g, ' ').trim()))

/** The height of each bar a chart draws (x-charts draws each bar as a path with its own class). */
const barHeights = (chart: Locator) =>
  chart.evaluate((el) => [...el.querySelectorAll('.MuiBarElement-root')].map((b) => Math.round((b as SVGGraphicsElement).getBoundingClientRect().height)))

/** The year-in-review image, once it came near the viewport and was drawn: its size. */
async function imageSize(page: Page) {
  const canvas = page.getByRole('img', { name: /in books: .* pages, with the cover of every book\.$/ })
  await canvas.scrollIntoViewIfNeeded()
  await expect.poll(() => canvas.getAttribute('data-drawn')).toBe('true')
  return canvas.evaluate((c: HTMLCanvasElement) => [c.width, c.height])
}

describe('a reader’s year in books', () => {
  for (const width of WIDTHS) {
    test(`${width} px: set a goal on the stats page, finish a book, see it counted in the figures, the month's bar and table, and all time`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 })
      const reader = await registerUser(baseURL)
      const book = await postBook(baseURL, reader, { role: 'none', pageCount: 320, genre: ['Historical Fiction'], title: `The Mill on the Floss ${width}` })
      await signInAs(page, reader)
      const { year, month } = await browserDate(page)

      // The own profile links to the stats; this year is empty, with a goal to set in one step.
      await page.goto('/profile')
      await page.getByRole('link', { name: 'Stats' }).click()
      await page.waitForURL(`**/user/${reader._id}/stats/${year}`)
      await expectVisible(page.getByRole('heading', { level: 1, name: `Your ${year} in books` }))
      await expectVisible(page.getByText(`You have not finished a book in ${year} yet.`, { exact: false }))
      const goal = page.getByRole('region', { name: `Your ${year} goal` })
      const form = goal.getByRole('form', { name: `Reading goal for ${year}` })
      await form.getByRole('spinbutton', { name: 'Books' }).fill('12')
      await form.getByRole('spinbutton', { name: 'Pages' }).fill('3200')
      await form.getByRole('button', { name: 'Save goal' }).click()
      await expectText(form.getByRole('status'), 'Goal saved')
      await expect.poll(() => goal.getByRole('progressbar', { name: 'Books: 0 of 12 books' }).getAttribute('aria-valuenow')).toBe('0')
      await expect
        .poll(() => apiGet<{ goal: unknown }>(baseURL, `/users/${reader._id}/stats/${year}`).then((s) => s.goal))
        .toMatchObject({ books: 12, pages: 3200 })
      await checkScreen(page, 'stats-goal-set', width)

      // Finish the book from its page.
      await page.goto(`/books/${book._id}`)
      const panel = page.getByRole('region', { name: 'Your reading' })
      await panel.getByRole('combobox', { name: 'Reading status' }).selectOption('read')
      // Read asks for its day (decision 0039): today is chosen.
      await page.getByRole('dialog', { name: 'Mark as Read' }).getByRole('button', { name: 'Save' }).click()
      await expectVisible(panel.getByText(/Finished /))

      // Counted: one book, its pages, in this month's bar and table row, and in the goal.
      await page.goto(`/user/${reader._id}/stats/${year}`)
      const figures = page.getByRole('list', { name: `Figures for ${year}` })
      await expectVisible(figures)
      const tiles = await tilesOf(figures)
      expect(tiles.slice(0, 3)).toEqual(['1 Reads finished · re-reads count', '320 Pages read', 'None yet Average rating'])
      expect(tiles[3]).toBe(`The Mill on the Floss ${width} Longest book · 320 pages`)
      const months = page.getByRole('table', { name: `Books and pages by month, ${year}` })
      const rows = await rowsOf(months)
      expect(rows).toHaveLength(12)
      expect(rows[month - 1]).toEqual([MONTHS[month - 1], '1', '320'])
      expect(rows.filter((r) => r[1] !== '0').map((r) => r[0])).toEqual([MONTHS[month - 1]])
      expect(await rowsOf(page.getByRole('table', { name: `Books by genre, ${year}` }))).toEqual([['Historical Fiction', '1']])
      // The chart draws one bar of books, in this month (bars of nothing have no height).
      const booksChart = page.getByRole('img', { name: `Bar chart: books finished in each month of ${year}. The numbers are in the table.` })
      await expect.poll(async () => (await barHeights(booksChart)).filter((h) => h > 0).length).toBe(1)
      await expect.poll(() => goal.getByRole('progressbar', { name: 'Books: 1 of 12 books' }).getAttribute('aria-valuenow')).toBe('8')
      await expectVisible(goal.getByRole('progressbar', { name: 'Pages: 320 of 3,200 pages' }))
      expect(await imageSize(page)).toEqual([1080, 1350])
      const [download] = (await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download image' }).click()])) as [Download, void]
      expect(download.suggestedFilename()).toBe(`shelfwise-${year}.png`)
      await checkScreen(page, 'stats-year', width)

      // All time: the year, linking to its page.
      await page.getByRole('navigation', { name: 'Years' }).getByRole('link', { name: 'All time' }).click()
      await page.waitForURL(`**/user/${reader._id}/stats`)
      const byYear = page.getByRole('table', { name: 'Books and pages by year' })
      await expectVisible(byYear)
      expect(await rowsOf(byYear)).toEqual([[String(year), '1', '320']])
      await checkScreen(page, 'stats-all-time', width)
    })
  }

  describe('with odd data at three widths', () => {
    const longWord = 'Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(3)
    /** A genre is at most 40 characters: one word that long. */
    const longGenre = longWord.slice(0, 40)
    for (const width of WIDTHS) {
      test(`${width} px: right-to-left titles and genres, emoji, long words, a finish known only to its year, an undated one, and an empty year`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: 900 })
        const reader = await registerUser(baseURL, { name: `${'W'.repeat(90)} قارئ` })
        const rtl = await postBook(baseURL, reader, {
          role: 'none',
          author: 'מחבר לא ידוע',
          author_username: null,
          pageCount: 9999,
          genre: ['רומן היסטורי', longGenre],
          title: `ספר הדקדוק הפנימי 📚 ${longWord} ${width}`,
        })
        const short = await postBook(baseURL, reader, { role: 'none', pageCount: 12, genre: ['Poetry 🌙'], title: `🌙 ${width}` })
        const undated = await postBook(baseURL, reader, { role: 'none', pageCount: 100, title: `Undated ${width}` })
        await apiPost(baseURL, `/books/${rtl._id}/reads`, { startedOn: '2021-01', finishedOn: '2021-02-03' }, reader.token)
        await apiPost(baseURL, `/books/${short._id}/reads`, { finishedOn: '2021' }, reader.token)
        await apiPost(baseURL, `/books/${undated._id}/reads`, { outcome: 'finished' }, reader.token)
        await apiPut(baseURL, `/books/${rtl._id}/reading`, reader.token, { rating: 5 })
        await apiPut(baseURL, '/me/goals/2021', reader.token, { books: 5, pages: null })
        await signInAs(page, reader)

        await page.goto(`/user/${reader._id}/stats/2021`)
        const figures = page.getByRole('list', { name: 'Figures for 2021' })
        await expectVisible(figures)
        expect((await tilesOf(figures)).slice(0, 3)).toEqual(['2 Reads finished · re-reads count', '10,011 Pages read', '5.0 / 5 Average rating'])
        await expectVisible(page.getByText('Finished in 2021, month unknown: 1'))
        expect((await rowsOf(page.getByRole('table', { name: 'Books and pages by month, 2021' })))[1]).toEqual(['February', '1', '9,999'])
        expect(await rowsOf(page.getByRole('table', { name: 'Books by genre, 2021' }))).toEqual(
          expect.arrayContaining([
            ['רומן היסטורי', '1'],
            [longGenre, '1'],
            ['Poetry 🌙', '1'],
          ]),
        )
        await expectText(page.getByRole('region', { name: 'Your 2021 goal' }), 'Not reached')
        await expectVisible(page.getByRole('img', { name: /books of 2021 by genre/ }))
        await checkScreen(page, 'stats-odd', width)

        await page.goto(`/user/${reader._id}/stats`)
        const byYear = page.getByRole('table', { name: 'Books and pages by year' })
        await expectVisible(byYear)
        expect(await rowsOf(byYear)).toEqual([
          ['2021', '2', '10,011'],
          ['Date unknown', '1', '100'],
        ])
        await expectVisible(page.getByText(/Date unknown: 1 finished read has no date\./))
        await checkScreen(page, 'stats-all-time-odd', width)

        await page.goto(`/user/${reader._id}/stats/2020`)
        await expectVisible(page.getByText('You have not finished a book in 2020 yet.', { exact: false }))
        await expectVisible(page.getByRole('link', { name: 'Go to your library' }))
        await checkScreen(page, 'stats-empty-year', width)

        // A visitor: the reader's long right-to-left name in the heading, their goal without a form.
        await page.evaluate(() => localStorage.clear())
        await page.goto(`/user/${reader._id}/stats/2021`)
        await expectVisible(page.getByRole('heading', { level: 1, name: `${reader.name}’s 2021 in books` }))
        await expectVisible(page.getByRole('region', { name: `${reader.name}’s 2021 goal` }))
        expect(await page.getByRole('button', { name: 'Save goal' }).count()).toBe(0)
        expect(await imageSize(page)).toEqual([1080, 1350])
        await checkScreen(page, 'stats-odd-visitor', width)
      })
    }
  })
})
