import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { BOOK_MESSAGES, BookListSchema, BookSchema, ErrorBodySchema, MESSAGES, type Book } from '@shelfwise/contracts'
import { createUploadsService } from '#/modules/uploads/uploads.service.ts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { callerOf } from '../../../test/support/calls.ts'
import { bookAdder, bookForm } from '../../../test/support/book-form.ts'
import { insertBook, insertRead, insertReview, insertUser, insertWish } from '../../../test/support/factories.ts'
import { plainPng, uploadImage } from '../../../test/support/uploads.ts'

// Catalogue integrity: the reader who added a book can correct it (PUT) and delete it (DELETE) while
// nobody else has it on a list; nobody else can do either; a reader linked as a book's author or
// publisher can remove that credit, and sees the books crediting them on their profile.

const HOUR_MS = 3_600_000

describeEachDialect('correcting and deleting a book', (ctx) => {
  const call = callerOf(ctx)
  const form = bookForm
  const add = bookAdder(ctx)
  const bookOf = async (id: string) => (await call('GET', `/api/books/${id}`)).json() as Book
  const message = (res: { json(): unknown }) => ErrorBodySchema.parse(res.json()).message
  const searchTitles = async (query: string) =>
    BookListSchema.parse((await call('GET', `/api/books/search?query=${encodeURIComponent(query)}&limit=20`)).json()).map((b) => b.title)

  it('tells a signed-in viewer whether they added the book (may edit it) or are credited on it; tells nobody else', async () => {
    const adder = await insertUser(ctx.db)
    const author = await insertUser(ctx.db)
    const stranger = await insertUser(ctx.db)
    const book = await add(adder.token, { author_username: author.username })
    const flags = async (token?: string) => {
      const b = BookSchema.parse((await call('GET', `/api/books/${book._id}`, token)).json())
      return { addedByViewer: b.addedByViewer, creditsViewer: b.creditsViewer }
    }
    expect(await flags(adder.token)).toEqual({ addedByViewer: true, creditsViewer: false })
    expect(await flags(author.token)).toEqual({ addedByViewer: false, creditsViewer: true })
    expect(await flags(stranger.token)).toEqual({ addedByViewer: false, creditsViewer: false })
    expect(await flags()).toEqual({ addedByViewer: undefined, creditsViewer: undefined })
  })

  describe('PUT /api/books/{id}', () => {
    it('accepts a correction with only a title and an author (decision 0037); a bad value elsewhere is a 400 naming it', async () => {
      const adder = await insertUser(ctx.db)
      const book = await add(adder.token)
      const res = await call('PUT', `/api/books/${book._id}`, adder.token, { title: 'The Iliad', author: 'Homer' })
      expect(res.statusCode, res.body).toBe(200)
      expect(BookSchema.parse(res.json())).toMatchObject({ title: 'The Iliad', author: 'Homer', isbn: '', amazonLink: '', edition: '' })
      const bad = await call('PUT', `/api/books/${book._id}`, adder.token, { title: 'The Iliad', author: 'Homer', amazonLink: 'ftp://nowhere' })
      expect(bad.statusCode).toBe(400)
      expect(message(bad)).toMatch(/^Amazon link must be an http\(s\) URL/)
    })

    it('lets the reader who added a book correct it: every field, genres and language as adding spells them', async () => {
      const adder = await insertUser(ctx.db)
      const book = await add(adder.token)
      const res = await call(
        'PUT',
        `/api/books/${book._id}`,
        adder.token,
        form({
          title: 'Lanternwick Tides, Revised',
          author: 'Orla Penhallow-Grey',
          genre: 'romance, Mystery, ROMANCE',
          language: 'FRENCH',
          pageCount: 301,
          publishedDate: '2015-01-20',
          isbn: '9780306406157',
          category: 'Non-Fiction',
          description: 'Now with maps.',
        }),
      )
      expect(res.statusCode, res.body).toBe(200)
      const edited = BookSchema.parse(res.json())
      expect(edited).toMatchObject({
        _id: book._id,
        title: 'Lanternwick Tides, Revised',
        author: 'Orla Penhallow-Grey',
        genre: ['Mystery', 'Romance'],
        language: 'French',
        pageCount: 301,
        publishedDate: '2015-01-20',
        isbn: '9780306406157',
        category: 'Non-Fiction',
        description: 'Now with maps.',
        listed_by_username: adder.username,
        createdAt: book.createdAt,
      })
      expect(edited.updatedAt > book.updatedAt || edited.updatedAt === book.updatedAt).toBe(true)
      expect(await bookOf(book._id)).toMatchObject({ title: 'Lanternwick Tides, Revised', genre: ['Mystery', 'Romance'] })
    })

    it('keeps the ratings and reviews others gave the book', async () => {
      const adder = await insertUser(ctx.db)
      const book = await add(adder.token)
      await insertReview(ctx.db, { bookId: book._id, rating: 4 })
      await insertReview(ctx.db, { bookId: book._id, rating: 5 })
      // Others rely on it now: the title takes a correction (decision 0023), the other fields anything.
      const res = await call('PUT', `/api/books/${book._id}`, adder.token, form({ title: book.title.toUpperCase(), description: 'Corrected blurb.' }))
      expect(res.statusCode, res.body).toBe(200)
      expect(BookSchema.parse(res.json())).toMatchObject({ totalReviews: 2, averageRating: 4.5, description: 'Corrected blurb.' })
    })

    it('answers 404 Book not found to anyone else, and to an absent book, and changes nothing', async () => {
      const adder = await insertUser(ctx.db)
      const other = await insertUser(ctx.db)
      const book = await add(adder.token)
      const theirs = await call('PUT', `/api/books/${book._id}`, other.token, form({ title: 'Taken over' }))
      const absent = await call('PUT', '/api/books/0190a0a0-0000-7000-8000-000000000000', other.token, form())
      for (const res of [theirs, absent]) {
        expect(res.statusCode).toBe(404)
        expect(message(res)).toBe(MESSAGES.bookNotFound)
      }
      expect((await bookOf(book._id)).title).toBe(book.title)
    })

    it('answers 404 for a book seeded without an adder (the demo catalogue), even to its linked author', async () => {
      const author = await insertUser(ctx.db)
      const seeded = await insertBook(ctx.db, { authorUserId: author.id, createdByUserId: null })
      const res = await call('PUT', `/api/books/${seeded.id}`, author.token, form())
      expect(res.statusCode).toBe(404)
    })

    it('answers 401 before looking at the body, and 400 naming the field with adding’s rules', async () => {
      const adder = await insertUser(ctx.db)
      const book = await add(adder.token)
      const anonymous = await call('PUT', `/api/books/${book._id}`, undefined, { title: '' })
      expect(anonymous.statusCode).toBe(401)
      const blank = await call('PUT', `/api/books/${book._id}`, adder.token, form({ title: '  ' }))
      expect(blank.statusCode).toBe(400)
      expect(message(blank)).toMatch(/title/i)
      const pages = await call('PUT', `/api/books/${book._id}`, adder.token, form({ pageCount: -3 }))
      expect(pages.statusCode).toBe(400)
      expect(message(pages)).toMatch(/page/i)
      const unknown = await call('PUT', `/api/books/${book._id}`, adder.token, form({ author_username: 'nobody_by_this_name' }))
      expect(unknown.statusCode).toBe(400)
      expect(message(unknown)).toBe(MESSAGES.userNamed('nobody_by_this_name'))
      expect((await bookOf(book._id)).title).toBe(book.title)
    })

    it('answers 409 when the ISBN is another book’s, and accepts the book’s own ISBN again', async () => {
      const adder = await insertUser(ctx.db)
      await add(adder.token, { isbn: '9780140449136' })
      const book = await add(adder.token, { isbn: '9780141439518' })
      const clash = await call('PUT', `/api/books/${book._id}`, adder.token, form({ isbn: '978-0-14-044913-6' }))
      expect(clash.statusCode).toBe(409)
      expect(message(clash)).toBe(BOOK_MESSAGES.isbnTaken)
      const same = await call('PUT', `/api/books/${book._id}`, adder.token, form({ isbn: '9780141439518', title: 'Same ISBN, new title' }))
      expect(same.statusCode, same.body).toBe(200)
    })

    it('moves the book between the adder’s lists when the role changes, and links a named reader', async () => {
      const adder = await insertUser(ctx.db)
      const publisher = await insertUser(ctx.db)
      const book = await add(adder.token, { role: 'none' })
      const res = await call('PUT', `/api/books/${book._id}`, adder.token, form({ role: 'author', publisher_username: publisher.username.toUpperCase() }))
      expect(res.statusCode, res.body).toBe(200)
      expect(BookSchema.parse(res.json())).toMatchObject({ author_username: adder.username, publisher_username: publisher.username, listed_by_username: null })
      const listed = BookListSchema.parse((await call('GET', `/api/users/listed-books/${adder.id}`)).json())
      const created = BookListSchema.parse((await call('GET', `/api/users/created-books/${adder.id}`)).json())
      expect(listed.map((b) => b._id)).not.toContain(book._id)
      expect(created.map((b) => b._id)).toContain(book._id)
    })

    it('is found by its new title at once, and no longer by the old one (search memos included)', async () => {
      const adder = await insertUser(ctx.db)
      const book = await add(adder.token, { title: 'Quimperle Almanac of Winds' })
      // A filters-only search is kept a few seconds; an edit must still show in it at once.
      const byCategory = async () =>
        BookListSchema.parse((await call('GET', '/api/books/search?categories=Technology&languages=Hindi&limit=100')).json()).map((b) => b._id)
      expect(await byCategory()).not.toContain(book._id)
      expect(await searchTitles('Quimperle')).toEqual(['Quimperle Almanac of Winds'])
      const res = await call(
        'PUT',
        `/api/books/${book._id}`,
        adder.token,
        form({ title: 'Vantremont Almanac of Tides', category: 'Technology', language: 'hindi' }),
      )
      expect(res.statusCode, res.body).toBe(200)
      expect(await searchTitles('Quimperle')).toEqual([])
      expect(await searchTitles('Vantremont')).toEqual(['Vantremont Almanac of Tides'])
      expect(await byCategory()).toContain(book._id)
    })
  })

  describe('DELETE /api/books/{id}', () => {
    it('deletes a book nobody else has: 204, then 404, gone from search, lists and counts, with the adder’s own review and shelves', async () => {
      const adder = await insertUser(ctx.db)
      const book = await add(adder.token, { title: 'Ystradgynlais Ferry Notes' })
      expect((await call('POST', `/api/reviews/book/${book._id}`, adder.token, { rating: 5, comment: 'My own book, my own praise.' })).statusCode).toBe(201)
      expect((await call('PUT', `/api/users/addtowishlist/${book._id}`, adder.token)).statusCode).toBe(200)
      expect((await call('PUT', `/api/users/addto-recently-read/${book._id}`, adder.token)).statusCode).toBe(200)
      const totalBefore = Number((await call('GET', '/api/books?limit=1')).headers['x-total-count'])

      const res = await call('DELETE', `/api/books/${book._id}`, adder.token)
      expect(res.statusCode, res.body).toBe(204)
      expect(res.body).toBe('')
      expect((await call('GET', `/api/books/${book._id}`)).statusCode).toBe(404)
      expect(await searchTitles('Ystradgynlais')).toEqual([])
      expect(Number((await call('GET', '/api/books?limit=1')).headers['x-total-count'])).toBe(totalBefore - 1)
      const listed = BookListSchema.parse((await call('GET', `/api/users/listed-books/${adder.id}`)).json())
      expect(listed.map((b) => b._id)).not.toContain(book._id)
      const reviews = (await call('GET', `/api/users/reviews/${adder.id}`)).json() as unknown[]
      expect(reviews).toEqual([])
      const stats = (await call('GET', `/api/users/${adder.id}/stats`, adder.token)).json() as Record<string, unknown>
      expect(stats).toMatchObject({ reviews: 0, readBooks: 0, listedBooks: 0, wishlistCount: 0 })
      expect((await call('DELETE', `/api/books/${book._id}`, adder.token)).statusCode).toBe(404)
    })

    it.each([
      [
        'reviewed',
        async (bookId: string, userId: string) => {
          await insertReview(ctx.db, { bookId, userId, rating: 3 })
        },
      ],
      [
        'wished for',
        async (bookId: string, userId: string) => {
          await insertWish(ctx.db, userId, bookId)
        },
      ],
      [
        'read',
        async (bookId: string, userId: string) => {
          await insertRead(ctx.db, userId, bookId)
        },
      ],
    ])('answers 409 saying why when another reader %s it, and keeps everything', async (_, use) => {
      const adder = await insertUser(ctx.db)
      const reader = await insertUser(ctx.db)
      const book = await add(adder.token)
      await use(book._id, reader.id)
      const res = await call('DELETE', `/api/books/${book._id}`, adder.token)
      expect(res.statusCode).toBe(409)
      expect(message(res)).toBe('Another reader has reviewed or shelved this book, so it can no longer be deleted. You can still edit it.')
      expect((await call('GET', `/api/books/${book._id}`)).statusCode).toBe(200)
    })

    it('counts each other reader once in its message', async () => {
      const adder = await insertUser(ctx.db)
      const [a, b] = [await insertUser(ctx.db), await insertUser(ctx.db)]
      const book = await add(adder.token)
      await insertReview(ctx.db, { bookId: book._id, userId: a.id, rating: 4 })
      await insertWish(ctx.db, a.id, book._id)
      await insertRead(ctx.db, b.id, book._id)
      const res = await call('DELETE', `/api/books/${book._id}`, adder.token)
      expect(message(res)).toBe(BOOK_MESSAGES.inOthersLists(2))
      expect(message(res)).toMatch(/^2 other readers have/)
    })

    it('never deletes a book another reader is shelving or reviewing at that moment: one of the two wins, whole', async () => {
      const adder = await insertUser(ctx.db)
      const reader = await insertUser(ctx.db)
      for (let round = 0; round < 6; round++) {
        const book = await add(adder.token)
        const use =
          round % 2 === 0
            ? call('PUT', `/api/users/addtowishlist/${book._id}`, reader.token)
            : call('POST', `/api/reviews/book/${book._id}`, reader.token, { rating: 4, comment: 'Got here first?' })
        const [deleted, used] = await Promise.all([call('DELETE', `/api/books/${book._id}`, adder.token), use])
        const exists = (await call('GET', `/api/books/${book._id}`)).statusCode === 200
        if (deleted.statusCode === 204) {
          expect(used.statusCode, used.body).toBe(404)
          expect(exists).toBe(false)
        } else {
          expect(deleted.statusCode, deleted.body).toBe(409)
          expect([200, 201]).toContain(used.statusCode)
          expect(exists).toBe(true)
        }
      }
    })

    it('answers 404 to anyone else and to an anonymous caller 401, and keeps the book', async () => {
      const adder = await insertUser(ctx.db)
      const other = await insertUser(ctx.db)
      const book = await add(adder.token)
      const theirs = await call('DELETE', `/api/books/${book._id}`, other.token)
      expect(theirs.statusCode).toBe(404)
      expect(message(theirs)).toBe(MESSAGES.bookNotFound)
      expect((await call('DELETE', `/api/books/${book._id}`)).statusCode).toBe(401)
      expect((await call('DELETE', '/api/books/not-an-id', adder.token)).statusCode).toBe(400)
      expect((await call('GET', `/api/books/${book._id}`)).statusCode).toBe(200)
    })
  })

  describe('covers', () => {
    let image: Buffer
    beforeAll(async () => {
      image = await plainPng(32, 48, { r: 150, g: 40, b: 40 })
    })
    const upload = async (token: string) => (await uploadImage(ctx.app, token, image, 'cover.png')).replace('/uploads/', '')
    const onDisk = (name: string) => existsSync(join(ctx.config.uploadsDir, name))
    const sweepLater = () => createUploadsService({ db: ctx.db, config: ctx.config }).sweep(new Date(Date.now() + 2 * HOUR_MS))

    it('removes a replaced cover after the grace time, keeps the new one, and removes a deleted book’s cover', async () => {
      const adder = await insertUser(ctx.db)
      const first = await upload(adder.token)
      const second = await upload(adder.token)
      const book = await add(adder.token, { coverImage: `https://shelfwise.example/uploads/${first}` })
      const res = await call('PUT', `/api/books/${book._id}`, adder.token, form({ coverImage: `https://shelfwise.example/uploads/${second}` }))
      expect(res.statusCode, res.body).toBe(200)
      let removed = await sweepLater()
      expect(removed).toContain(first)
      expect(removed).not.toContain(second)
      expect(onDisk(second)).toBe(true)

      expect((await call('DELETE', `/api/books/${book._id}`, adder.token)).statusCode).toBe(204)
      removed = await sweepLater()
      expect(removed).toContain(second)
      expect(onDisk(second)).toBe(false)
    })
  })

  describe('credits', () => {
    it('shows the books crediting a reader on their profile, and lets them remove the credit; the printed names stay', async () => {
      const adder = await insertUser(ctx.db)
      const author = await insertUser(ctx.db)
      const book = await add(adder.token, { author_username: author.username, publisher_username: author.username })
      const credited = await call('GET', `/api/users/credited-books/${author.id}?limit=10`)
      expect(credited.statusCode).toBe(200)
      expect(credited.headers['x-total-count']).toBe('1')
      expect(BookListSchema.parse(credited.json()).map((b) => b._id)).toEqual([book._id])
      const mine = BookListSchema.parse((await call('GET', '/api/users/credited-books', author.token)).json())
      expect(mine.map((b) => b._id)).toEqual([book._id])

      const res = await call('DELETE', `/api/books/${book._id}/credit`, author.token)
      expect(res.statusCode, res.body).toBe(200)
      expect(BookSchema.parse(res.json())).toMatchObject({ author: book.author, publisher: book.publisher, author_username: null, publisher_username: null })
      expect(BookListSchema.parse((await call('GET', `/api/users/credited-books/${author.id}`)).json())).toEqual([])
      // The adder still has it on their Listed books.
      expect(BookListSchema.parse((await call('GET', `/api/users/listed-books/${adder.id}`)).json()).map((b) => b._id)).toContain(book._id)
    })

    it('answers 404 when the caller is not credited, or the book is absent, and changes nothing', async () => {
      const adder = await insertUser(ctx.db)
      const author = await insertUser(ctx.db)
      const stranger = await insertUser(ctx.db)
      const book = await add(adder.token, { author_username: author.username })
      for (const res of [
        await call('DELETE', `/api/books/${book._id}/credit`, stranger.token),
        await call('DELETE', `/api/books/${book._id}/credit`, adder.token),
        await call('DELETE', '/api/books/0190a0a0-0000-7000-8000-000000000000/credit', author.token),
      ]) {
        expect(res.statusCode).toBe(404)
        expect(message(res)).toBe(BOOK_MESSAGES.notCredited)
      }
      expect((await bookOf(book._id)).author_username).toBe(author.username)
      expect((await call('DELETE', `/api/books/${book._id}/credit`)).statusCode).toBe(401)
    })

    it('keeps a book its adder credited to themself on their profile (Listed) after they remove the credit, still theirs to edit', async () => {
      const adder = await insertUser(ctx.db)
      const book = await add(adder.token, { role: 'author' })
      expect(BookListSchema.parse((await call('GET', `/api/users/created-books/${adder.id}`)).json()).map((b) => b._id)).toContain(book._id)
      expect((await call('DELETE', `/api/books/${book._id}/credit`, adder.token)).statusCode).toBe(200)
      expect(BookListSchema.parse((await call('GET', `/api/users/created-books/${adder.id}`)).json()).map((b) => b._id)).not.toContain(book._id)
      expect(BookListSchema.parse((await call('GET', `/api/users/listed-books/${adder.id}`)).json()).map((b) => b._id)).toContain(book._id)
      expect((await call('PUT', `/api/books/${book._id}`, adder.token, form({ title: 'Still mine' }))).statusCode).toBe(200)
    })
  })
})
