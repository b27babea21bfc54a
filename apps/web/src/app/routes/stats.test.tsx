import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Goal, ReaderStats, User, YearBook, YearStats } from '@shelfwise/contracts'
import { renderApp } from '#/test/render.tsx'
import { textsOf } from '#/test/queries.ts'
import { fakeApi, type FakeRequest, type FakeResponse, type Handler } from '#/test/fake-api.ts'
import { buildStats, buildUser, signIn } from '#/test/factories.ts'

const THIS_YEAR = new Date().getFullYear()

function buildYearStats(year: number, overrides: Partial<YearStats> = {}): YearStats {
  return {
    year,
    booksRead: 0,
    pagesRead: 0,
    byMonth: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, books: 0, pages: 0 })),
    yearOnly: 0,
    ratings: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
    genres: [],
    averageRating: null,
    longestBook: null,
    shortestBook: null,
    goal: null,
    ...overrides,
  }
}

const book = (title: string, pageCount: number) => ({ _id: crypto.randomUUID(), title, author: 'George Eliot', pageCount, coverImage: '' })
const longest = book('Middlemarch', 880)
const shortest = book('Silas Marner', 190)

/** 2025: 7 reads (2 known only to the year), 3,000 pages, rated and in genres. */
const year2025 = buildYearStats(2025, {
  booksRead: 7,
  pagesRead: 3000,
  byMonth: Array.from({ length: 12 }, (_, i) =>
    i === 2 ? { month: 3, books: 2, pages: 640 } : i === 6 ? { month: 7, books: 3, pages: 1500 } : { month: i + 1, books: 0, pages: 0 },
  ),
  yearOnly: 2,
  ratings: { 1: 0, 2: 1, 3: 0, 4: 2, 5: 3 },
  genres: [
    { genre: 'Fiction', books: 4 },
    { genre: 'Historical Fiction', books: 2 },
  ],
  averageRating: 4.17,
  longestBook: longest,
  shortestBook: shortest,
  goal: { year: 2025, books: 10, pages: null, done: { books: 7, pages: 3000 }, onTrack: false },
})

/** The figures of a table row, by its header. */
const rowOf = (table: HTMLElement, header: string) => {
  const row = within(table).getByRole('rowheader', { name: header }).closest('tr')!
  return textsOf(row, 'cell')
}

/** The calls every stats screen makes: the reader's profile, and their counts with the years they read in. */
const readerCalls = (reader: User, stats: Partial<ReaderStats> = {}) => ({
  [`GET /users/profile/${reader._id}`]: { body: reader },
  [`GET /users/${reader._id}/stats`]: { body: buildStats(stats) },
})

