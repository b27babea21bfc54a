import { describe, expect, it } from 'vitest'
import { BookListSchema, ErrorBodySchema } from '@shelfwise/contracts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { nextLink, readAllPages } from '../../../test/support/paging.ts'
import { insertBook } from '../../../test/support/factories.ts'

// A name no other test (or the demo) carries: letters only, as names are.
let seq = 0
const tag = () =>
  `${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}${'qwertyuiop'[++seq % 10]}${String.fromCharCode(97 + (seq % 26))}`

describeEachDialect('books by author and publisher', (ctx) => {
  const get = (url: string) => ctx.app.inject({ method: 'GET', url })
  const titles = (body: unknown) => BookListSchema.parse(body).map((b) => b.title)

  describe('GET /api/books/by-author/{name}', () => {
    it('lists the books whose author is exactly the name, any letter case, accents ignored, by title', async () => {
      const t = tag()
      const name = `Émile Brontë ${t}`
      await insertBook(ctx.db, { title: 'Wuthering Moors', author: name })
      await insertBook(ctx.db, { title: 'agnes of the Dale', author: `ÉMILE BRONTË ${t.toUpperCase()}` })
      await insertBook(ctx.db, { title: 'Jane of the Hall', author: `emile bronte ${t}` })
      // Not this name: longer, shorter, or only in the publisher.
      await insertBook(ctx.db, { title: 'Villette', author: `${name} Jr` })
      await insertBook(ctx.db, { title: 'Shirley', author: `Brontë ${t}` })
      await insertBook(ctx.db, { title: 'Press Book', author: 'Someone Else', publisher: name })

      for (const asked of [name, `emile bronte ${t}`, `EMILE BRONTE ${t.toUpperCase()}`, `  ${name}  `]) {
        const res = await get(`/api/books/by-author/${encodeURIComponent(asked)}`)
        expect(res.statusCode, asked).toBe(200)
        expect(titles(res.json()), asked).toEqual(['agnes of the Dale', 'Jane of the Hall', 'Wuthering Moors'])
        expect(res.headers['x-total-count']).toBe('3')
        expect(res.headers.link).toBeUndefined()
      }
    })

    it('pages by title with limit and cursor: X-Total-Count and a Link to the next page, every book once', async () => {
      const name = `Paged Author ${tag()}`
      const made = await Promise.all(['Echo', 'alpha', 'Delta', 'charlie', 'Bravo'].map((title) => insertBook(ctx.db, { title, author: name })))
      // Two books of one title: the id keeps the order total.
      const twins = await Promise.all([insertBook(ctx.db, { title: 'Echo', author: name }), insertBook(ctx.db, { title: 'echo', author: name })])
      const { pages, totals, urls } = await readAllPages(ctx, `/api/books/by-author/${encodeURIComponent(name)}?limit=2`, BookListSchema)
      expect(pages).toHaveLength(4)
      expect(totals.every((t) => t === '7')).toBe(true)
      expect(pages.every((p) => p.length <= 2)).toBe(true)
      expect(urls.every((u) => u.startsWith(`/api/books/by-author/${encodeURIComponent(name)}`))).toBe(true)
      const seen = pages.flat().map((b) => b._id)
      expect(new Set(seen).size).toBe(7)
      const byId = new Map([...made, ...twins].map((b) => [b.id, b.title.toLowerCase()]))
      expect(seen.map((id) => byId.get(id))).toEqual(['alpha', 'bravo', 'charlie', 'delta', 'echo', 'echo', 'echo'])
    })

    it('answers a page of 24 without a limit', async () => {
      const name = `Prolific ${tag()}`
      await Promise.all(Array.from({ length: 26 }, (_, i) => insertBook(ctx.db, { title: `Volume ${String(i).padStart(2, '0')}`, author: name })))
      const res = await get(`/api/books/by-author/${encodeURIComponent(name)}`)
      expect(BookListSchema.parse(res.json())).toHaveLength(24)
      expect(res.headers['x-total-count']).toBe('26')
      expect(nextLink(res.headers.link)).toBeTruthy()
    })

    it('an unknown name is an empty list, not a 404; a name with a slash is one name', async () => {
      const res = await get(`/api/books/by-author/${encodeURIComponent(`Nobody ${tag()}`)}`)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual([])
      expect(res.headers['x-total-count']).toBe('0')
      const name = `AC/DC ${tag()}`
      await insertBook(ctx.db, { title: 'Riffs', author: name })
      expect(titles((await get(`/api/books/by-author/${encodeURIComponent(name)}`)).json())).toEqual(['Riffs'])
    })

    it('answers 400 naming what is wrong: a blank name, a bad limit, a forged cursor', async () => {
      const bad = async (url: string, field: RegExp) => {
        const res = await get(url)
        expect(res.statusCode, url).toBe(400)
        const body = ErrorBodySchema.parse(res.json())
        expect(body.code).toBe('validation_failed')
        expect(body.message, url).toMatch(field)
      }
      await bad('/api/books/by-author/%20%20', /^Name /)
      await bad(`/api/books/by-author/${'x'.repeat(301)}`, /^Name /)
      await bad('/api/books/by-author/Someone?limit=0', /^Limit /)
      await bad('/api/books/by-author/Someone?limit=abc', /^Limit /)
      const forged = await get('/api/books/by-author/Someone?cursor=bm90LWEtY3Vyc29y')
      expect(forged.statusCode).toBe(400)
      expect(ErrorBodySchema.parse(forged.json()).message).toMatch(/^Cursor /)
      const wrongShape = await get(`/api/books/by-author/Someone?cursor=${Buffer.from('[1,2]').toString('base64url')}`)
      expect(wrongShape.statusCode).toBe(400)
    })
  })

  describe('GET /api/books/by-publisher/{name}', () => {
    it('lists the books whose publisher is the name, any case and accents, by title, paged', async () => {
      const t = tag()
      const name = `Éditions Gallimárd ${t}`
      await insertBook(ctx.db, { title: 'Les Misérables', publisher: name })
      await insertBook(ctx.db, { title: 'Candide', publisher: `editions gallimard ${t}` })
      await insertBook(ctx.db, { title: 'Nana', publisher: `Editions Gallimard ${t} Jeunesse` })
      await insertBook(ctx.db, { title: 'Germinal', author: name, publisher: 'Other House' })
      const first = await get(`/api/books/by-publisher/${encodeURIComponent(`EDITIONS GALLIMARD ${t.toUpperCase()}`)}?limit=1`)
      expect(first.statusCode).toBe(200)
      expect(titles(first.json())).toEqual(['Candide'])
      expect(first.headers['x-total-count']).toBe('2')
      const second = await get(nextLink(first.headers.link)!)
      expect(titles(second.json())).toEqual(['Les Misérables'])
      expect(second.headers.link).toBeUndefined()
    })
  })
})
