import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { expect, it } from 'vitest'
import { BookListSchema, type Book } from '@shelfwise/contracts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { nextLink } from '../../../test/support/paging.ts'
import { buildBook } from '../../../test/support/factories.ts'
import { WALK_PAGE } from '#/modules/books/books.service.ts'

// The whole catalogue (GET /api/books without a limit) is written as it is read, a page of books at
// a time: with more books than one such page, the answer must still be exactly one JSON array of
// every book, once each, in the list's order, compressed or not.
describeEachDialect('books routes: the whole catalogue', (ctx) => {
  const get = (url: string, encoding?: string) => ctx.app.inject({ method: 'GET', url, ...(encoding ? { headers: { 'accept-encoding': encoding } } : {}) })
  const count = WALK_PAGE * 2 + 7

  const walk = async (url: string) => {
    const seen: Book[] = []
    for (let next: string | undefined = url; next;) {
      const res = await get(next)
      expect(res.statusCode, res.body).toBe(200)
      seen.push(...BookListSchema.parse(res.json()))
      next = nextLink(res.headers.link)
    }
    return seen
  }

  it(`answers all ${count} books as one array, each once, in the paged list's order, with X-Total-Count`, async () => {
    const books = Array.from({ length: count }, (_, i) =>
      buildBook({ title: `Ledger ${String(i).padStart(4, '0')}`, genres: i % 3 ? ['Fiction'] : ['History', 'Art'] }),
    )
    await ctx.db.transaction().execute(async (trx) => {
      for (let i = 0; i < books.length; i += 200) {
        const chunk = books.slice(i, i + 200)
        await trx
          .insertInto('books')
          .values(chunk.map(({ genres: _, ...b }) => ({ ...b, updatedAt: b.createdAt })))
          .execute()
        await trx
          .insertInto('bookGenres')
          .values(chunk.flatMap((b) => b.genres.map((genre) => ({ bookId: b.id, genre }))))
          .execute()
      }
    })
    for (const sort of ['recent', 'title']) {
      const res = await get(`/api/books?sort=${sort}`)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
      const all = BookListSchema.parse(res.json())
      expect(all).toHaveLength(count)
      expect(res.headers['x-total-count']).toBe(String(count))
      expect(res.headers.link).toBeUndefined()
      expect(new Set(all.map((b) => b._id)).size).toBe(count)
      // The same books, in the same order and with the same fields, as paging through the list.
      expect(all).toEqual(await walk(`/api/books?sort=${sort}&limit=100`))
      // And the same text as one JSON.stringify of the array would be.
      expect(res.body).toBe(JSON.stringify(all))
    }
    const first = BookListSchema.parse((await get('/api/books?sort=title')).json())
    expect(first[0]).toMatchObject({ title: 'Ledger 0000', genre: ['Art', 'History'] })
    expect(first[1]).toMatchObject({ title: 'Ledger 0001', genre: ['Fiction'] })
  })

  it('answers the same bytes compressed, when the client accepts brotli or gzip', async () => {
    const plain = (await get('/api/books?sort=rating')).body
    const br = await get('/api/books?sort=rating', 'br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain)
    const gzip = await get('/api/books?sort=rating', 'gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain)
  })

  it('answers every book after a cursor without a limit, and refuses a forged cursor with a 400', async () => {
    const page = await get('/api/books?sort=published&limit=100')
    const cursor = new URLSearchParams(nextLink(page.headers.link)!.split('?')[1]).get('cursor')!
    const rest = await get(`/api/books?sort=published&cursor=${cursor}`)
    expect(rest.statusCode).toBe(200)
    expect(rest.headers['x-total-count']).toBe(String(count))
    const all = BookListSchema.parse((await get('/api/books?sort=published')).json())
    expect(BookListSchema.parse(rest.json())).toEqual(all.slice(100))
    const forged = await get(`/api/books?cursor=${Buffer.from(JSON.stringify(['yesterday', 'x'])).toString('base64url')}`)
    expect(forged.statusCode).toBe(400)
    expect(forged.json()).toEqual({ message: 'Cursor is not one this list gave out', code: 'bad_request' })
  })
})
