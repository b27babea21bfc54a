import { describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { LibraryEntry } from '@shelfwise/contracts'
import { renderApp } from '#/test/render.tsx'
import { textsOf } from '#/test/queries.ts'
import { fakeApi, type FakeRequest } from '#/test/fake-api.ts'
import { buildBook, buildLibraryEntry, buildUser, NO_PROGRESS, signIn } from '#/test/factories.ts'
import { localToday } from '#/features/reading/api/reading.ts'

const entry = (over: Partial<LibraryEntry> & { title: string }): LibraryEntry =>
  buildLibraryEntry({ book: buildBook({ title: over.title, pageCount: 400 }), ...over })

const counts = { want: 2, reading: 1, read: 3, paused: 0, dnf: 0 }

function libraryApi(userId: string, byStatus: Record<string, LibraryEntry[]>) {
  return fakeApi({
    [`GET /users/profile/${userId}`]: { body: buildUser({ _id: userId, username: 'dorothea' }) },
    [`GET /users/${userId}/library/counts`]: { body: counts },
    [`GET /users/${userId}/library`]: (req: FakeRequest) => {
      const list = byStatus[req.query.get('status') ?? 'all'] ?? []
      return { body: list, headers: { 'X-Total-Count': String(list.length) } }
    },
  })
}

/** The library screen's calls for a reader with no shelves: their profile, counts, and the library as `answer` gives it. */
function screenApi(userId: string, answer: (query: URLSearchParams) => LibraryEntry[]) {
  return fakeApi({
    [`GET /users/profile/${userId}`]: { body: buildUser({ _id: userId, username: 'dorothea' }) },
    [`GET /users/${userId}/library/counts`]: { body: counts },
    [`GET /users/${userId}/shelves`]: { body: [] },
    [`GET /users/${userId}/library`]: (req: FakeRequest) => {
      const list = answer(req.query)
      return { body: list, headers: { 'X-Total-Count': String(list.length) } }
    },
  })
}

describe('a reader’s library', () => {
  it('has a tab per status with counts, the open one in the address, and each book’s dates and progress', async () => {
    const owner = buildUser({ username: 'dorothea' })
    signIn(owner)
    libraryApi(owner._id, {
      reading: [entry({ title: 'Middlemarch', progress: { page: 100, percent: null, minutes: null }, startedOn: '2026-03', finishedOn: '2019', readCount: 1 })],
      read: [entry({ title: 'Persuasion', status: 'read', rating: 5, startedOn: '2019', finishedOn: '2019-05-12', readCount: 2 })],
    })
    const { router } = renderApp(`/user/${owner._id}/library?status=reading`)
    const tabs = await screen.findByRole('tablist', { name: 'Reading statuses' })
    expect(await within(tabs).findByRole('tab', { name: 'Want to Read (2)' })).toBeInTheDocument()
    expect(within(tabs).getByRole('tab', { name: 'Currently Reading (1)', selected: true })).toBeInTheDocument()
    // Being read again: the finish shown is the earlier read's.
    expect(await screen.findByText('Started March 2026 · Last finished 2019')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Progress in Middlemarch' })).toHaveAttribute('aria-valuenow', '25')

    fireEvent.click(within(tabs).getByRole('tab', { name: 'Read (3)' }))
    await waitFor(() => expect(router.state.location.search).toBe('?status=read'))
    expect(await screen.findByText('Started 2019 · Finished 12 May 2019 · Read 2 times')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument()
  })

  it('keeps Want to Read private: another reader sees no such tab', async () => {
    signIn(buildUser({ username: 'casaubon' }))
    const owner = buildUser({ username: 'dorothea' })
    libraryApi(owner._id, { reading: [] })
    renderApp(`/user/${owner._id}/library`)
    const tabs = await screen.findByRole('tablist', { name: 'Reading statuses' })
    await within(tabs).findByRole('tab', { name: 'Read (3)' })
    expect(within(tabs).queryByRole('tab', { name: /Want to Read/ })).not.toBeInTheDocument()
    expect(await screen.findByText('No books here yet.')).toBeInTheDocument()
  })
})

describe('the reader’s own library', () => {
  it('has a status control on each book: a change is saved on the reader’s own day', async () => {
    const owner = buildUser({ username: 'dorothea' })
    signIn(owner)
    const row = entry({ title: 'Middlemarch' })
    const { callsTo } = fakeApi({
      [`GET /users/profile/${owner._id}`]: { body: owner },
      [`GET /users/${owner._id}/library/counts`]: { body: counts },
      [`GET /users/${owner._id}/library`]: { body: [row], headers: { 'X-Total-Count': '1' } },
      [`PUT /books/${row.book._id}/reading`]: {
        body: { bookId: row.book._id, status: 'paused', rating: null, progress: NO_PROGRESS, reads: [], removedReads: [] },
      },
    })
    renderApp(`/user/${owner._id}/library?status=reading`)
    const select = await screen.findByRole('combobox', { name: 'Status of Middlemarch' })
    expect(select).toHaveValue('reading')
    fireEvent.change(select, { target: { value: 'paused' } })
    await waitFor(() => expect(callsTo(`PUT /books/${row.book._id}/reading`)).toHaveLength(1))
    expect(callsTo(`PUT /books/${row.book._id}/reading`)[0]!.body).toMatchObject({ status: 'paused', today: localToday() })
  })

  it('another reader’s library has no status controls', async () => {
    signIn(buildUser({ username: 'casaubon' }))
    const owner = buildUser({ username: 'dorothea' })
    libraryApi(owner._id, { reading: [entry({ title: 'Middlemarch' })] })
    renderApp(`/user/${owner._id}/library`)
    await screen.findByRole('link', { name: 'Middlemarch' })
    expect(screen.queryByRole('combobox', { name: /Status of/ })).not.toBeInTheDocument()
  })
})

describe('the reader’s filters by the copies they own', () => {
  /** A library answering by status and by the copies owned, as the API filters them (decision 0027). */
  function copiesApi(userId: string, rows: LibraryEntry[]) {
    return screenApi(userId, (q) =>
      rows.filter(
        (r) =>
          (!q.has('status') || r.status === q.get('status')) &&
          (q.get('owned') !== 'true' || r.owned) &&
          (!q.has('format') || r.owned?.format === q.get('format')),
      ),
    )
  }
  const rows = () => [
    entry({ title: 'Middlemarch', status: 'read', owned: { format: 'paperback', copies: 2 } }),
    // Read in an edition of 800 pages (the book's shown edition has 400): progress counts the 800.
    entry({ title: 'Villette', status: 'reading', owned: { format: 'ebook', copies: 1 }, pageCount: 800, progress: { ...NO_PROGRESS, page: 200 } }),
    entry({ title: 'Shirley', status: 'reading', owned: null }),
  ]

  it('shows only the books the reader owns, then one format, kept in the address and from tab to tab', async () => {
    const owner = buildUser({ username: 'dorothea' })
    signIn(owner)
    const { calls } = copiesApi(owner._id, rows())
    const { router } = renderApp(`/user/${owner._id}/library`)
    const filters = await screen.findByRole('group', { name: 'Filter your books' })
    const owned = within(filters).getByRole('button', { name: 'Owned' })
    expect(owned).toHaveAttribute('aria-pressed', 'false')
    expect(await screen.findByRole('link', { name: 'Shirley' })).toBeInTheDocument()

    // Every status the reader owns: no tab is open.
    fireEvent.click(owned)
    await waitFor(() => expect(router.state.location.search).toBe('?owned=true'))
    expect(owned).toHaveAttribute('aria-pressed', 'true')
    expect(await screen.findByRole('heading', { name: 'All your books', level: 2 })).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Middlemarch' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Villette' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Shirley' })).not.toBeInTheDocument()
    expect(screen.getByText('Owned: 2 copies · Paperback')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Progress in Villette' })).toHaveAttribute('aria-valuenow', '25')
    expect(screen.queryByRole('tab', { selected: true })).not.toBeInTheDocument()
    const asked = calls.filter((c) => c.path === `/users/${owner._id}/library`).at(-1)!.query
    expect([asked.get('owned'), asked.get('status')]).toEqual(['true', null])

    fireEvent.change(within(filters).getByRole('combobox', { name: 'Format' }), { target: { value: 'ebook' } })
    await waitFor(() => expect(router.state.location.search).toBe('?owned=true&format=ebook'))
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Middlemarch' })).not.toBeInTheDocument())
    expect(screen.getByText('Owned: 1 copy · E-book')).toBeInTheDocument()

    // A tab keeps the filters; Read holds no owned e-book.
    fireEvent.click(screen.getByRole('tab', { name: 'Read (3)' }))
    await waitFor(() => expect(router.state.location.search).toBe('?status=read&owned=true&format=ebook'))
    expect(await screen.findByText('No books match these filters.')).toBeInTheDocument()
    fireEvent.change(within(filters).getByRole('combobox', { name: 'Format' }), { target: { value: '' } })
    await waitFor(() => expect(router.state.location.search).toBe('?status=read&owned=true'))
    expect(await screen.findByRole('link', { name: 'Middlemarch' })).toBeInTheDocument()
  })

  it('are the reader’s own: another reader’s library has none, and an address asking for them is not sent', async () => {
    signIn(buildUser({ username: 'casaubon' }))
    const owner = buildUser({ username: 'dorothea' })
    const { calls } = copiesApi(owner._id, rows())
    renderApp(`/user/${owner._id}/library?status=reading&owned=true&format=ebook`)
    expect(await screen.findByRole('link', { name: 'Shirley' })).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Filter your books' })).not.toBeInTheDocument()
    const asked = calls.filter((c) => c.path === `/users/${owner._id}/library`).map((c) => c.query.toString())
    expect(asked.every((q) => !q.includes('owned') && !q.includes('format'))).toBe(true)
  })
})

describe('Currently Reading on Home', () => {
  it('shows a signed-in reader’s books with progress, and takes a new page in one step', async () => {
    const reader = buildUser()
    signIn(reader)
    const book = entry({ title: 'Villette', progress: { page: 40, percent: null, minutes: null } }).book
    const state = { page: 40 }
    const { callsTo } = fakeApi({
      'GET /books': { body: [], headers: { 'X-Total-Count': '0' } },
      'GET /reviews/popular-week': { body: [] },
      'GET /reviews/recent': { body: [] },
      [`GET /users/${reader._id}/library`]: () => ({
        body: [entry({ title: 'Villette', book, progress: { ...NO_PROGRESS, page: state.page } })],
        headers: { 'X-Total-Count': '1' },
      }),
      [`PUT /books/${book._id}/reading`]: (req: FakeRequest) => {
        state.page = (req.body as { progress: { page: number } }).progress.page
        return { body: { bookId: book._id, status: 'reading', rating: null, progress: { ...NO_PROGRESS, page: state.page }, reads: [], removedReads: [] } }
      },
    })
    renderApp('/')
    const strip = await screen.findByRole('list', { name: 'Currently Reading' })
    expect(within(strip).getByText('Page 40 of 400')).toBeInTheDocument()
    fireEvent.change(within(strip).getByRole('spinbutton', { name: 'Page' }), { target: { value: '120' } })
    fireEvent.click(within(strip).getByRole('button', { name: 'Save' }))
    expect(await within(strip).findByText('Page 120 of 400')).toBeInTheDocument()
    expect(callsTo(`PUT /books/${book._id}/reading`)[0]!.body).toMatchObject({ progress: { page: 120 } })
  })
})

describe('ordering, searching and laying out the library (issue 22)', () => {
  /** A library that answers by status, search words and order, as the API does; every call kept. */
  function orderedApi(userId: string, rows: LibraryEntry[]) {
    return screenApi(userId, (query) => {
      const q = (query.get('q') ?? '').toLowerCase()
      const list = rows.filter((r) => (!query.has('status') || r.status === query.get('status')) && r.book.title.toLowerCase().includes(q))
      if (query.get('sort') === 'title') list.sort((a, b) => a.book.title.localeCompare(b.book.title) * (query.get('order') === 'desc' ? -1 : 1))
      return list
    })
  }
  const rows = () => [
    entry({ title: 'Persuasion', status: 'read', finishedOn: '2019-05-12', readCount: 1, rating: 5, addedAt: '2026-01-05T10:00:00.000Z' }),
    // Finished on a day nobody remembers.
    entry({ title: 'Emma', status: 'read', finishedOn: null, readCount: 1 }),
    entry({ title: 'Middlemarch', status: 'read', finishedOn: '2024', readCount: 1 }),
  ]
  /** The owner's library, signed in as them, opened at `search`; `asked()` is the query of the last library call. */
  function openOwnLibrary(search: string) {
    const owner = buildUser({ username: 'dorothea' })
    signIn(owner)
    const { calls } = orderedApi(owner._id, rows())
    const { router } = renderApp(`/user/${owner._id}/library${search}`)
    const asked = () => calls.filter((c) => c.path === `/users/${owner._id}/library`).at(-1)!.query
    return { owner, router, asked }
  }
  const titles = () => textsOf(screen.getByRole('list', { name: 'Books' }), 'link')

  it('orders Read by date read, newest first, and by any other key either way, kept in the address', async () => {
    const { router, asked } = openOwnLibrary('?status=read')
    const sort = await screen.findByRole('combobox', { name: 'Sort by' })
    expect(sort).toHaveValue('finished')
    expect([...sort.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Date read', 'Date added', 'Rating', 'Title', 'Author'])
    await screen.findByRole('link', { name: 'Emma' })
    expect([asked().get('sort'), asked().get('order')]).toEqual(['finished', 'desc'])

    fireEvent.change(sort, { target: { value: 'title' } })
    await waitFor(() => expect(router.state.location.search).toBe('?status=read&sort=title'))
    await waitFor(() => expect(titles()).toEqual(['Emma', 'Middlemarch', 'Persuasion']))
    fireEvent.click(screen.getByRole('button', { name: 'Order: A to Z. Change it' }))
    await waitFor(() => expect(router.state.location.search).toBe('?status=read&sort=title&order=desc'))
    await waitFor(() => expect(titles()).toEqual(['Persuasion', 'Middlemarch', 'Emma']))
    expect(screen.getByRole('button', { name: 'Order: Z to A. Change it' })).toBeInTheDocument()
    // Another tab keeps the order.
    fireEvent.click(screen.getByRole('tab', { name: /Currently Reading/ }))
    await waitFor(() => expect(router.state.location.search).toBe('?status=reading&sort=title&order=desc'))
  })

  it('searches the list once typing pauses, says when nothing matches, and clears the search', async () => {
    const { router, asked } = openOwnLibrary('?status=read')
    const box = await screen.findByRole('searchbox', { name: 'Search this list' })
    fireEvent.change(box, { target: { value: 'middle' } })
    await waitFor(() => expect(router.state.location.search).toBe('?status=read&q=middle'))
    await waitFor(() => expect(titles()).toEqual(['Middlemarch']))
    expect(asked().get('q')).toBe('middle')

    fireEvent.change(box, { target: { value: 'xyz' } })
    expect(await screen.findByText('No books match ‘xyz’')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }))
    await waitFor(() => expect(router.state.location.search).toBe('?status=read'))
    expect(screen.getByRole('searchbox', { name: 'Search this list' })).toHaveValue('')
    await waitFor(() => expect(titles()).toHaveLength(3))
  })

  it('takes its order, search and view from the address, as after a reload', async () => {
    const { asked } = openOwnLibrary('?status=read&sort=rating&order=asc&q=emma&view=table')
    expect(await screen.findByRole('searchbox', { name: 'Search this list' })).toHaveValue('emma')
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('rating')
    expect(screen.getByRole('button', { name: 'Order: Lowest first. Change it' })).toBeInTheDocument()
    expect(await screen.findByRole('table', { name: 'Books' })).toBeInTheDocument()
    expect([asked().get('sort'), asked().get('order'), asked().get('q')]).toEqual(['rating', 'asc', 'emma'])
  })

  it('shows covers or a compact table, remembered for the next visit; an undated read says date unknown', async () => {
    const { owner, router } = openOwnLibrary('?status=read')
    // The list says it in words.
    expect(await screen.findByText('Finished, date unknown')).toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Table' }))
    const table = await screen.findByRole('table', { name: 'Books' })
    expect(textsOf(table, 'columnheader')).toEqual(['Title', 'Author', 'Status', 'Rating', 'Date read', 'Date added'])
    const emma = within(table).getByRole('link', { name: 'Emma' }).closest('tr')!
    expect(within(emma).getByText('date unknown')).toBeInTheDocument()
    const persuasion = within(table).getByRole('link', { name: 'Persuasion' }).closest('tr')!
    expect(within(persuasion).getByText('12 May 2019')).toBeInTheDocument()
    expect(within(persuasion).getByText('5 January 2026')).toBeInTheDocument()
    expect(within(persuasion).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument()
    expect(router.state.location.search).toBe('?status=read&view=table')

    fireEvent.click(screen.getByRole('button', { name: 'Covers' }))
    await waitFor(() => expect(router.state.location.search).toBe('?status=read&view=grid'))
    expect(await screen.findAllByRole('img', { name: /Cover of/ })).toHaveLength(3)
    expect(screen.queryByRole('table')).not.toBeInTheDocument()

    // Remembered: the next library opened without a view shows covers.
    cleanup()
    renderApp(`/user/${owner._id}/library?status=read`)
    await screen.findAllByRole('link', { name: 'Emma' })
    expect(screen.getByRole('button', { name: 'Covers' })).toHaveAttribute('aria-pressed', 'true')
  })

  it('links the reader’s own library to their stats and to import', async () => {
    openOwnLibrary('')
    expect(await screen.findByRole('link', { name: 'Import' })).toHaveAttribute('href', '/import')
    expect(screen.getByRole('link', { name: 'Stats' })).toBeInTheDocument()
  })
})
