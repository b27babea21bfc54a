import { describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { renderApp } from '#/test/render.tsx'
import { fakeApi, serverError } from '#/test/fake-api.ts'
import { buildBook } from '#/test/factories.ts'

const books = [buildBook({ title: 'Emma', author: 'Jane Austen', averageRating: 4.25 }), buildBook({ title: 'Ulysses', averageRating: 0, totalReviews: 0 })]
const base = {
  'GET /books': { body: books, headers: { 'X-Total-Count': '42' } },
  'GET /books/search': { body: [books[0]], headers: { 'X-Total-Count': '1' } },
  'GET /reviews/popular-week': { body: [{ book: books[0], reviewCount: 7 }] },
}

/** The search call's parameters hold these values; null: the parameter is not sent. */
const expectParams = (query: URLSearchParams, want: Record<string, string | null>) => {
  for (const [name, value] of Object.entries(want)) expect(query.get(name), name).toBe(value)
}

async function showFilters() {
  fireEvent.click(await screen.findByRole('button', { name: /Show Filters/ }))
}

/** A screen at least 900 px wide (md): the filters beside the results, applied as they are ticked. */
const wideScreen = () =>
  vi.stubGlobal('matchMedia', (media: string) => ({
    media,
    matches: /min-width/.test(media),
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }))

/** On a phone: the sheet's choices are applied by its Apply button, which closes it. */
async function applySheet() {
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }))
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument())
}

