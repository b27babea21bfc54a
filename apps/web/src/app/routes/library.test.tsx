import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { LibraryEntry } from '@shelfwise/contracts'
import { renderApp } from '#/test/render.tsx'
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
    return fakeApi({
      [`GET /users/profile/${userId}`]: { body: buildUser({ _id: userId, username: 'dorothea' }) },
      [`GET /users/${userId}/library/counts`]: { body: counts },
      [`GET /users/${userId}/shelves`]: { body: [] },
      [`GET /users/${userId}/library`]: (req: FakeRequest) => {
        const q = req.query
        const list = rows.filter(
          (r) =>
            (!q.has('status') || r.status === q.get('status')) &&
            (q.get('owned') !== 'true' || r.owned) &&
            (!q.has('format') || r.owned?.format === q.get('format')),
        )
        return { body: list, headers: { 'X-Total-Count': String(list.length) } }
      },
    })
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
