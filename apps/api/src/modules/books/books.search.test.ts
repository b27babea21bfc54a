// One piece (~500 lines): every block reads the one corpus inserted and indexed per dialect in beforeAll; split, each file would build it again.
import { beforeAll, describe, expect, it } from 'vitest'
import { v7 as uuidv7 } from 'uuid'
import { BookListSchema, BookSchema, ErrorBodySchema, type Book } from '@shelfwise/contracts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { nextLink, readAllPages } from '../../../test/support/paging.ts'
import { bearer, insertBook, insertReview, insertUser, type BookOverrides } from '../../../test/support/factories.ts'

// GET /api/books/search as a client sees it. The corpus is inserted both through the factories
// (plain INSERTs: the database keeps its search index current by itself) and through POST /books.

const lantern = () => ({
  title: 'Lantern Tide',
  author: 'Mira Okonkwo',
  genres: ['Mystery'],
  category: 'Bestseller',
  description: 'Harbour lights.',
  publishedDate: '2005-01-01',
})

describeEachDialect('books search', (ctx) => {
  const search = async (qs: string) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/books/search?${qs}` })
    expect(res.statusCode, res.body).toBe(200)
    return { books: BookListSchema.parse(res.json()), total: res.headers['x-total-count'], link: nextLink(res.headers.link) }
  }
  const q = (params: Record<string, string | number>) =>
    new URLSearchParams(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]))).toString()

  // The corpus as inserted, each book with the stars of its reviews.
  const corpus = {
    pride: {
      title: 'Pride and Prejudice',
      author: 'Jane Austen',
      genres: ['Romance', 'Fiction'],
      category: 'Classic',
      language: 'English',
      pageCount: 432,
      publishedDate: '1813-01-28',
      isbn: '9780141439518',
      description: 'Elizabeth Bennet meets Mr Darcy.',
      ratings: [4],
    },
    // Higher rated and full of the words, but only in its description.
    manners: {
      title: 'Manners of the Assembly Rooms',
      author: 'Clement Hartwell',
      genres: ['History'],
      category: 'Contemporary',
      language: 'English',
      pageCount: 250,
      publishedDate: '1990-05-05',
      description: 'On pride and prejudice in Regency ballrooms: pride, prejudice, and more pride and prejudice.',
      ratings: [5, 5],
    },
    wuthering: {
      title: 'Wuthering Heights',
      author: 'Emily Brontë',
      genres: ['Romance'],
      category: 'Classic',
      language: 'English',
      pageCount: 416,
      publishedDate: '1847-12-01',
      description: 'Moorland passion and revenge.',
      ratings: [3],
    },
    hobbit: {
      title: 'The Hobbit',
      author: 'J. R. R. Tolkien',
      genres: ['Fantasy', 'Adventure'],
      category: 'Classic',
      language: 'English',
      pageCount: 310,
      publishedDate: '1937-09-21',
      isbn: '9780547928227',
      description: 'Bilbo Baggins goes there and back again.',
      ratings: [5, 4],
    },
    soledad: {
      title: 'Cien años de soledad',
      author: 'Gabriel García Márquez',
      genres: ['Fiction'],
      category: 'Award Winner',
      language: 'Spanish',
      pageCount: 417,
      publishedDate: '1967-05-30',
      description: 'Siete generaciones de la familia Buendía en Macondo.',
      ratings: [5],
    },
    zauberberg: {
      title: 'Der Zauberberg',
      author: 'Thomas Mann',
      genres: ['Fiction', 'Drama'],
      category: 'Classic',
      language: 'German',
      pageCount: 720,
      publishedDate: '1924-11-01',
      description: 'Sieben Jahre in einem Sanatorium in Davos.',
      ratings: [],
    },
    undated: {
      title: 'Almanac Without A Year',
      author: 'Nobody Known',
      genres: ['Poetry'],
      category: 'Indie',
      language: 'French',
      pageCount: null,
      publishedDate: null,
      description: 'Verses of uncertain age.',
      ratings: [],
    },
    // Same text, different ratings: equal relevance, so rating decides.
    lanternA: { ...lantern(), ratings: [2] },
    lanternB: { ...lantern(), ratings: [4] },
  } satisfies Record<string, BookOverrides & { ratings: number[] }>

  const c = {} as Record<keyof typeof corpus | 'posted', { id: string }>
  const corpusIds = () => new Set(Object.values(c).map((b) => b.id))
  /** The corpus books among the results, by key, in result order. */
  const keysOf = (books: Book[]) => books.map((b) => Object.entries(c).find(([, v]) => v.id === b._id)?.[0]).filter(Boolean)
  /** The corpus books a search with these parameters finds, by key, in result order. */
  const found = async (params: Record<string, string | number>) => keysOf((await search(q(params))).books)

  beforeAll(async () => {
    for (const [key, { ratings, ...book }] of Object.entries(corpus)) {
      const inserted = await insertBook(ctx.db, book)
      c[key as keyof typeof corpus] = inserted
      for (const rating of ratings) await insertReview(ctx.db, { bookId: inserted.id, rating })
    }
    // Through the API too: its genres are added after the book, in the same transaction.
    const me = await insertUser(ctx.db)
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/books',
      headers: bearer(me.token),
      payload: {
        title: 'Quokka Cartographer',
        author: 'Ilse Vandermeer',
        genre: 'Science Fiction, Horror',
        language: 'Italian',
        role: 'none',
        pageCount: 199,
        publishedDate: '2019-07-07',
        isbn: '0-306-40615-2',
      },
    })
    c.posted = { id: BookSchema.parse(res.json())._id }
  })

  describe('words', () => {
    it('finds a title word, case-insensitively', async () => {
      expect(await found({ query: 'HOBBIT' })).toEqual(['hobbit'])
    })

    it('ignores accents on both sides', async () => {
      expect(await found({ query: 'bronte' })).toEqual(['wuthering'])
      expect(await found({ query: 'Brontë' })).toEqual(['wuthering'])
      expect(await found({ query: 'marquez anos' })).toEqual(['soledad'])
    })

    it('requires every word', async () => {
      expect(await found({ query: 'hobbit prejudice' })).toEqual([])
      expect(await found({ query: 'wuthering heights' })).toEqual(['wuthering'])
    })

    it('reads the last word as a prefix, the others as whole words', async () => {
      expect(await found({ query: 'hobb' })).toEqual(['hobbit'])
      expect(await found({ query: 'the hobb' })).toEqual(['hobbit'])
      expect(await found({ query: 'quokka cart' })).toEqual(['posted'])
      expect(await found({ query: 'hobb the' })).not.toContain('hobbit')
    })

    it('forgives one wrong, missing, extra or swapped letter', async () => {
      expect((await found({ query: 'pride prejudise' }))[0]).toBe('pride')
      expect(await found({ query: 'tolkein' })).toEqual(['hobbit'])
      expect(await found({ query: 'hobit' })).toEqual(['hobbit'])
      expect(await found({ query: 'wutherring heights' })).toEqual(['wuthering'])
      expect(await found({ query: 'zauberbreg' })).toEqual(['zauberberg'])
    })

    it('does not stretch a known word to its neighbours', async () => {
      // 'heights' is indexed, so it is not read as a typo of anything else.
      expect(await found({ query: 'heights' })).toEqual(['wuthering'])
    })

    it('searches author, genre and description with type all', async () => {
      expect(await found({ query: 'austen' })).toEqual(['pride'])
      expect(await found({ query: 'fantasy' })).toEqual(['hobbit'])
      expect(await found({ query: 'baggins' })).toEqual(['hobbit'])
      expect(await found({ query: 'science fiction quokka' })).toEqual(['posted'])
    })

    it('finds a book by its ISBN, with or without hyphens, and by its start', async () => {
      expect(await found({ query: '9780141439518' })).toEqual(['pride'])
      expect(await found({ query: '978-0-14-143951-8' })).toEqual(['pride'])
      expect(await found({ query: '0306406152' })).toEqual(['posted'])
      expect(await found({ query: '0-306-40615-2' })).toEqual(['posted'])
      expect(await found({ query: '978-0-547' })).toEqual(['hobbit'])
    })

    it('with type title searches titles only', async () => {
      expect(await found({ query: 'hobbit', type: 'title' })).toEqual(['hobbit'])
      expect(await found({ query: 'tolkien', type: 'title' })).toEqual([])
      expect(await found({ query: 'baggins', type: 'title' })).toEqual([])
      expect(await found({ query: '9780141439518', type: 'title' })).toEqual([])
      // The description book mentions the words but is not titled so.
      expect(await found({ query: 'pride prejudice', type: 'title' })).toEqual(['pride'])
    })

    it('with type author searches authors only', async () => {
      expect(await found({ query: 'tolkien', type: 'author' })).toEqual(['hobbit'])
      expect(await found({ query: 'tolk', type: 'author' })).toEqual(['hobbit'])
      expect(await found({ query: 'hobbit', type: 'author' })).toEqual([])
      expect(await found({ query: 'bronte', type: 'author' })).toEqual(['wuthering'])
    })

    it('ranks title matches above description matches, whatever the ratings', async () => {
      const { books } = await search(q({ query: 'pride prejudice' }))
      expect(keysOf(books)).toEqual(['pride', 'manners'])
      expect(books[0]!._id).toBe(c.pride.id)
    })

    it('breaks equal relevance by rating', async () => {
      expect(await found({ query: 'lantern tide' })).toEqual(['lanternB', 'lanternA'])
    })

    it.each([
      '%_\'"\\*()[]{}^$|?+.:-',
      'OR',
      'NEAR',
      '"',
      'hobbit OR',
      'OR hobbit',
      'NEAR(hobbit tolkien)',
      'hobbit NOT tolkien',
      'AND',
      '*',
      'hobbit*',
      '^hobbit',
      'title:hobbit',
      '{title}:hobbit',
      '-hobbit',
      "'; drop table books; --",
      '\\',
      "'':*",
      ':*',
      'hobbit:*A',
      '!&|<->',
      'a & b | !c',
      'hob"bit',
      '(((',
      '💥📚',
      '%',
      '_',
      '..',
      "l'amour",
      '\u0000',
      '  ',
      'x'.repeat(200),
    ])('never fails on %j', async (query) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/books/search?${q({ query })}` })
      expect(res.statusCode, res.body).toBe(200)
      BookListSchema.parse(res.json())
    })

    it('reads operators as plain words', async () => {
      expect(await found({ query: 'hobbit*' })).toEqual(['hobbit'])
      expect(await found({ query: '"the hobbit"' })).toEqual(['hobbit'])
      expect(await found({ query: 'NEAR(hobbit)' })).toEqual([])
      expect(await found({ query: '-tolkien' })).toEqual(['hobbit'])
    })

    it('answers 400 for an over-long query', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/books/search?${q({ query: 'x'.repeat(201) })}` })
      expect(res.statusCode).toBe(400)
      expect(ErrorBodySchema.parse(res.json()).message).toBe('Query must be at most 200 characters')
    })
  })

  describe('the index follows the books', () => {
    const find = async (query: string) => (await search(q({ query }))).books.map((b) => b._id)

    it('re-indexes a book when its genres or text change, and forgets it when it is deleted', async () => {
      const book = await insertBook(ctx.db, { title: 'Gossamer Tollhouse', genres: [], description: 'Bridges.' })
      expect(await find('gossamer')).toEqual([book.id])
      await ctx.db.insertInto('bookGenres').values({ bookId: book.id, genre: 'Thriller' }).execute()
      expect(await find('gossamer thriller')).toEqual([book.id])
      await ctx.db.deleteFrom('bookGenres').where('bookId', '=', book.id).execute()
      expect(await find('gossamer thriller')).toEqual([])
      await ctx.db.updateTable('books').set({ title: 'Velvet Tollhouse' }).where('id', '=', book.id).execute()
      expect(await find('gossamer')).toEqual([])
      expect(await find('velvet tollhouse')).toEqual([book.id])
      await ctx.db.deleteFrom('books').where('id', '=', book.id).execute()
      expect(await find('velvet')).toEqual([])
    })

    it('filters and ranks word matches by each book’s current rating, review count, pages, year and title', async () => {
      const ids = async (params: Record<string, string | number>) => (await search(q(params))).books.map((b) => b._id)
      const a = await insertBook(ctx.db, { title: 'Obsidian Ferryman', pageCount: 300, publishedDate: '2001-01-01' })
      const b = await insertBook(ctx.db, { title: 'Obsidian Ferryman', pageCount: 300, publishedDate: '2001-01-01' })
      expect(await ids({ query: 'obsidian', minRating: 3 })).toEqual([])
      await insertReview(ctx.db, { bookId: a.id, rating: 4 })
      expect(await ids({ query: 'obsidian', minRating: 3 })).toEqual([a.id])
      await insertReview(ctx.db, { bookId: b.id, rating: 5 })
      // Equal relevance: the better rated first.
      expect(await ids({ query: 'obsidian ferryman' })).toEqual([b.id, a.id])
      expect(await ids({ query: 'obsidian', minRating: 4.5 })).toEqual([b.id])
      // Equal rating: the more reviewed first — a dozen reviews also move b up the index's popularity order.
      for (let i = 0; i < 11; i++) await insertReview(ctx.db, { bookId: b.id, rating: 4 })
      await insertReview(ctx.db, { bookId: a.id, rating: 4 })
      await ctx.db.updateTable('books').set({ averageRating: 4 }).where('id', 'in', [a.id, b.id]).execute()
      expect(await ids({ query: 'ferryman' })).toEqual([b.id, a.id])
      expect(await ids({ query: 'ferryman', minRating: 4, maxPages: 300 })).toEqual([b.id, a.id])
      await ctx.db.updateTable('books').set({ pageCount: 500, publishedDate: '1990-06-01' }).where('id', '=', a.id).execute()
      expect(await ids({ query: 'ferryman', minPages: 400 })).toEqual([a.id])
      expect(await ids({ query: 'ferryman', maxYear: 1995 })).toEqual([a.id])
      expect(await ids({ query: 'ferryman', minYear: 2000, genres: 'Fiction' })).toEqual([b.id])
      await ctx.db.updateTable('books').set({ title: 'Basalt Ferryman', averageRating: 1 }).where('id', '=', a.id).execute()
      expect(await ids({ query: 'obsidian' })).toEqual([b.id])
      expect(await ids({ query: 'basalt', minRating: 2 })).toEqual([])
      expect(await ids({ query: 'basalt', maxYear: 1990 })).toEqual([a.id])
    })
  })

  describe('filters', () => {
    const keys = async (params: Record<string, string | number>) => (await found(params)).sort()

    it('genres: any of', async () => {
      expect(await keys({ genres: 'Fantasy' })).toEqual(['hobbit'])
      expect(await keys({ genres: 'Fantasy,Romance' })).toEqual(['hobbit', 'pride', 'wuthering'])
      expect(await keys({ genres: 'science fiction' })).toEqual(['posted'])
    })

    it('categories: any of', async () => {
      expect(await keys({ categories: 'Award Winner' })).toEqual(['soledad'])
      expect(await keys({ categories: 'Award Winner,Indie' })).toEqual(['soledad', 'undated'])
    })

    it('languages: any of', async () => {
      expect(await keys({ languages: 'Spanish' })).toEqual(['soledad'])
      expect(await keys({ languages: 'German,French,Italian' })).toEqual(['posted', 'undated', 'zauberberg'])
    })

    it('pages: inclusive bounds', async () => {
      expect(await keys({ minPages: 432 })).toEqual(['pride', 'zauberberg'])
      expect(await keys({ minPages: 417, maxPages: 432 })).toEqual(['pride', 'soledad'])
      expect(await keys({ maxPages: 199 })).toEqual(['posted'])
    })

    it('minRating: on the average, inclusive', async () => {
      expect(await keys({ minRating: 4.5 })).toEqual(['hobbit', 'manners', 'soledad'])
      expect(await keys({ minRating: 5 })).toEqual(['manners', 'soledad'])
    })

    it('years: inclusive, and a book without a date never matches', async () => {
      expect(await keys({ minYear: 1847, maxYear: 1847 })).toEqual(['wuthering'])
      expect(await keys({ minYear: 1800, maxYear: 1850 })).toEqual(['pride', 'wuthering'])
      expect(await keys({ maxYear: 1813 })).toEqual(['pride'])
      expect(await keys({ minYear: 2019 })).toEqual(['posted'])
      expect(await keys({ minYear: 0, maxYear: 9999 })).not.toContain('undated')
    })

    it('combine with each other and with words', async () => {
      expect(await keys({ genres: 'Fiction,Romance', languages: 'English', minYear: 1800, maxYear: 1900, minPages: 420 })).toEqual(['pride'])
      expect(await keys({ query: 'the', categories: 'Classic' })).toEqual(['hobbit'])
      expect(await keys({ query: 'pride', minRating: 4.5 })).toEqual(['manners'])
      expect(await keys({ query: 'pride', genres: 'Romance' })).toEqual(['pride'])
      expect(await keys({ query: 'lantern', type: 'title', minRating: 3 })).toEqual(['lanternB'])
    })

    it('without words, orders the matches by rating', async () => {
      const { books } = await search(q({ categories: 'Classic' }))
      expect(keysOf(books)).toEqual(['hobbit', 'pride', 'wuthering', 'zauberberg'])
    })

    it('without words or filters, answers the books by rating', async () => {
      const { books, total } = await search('')
      expect(books.length).toBeGreaterThanOrEqual(corpusIds().size)
      expect(total).toBe(String(books.length))
      // Confidence-weighted: five imaginary 3.5★ reviews (decision 0009).
      const weighted = (b: Book) => (b.averageRating * b.totalReviews + 17.5) / (b.totalReviews + 5)
      for (let i = 1; i < books.length; i++) expect(weighted(books[i - 1]!)).toBeGreaterThanOrEqual(weighted(books[i]!) - 1e-9)
      // A query of punctuation alone is no query.
      expect((await search(q({ query: '%_*' }))).books.map((b) => b._id)).toEqual(books.map((b) => b._id))
    })

    it.each([
      [
        'genres=Cookbooks',
        'Unknown genre "Cookbooks"; expected one of Fiction, Non-Fiction, Fantasy, Science Fiction, Mystery, Romance, Biography, History, Thriller, Horror, Self-Help, Business, Poetry, Drama, Adventure, Crime',
      ],
      ['minRating=6', 'Minimum rating must be at most 5'],
      ['minPages=lots', 'Minimum pages must be a number'],
      ['minYear=1999.5', 'Minimum year must be a whole number'],
      ['type=isbn', 'Type must be one of all, title, author'],
      ['limit=0', 'Limit must be at least 1'],
      ['cursor=not-a-cursor', 'Cursor is not one this list gave out'],
      [`cursor=${Buffer.from(JSON.stringify([5000])).toString('base64url')}`, 'Cursor is not one this list gave out'],
      [`cursor=${Buffer.from(JSON.stringify([-1])).toString('base64url')}`, 'Cursor is not one this list gave out'],
    ])('answers 400 for %s', async (qs, message) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/books/search?${qs}` })
      expect(res.statusCode).toBe(400)
      expect(ErrorBodySchema.parse(res.json()).message).toBe(message)
    })
  })

  describe('paging and limits', () => {
    const marker = 'zephyrquillmark'
    beforeAll(async () => {
      // 1,005 books sharing one word, in one statement (the triggers index each row).
      const now = Date.now()
      const rows = Array.from({ length: 1005 }, (_, i) => ({
        id: uuidv7(),
        title: `Filler Volume ${i}`,
        author: 'Batch Author',
        description: `A ${marker} volume.`,
        publishedDate: null,
        pageCount: null,
        isbn: null,
        createdAt: new Date(now + i).toISOString(),
        updatedAt: new Date(now + i).toISOString(),
      }))
      for (let i = 0; i < rows.length; i += 250)
        await ctx.db
          .insertInto('books')
          .values(rows.slice(i, i + 250))
          .execute()
    })

    it('pages through every match exactly once, following Link', async () => {
      const { pages, totals } = await readAllPages(ctx, `/api/books/search?${q({ query: 'lantern tide', limit: 1 })}`, BookListSchema)
      expect(totals).toEqual(['2', '2'])
      expect(pages.flat().map((b) => b._id)).toEqual([c.lanternB.id, c.lanternA.id])
    })

    it('answers every match without a limit, counts exactly past 1,000, and pages on through the rest', async () => {
      const whole = await search(q({ query: marker }))
      expect(whole.books).toHaveLength(1005)
      expect(whole.total).toBe('1005')
      expect(whole.link).toBeUndefined()
      expect(new Set(whole.books.map((b) => b._id)).size).toBe(1005)
      const first = await search(q({ query: marker, limit: 100 }))
      expect(first.total).toBe('1005')
      const seen = new Set(first.books.map((b) => b._id))
      let link = first.link
      let pages = 1
      while (link) {
        const res = await ctx.app.inject({ method: 'GET', url: link })
        expect(res.statusCode).toBe(200)
        expect(res.headers['x-total-count']).toBe('1005')
        for (const b of BookListSchema.parse(res.json())) seen.add(b._id)
        link = nextLink(res.headers.link)
        pages++
      }
      expect(pages).toBe(11)
      expect(seen.size).toBe(1005)
    })

    it('counts a filter-only search exactly past 1,000 too', async () => {
      const dated = await ctx.db
        .selectFrom('books')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('publishedDate', 'is', null)
        .executeTakeFirstOrThrow()
      const all = await search(q({ limit: 1 }))
      const withDate = await search(q({ minYear: 0, maxYear: 9999, limit: 1 }))
      expect(Number(all.total)).toBeGreaterThan(1005)
      expect(Number(withDate.total)).toBe(Number(all.total) - Number(dated.n))
      // Fillers have neither pages nor dates: every match of the marker is counted, none with pages.
      expect((await search(q({ query: marker, maxPages: 100_000, limit: 1 }))).total).toBe('0')
    })

    it('goes on past the 1000th match when more match', async () => {
      const cursor = Buffer.from(JSON.stringify([995])).toString('base64url')
      const res = await ctx.app.inject({ method: 'GET', url: `/api/books/search?${q({ query: marker, limit: 20, cursor })}` })
      expect(BookListSchema.parse(res.json())).toHaveLength(5)
      const rest = await ctx.app.inject({ method: 'GET', url: nextLink(res.headers.link)! })
      expect(BookListSchema.parse(rest.json())).toHaveLength(5)
      expect(rest.headers.link).toBeUndefined()
    })

    it('takes a limit and pages with it through a very common word', async () => {
      const page = await search(q({ query: marker, limit: 7 }))
      expect(page.books).toHaveLength(7)
      const next = await ctx.app.inject({ method: 'GET', url: page.link! })
      const ids = BookListSchema.parse(next.json()).map((b) => b._id)
      expect(ids).toHaveLength(7)
      expect(ids.some((id) => page.books.some((b) => b._id === id))).toBe(false)
    })

    it('answers a filter-only search in pages too, by rating', async () => {
      const { books, total } = await search(q({ languages: 'English', limit: 2 }))
      expect(books).toHaveLength(2)
      expect(Number(total)).toBeGreaterThanOrEqual(5)
      expect(keysOf(books)).toEqual(['manners', 'hobbit'])
    })
  })
})