describe('Browse', () => {
  it("lists all books with '{n} books found' and cards with average, title, author and View Details", async () => {
    fakeApi(base)
    renderApp('/browse')
    expect(await screen.findByText('42 books found')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Emma' })).toBeInTheDocument()
    expect(screen.getByText('by Jane Austen')).toBeInTheDocument()
    expect(screen.getByText('★ 4.3')).toBeInTheDocument()
    expect(screen.getByText('★ N/A')).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: 'View Details' })[0]).toHaveAttribute('href', `/books/${books[0]!._id}`)
    expect(screen.getByPlaceholderText('Search by title, author, or keyword...')).toBeInTheDocument()
    for (const tab of ['All Books', 'Popular This Week', 'New Releases', 'Top Rated']) expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument()
  })

  it('shows the average of a book rated only without reviews on its card, as its own page does (not N/A)', async () => {
    const rated = buildBook({ title: 'Persuasion', averageRating: 3.5, totalReviews: 0, ratingsCount: 2 })
    fakeApi({ ...base, 'GET /books': { body: [rated], headers: { 'X-Total-Count': '1' } } })
    renderApp('/browse')
    expect(await screen.findByRole('heading', { name: 'Persuasion' })).toBeInTheDocument()
    expect(screen.getByText('★ 3.5')).toBeInTheDocument()
    expect(screen.queryByText('★ N/A')).not.toBeInTheDocument()
  })

  it('shows a spinner, then the error alert', async () => {
    fakeApi({ ...base, 'GET /books': serverError() })
    renderApp('/browse')
    expect(await screen.findByText('Failed to fetch books')).toBeInTheDocument()
  })

  it('searches with the trimmed text and the chosen scope; empty text is not sent', async () => {
    const { callsTo } = fakeApi(base)
    renderApp('/browse')
    await screen.findByText('42 books found')
    fireEvent.change(screen.getByLabelText('Search in'), { target: { value: 'title' } })
    fireEvent.change(screen.getByRole('textbox', { name: 'Search books' }), { target: { value: '  emma ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByText('1 book found')).toBeInTheDocument()
    const q = callsTo('GET /books/search')[0]!.query
    expectParams(q, { query: 'emma', type: 'title', minYear: null })
    // Blank text and no filter: the full list again, no search call.
    fireEvent.change(screen.getByRole('textbox', { name: 'Search books' }), { target: { value: '   ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByText('42 books found')).toBeInTheDocument()
    expect(callsTo('GET /books/search')).toHaveLength(1)
  })

  it('restores query, scope, filters and tab from the address, and each tab searches in its own order', async () => {
    const { callsTo } = fakeApi(base)
    const { router } = renderApp('/browse?q=emma&type=author&categories=Technology&pages=501%2B%20pages&minYear=1472&maxYear=2023&tab=top')
    expect(await screen.findByRole('tab', { name: 'Top Rated', selected: true })).toBeInTheDocument()
    await waitFor(() => expect(callsTo('GET /books/search').length).toBeGreaterThan(0))
    const q = callsTo('GET /books/search').at(-1)!.query
    expectParams(q, { query: 'emma', type: 'author', sort: 'rating', categories: 'Technology', minPages: '501', maxPages: null, minYear: '1472' })
    expect(screen.getByRole('textbox', { name: 'Search books' })).toHaveValue('emma')
    expect(document.title).toBe('Browse — Shelfwise')
    fireEvent.click(screen.getByRole('tab', { name: 'Popular This Week' }))
    await waitFor(() => expect(callsTo('GET /books/search').at(-1)!.query.get('sort')).toBe('popular'))
    expect(router.state.location.search).toContain('tab=popular')
    // The tab was a history entry: Back returns to Top Rated.
    await act(() => router.navigate(-1))
    expect(await screen.findByRole('tab', { name: 'Top Rated', selected: true })).toBeInTheDocument()
  })

  it("counts with thousands separators and offers Add Book's categories; 'Skip to results' moves focus to the results", async () => {
    fakeApi({ ...base, 'GET /books': { body: books, headers: { 'X-Total-Count': '100000' } } })
    renderApp('/browse')
    expect(await screen.findByText('100,000 books found')).toBeInTheDocument()
    await showFilters()
    expect(screen.getByRole('checkbox', { name: 'Technology' })).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'Bestseller' })).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Hide Filters' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument())
    fireEvent.click(screen.getByRole('link', { name: 'Skip to results' }))
    expect(screen.getByRole('heading', { name: 'Results' })).toHaveFocus()
  })

  it("shows 'Failed to search books' and 'Failed to apply filters'", async () => {
    fakeApi({ ...base, 'GET /books/search': serverError() })
    renderApp('/browse')
    await screen.findByText('42 books found')
    fireEvent.change(screen.getByRole('textbox', { name: 'Search books' }), { target: { value: 'x' } })
    fireEvent.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByText('Failed to search books')).toBeInTheDocument()
    await showFilters()
    fireEvent.click(screen.getByRole('checkbox', { name: 'Poetry' }))
    await applySheet()
    expect(await screen.findByText('Failed to apply filters')).toBeInTheDocument()
  })

  it('on a wide screen applies filters as ticked, with chips, single-choice rating and pages, and Clear All Filters', async () => {
    wideScreen()
    const { callsTo } = fakeApi(base)
    renderApp('/browse')
    await screen.findByRole('checkbox', { name: 'Fantasy' })
    expect(screen.queryByRole('button', { name: /Show Filters/ })).not.toBeInTheDocument()
    fireEvent.click(screen.getByRole('checkbox', { name: 'Fantasy' }))
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mystery' }))
    fireEvent.click(screen.getByRole('checkbox', { name: 'Classic' }))
    fireEvent.click(screen.getByRole('checkbox', { name: 'French' }))
    fireEvent.click(screen.getByRole('checkbox', { name: '4+ Stars' }))
    fireEvent.click(screen.getByRole('checkbox', { name: '101-300' }))
    await waitFor(() => expect(callsTo('GET /books/search').length).toBeGreaterThan(0))
    const last = callsTo('GET /books/search').at(-1)!.query
    expectParams(last, {
      genres: 'Fantasy,Mystery',
      categories: 'Classic',
      languages: 'French',
      minRating: '4',
      minPages: '101',
      maxPages: '300',
      minYear: null,
    })
    const chips = screen.getByText('4+ Stars', { selector: '.MuiChip-label' })
    expect(chips).toBeInTheDocument()
    expect(screen.getByText('101-300 pages', { selector: '.MuiChip-label' })).toBeInTheDocument()
    expect(screen.getByText('Fantasy', { selector: '.MuiChip-label' })).toBeInTheDocument()
    // Choosing the selected rating again clears it.
    fireEvent.click(screen.getByRole('checkbox', { name: '4+ Stars' }))
    await waitFor(() => expect(screen.queryByText('4+ Stars', { selector: '.MuiChip-label' })).not.toBeInTheDocument())
    fireEvent.click(screen.getByRole('checkbox', { name: '5+ Stars' }))
    expect(screen.getByRole('checkbox', { name: '4+ Stars' })).not.toBeChecked()
    // A chip removes its filter.
    fireEvent.click(within(screen.getByText('Fantasy', { selector: '.MuiChip-label' }).closest('.MuiChip-root')! as HTMLElement).getByTestId('CancelIcon'))
    expect(screen.getByRole('checkbox', { name: 'Fantasy' })).not.toBeChecked()
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear All Filters' })[0]!)
    expect(await screen.findByText('42 books found')).toBeInTheDocument()
    expect(screen.queryByText('Mystery', { selector: '.MuiChip-label' })).not.toBeInTheDocument()
    expect(screen.getByText('Published: any year')).toBeInTheDocument()
  })

  it('a filter checkbox is checked as soon as it is clicked, and a second click at once keeps the first', async () => {
    wideScreen()
    const { callsTo } = fakeApi(base)
    renderApp('/browse')
    await screen.findByText('42 books found')
    const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement
    // A browser's click, outside act(): nothing flushes React's deferred work before the reader looks.
    const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
    const wasAct = env.IS_REACT_ACT_ENVIRONMENT
    env.IS_REACT_ACT_ENVIRONMENT = false
    try {
      box('Fantasy').click()
      expect(box('Fantasy').checked).toBe(true)
      box('Horror').click()
      expect(box('Horror').checked).toBe(true)
      expect(box('Fantasy').checked).toBe(true)
    } finally {
      env.IS_REACT_ACT_ENVIRONMENT = wasAct
    }
    await waitFor(() => expect(callsTo('GET /books/search').at(-1)?.query.get('genres')).toBe('Fantasy,Horror'))
    expect(screen.getByText('Fantasy', { selector: '.MuiChip-label' })).toBeInTheDocument()
    expect(screen.getByText('Horror', { selector: '.MuiChip-label' })).toBeInTheDocument()
  })

  it("shows Popular This Week with its badge and '{n} reviews this week'", async () => {
    fakeApi(base)
    renderApp('/browse')
    fireEvent.click(await screen.findByRole('tab', { name: 'Popular This Week' }))
    expect(await screen.findByText('7 reviews this week')).toBeInTheDocument()
    expect(screen.getByText('Popular')).toBeInTheDocument()
  })

  it('asks the server for the 20 New Releases and the 20 Top Rated', async () => {
    const { callsTo } = fakeApi(base)
    renderApp('/browse')
    fireEvent.click(await screen.findByRole('tab', { name: 'New Releases' }))
    expect(await screen.findAllByText('New')).toHaveLength(2)
    fireEvent.click(screen.getByRole('tab', { name: 'Top Rated' }))
    await waitFor(() => expect(screen.getAllByText('Top Rated')).toHaveLength(3)) // the tab and two badges
    const sorts = callsTo('GET /books').map((c) => `${c.query.get('sort')}:${c.query.get('limit')}`)
    expect(sorts).toContain('published:20')
    expect(sorts).toContain('rating:20')
  })

  it('shows the tab errors', async () => {
    fakeApi({ 'GET /books': (r) => (r.query.get('sort') ? serverError() : base['GET /books']), 'GET /reviews/popular-week': serverError() })
    renderApp('/browse')
    fireEvent.click(await screen.findByRole('tab', { name: 'Popular This Week' }))
    expect(await screen.findByText('Failed to fetch popular books this week')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('tab', { name: 'New Releases' }))
    expect(await screen.findByText('Failed to fetch new releases')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('tab', { name: 'Top Rated' }))
    expect(await screen.findByText('Failed to fetch top rated books')).toBeInTheDocument()
  })
})

