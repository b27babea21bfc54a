import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { LibraryEntry, Shelf } from '@shelfwise/contracts'
import { renderApp } from '#/test/render.tsx'
import { fakeApi, type FakeRequest, type Handler } from '#/test/fake-api.ts'
import { buildBook, buildLibraryEntry, buildUser, signIn } from '#/test/factories.ts'

let ids = 0
const newId = () => `0190b000-0000-7000-8000-${String(++ids).padStart(12, '0')}`
const LONG_NAME = 'Books I keep meaning to lend to my sister and never quite manage to part with'.slice(0, 64)

const entry = (title: string, status: LibraryEntry['status']) => buildLibraryEntry({ book: buildBook({ title }), status })

/** A server with one reader's shelves (and what their library holds on each), answering the library page and the shelf calls. */
function libraryServer(userId: string, start: Shelf[], onShelf: Record<string, LibraryEntry[]>) {
  const shelves = [...start]
  const routes: Record<string, Handler> = {
    [`GET /users/profile/${userId}`]: { body: buildUser({ _id: userId, username: 'dorothea' }) },
    [`GET /users/${userId}/library/counts`]: { body: { want: 1, reading: 0, read: 2, paused: 0, dnf: 0 } },
    [`GET /users/${userId}/library`]: (req: FakeRequest) => {
      const list = onShelf[req.query.get('shelf')?.toLowerCase() ?? ''] ?? []
      return { body: list, headers: { 'X-Total-Count': String(list.length) } }
    },
    [`GET /users/${userId}/shelves`]: () => ({ body: shelves }),
    'POST /me/shelves': (req: FakeRequest) => {
      const b = req.body as { name: string; public: boolean }
      const shelf = { _id: newId(), name: b.name, count: 0, public: b.public }
      shelves.push(shelf)
      return { status: 201, body: shelf }
    },
  }
  for (const { _id } of start) {
    routes[`PUT /me/shelves/${_id}`] = (req: FakeRequest) => {
      const shelf = shelves.find((s) => s._id === _id)!
      Object.assign(shelf, req.body)
      return { body: shelf }
    }
    routes[`DELETE /me/shelves/${_id}`] = () => {
      shelves.splice(
        shelves.findIndex((s) => s._id === _id),
        1,
      )
      return { status: 204 }
    }
  }
  return { ...fakeApi(routes), shelves }
}

describe('shelves on a reader’s library page', () => {
  it('lists the reader’s shelves with their counts as links that filter the library, long and right-to-left names included', async () => {
    const owner = buildUser({ username: 'dorothea' })
    signIn(owner)
    libraryServer(
      owner._id,
      [
        { _id: newId(), name: 'favourites', count: 2, public: true },
        { _id: newId(), name: 'كلاسيكيات', count: 1, public: false },
        { _id: newId(), name: LONG_NAME, count: 0, public: false },
      ],
      { favourites: [entry('Persuasion', 'read'), entry('Middlemarch', null)] },
    )
    const { router } = renderApp(`/user/${owner._id}/library`)
    const shelves = await screen.findByRole('list', { name: 'Shelves' })
    const favourites = await within(shelves).findByRole('link', { name: 'favourites, 2 books' })
    expect(within(shelves).getByRole('link', { name: 'كلاسيكيات, 1 book, private' })).toBeInTheDocument()
    expect(within(shelves).getByText('كلاسيكيات')).toHaveAttribute('dir', 'auto')
    expect(within(shelves).getByRole('link', { name: `${LONG_NAME}, 0 books, private` })).toBeInTheDocument()

    fireEvent.click(favourites)
    await waitFor(() => expect(router.state.location.search).toBe('?shelf=favourites'))
    expect(await screen.findByRole('link', { name: 'Persuasion' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Middlemarch' })).toBeInTheDocument()
    expect(within(shelves).getByRole('link', { name: 'favourites, 2 books' })).toHaveAttribute('aria-current', 'page')
    // No status tab is open on a shelf; choosing one leaves it.
    const tabs = screen.getByRole('tablist', { name: 'Reading statuses' })
    expect(within(tabs).queryByRole('tab', { selected: true })).not.toBeInTheDocument()
    fireEvent.click(within(tabs).getByRole('tab', { name: 'Read (2)' }))
    await waitFor(() => expect(router.state.location.search).toBe('?status=read'))
  })

  it('lets the reader make, rename, open up and delete shelves, asking before a delete', async () => {
    const owner = buildUser({ username: 'dorothea' })
    signIn(owner)
    const server = libraryServer(owner._id, [{ _id: newId(), name: 'favourites', count: 2, public: false }], {})
    renderApp(`/user/${owner._id}/library`)
    fireEvent.click(await screen.findByRole('button', { name: 'Manage shelves' }))
    const dialog = await screen.findByRole('dialog', { name: 'Manage shelves' })

    // A status's name is refused in the server's words, without asking it.
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'New shelf' }), { target: { value: 'to-read' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add shelf' }))
    expect(await within(dialog).findByText(/“to-read” is the reading status Want to Read, not a shelf/)).toBeInTheDocument()
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'New shelf' }), { target: { value: 'Classics club' } })
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Public' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add shelf' }))
    expect(await within(dialog).findByText('Classics club')).toBeInTheDocument()
    expect(server.callsTo('POST /me/shelves').map((c) => c.body)).toEqual([{ name: 'Classics club', public: true }])

    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename favourites' }))
    const renaming = within(dialog).getByRole('textbox', { name: 'Shelf name' })
    fireEvent.change(renaming, { target: { value: 'Favourites' } })
    fireEvent.submit(renaming)
    expect(await within(dialog).findByText('Favourites')).toBeInTheDocument()
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Favourites: public' }))
    await waitFor(() => expect(server.shelves.find((s) => s.name === 'Favourites')?.public).toBe(true))

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Favourites' }))
    const confirm = await screen.findByRole('dialog', { name: 'Delete the shelf “Favourites”?' })
    expect(within(confirm).getByText('Its 2 books leave the shelf and stay in your library with their reading statuses.')).toBeInTheDocument()
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete shelf' }))
    await waitFor(() => expect(within(dialog).queryByText('Favourites')).not.toBeInTheDocument())
    expect(server.shelves.map((s) => s.name)).toEqual(['Classics club'])
  })

  it('shows another reader only what the server gives them, and nothing at all when they have no public shelf', async () => {
    signIn(buildUser({ username: 'casaubon' }))
    const owner = buildUser({ username: 'dorothea' })
    libraryServer(owner._id, [], {})
    renderApp(`/user/${owner._id}/library`)
    expect(await screen.findByRole('tablist', { name: 'Reading statuses' })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Shelves' })).not.toBeInTheDocument())
    expect(screen.queryByRole('button', { name: 'Manage shelves' })).not.toBeInTheDocument()
  })
})
