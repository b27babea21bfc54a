import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { renderApp } from '#/test/render.tsx'
import { fakeApi, serverError, type FakeResponse } from '#/test/fake-api.ts'
import { buildBook } from '#/test/factories.ts'

describe('Author and publisher pages', () => {
  it("an author's page: the name as its title, the count and the name's books as cards, more on Show more books", async () => {
    const name = 'Jane Austen'
    const first = Array.from({ length: 24 }, (_, i) => buildBook({ title: `Novel ${String(i + 1).padStart(2, '0')}`, author: name }))
    const { callsTo } = fakeApi({
      [`GET /books/by-author/${encodeURIComponent(name)}`]: (req): FakeResponse =>
        req.query.get('cursor')
          ? { body: [buildBook({ title: 'Persuasion', author: name })], headers: { 'X-Total-Count': '25' } }
          : { body: first, headers: { 'X-Total-Count': '25', Link: `</api/books/by-author/Jane%20Austen?limit=24&cursor=c2>; rel="next"` } },
    })
    renderApp('/author/Jane%20Austen')
    expect(await screen.findByRole('heading', { name, level: 1 })).toHaveAttribute('dir', 'auto')
    await waitFor(() => expect(document.title).toBe('Jane Austen — Shelfwise'))
    const list = await screen.findByRole('list', { name: 'Books' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(24)
    expect(within(list).getAllByRole('link')[0]).toHaveAttribute('href', `/books/${first[0]!._id}`)
    expect(screen.getByText('Showing 24 of 25 books')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Show more books' }))
    expect(await within(list).findByRole('heading', { name: 'Persuasion' })).toBeInTheDocument()
    expect(screen.getByText('25 books')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Show more books' })).not.toBeInTheDocument()
    expect(callsTo(`GET /books/by-author/${encodeURIComponent(name)}`).map((c) => c.query.get('limit'))).toEqual(['24', '24'])
  })

  it("a publisher's page asks for the publisher's books", async () => {
    const { callsTo } = fakeApi({
      [`GET /books/by-publisher/${encodeURIComponent('Éditions Zoé')}`]: { body: [buildBook({ title: 'Nana' })], headers: { 'X-Total-Count': '1' } },
    })
    renderApp(`/publisher/${encodeURIComponent('Éditions Zoé')}`)
    expect(await screen.findByRole('heading', { name: 'Éditions Zoé', level: 1 })).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Nana' })).toBeInTheDocument()
    expect(screen.getByText('1 book')).toBeInTheDocument()
    expect(callsTo(`GET /books/by-publisher/${encodeURIComponent('Éditions Zoé')}`)).toHaveLength(1)
  })

  it('says so when the catalogue has no book of the name, and when the list fails', async () => {
    fakeApi({
      'GET /books/by-author/Nobody%20Known': { body: [], headers: { 'X-Total-Count': '0' } },
      'GET /books/by-publisher/Broken%20House': serverError(),
    })
    renderApp('/author/Nobody%20Known')
    expect(await screen.findByText('No books by Nobody Known in the catalogue yet.')).toBeInTheDocument()
    renderApp('/publisher/Broken%20House')
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch books')
  })
})
