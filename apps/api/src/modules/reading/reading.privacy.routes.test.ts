import { expect, it } from 'vitest'
import { describeEachDialect } from '../../../test/support/context.ts'
import { readingCalls } from '../../../test/support/reading-calls.ts'
import { bearer, insertBook, insertUser } from '../../../test/support/factories.ts'

// Issue 24, point 3 (decision 0055): what a reader and those who look at their reading notice when
// they change who sees it — at once, past the answers the server keeps (library pages, year figures).

describeEachDialect('reading log: privacy, as readers notice it', (ctx) => {
  const { put } = readingCalls(ctx)
  const get = async (url: string, token?: string) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} })
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
    return res.json()
  }
  const send = async (method: 'PUT' | 'POST', url: string, token: string, payload: object) => {
    const res = await ctx.app.inject({ method, url, headers: bearer(token), payload })
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
    return res.json()
  }
  const year = new Date().getUTCFullYear()

  it('a change shows at once to a stranger and a follower whose answers were kept, and back again', async () => {
    const [owner, stranger, follower] = [await insertUser(ctx.db), await insertUser(ctx.db), await insertUser(ctx.db)]
    await send('PUT', `/api/users/follow/${owner.id}`, follower.token, {})
    const [a, b] = [await insertBook(ctx.db, { pageCount: 100 }), await insertBook(ctx.db, { pageCount: 200 })]
    await put(a.id, owner.token, { status: 'read' })
    await put(b.id, owner.token, { status: 'read' })
    const seen = async (token?: string) => ({
      library: ((await get(`/api/users/${owner.id}/library`, token)) as { book: { _id: string } }[]).map((e) => e.book._id).sort(),
      pages: ((await get(`/api/users/${owner.id}/stats/${year}`, token)) as { pagesRead: number }).pagesRead,
    })
    const both = [a.id, b.id].sort()
    // Kept answers first: each viewer's library page and year.
    for (const token of [undefined, stranger.token, follower.token]) expect(await seen(token)).toEqual({ library: both, pages: 300 })

    await send('PUT', '/api/me/privacy', owner.token, { readingLog: 'followers' })
    expect(await seen()).toEqual({ library: [], pages: 0 })
    expect(await seen(stranger.token)).toEqual({ library: [], pages: 0 })
    expect(await seen(follower.token)).toEqual({ library: both, pages: 300 })
    expect(await seen(owner.token)).toEqual({ library: both, pages: 300 })

    // One book for everyone, one for the reader alone.
    expect((await put(a.id, owner.token, { visibility: 'public' })).visibility).toBe('public')
    await put(b.id, owner.token, { visibility: 'private' })
    expect(await seen(stranger.token)).toEqual({ library: [a.id], pages: 100 })
    expect(await seen(follower.token)).toEqual({ library: [a.id], pages: 100 })

    // Unfollowing makes the follower a stranger; null gives a book back to the default.
    await send('PUT', `/api/users/follow/${owner.id}`, follower.token, {})
    await put(b.id, owner.token, { visibility: null })
    expect(await seen(follower.token)).toEqual({ library: [a.id], pages: 100 })
    await send('PUT', `/api/users/follow/${owner.id}`, follower.token, {})
    expect(await seen(follower.token)).toEqual({ library: both, pages: 300 })

    // The bulk change: the preview counts, nothing moves until it is applied.
    expect(await send('POST', '/api/me/privacy/apply', owner.token, { visibility: 'public', dryRun: true })).toEqual({ changed: 1 })
    expect(await seen(stranger.token)).toEqual({ library: [a.id], pages: 100 })
    expect(await send('POST', '/api/me/privacy/apply', owner.token, { visibility: 'public' })).toEqual({ changed: 1 })
    expect(await seen(stranger.token)).toEqual({ library: both, pages: 300 })
    expect(await get('/api/me/privacy', owner.token)).toEqual({ readingLog: 'public' })
    expect((await get(`/api/books/${a.id}/reading`, owner.token)).visibility).toBeNull()
  })

  it('keeps a reader’s own view whole and an unknown reader a 404', async () => {
    const owner = await insertUser(ctx.db)
    const book = await insertBook(ctx.db)
    await put(book.id, owner.token, { status: 'reading', visibility: 'private' })
    await send('PUT', '/api/me/privacy', owner.token, { readingLog: 'private' })
    expect(((await get(`/api/users/${owner.id}/library`, owner.token)) as unknown[]).length).toBe(1)
    expect((await get(`/api/users/${owner.id}/library/counts`, owner.token)).reading).toBe(1)
    // The reader's own export holds every book, with the choice made for it.
    const exported = await ctx.app.inject({ method: 'GET', url: '/api/me/export.json', headers: bearer(owner.token) })
    expect(exported.body).toContain(book.id)
    expect(exported.body).toContain('"visibility":"private"')
    const unknown = '0190a000-0000-7000-8000-000000000000'
    for (const url of [`/api/users/${unknown}/library`, `/api/users/${unknown}/stats/${year}`, `/api/users/recently-read/${unknown}`]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(404)
    }
  })
})
