import { describe, expect, it } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { api } from '#/lib/api-client.ts'
import { EARLY_ANSWERS, EARLY_MAX_AGE_MS, type EarlyAnswer } from '#/lib/early-answers.ts'
import { EARLY_ANSWERS_GLOBAL, SHELL_ROUTES } from '#/shell/routes.ts'
import { prefetchHome } from '#/app/routes/home.tsx'
import { prefetchBrowse } from '#/app/routes/browse.tsx'
import { prefetchBook } from '#/app/routes/book.tsx'
import { fakeApi } from '#/test/fake-api.ts'
import { buildBook, makeToken } from '#/test/factories.ts'

const route = (id: string) => SHELL_ROUTES.find((r) => r.id === id)!
const early = () => ((globalThis as Record<string, unknown>)[EARLY_ANSWERS] ??= new Map()) as Map<string, EarlyAnswer>
const answer = (body: unknown, token: string | null = null, at = performance.now()): EarlyAnswer => ({
  token,
  at,
  response: Promise.resolve(new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } })),
})

/** The URLs (path and query, as sent) a screen's first queries ask for. */
async function urlsOf(prefetch: (client: QueryClient) => void): Promise<string[]> {
  const { calls } = fakeApi({})
  prefetch(new QueryClient({ defaultOptions: { queries: { retry: false } } }))
  await new Promise((r) => setTimeout(r, 50))
  return calls.map((c) => `/api${c.path}${c.query.size ? `?${c.query}` : ''}`).sort()
}

describe('the shell', () => {
  it('boot script and app name the same global for the early answers', () => {
    expect(EARLY_ANSWERS_GLOBAL).toBe(EARLY_ANSWERS)
  })

  it('serves the screens it draws, at their addresses only', () => {
    const at = (path: string) => SHELL_ROUTES.find((r) => r.pattern.test(path))?.id
    expect([at('/'), at('/browse'), at('/books/abc'), at('/books/abc/'), at('/about'), at('/books'), at('/books/a/b')]).toEqual([
      'home',
      'browse',
      'book',
      'book',
      undefined,
      undefined,
      undefined,
    ])
  })

  it("asks early for exactly the requests each screen's first queries make", async () => {
    expect(await urlsOf(prefetchHome)).toEqual([...route('home').data('/')].sort())
    expect(await urlsOf(prefetchBrowse)).toEqual([...route('browse').data('/browse')].sort())
    expect(await urlsOf((c) => prefetchBook(c, 'a b'))).toEqual([...route('book').data('/books/a%20b')].sort())
    // An address that does not decode asks for nothing.
    expect(route('book').data('/books/%E0%A4%A')).toEqual([])
  })
})

describe('early answers', () => {
  it('stand in for one GET of the same URL with the same session, once', async () => {
    const book = buildBook()
    const { callsTo } = fakeApi({ 'GET /books/1': { body: book } })
    early().set('/api/books/1', answer(book))
    await expect(api.get('/books/1', (c) => c.BookSchema)).resolves.toEqual(book)
    expect(callsTo('GET /books/1')).toHaveLength(0)
    await api.get('/books/1', (c) => c.BookSchema)
    expect(callsTo('GET /books/1')).toHaveLength(1)
  })

  it('are not used for another session, once too old, or after a write', async () => {
    const book = buildBook()
    const { callsTo } = fakeApi({ 'GET /books/1': { body: book }, 'POST /x': { status: 204 } })
    localStorage.setItem('token', makeToken())
    localStorage.setItem('user', JSON.stringify({ _id: 'u1' }))
    early().set('/api/books/1', answer(book, null))
    await api.get('/books/1', (c) => c.BookSchema)
    expect(callsTo('GET /books/1')).toHaveLength(1)

    localStorage.clear()
    early().set('/api/books/1', answer(book, null, performance.now() - EARLY_MAX_AGE_MS - 1))
    await api.get('/books/1', (c) => c.BookSchema)
    expect(callsTo('GET /books/1')).toHaveLength(2)

    early().set('/api/books/1', answer(book))
    await api.postNoContent('/x')
    await api.get('/books/1', (c) => c.BookSchema)
    expect(callsTo('GET /books/1')).toHaveLength(3)
  })

  it('fall back to asking again when the early request failed', async () => {
    const book = buildBook()
    const { callsTo } = fakeApi({ 'GET /books/1': { body: book } })
    early().set('/api/books/1', { token: null, at: performance.now(), response: Promise.reject(new TypeError('Failed to fetch')) })
    await expect(api.get('/books/1', (c) => c.BookSchema)).resolves.toEqual(book)
    expect(callsTo('GET /books/1')).toHaveLength(1)
  })
})