describe('Browse on a phone (issue 22)', () => {
  const facets = { minYear: 1813, maxYear: 2020, genres: ['Fiction', 'Poetry'], categories: ['Classic', 'Fiction'], languages: ['English', 'French'] }
  const counting = (r: { query: URLSearchParams }) =>
    r.query.get('limit') === '1' ? { body: [books[0]], headers: { 'X-Total-Count': r.query.get('genres') ? '7' : '1' } } : base['GET /books/search']

  it('opens the filters in a sheet counting live what the choices find; Apply applies them, Hide Filters drops them', async () => {
    const { callsTo } = fakeApi({ ...base, 'GET /books/search': counting, 'GET /books/facets': { body: facets } })
    renderApp('/browse')
    await screen.findByText('42 books found')
    await showFilters()
    const sheet = screen.getByRole('dialog', { name: 'Filters' })
    // Nothing chosen yet: the whole catalogue's count, from GET /books?limit=1.
    expect(await within(sheet).findByText('42 books found')).toBeInTheDocument()
    fireEvent.click(within(sheet).getByRole('checkbox', { name: 'Poetry' }))
    expect(await within(sheet).findByText('7 books found')).toBeInTheDocument()
    // Counted with one book's answer; the results behind are untouched until Apply.
    expect(callsTo('GET /books/search').map((c) => c.query.get('limit'))).toEqual(['1'])
    await applySheet()
    await waitFor(() => expect(callsTo('GET /books/search').at(-1)!.query.get('limit')).toBe('24'))
    expect(callsTo('GET /books/search').at(-1)!.query.get('genres')).toBe('Poetry')
    expect(screen.getByText('Poetry', { selector: '.MuiChip-label' })).toBeInTheDocument()
    expect(within(screen.getByRole('button', { name: /Show Filters/ })).getByText('1')).toBeInTheDocument()
    // Hide Filters leaves the sheet without applying its choices.
    await showFilters()
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Filters' })).getByRole('checkbox', { name: 'French' }))
    fireEvent.click(screen.getByRole('button', { name: 'Hide Filters' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument())
    expect(screen.queryByText('French', { selector: '.MuiChip-label' })).not.toBeInTheDocument()
  })

  it('offers the genres, categories and languages the catalogue carries, and a category named like a genre says it is one', async () => {
    fakeApi({ ...base, 'GET /books/facets': { body: facets } })
    renderApp('/browse?categories=Fiction')
    await showFilters()
    const sheet = screen.getByRole('dialog', { name: 'Filters' })
    await within(sheet).findByRole('checkbox', { name: 'French' })
    expect(within(sheet).queryByRole('checkbox', { name: 'Hindi' })).not.toBeInTheDocument()
    expect(within(sheet).queryByRole('checkbox', { name: 'Fantasy' })).not.toBeInTheDocument()
    const group = (legend: string) => within(within(sheet).getByRole('group', { name: legend }))
    expect(
      group('Genres')
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')!.textContent),
    ).toEqual(['Fiction', 'Poetry'])
    expect(group('Categories').getByRole('checkbox', { name: 'Fiction' })).toBeChecked()
    expect(group('Genres').getByRole('checkbox', { name: 'Fiction' })).not.toBeChecked()
    fireEvent.click(screen.getByRole('button', { name: 'Hide Filters' }))
    expect(await screen.findByText('Fiction (category)', { selector: '.MuiChip-label' })).toBeInTheDocument()
  })

  it('the untouched year range says it does not filter and sends no year', async () => {
    const { callsTo } = fakeApi({ ...base, 'GET /books/facets': { body: facets } })
    renderApp('/browse?q=emma')
    await showFilters()
    const sheet = screen.getByRole('dialog', { name: 'Filters' })
    expect(within(sheet).getByText('Published: any year')).toBeInTheDocument()
    expect(within(sheet).queryByText('Published: 2000–2023')).not.toBeInTheDocument()
    await waitFor(() => expect(callsTo('GET /books/search').length).toBeGreaterThan(0))
    for (const c of callsTo('GET /books/search')) expectParams(c.query, { minYear: null, maxYear: null })
  })

  it('Clear All Filters keeps the search words', async () => {
    const { callsTo } = fakeApi(base)
    const { router } = renderApp('/browse?q=emma&genres=Poetry&minYear=1990&maxYear=2000')
    await screen.findByText('Poetry', { selector: '.MuiChip-label' })
    fireEvent.click(screen.getByRole('button', { name: 'Clear All Filters' }))
    await waitFor(() => expect(router.state.location.search).toBe('?q=emma'))
    await waitFor(() => expectParams(callsTo('GET /books/search').at(-1)!.query, { query: 'emma', genres: null, minYear: null }))
    expect(screen.getByRole('textbox', { name: 'Search books' })).toHaveValue('emma')
    expect(screen.queryByText('Poetry', { selector: '.MuiChip-label' })).not.toBeInTheDocument()
  })
})
