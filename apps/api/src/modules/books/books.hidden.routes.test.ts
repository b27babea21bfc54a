import { expect, it } from 'vitest'
import { AccountExportSchema, BookFacetsSchema, BookListSchema, BookSchema } from '@shelfwise/contracts'
import { describeEachDialect, type TestContext } from '../../../test/support/context.ts'
import { bearer, insertBook, insertUser } from '../../../test/support/factories.ts'

// A book the moderators hid (decision 0058, "Hidden books"): Browse, search, the author and
// publisher pages and the facets leave it out for everyone, signed out, a reader and a moderator
// alike; its page still opens, marked, with the moderators' note for a moderator only; readers who
// logged or shelved it keep it in their library and export; a restore brings it back everywhere.

type Method = 'GET' | 'POST' | 'PUT'
const call = (ctx: TestContext, method: Method, url: string, token?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) })
const old = () => new Date(Date.now() - 30 * 24 * 60 * 60 * 1000)

describeEachDialect('books: a hidden book', (ctx) => {
  it('leaves every catalogue list for every viewer, opens marked, stays in its readers’ data, and comes back on restore', async () => {
    const [ana, shelver, mod] = await Promise.all([1, 2, 3].map(() => insertUser(ctx.db, { createdAt: old() })))
    await ctx.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', mod!.id).execute()
    // The one Hindi, Poetry, Award Winner book of 1850: the facets offer those only while it shows.
    const spam = await insertBook(ctx.db, {
      title: 'Quokka Jackpot Casino Atlas',
      author: 'Quilla Marsh',
      publisher: 'Velvet Quill Press',
      language: 'Hindi',
      genres: ['Poetry'],
      category: 'Award Winner',
      publishedDate: '1850-01-01',
      pageCount: 999,
    })
    const kept = await insertBook(ctx.db, { title: 'Quokka Field Notes', author: 'Quilla Marsh', publisher: 'Velvet Quill Press', publishedDate: '1990-01-01' })
    expect((await call(ctx, 'PUT', `/api/books/${spam.id}/reading`, shelver!.token, { status: 'read' })).statusCode).toBe(200)
    expect((await call(ctx, 'PUT', `/api/books/${spam.id}/shelves`, shelver!.token, { names: ['Odd finds'] })).statusCode).toBe(200)

    const viewers = { 'signed out': undefined, reader: ana!.token, moderator: mod!.token }
    const lists = async (token: string | undefined) => {
      const ids = async (url: string) => {
        const res = await call(ctx, 'GET', url, token)
        expect(res.statusCode, url).toBe(200)
        return { ids: BookListSchema.parse(res.json()).map((b) => b._id), total: Number(res.headers['x-total-count']) }
      }
      const facets = BookFacetsSchema.parse((await call(ctx, 'GET', '/api/books/facets', token)).json())
      return {
        recent: await ids('/api/books?sort=recent&limit=100'),
        title: await ids('/api/books?sort=title&limit=100'),
        rating: await ids('/api/books?sort=rating&limit=100'),
        published: await ids('/api/books?sort=published&limit=100'),
        search: await ids('/api/books/search?query=quokka&limit=100'),
        searchFacet: await ids('/api/books/search?query=quokka&languages=Hindi&limit=100'),
        searchPages: await ids('/api/books/search?minPages=900&limit=100'),
        everything: await ids('/api/books/search?limit=100&sort=popular'),
        author: await ids(`/api/books/by-author/${encodeURIComponent('quilla marsh')}`),
        publisher: await ids(`/api/books/by-publisher/${encodeURIComponent('Velvet Quill Press')}`),
        facets: { languages: facets.languages, genres: facets.genres, categories: facets.categories, minYear: facets.minYear },
      }
    }

    const before = await lists(undefined)
    expect([...before.search.ids].sort()).toEqual([spam.id, kept.id].sort())
    expect([...before.author.ids].sort()).toEqual([spam.id, kept.id].sort())
    expect(before.searchFacet.ids).toEqual([spam.id])
    expect(before.searchPages.ids).toContain(spam.id)
    expect(before.facets).toMatchObject({ minYear: 1850 })
    expect(before.facets.languages).toContain('Hindi')

    const report = (await call(ctx, 'POST', '/api/reports', ana!.token, { targetType: 'book', targetId: spam.id, reason: 'spam' })).json()._id as string
    expect((await call(ctx, 'POST', `/api/moderation/reports/${report}`, mod!.token, { action: 'hide', note: 'A casino advert, not a book' })).statusCode).toBe(
      200,
    )

    for (const [who, token] of Object.entries(viewers)) {
      const after = await lists(token)
      for (const order of ['recent', 'title', 'rating', 'published'] as const) {
        expect(after[order].ids, `${who}: ${order}`).not.toContain(spam.id)
        expect(after[order].total, `${who}: ${order}`).toBe(before[order].total - 1)
      }
      expect(after.search, who).toEqual({ ids: [kept.id], total: 1 })
      expect(after.searchFacet, who).toEqual({ ids: [], total: 0 })
      expect(after.searchPages.ids, who).not.toContain(spam.id)
      expect(after.searchPages.total, who).toBe(before.searchPages.total - 1)
      expect(after.everything.ids, who).not.toContain(spam.id)
      expect(after.everything.total, who).toBe(before.everything.total - 1)
      expect(after.author, who).toEqual({ ids: [kept.id], total: 1 })
      expect(after.publisher, who).toEqual({ ids: [kept.id], total: 1 })
      expect(after.facets.languages, who).not.toContain('Hindi')
      expect(after.facets.genres, who).not.toContain('Poetry')
      expect(after.facets.categories, who).not.toContain('Award Winner')
      expect(after.facets.minYear, who).not.toBe(1850)

      // Its page opens, marked; only a moderator reads why.
      const page = await call(ctx, 'GET', `/api/books/${spam.id}`, token)
      expect(page.statusCode, who).toBe(200)
      const book = BookSchema.parse(page.json())
      expect(book.removedByModerators, who).toBe(true)
      expect(book.moderatorsNote, who).toBe(who === 'moderator' ? 'A casino advert, not a book' : undefined)
      expect(BookSchema.parse((await call(ctx, 'GET', `/api/books/${kept.id}`, token)).json()).removedByModerators, who).toBeUndefined()
    }

    // Its readers keep it: library, shelves and export.
    const library = (await call(ctx, 'GET', `/api/users/${shelver!.id}/library?limit=100`, shelver!.token)).json() as { book: { _id: string } }[]
    expect(library.map((e) => e.book._id)).toContain(spam.id)
    const shelves = (await call(ctx, 'GET', `/api/books/${spam.id}/shelves`, shelver!.token)).json() as { name: string }[]
    expect(shelves.map((s) => s.name)).toEqual(['Odd finds'])
    const exported = AccountExportSchema.parse((await call(ctx, 'GET', '/api/me/export.json', shelver!.token)).json())
    expect(exported.library.map((e) => e.book._id)).toContain(spam.id)
    expect(exported.shelves.placements.map((p) => p.bookId)).toContain(spam.id)

    expect((await call(ctx, 'POST', `/api/moderation/reports/${report}`, mod!.token, { action: 'restore', note: 'The publisher fixed it' })).statusCode).toBe(
      200,
    )
    const restored = await lists(ana!.token)
    for (const order of ['recent', 'title', 'rating', 'published', 'everything', 'searchPages'] as const) expect(restored[order], order).toEqual(before[order])
    expect(restored.search.ids.sort()).toEqual([spam.id, kept.id].sort())
    expect(restored.author).toEqual(before.author)
    expect(restored.publisher).toEqual(before.publisher)
    expect(restored.searchFacet).toEqual({ ids: [spam.id], total: 1 })
    expect(restored.facets).toEqual(before.facets)
    const page = BookSchema.parse((await call(ctx, 'GET', `/api/books/${spam.id}`, mod!.token)).json())
    expect([page.removedByModerators, page.moderatorsNote]).toEqual([undefined, undefined])
  })
})
