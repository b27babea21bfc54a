import { describe, expect, it } from 'vitest'
import { v7 as uuidv7 } from 'uuid'
import { BOOK_MESSAGES, BookListSchema, BookSchema, ErrorBodySchema, MESSAGES, type Book } from '@shelfwise/contracts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { nextLink } from '../../../test/support/paging.ts'
import { bearer, insertBook, insertRead, insertReview, insertUser, insertWish } from '../../../test/support/factories.ts'

describeEachDialect('books routes', (ctx) => {
  const get = (url: string, token?: string) => ctx.app.inject({ method: 'GET', url, ...(token ? { headers: bearer(token) } : {}) })
  const post = (payload: Record<string, unknown>, token?: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/books', payload, ...(token ? { headers: bearer(token) } : {}) })
  let seq = 0
  const form = (overrides: Record<string, unknown> = {}) => ({
    title: `Quillfeather Almanac ${++seq}`,
    author: 'Ysolde Marrick',
    description: 'Tide tables and recipes of a coastal town.',
    coverImage: 'https://covers.example/quillfeather.jpg',
    publisher: 'Harbour Lamp Press',
    publishedDate: '2011-04-05',
    language: 'English',
    edition: 'First',
    pageCount: 310,
    amazonLink: 'https://www.amazon.example/dp/quillfeather',
    isbn: '',
    genre: 'Fantasy, Adventure',
    category: 'Fiction',
    role: 'none',
    ...overrides,
  })
  const rowOf = (id: string) =>
    ctx.db
      .selectFrom('books')
      .select(['authorUserId', 'publisherUserId', 'listedByUserId', 'createdByUserId', 'averageRating', 'totalReviews'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()

  describe('GET /api/books', () => {
    it('answers every book without a limit, with X-Total-Count and the contract shape', async () => {
      const book = await insertBook(ctx.db, { title: 'Marrowgate Ledger', genres: ['Mystery', 'Crime'], publishedDate: null, pageCount: null })
      const res = await get('/api/books')
      expect(res.statusCode).toBe(200)
      const books = BookListSchema.parse(res.json())
      expect(res.headers['x-total-count']).toBe(String(books.length))
      expect(res.headers.link).toBeUndefined()
      expect(books.find((b) => b._id === book.id)).toMatchObject({
        title: 'Marrowgate Ledger',
        genre: ['Crime', 'Mystery'],
        publishedDate: null,
        pageCount: null,
        averageRating: 0,
        totalReviews: 0,
        author_username: null,
        publisher_username: null,
        listed_by_username: null,
      })
    })

    it('sorts newest first by default', async () => {
      const older = await insertBook(ctx.db, { createdAt: '2001-01-01T00:00:00.000Z' })
      const newer = await insertBook(ctx.db, { createdAt: '2031-01-01T00:00:00.000Z' })
      const ids = BookListSchema.parse((await get('/api/books')).json()).map((b) => b._id)
      expect(ids[0]).toBe(newer.id)
      expect(ids.indexOf(older.id)).toBeGreaterThan(0)
    })

    describe('paging', () => {
      // Ties on every sort key, so only the id tie-break keeps the order total.
      const seed = async () => {
        const at = '2020-06-01T12:00:00.000Z'
        const made = [
          await insertBook(ctx.db, { title: 'Ashen Orchard', createdAt: at, publishedDate: '1999-03-03' }),
          await insertBook(ctx.db, { title: 'ashen orchard', createdAt: at, publishedDate: '1999-03-03' }),
          await insertBook(ctx.db, { title: 'Brindle Moor', createdAt: at, publishedDate: null }),
          await insertBook(ctx.db, { title: 'Brindle Moor', createdAt: at, publishedDate: null }),
          await insertBook(ctx.db, { title: 'Cobalt Weir', createdAt: at, publishedDate: '2024-12-31' }),
          await insertBook(ctx.db, { title: 'Dun Heron', publishedDate: '1999-03-03' }),
          await insertBook(ctx.db, { title: 'Ermine Quay', publishedDate: null }),
        ]
        // Equal averages with different counts, and equal averages with equal counts.
        for (const b of made.slice(0, 4)) await insertReview(ctx.db, { bookId: b.id, rating: 4 })
        await insertReview(ctx.db, { bookId: made[0]!.id, rating: 4 })
        return made
      }

      async function walk(url: string) {
        const seen: Book[] = []
        let next: string | undefined = url
        let total: string | undefined
        for (let pages = 0; next && pages < 1000; pages++) {
          const res = await get(next)
          expect(res.statusCode).toBe(200)
          const page = BookListSchema.parse(res.json())
          total ??= String(res.headers['x-total-count'])
          expect(String(res.headers['x-total-count'])).toBe(total)
          seen.push(...page)
          next = nextLink(res.headers.link)
        }
        return { seen, total: Number(total) }
      }

      it.each(['recent', 'published', 'rating', 'title'])('pages through every book exactly once, in the full list’s order, sorted by %s', async (sort) => {
        const made = await seed()
        const full = BookListSchema.parse((await get(`/api/books?sort=${sort}`)).json())
        const { seen, total } = await walk(`/api/books?sort=${sort}&limit=3`)
        expect(seen.map((b) => b._id)).toEqual(full.map((b) => b._id))
        expect(new Set(seen.map((b) => b._id)).size).toBe(seen.length)
        expect(total).toBe(full.length)
        for (const b of made) expect(seen.filter((s) => s._id === b.id)).toHaveLength(1)
      })

      it('orders each sort as documented', async () => {
        await seed()
        const list = async (sort: string) => BookListSchema.parse((await get(`/api/books?sort=${sort}`)).json())

        const recent = await list('recent')
        for (let i = 1; i < recent.length; i++) expect(recent[i - 1]!.createdAt >= recent[i]!.createdAt).toBe(true)

        const published = await list('published')
        const firstUndated = published.findIndex((b) => b.publishedDate === null)
        expect(firstUndated).toBeGreaterThan(0)
        expect(published.slice(firstUndated).every((b) => b.publishedDate === null)).toBe(true)
        const dated = published.slice(0, firstUndated).map((b) => b.publishedDate!)
        expect(dated).toEqual([...dated].sort().reverse())

        const rated = await list('rating')
        for (let i = 1; i < rated.length; i++) {
          const [a, b] = [rated[i - 1]!, rated[i]!]
          expect(a.averageRating > b.averageRating || (a.averageRating === b.averageRating && a.totalReviews >= b.totalReviews)).toBe(true)
        }

        const titles = (await list('title')).map((b) => b.title.toLowerCase())
        expect(titles).toEqual([...titles].sort())
      })

      it('answers a page with X-Total-Count of the whole catalogue and a Link to the next page', async () => {
        await seed()
        const all = BookListSchema.parse((await get('/api/books')).json())
        const res = await get('/api/books?limit=2')
        expect(BookListSchema.parse(res.json())).toHaveLength(2)
        expect(res.headers['x-total-count']).toBe(String(all.length))
        const link = nextLink(res.headers.link)
        expect(link).toMatch(/^\/api\/books\?limit=2&cursor=/)
      })

      it.each([
        ['/api/books?sort=popular', 'Sort must be one of recent, published, rating, title'],
        ['/api/books?limit=0', 'Limit must be at least 1'],
        ['/api/books?limit=101', 'Limit must be at most 100'],
        ['/api/books?limit=2&cursor=not-a-cursor', 'Cursor is not one this list gave out'],
        [`/api/books?limit=2&cursor=${Buffer.from(JSON.stringify(['yesterday', 'x'])).toString('base64url')}`, 'Cursor is not one this list gave out'],
        [`/api/books?sort=rating&limit=2&cursor=${Buffer.from(JSON.stringify(['x', 'y'])).toString('base64url')}`, 'Cursor is not one this list gave out'],
      ])('answers 400 for %s', async (url, message) => {
        const res = await get(url)
        expect(res.statusCode).toBe(400)
        expect(ErrorBodySchema.parse(res.json()).message).toBe(message)
      })

      it('refuses a cursor of another sort with 400', async () => {
        await seed()
        const link = nextLink((await get('/api/books?sort=rating&limit=1')).headers.link)!
        const cursor = new URL(link, 'http://x').searchParams.get('cursor')!
        const res = await get(`/api/books?sort=recent&limit=1&cursor=${cursor}`)
        expect(res.statusCode).toBe(400)
      })
    })
  })

  describe('GET /api/books/:id', () => {
    it('answers the book to an anonymous viewer, without list flags', async () => {
      const book = await insertBook(ctx.db, { title: 'Saltmarsh Cartography', genres: ['History'], isbn: '0306406152' })
      const res = await get(`/api/books/${book.id}`)
      expect(res.statusCode).toBe(200)
      const body = BookSchema.parse(res.json())
      expect(body).toMatchObject({ _id: book.id, title: 'Saltmarsh Cartography', genre: ['History'], isbn: '0306406152' })
      expect(res.json()).not.toHaveProperty('inWishlist')
      expect(res.json()).not.toHaveProperty('inRecentlyRead')
    })

    it('tells a signed-in viewer whether the book is on their wishlist and recently-read list', async () => {
      const book = await insertBook(ctx.db)
      const reader = await insertUser(ctx.db)
      const other = await insertUser(ctx.db)
      await insertWish(ctx.db, other.id, book.id)
      await insertRead(ctx.db, other.id, book.id)
      expect(BookSchema.parse((await get(`/api/books/${book.id}`, reader.token)).json())).toMatchObject({ inWishlist: false, inRecentlyRead: false })
      await insertWish(ctx.db, reader.id, book.id)
      expect(BookSchema.parse((await get(`/api/books/${book.id}`, reader.token)).json())).toMatchObject({ inWishlist: true, inRecentlyRead: false })
      await insertRead(ctx.db, reader.id, book.id)
      expect(BookSchema.parse((await get(`/api/books/${book.id}`, reader.token)).json())).toMatchObject({ inWishlist: true, inRecentlyRead: true })
    })

    it('treats a bad token as anonymous', async () => {
      const book = await insertBook(ctx.db)
      const res = await get(`/api/books/${book.id}`, 'not.a.token')
      expect(res.statusCode).toBe(200)
      expect(res.json()).not.toHaveProperty('inWishlist')
    })

    it('answers 404 Book not found for an absent id and 400 for a malformed one', async () => {
      const absent = await get(`/api/books/${uuidv7()}`)
      expect(absent.statusCode).toBe(404)
      expect(absent.json()).toEqual({ message: MESSAGES.bookNotFound, code: 'not_found' })
      const malformed = await get('/api/books/not-an-id')
      expect(malformed.statusCode).toBe(400)
      expect(ErrorBodySchema.parse(malformed.json())).toMatchObject({ message: 'Id must be a valid id', code: 'validation_failed' })
    })
  })

  describe('POST /api/books', () => {
    it('answers 401 without a token, before looking at the body', async () => {
      for (const payload of [form(), { title: '' }]) {
        const res = await post(payload)
        expect(res.statusCode).toBe(401)
        expect(res.json()).toEqual({ message: MESSAGES.authRequired, code: 'unauthorized' })
      }
      const bad = await post(form(), 'not.a.token')
      expect(bad.statusCode).toBe(401)
    })

    it('answers 201 with the stored book, which GET then answers too', async () => {
      const me = await insertUser(ctx.db)
      const res = await post(
        form({ title: '  Lanternfish Atlas  ', genre: 'fantasy, Adventure , ,Fantasy, Sea Shanties', language: 'english', isbn: '978-0-14-143951-8' }),
        me.token,
      )
      expect(res.statusCode).toBe(201)
      const book = BookSchema.parse(res.json())
      expect(book).toMatchObject({
        title: 'Lanternfish Atlas',
        author: 'Ysolde Marrick',
        publisher: 'Harbour Lamp Press',
        publishedDate: '2011-04-05',
        language: 'English',
        edition: 'First',
        pageCount: 310,
        isbn: '9780141439518',
        category: 'Fiction',
        coverImage: 'https://covers.example/quillfeather.jpg',
        amazonLink: 'https://www.amazon.example/dp/quillfeather',
        averageRating: 0,
        totalReviews: 0,
      })
      expect([...book.genre].sort()).toEqual(['Adventure', 'Fantasy', 'Sea Shanties'])
      // GET adds the book's discussion count (issue 23).
      expect(BookSchema.parse((await get(`/api/books/${book._id}`)).json())).toEqual({ ...book, discussionCount: 0 })
    })

    it('sets ids, ratings, counts and timestamps itself, whatever the client sends', async () => {
      const me = await insertUser(ctx.db)
      const before = Date.now()
      const sentId = uuidv7()
      const res = await post(
        form({
          _id: sentId,
          averageRating: 5,
          totalReviews: 99,
          createdAt: '1999-01-01T00:00:00.000Z',
          updatedAt: '1999-01-01T00:00:00.000Z',
          listed_by_username: 'someone_else',
          created_by_user_id: uuidv7(),
        }),
        me.token,
      )
      expect(res.statusCode).toBe(201)
      const book = BookSchema.parse(res.json())
      expect(book._id).not.toBe(sentId)
      expect(book).toMatchObject({ averageRating: 0, totalReviews: 0, listed_by_username: me.username })
      expect(Date.parse(book.createdAt)).toBeGreaterThanOrEqual(before - 1000)
      expect(book.updatedAt).toBe(book.createdAt)
      expect(await rowOf(book._id)).toMatchObject({ createdByUserId: me.id, totalReviews: 0 })
      expect((await get(`/api/books/${sentId}`)).statusCode).toBe(404)
    })

    it('leaves optional fields empty', async () => {
      const me = await insertUser(ctx.db)
      const res = await post({ title: 'Bare Minimum Hymnal', author: 'Odo Venn' }, me.token)
      expect(res.statusCode).toBe(201)
      expect(BookSchema.parse(res.json())).toMatchObject({
        description: '',
        coverImage: '',
        publisher: '',
        publishedDate: null,
        pageCount: null,
        isbn: '',
        genre: [],
        category: '',
        listed_by_username: me.username,
      })
    })

    it.each([
      [{ title: undefined }, 'Title is required'],
      [{ title: '   ' }, 'Title is required'],
      [{ author: '' }, 'Author is required'],
      [{ coverImage: 'ftp://covers.example/x.jpg' }, 'Cover image URL must be an http(s) URL'],
      [{ amazonLink: 'javascript:alert(1)' }, 'Amazon link must be an http(s) URL'],
      [
        { category: 'Cookbooks' },
        'Category must be one of Bestseller, New Release, Award Winner, Classic, Contemporary, Indie, Local Author, Fiction, Non-Fiction, Educational, Biography, Science, Technology, Other',
      ],
      [{ pageCount: 0 }, 'Page count must be at least 1'],
      [{ pageCount: 'many' }, 'Page count must be a number'],
      [{ publishedDate: '2021-02-30' }, 'Published date must be a date like 1999-12-31'],
      [{ publishedDate: 'last spring' }, 'Published date must be a date like 1999-12-31'],
      [{ isbn: '12345' }, 'ISBN must be an ISBN-10 or ISBN-13'],
      [{ role: 'editor' }, 'Role must be one of author, publisher, none'],
    ])('answers 400 naming the field for %j', async (change, message) => {
      const me = await insertUser(ctx.db)
      const res = await post(form(change), me.token)
      expect(res.statusCode).toBe(400)
      expect(ErrorBodySchema.parse(res.json())).toMatchObject({ message, code: 'validation_failed' })
    })

    it('ignores rating fields rather than refusing them', async () => {
      const me = await insertUser(ctx.db)
      const res = await post(form({ averageRating: 'five', totalReviews: -3 }), me.token)
      expect(res.statusCode).toBe(201)
      expect(BookSchema.parse(res.json())).toMatchObject({ averageRating: 0, totalReviews: 0 })
    })

    it('takes genres as a list or a comma-separated string', async () => {
      const me = await insertUser(ctx.db)
      const asList = BookSchema.parse((await post(form({ genre: ['Horror', ' Poetry '] }), me.token)).json())
      expect(asList.genre).toEqual(['Horror', 'Poetry'])
      const asText = BookSchema.parse((await post(form({ genre: 'Horror,Poetry,' }), me.token)).json())
      expect(asText.genre).toEqual(['Horror', 'Poetry'])
    })

    it('answers 400 User "{name}" not found for an unknown author or publisher username', async () => {
      const me = await insertUser(ctx.db)
      for (const field of ['author_username', 'publisher_username']) {
        const res = await post(form({ [field]: 'ghost_of_marrick' }), me.token)
        expect(res.statusCode).toBe(400)
        expect(res.json()).toEqual({ message: MESSAGES.userNamed('ghost_of_marrick'), code: 'bad_request' })
      }
    })

    it('answers 409 for an ISBN already taken, hyphens or not, and stores nothing', async () => {
      const me = await insertUser(ctx.db)
      const first = await post(form({ isbn: '0-19-852663-6' }), me.token)
      expect(first.statusCode).toBe(201)
      const title = 'Second Copy Of The Same Isbn'
      const again = await post(form({ title, isbn: '0198526636' }), me.token)
      expect(again.statusCode).toBe(409)
      expect(again.json()).toEqual({ message: BOOK_MESSAGES.isbnTaken, code: 'conflict' })
      const stored = await ctx.db.selectFrom('books').select('id').where('title', '=', title).execute()
      expect(stored).toEqual([])
      // Books without an ISBN never collide.
      expect((await post(form({ isbn: '' }), me.token)).statusCode).toBe(201)
      expect((await post(form({ isbn: '' }), me.token)).statusCode).toBe(201)
    })

    describe('role: whose Created or Listed list the book lands on', () => {
      it('role none: the submitter is the lister; named author and publisher are linked', async () => {
        const me = await insertUser(ctx.db)
        const writer = await insertUser(ctx.db)
        const house = await insertUser(ctx.db)
        const res = await post(form({ role: 'none', author_username: writer.username.toUpperCase(), publisher_username: house.username }), me.token)
        const book = BookSchema.parse(res.json())
        expect(book).toMatchObject({ listed_by_username: me.username, author_username: writer.username, publisher_username: house.username })
        expect(await rowOf(book._id)).toMatchObject({ createdByUserId: me.id, listedByUserId: me.id, authorUserId: writer.id, publisherUserId: house.id })
      })

      it('role author: the submitter is the author (even without author_username), not the lister', async () => {
        const me = await insertUser(ctx.db)
        const house = await insertUser(ctx.db)
        const book = BookSchema.parse((await post(form({ role: 'author', publisher_username: house.username }), me.token)).json())
        expect(book).toMatchObject({ author_username: me.username, publisher_username: house.username, listed_by_username: null })
        expect(await rowOf(book._id)).toMatchObject({ createdByUserId: me.id, listedByUserId: null, authorUserId: me.id, publisherUserId: house.id })
      })

      it('role publisher: the submitter is the publisher, not the lister', async () => {
        const me = await insertUser(ctx.db)
        const book = BookSchema.parse((await post(form({ role: 'publisher', publisher_username: me.username }), me.token)).json())
        expect(book).toMatchObject({ publisher_username: me.username, author_username: null, listed_by_username: null })
        expect(await rowOf(book._id)).toMatchObject({ createdByUserId: me.id, listedByUserId: null, publisherUserId: me.id, authorUserId: null })
      })

      it('without a role: naming yourself as author (any case) means author, as publisher means publisher, else none', async () => {
        const me = await insertUser(ctx.db)
        const other = await insertUser(ctx.db)
        const asAuthor = BookSchema.parse((await post(form({ role: undefined, author_username: me.username.toUpperCase() }), me.token)).json())
        expect(await rowOf(asAuthor._id)).toMatchObject({ createdByUserId: me.id, listedByUserId: null, authorUserId: me.id })
        const asPublisher = BookSchema.parse(
          (await post(form({ role: undefined, author_username: other.username, publisher_username: me.username }), me.token)).json(),
        )
        expect(await rowOf(asPublisher._id)).toMatchObject({ createdByUserId: me.id, listedByUserId: null, publisherUserId: me.id, authorUserId: other.id })
        const asLister = BookSchema.parse((await post(form({ role: undefined, author_username: other.username }), me.token)).json())
        expect(asLister).toMatchObject({ listed_by_username: me.username, author_username: other.username })
        expect(await rowOf(asLister._id)).toMatchObject({ createdByUserId: me.id, listedByUserId: me.id, authorUserId: other.id })
      })
    })
  })
})