describe('a reader’s year in books', () => {
  it('shows the figures, and each chart’s numbers as a table; another reader’s goal has no form', async () => {
    signIn(buildUser({ username: 'casaubon' }))
    const owner = buildUser({ name: 'Dorothea Brooke', username: 'dorothea' })
    const api = fakeApi({
      ...readerCalls(owner, {
        years: [
          { year: 2025, booksRead: 7, pagesRead: 3000 },
          { year: 2023, booksRead: 1, pagesRead: 200 },
        ],
      }),
      [`GET /users/${owner._id}/stats/2025`]: { body: year2025 },
      [`GET /users/${owner._id}/stats/2025/books`]: { body: [], headers: { 'X-Total-Count': '0' } },
    })
    renderApp(`/user/${owner._id}/stats/2025`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Dorothea Brooke’s 2025 in books' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Dorothea Brooke’s 2025 in books — Shelfwise'))

    const figures = await screen.findByRole('list', { name: 'Figures for 2025' })
    const tiles = textsOf(figures, 'listitem')
    expect(tiles).toEqual([
      '7Reads finished · re-reads count',
      '3,000Pages read',
      '4.2 / 5Average rating',
      'MiddlemarchLongest book · 880 pages',
      'Silas MarnerShortest book · 190 pages',
    ])
    expect(within(figures).getByRole('link', { name: 'Middlemarch' })).toHaveAttribute('href', `/books/${longest._id}`)

    const months = screen.getByRole('table', { name: 'Books and pages by month, 2025' })
    expect(textsOf(months, 'columnheader')).toEqual(['Month', 'Books', 'Pages'])
    expect(within(months).getAllByRole('rowheader')).toHaveLength(12)
    expect(rowOf(months, 'March')).toEqual(['2', '640'])
    expect(rowOf(months, 'July')).toEqual(['3', '1,500'])
    expect(rowOf(months, 'January')).toEqual(['0', '0'])
    expect(screen.getByText('Finished in 2025, month unknown: 2')).toBeInTheDocument()

    const ratings = screen.getByRole('table', { name: 'Books by rating, 2025' })
    expect(rowOf(ratings, '5 stars')).toEqual(['3'])
    expect(rowOf(ratings, '4 stars')).toEqual(['2'])
    expect(rowOf(ratings, '2 stars')).toEqual(['1'])
    expect(rowOf(ratings, '1 star')).toEqual(['0'])

    const genres = screen.getByRole('table', { name: 'Books by genre, 2025' })
    expect(rowOf(genres, 'Fiction')).toEqual(['4'])
    expect(rowOf(genres, 'Historical Fiction')).toEqual(['2'])

    // The charts come after the tables, each one image named for what it shows.
    expect(await screen.findByRole('img', { name: /books finished in each month of 2025/ })).toBeInTheDocument()
    expect(await screen.findByRole('img', { name: /by the stars they were given/ })).toBeInTheDocument()
    expect(await screen.findByRole('img', { name: /the books of 2025 by genre/ })).toBeInTheDocument()

    // Another reader's goal: its progress, no form.
    const goal = screen.getByRole('region', { name: 'Dorothea Brooke’s 2025 goal' })
    expect(within(goal).getByRole('progressbar', { name: 'Books: 7 of 10 books' })).toHaveAttribute('aria-valuenow', '70')
    expect(within(goal).getByText('Not reached')).toBeInTheDocument()
    // A past year's goal says whether it was met, and by how much it was missed.
    expect(within(goal).getByText('Goal not met: 3 books short')).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: /Reading goal/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Save goal' })).not.toBeInTheDocument()

    // The image is drawn here, from the figures and the year's books (asked for a hundred at a time).
    const image = await screen.findByRole(
      'img',
      { name: /^Dorothea Brooke’s 2025 in books: 7 books and 3,000 pages, with the cover of every book\.$/ },
      { timeout: 5000 },
    )
    expect(image.tagName).toBe('CANVAS')
    expect(screen.getByRole('button', { name: 'Download image' })).toBeInTheDocument()
    await waitFor(() => expect(api.callsTo(`GET /users/${owner._id}/stats/2025/books`).some((c) => c.query.get('limit') === '100')).toBe(true))

    const years = screen.getByRole('navigation', { name: 'Years' })
    expect(within(years).getByRole('link', { name: 'Previous year, 2024' })).toHaveAttribute('href', `/user/${owner._id}/stats/2024`)
    expect(within(years).getByRole('link', { name: '2023' })).toHaveAttribute('href', `/user/${owner._id}/stats/2023`)
    expect(within(years).getByRole('link', { name: '2025' })).toHaveAttribute('aria-current', 'page')
    expect(within(years).getByRole('link', { name: 'All time' })).toHaveAttribute('href', `/user/${owner._id}/stats`)
    // A screen of many parts: on a loaded machine its first render alone can take seconds.
  }, 30_000)

  it('sets the reader’s own goal in one step: PUT with the numbers, then the new progress', async () => {
    const me = buildUser({ name: 'Ada Lovelace', username: 'ada' })
    signIn(me)
    const goal: Goal = { year: THIS_YEAR, books: 24, pages: 6000, done: { books: 3, pages: 900 }, onTrack: false }
    const { callsTo } = fakeApi({
      ...readerCalls(me),
      [`GET /users/${me._id}/stats/${THIS_YEAR}`]: { body: buildYearStats(THIS_YEAR, { booksRead: 3, pagesRead: 900 }) },
      [`PUT /me/goals/${THIS_YEAR}`]: { body: goal },
    })
    renderApp(`/user/${me._id}/stats/${THIS_YEAR}`)
    expect(await screen.findByRole('heading', { level: 1, name: `Your ${THIS_YEAR} in books` })).toBeInTheDocument()
    const section = await screen.findByRole('region', { name: `Your ${THIS_YEAR} goal` })
    expect(within(section).getByText(/No goal for/)).toBeInTheDocument()

    const form = within(section).getByRole('form', { name: `Reading goal for ${THIS_YEAR}` })
    fireEvent.click(within(form).getByRole('button', { name: 'Save goal' }))
    expect(await within(form).findByText('Enter a number of books, pages or both')).toBeInTheDocument()
    fireEvent.change(within(form).getByRole('spinbutton', { name: 'Books' }), { target: { value: '2.5' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Save goal' }))
    expect(await within(form).findByText('Books must be a whole number from 1 to 1,000,000')).toBeInTheDocument()
    expect(callsTo(`PUT /me/goals/${THIS_YEAR}`)).toHaveLength(0)

    fireEvent.change(within(form).getByRole('spinbutton', { name: 'Books' }), { target: { value: '24' } })
    fireEvent.change(within(form).getByRole('spinbutton', { name: 'Pages' }), { target: { value: '6000' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Save goal' }))
    await waitFor(() => expect(callsTo(`PUT /me/goals/${THIS_YEAR}`)).toHaveLength(1))
    expect(callsTo(`PUT /me/goals/${THIS_YEAR}`)[0]!.body).toEqual({ books: 24, pages: 6000 })

    expect(await within(section).findByRole('progressbar', { name: 'Books: 3 of 24 books' })).toHaveAttribute('aria-valuenow', '12')
    expect(within(section).getByRole('progressbar', { name: 'Pages: 900 of 6,000 pages' })).toHaveAttribute('aria-valuenow', '15')
    expect(within(section).getByText('Behind')).toBeInTheDocument()
    // The form to change it starts from the saved goal.
    expect(within(section).getByRole('spinbutton', { name: 'Books' })).toHaveValue(24)
    expect(within(section).getByRole('status')).toHaveTextContent('Goal saved')
  })

  it('an empty year: a friendly message and the library', async () => {
    const me = buildUser({ username: 'ada' })
    signIn(me)
    fakeApi({
      ...readerCalls(me),
      [`GET /users/${me._id}/stats/2019`]: { body: buildYearStats(2019) },
    })
    renderApp(`/user/${me._id}/stats/2019`)
    expect(await screen.findByText('You have not finished a book in 2019 yet. Every book you mark as read counts here.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to your library' })).toHaveAttribute('href', `/user/${me._id}/library`)
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Next year, 2020' })).toBeInTheDocument()
  })

  it('refuses an address that is no year', async () => {
    const me = buildUser()
    signIn(me)
    fakeApi({ [`GET /users/profile/${me._id}`]: { body: me } })
    renderApp(`/user/${me._id}/stats/20x5`)
    expect(await screen.findByRole('alert')).toHaveTextContent('There are stats for the years 1900 to 2100 only.')
  })
})

describe('a reader’s reading, all time', () => {
  it('lists the years with their figures, and undated finishes as “date unknown”', async () => {
    const owner = buildUser({ name: 'Dorothea Brooke' })
    fakeApi({
      ...readerCalls(owner, {
        years: [
          { year: 2025, booksRead: 7, pagesRead: 3000 },
          { year: 2019, booksRead: 2, pagesRead: 500 },
        ],
        allTime: { booksRead: 12, pagesRead: 4100, undated: 3 },
      }),
    })
    renderApp(`/user/${owner._id}/stats`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Dorothea Brooke’s reading, all time' })).toBeInTheDocument()
    const figures = await screen.findByRole('list', { name: 'All-time figures' })
    expect(textsOf(figures, 'listitem')).toEqual(['12Reads finished · re-reads count', '4,100Pages read', '2Years with books', '3Finished, date unknown'])
    const table = screen.getByRole('table', { name: 'Books and pages by year' })
    expect(rowOf(table, '2025')).toEqual(['7', '3,000'])
    expect(rowOf(table, '2019')).toEqual(['2', '500'])
    // Every year between the first and the last, zeros where no book was finished: no holes.
    expect(textsOf(table, 'rowheader')).toEqual(['2025', '2024', '2023', '2022', '2021', '2020', '2019', 'Date unknown'])
    expect(rowOf(table, '2022')).toEqual(['0', '0'])
    // What the totals hold beyond the years: 3 reads, 600 pages.
    expect(rowOf(table, 'Date unknown')).toEqual(['3', '600'])
    expect(within(table).getByRole('link', { name: '2019' })).toHaveAttribute('href', `/user/${owner._id}/stats/2019`)
    expect(screen.getByText(/Date unknown: 3 finished reads have no date\. They count in the totals, in no year\./)).toBeInTheDocument()
  })
})

describe('the goal on the profile and on Home', () => {
  /** Ada signed in, with the calls her profile makes and her year `THIS_YEAR` answered as given; `extra` calls added. */
  const adaWithThisYear = (year: Handler, extra: Record<string, Handler> = {}) => {
    const me = buildUser({ name: 'Ada Lovelace', username: 'ada' })
    signIn(me)
    const api = fakeApi({ ...readerCalls(me), 'GET /users/wishlist': { body: [] }, [`GET /users/${me._id}/stats/${THIS_YEAR}`]: year, ...extra })
    return { ...api, me }
  }

  it('the own profile sets this year’s goal in one step and shows its progress', async () => {
    const state: { goal: Goal | null } = { goal: null }
    const { callsTo, me } = adaWithThisYear(() => ({ body: buildYearStats(THIS_YEAR, { booksRead: 5, pagesRead: 1200, goal: state.goal }) }), {
      [`PUT /me/goals/${THIS_YEAR}`]: (req: FakeRequest) => {
        const { books } = req.body as { books: number }
        state.goal = { year: THIS_YEAR, books, pages: null, done: { books: 5, pages: 1200 }, onTrack: true }
        return { body: state.goal }
      },
    })
    renderApp('/profile')
    const card = await screen.findByRole('region', { name: `Your ${THIS_YEAR} reading goal` })
    fireEvent.change(within(card).getByRole('spinbutton', { name: 'Books' }), { target: { value: '20' } })
    fireEvent.click(within(card).getByRole('button', { name: 'Save goal' }))
    expect(await within(card).findByRole('progressbar', { name: 'Books: 5 of 20 books' })).toHaveAttribute('aria-valuenow', '25')
    expect(within(card).getByText('On track')).toBeInTheDocument()
    expect(callsTo(`PUT /me/goals/${THIS_YEAR}`)[0]!.body).toEqual({ books: 20, pages: null })
    expect(within(card).getByRole('link', { name: `See your ${THIS_YEAR} in books` })).toHaveAttribute('href', `/user/${me._id}/stats/${THIS_YEAR}`)
    expect(screen.getByRole('link', { name: 'Stats' })).toHaveAttribute('href', `/user/${me._id}/stats/${THIS_YEAR}`)
  })

  it('says beside the goal editor who can see the goal: anyone, on the reader’s year in books', async () => {
    const { me } = adaWithThisYear({
      body: buildYearStats(THIS_YEAR, {
        booksRead: 5,
        pagesRead: 1200,
        goal: { year: THIS_YEAR, books: 20, pages: null, done: { books: 5, pages: 1200 }, onTrack: true },
      }),
    })
    const visibility = 'Your goal is public: anyone who opens your year in books sees it and your progress.'
    // On the year page, the form to change the goal says it, and reads it out as the form's description.
    renderApp(`/user/${me._id}/stats/${THIS_YEAR}`)
    const section = await screen.findByRole('region', { name: `Your ${THIS_YEAR} goal` })
    const form = within(section).getByRole('form', { name: `Reading goal for ${THIS_YEAR}` })
    expect(form).toHaveAccessibleDescription(visibility)
    expect(within(form).getByText(visibility)).toBeVisible()
  })

  it('says it on the profile’s goal card too, before a goal is set', async () => {
    adaWithThisYear({ body: buildYearStats(THIS_YEAR) })
    renderApp('/profile')
    const card = await screen.findByRole('region', { name: `Your ${THIS_YEAR} reading goal` })
    expect(within(card).getByRole('form', { name: `Reading goal for ${THIS_YEAR}` })).toHaveAccessibleDescription(
      'Your goal is public: anyone who opens your year in books sees it and your progress.',
    )
  })

  it('Home shows a signed-in reader’s goal progress', async () => {
    const reader = buildUser()
    signIn(reader)
    fakeApi({
      'GET /books': { body: [], headers: { 'X-Total-Count': '0' } },
      'GET /reviews/popular-week': { body: [] },
      'GET /reviews/recent': { body: [] },
      [`GET /users/${reader._id}/library`]: { body: [], headers: { 'X-Total-Count': '0' } },
      [`GET /users/${reader._id}/stats/${THIS_YEAR}`]: {
        body: buildYearStats(THIS_YEAR, { goal: { year: THIS_YEAR, books: null, pages: 5000, done: { books: 2, pages: 1250 }, onTrack: true } }),
      },
    })
    renderApp('/')
    const card = await screen.findByRole('region', { name: `Your ${THIS_YEAR} reading goal` })
    expect(within(card).getByRole('progressbar', { name: 'Pages: 1,250 of 5,000 pages' })).toHaveAttribute('aria-valuenow', '25')
    expect(within(card).queryByRole('progressbar', { name: /^Books/ })).not.toBeInTheDocument()
    expect(within(card).queryByRole('button', { name: 'Save goal' })).not.toBeInTheDocument()
  })
})

describe('the year’s books', () => {
  const yearBook = (title: string, author: string, finishedOn: string, rating: number | null, coverImage = ''): YearBook => ({
    _id: crypto.randomUUID(),
    title,
    author,
    coverImage,
    finishedOn,
    rating,
  })
  const first = [
    yearBook('قصر الشوق', 'نجيب محفوظ', '2025-09-30', 5),
    yearBook('📚 Emoji & <Tags>', 'Anon', '2025-06', null),
    yearBook('Donaudampfschifffahrtsgesellschaftskapitänswitwe', 'Long Word', '2025', 3),
  ]
  const second = [yearBook('The Last One', 'George Eliot', '2025-01-02', 4)]

  it('lists them with author, date finished and rating, each linking to its book; a cover wall; the next page by its cursor', async () => {
    const owner = buildUser({ name: 'Dorothea Brooke' })
    const api = fakeApi({
      ...readerCalls(owner, { years: [{ year: 2025, booksRead: 7, pagesRead: 3000 }] }),
      [`GET /users/${owner._id}/stats/2025`]: { body: year2025 },
      [`GET /users/${owner._id}/stats/2025/books`]: (req): FakeResponse =>
        req.query.get('cursor') === 'c2'
          ? { body: second, headers: { 'X-Total-Count': '4' } }
          : { body: first, headers: { 'X-Total-Count': '4', Link: `</api/users/${owner._id}/stats/2025/books?cursor=c2>; rel="next"` } },
    })
    renderApp(`/user/${owner._id}/stats/2025`)
    const section = await screen.findByRole('region', { name: 'Books of 2025 (4)' }, { timeout: 5000 })
    const list = within(section).getByRole('list', { name: 'Books of 2025' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows.map((r) => r.textContent)).toEqual([
      // (Each row's text starts with its generated cover's title.)
      expect.stringMatching(/قصر الشوقنجيب محفوظFinished 30 September 2025/),
      expect.stringMatching(/📚 Emoji & <Tags>AnonFinished June 2025Not rated$/),
      expect.stringMatching(/DonaudampfschifffahrtsgesellschaftskapitänswitweLong WordFinished 2025/),
    ])
    expect(within(rows[0]!).getByRole('link', { name: 'قصر الشوق' })).toHaveAttribute('href', `/books/${first[0]!._id}`)
    expect(within(rows[0]!).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument()
    // No cover kept: the app's own cover, made from the title.
    expect(within(rows[1]!).getByTestId('generated-cover')).toBeInTheDocument()

    fireEvent.click(within(section).getByRole('button', { name: 'Load more books' }))
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4))
    expect(api.callsTo(`GET /users/${owner._id}/stats/2025/books`).some((c) => c.query.get('cursor') === 'c2')).toBe(true)

    fireEvent.click(within(section).getByRole('button', { name: 'Covers' }))
    const wall = within(section).getByRole('list', { name: 'Covers of the books of 2025' })
    expect(
      within(wall)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([...first, ...second].map((b) => `/books/${b._id}`))
    expect(within(wall).getAllByTestId('generated-cover')).toHaveLength(4)
  })
})
