import { beforeAll, describe, expect, it } from 'vitest'
import { BookFacetsSchema, BookListSchema, ErrorBodySchema, type Book } from '@shelfwise/contracts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { insertBook, insertReview, type BookOverrides } from '../../../test/support/factories.ts'

// What Browse asks of the books calls (issue 10, decision 0009): the four orders of its tabs, Top
// Rated by a confidence-weighted average, the categories of both forms, and the
// filters' bounds and options.

const DAY = 24 * 60 * 60 * 1000

describeEachDialect('books for Browse', (ctx) => {
  const get = async (url: string) => {
    const res = await ctx.app.inject({ method: 'GET', url })
    expect(res.statusCode, res.body).toBe(200)
    return { books: BookListSchema.parse(res.json()), total: res.headers['x-total-count'] }
  }
  const word = 'quasarbloom'
  const corpus = {
    single: { title: `Single Star ${word}`, publishedDate: '2001-03-01', category: 'Classic', pageCount: 200 },
    many: { title: `Many Voices ${word}`, publishedDate: '1999-07-07', category: 'Classic', pageCount: 300 },
    hot: { title: `Hot Week ${word}`, publishedDate: '2010-01-01', category: 'Indie', pageCount: 150 },
    old: { title: 'Gutenberg Leaves', publishedDate: '1472-01-01', category: 'Classic', pageCount: 90, language: 'German', genres: ['Poetry', 'History'] },
    tech: { title: 'Circuits for Readers', publishedDate: '2020-02-02', category: 'Technology', pageCount: 250, language: 'Japanese', genres: ['Non-Fiction'] },
    thick: { title: 'The Very Long Book', publishedDate: '2015-05-05', category: 'Classic', pageCount: 1200 },
  } satisfies Record<string, BookOverrides>
  const ids = {} as Record<keyof typeof corpus, string>
  const keysOf = (books: Book[]) => books.map((x) => Object.entries(ids).find(([, id]) => id === x._id)?.[0]).filter(Boolean)

  beforeAll(async () => {
    for (const [key, book] of Object.entries(corpus)) ids[key as keyof typeof corpus] = (await insertBook(ctx.db, book)).id
    const month = new Date(Date.now() - 30 * DAY)
    // 40 reviews averaging 4.6, a month ago; one 5★ review today; two 2★ reviews today.
    for (let i = 0; i < 40; i++) await insertReview(ctx.db, { bookId: ids.many, rating: i < 24 ? 5 : 4, createdAt: month })
    await insertReview(ctx.db, { bookId: ids.single, rating: 5 })
    await insertReview(ctx.db, { bookId: ids.hot, rating: 2 })
    await insertReview(ctx.db, { bookId: ids.hot, rating: 2 })
  })

  describe('Top Rated', () => {
    it('ranks 40 reviews averaging 4.6 above a single 5★ review, and still shows the plain average', async () => {
      const { books } = await get('/api/books/search?query=quasarbloom&sort=rating&limit=10')
      expect(keysOf(books)).toEqual(['many', 'single', 'hot'])
      expect(books.find((x) => x._id === ids.single)!.averageRating).toBe(5)
      expect(books.find((x) => x._id === ids.many)!.averageRating).toBeCloseTo(4.6)
    })

    it('ranks the same way in GET /books?sort=rating, page after page', async () => {
      const first = await get('/api/books?sort=rating&limit=1')
      expect(keysOf(first.books)).toEqual(['many'])
      const res = await ctx.app.inject({ method: 'GET', url: '/api/books?sort=rating&limit=1' })
      const next = /^<([^>]+)>/.exec(String(res.headers.link))![1]!
      expect(keysOf((await get(next)).books)).toEqual(['single'])
    })

    it('ranks the same way without words or filters, as a search', async () => {
      const { books, total } = await get('/api/books/search?sort=rating&limit=2')
      expect(keysOf(books)).toEqual(['many', 'single'])
      expect(total).toBe('6')
    })
  })

  describe('the other orders', () => {
    it('New Releases: newest published first, with the search', async () => {
      expect(keysOf((await get('/api/books/search?query=quasarbloom&sort=published&limit=10')).books)).toEqual(['hot', 'single', 'many'])
      expect(keysOf((await get('/api/books/search?sort=published&limit=3')).books)).toEqual(['tech', 'thick', 'hot'])
    })

    it('Popular: most reviews in the last 7 days first, then rating, with the search and without', async () => {
      expect(keysOf((await get('/api/books/search?query=quasarbloom&sort=popular&limit=10')).books)).toEqual(['hot', 'single', 'many'])
      const everything = await get('/api/books/search?sort=popular&limit=3')
      expect(keysOf(everything.books)).toEqual(['hot', 'single', 'many'])
      expect(everything.total).toBe('6')
    })

    it('honours the filters in every order', async () => {
      for (const sort of ['relevance', 'rating', 'published', 'popular']) {
        const { books, total } = await get(`/api/books/search?categories=Classic&minYear=1990&sort=${sort}&limit=10`)
        expect(new Set(keysOf(books)), sort).toEqual(new Set(['single', 'many', 'thick']))
        expect(total).toBe('3')
      }
    })

    it('answers 400 naming the sort for an unknown one', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/books/search?sort=loudest' })
      expect(res.statusCode).toBe(400)
      expect(ErrorBodySchema.parse(res.json()).message).toBe('Sort must be one of relevance, rating, published, popular')
    })
  })

  describe('filters', () => {
    it('finds a book by an Add Book category (Technology)', async () => {
      expect(keysOf((await get('/api/books/search?categories=Technology&limit=10')).books)).toEqual(['tech'])
      expect(keysOf((await get('/api/books/search?categories=Technology,Indie')).books).sort()).toEqual(['hot', 'tech'])
    })

    it("'501+ pages' has no upper end, and the year range reaches the oldest book", async () => {
      expect(keysOf((await get('/api/books/search?minPages=501')).books)).toEqual(['thick'])
      expect(keysOf((await get('/api/books/search?minYear=1400&maxYear=1500')).books)).toEqual(['old'])
    })

    it('answers every match without a limit, in the order asked', async () => {
      const { books, total } = await get('/api/books/search?sort=published')
      expect(keysOf(books)).toEqual(['tech', 'thick', 'hot', 'single', 'many', 'old'])
      expect(total).toBe('6')
    })
  })

  describe('GET /books/facets', () => {
    it("answers the catalogue's years and the genres, categories and languages books carry, in the filter lists' order", async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/books/facets' })
      expect(res.statusCode).toBe(200)
      const facets = BookFacetsSchema.parse(res.json())
      expect(facets).toEqual({
        minYear: 1472,
        maxYear: 2020,
        categories: ['Classic', 'Indie', 'Technology'],
        genres: ['Fiction', 'Non-Fiction', 'History', 'Poetry'],
        languages: ['English', 'German', 'Japanese'],
      })
    })
  })
})
