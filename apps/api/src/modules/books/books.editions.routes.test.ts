import { describe, expect, it } from 'vitest'
import { v7 as uuidv7 } from 'uuid'
import {
  AccountExportSchema,
  BOOK_MESSAGES,
  BookDuplicateListSchema,
  BookListSchema,
  BookSchema,
  EDITION_MESSAGES,
  EditionListSchema,
  EditionSchema,
  ErrorBodySchema,
  MESSAGES,
  READING_MESSAGES,
  ReadingEntrySchema,
  ReviewListSchema,
  ReviewSchema,
} from '@shelfwise/contracts'
import { createBooksService } from '#/modules/books/books.service.ts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { nextLink } from '../../../test/support/paging.ts'
import { bearer, insertBook, insertReview, insertUser } from '../../../test/support/factories.ts'

// Works and editions (decision 0027): a book is a work showing its primary edition; readers add
// other editions; every call taking a book id takes an edition's id too and answers its work.

describeEachDialect('works and editions', (ctx) => {
  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
  const call = (method: Method, url: string, token?: string, payload?: unknown) =>
    ctx.app.inject({ method, url, ...(token ? { headers: bearer(token) } : {}), ...(payload === undefined ? {} : { payload: payload as object }) })
  const expectError = (res: Awaited<ReturnType<typeof call>>, status: number, message: string | RegExp) => {
    expect(res.statusCode, res.body).toBe(status)
    expect(ErrorBodySchema.parse(res.json()).message).toMatch(message)
  }
  // Distinct valid ISBNs for each test: 978-0-00-<6 digits>-check.
  let isbnSeq = 100_000
  const checked13 = (twelve: string) => {
    const sum = [...twelve].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0)
    return `${twelve}${(10 - (sum % 10)) % 10}`
  }
  const newIsbn13 = () => checked13(`978000${++isbnSeq}`)
  /** The ISBN-10 of a 978 ISBN-13. */
  const isbn10Of = (isbn13: string) => {
    const nine = isbn13.slice(3, 12)
    const sum = [...nine].reduce((s, d, i) => s + Number(d) * (10 - i), 0)
    const check = (11 - (sum % 11)) % 11
    return `${nine}${check === 10 ? 'X' : check}`
  }
  const addEdition = (workId: string, token: string, body: Record<string, unknown>) => call('POST', `/api/books/${workId}/editions`, token, body)
  /** A work with an edition added by a reader; answers both. */
  const workWithEdition = async (edition: Record<string, unknown> = {}) => {
    const reader = await insertUser(ctx.db)
    const work = await insertBook(ctx.db, {
      title: `Emma ${uuidv7().slice(-6)}`,
      author: 'Jane Austen',
      pageCount: 474,
      isbn: newIsbn13(),
      coverImage: 'https://covers.example/emma.jpg',
    })
    const res = await addEdition(work.id, reader.token, {
      isbn: newIsbn13(),
      format: 'paperback',
      pageCount: 512,
      publisher: 'Penguin Classics',
      publishedDate: '2003-05-01',
      language: 'English',
      edition: 'Penguin Classics',
      ...edition,
    })
    expect(res.statusCode, res.body).toBe(201)
    return { reader, work, edition: EditionSchema.parse(res.json()) }
  }

  describe('a book as it was', () => {
    it('is one work with one edition: editionCount 1, editionId and workId its own id, format null', async () => {
      const book = await insertBook(ctx.db, { title: 'Lantern Tide', isbn: newIsbn13() })
      const res = await call('GET', `/api/books/${book.id}`)
      expect(res.statusCode).toBe(200)
      expect(BookSchema.parse(res.json())).toMatchObject({
        _id: book.id,
        workId: book.id,
        editionId: book.id,
        format: null,
        audioSeconds: null,
        editionCount: 1,
      })
      const editions = await call('GET', `/api/books/${book.id}/editions`)
      expect(editions.statusCode).toBe(200)
      expect(editions.headers['x-total-count']).toBe('1')
      expect(EditionListSchema.parse(editions.json())).toEqual([
        {
          _id: book.id,
          workId: book.id,
          isbn: book.isbn,
          format: null,
          pageCount: 320,
          audioSeconds: null,
          language: 'English',
          publisher: 'Test Press',
          publishedDate: '2001-05-17',
          edition: 'First',
          coverImage: '',
          primary: true,
        },
      ])
    })

    it('answers 404 Book not found for editions of an absent book', async () => {
      expectError(await call('GET', `/api/books/${uuidv7()}/editions`), 404, MESSAGES.bookNotFound)
      const reader = await insertUser(ctx.db)
      expectError(await addEdition(uuidv7(), reader.token, { isbn: newIsbn13() }), 404, MESSAGES.bookNotFound)
    })
  })

  describe('POST /api/books/{id}/editions', () => {
    it('answers 401 without a token, before the body', async () => {
      const book = await insertBook(ctx.db)
      const res = await call('POST', `/api/books/${book.id}/editions`, undefined, { isbn: 'nonsense' })
      expect(res.statusCode).toBe(401)
    })

    it('adds an edition, kept with its ISBN-13, and the work then counts two editions', async () => {
      const isbn = newIsbn13()
      const { work, edition } = await workWithEdition({ isbn: isbn10Of(isbn) })
      expect(edition).toEqual({
        _id: expect.any(String),
        workId: work.id,
        isbn,
        format: 'paperback',
        pageCount: 512,
        audioSeconds: null,
        language: 'English',
        publisher: 'Penguin Classics',
        publishedDate: '2003-05-01',
        edition: 'Penguin Classics',
        coverImage: '',
        primary: false,
      })
      expect(BookSchema.parse((await call('GET', `/api/books/${work.id}`)).json())).toMatchObject({ editionCount: 2, editionId: work.id })
    })

    it('requires an ISBN unless the format is ebook or audiobook, checks its check digit, and keeps audio length for audiobooks', async () => {
      const reader = await insertUser(ctx.db)
      const work = await insertBook(ctx.db)
      expectError(await addEdition(work.id, reader.token, { format: 'paperback' }), 400, 'ISBN is required, unless the format is ebook or audiobook')
      expectError(await addEdition(work.id, reader.token, { isbn: '9780000000001' }), 400, EDITION_MESSAGES.isbnCheckDigit)
      expectError(await addEdition(work.id, reader.token, { isbn: '12345' }), 400, 'ISBN must be an ISBN-10 or ISBN-13')
      expectError(
        await addEdition(work.id, reader.token, { isbn: newIsbn13(), format: 'scroll' }),
        400,
        /^Format must be one of hardcover, paperback, ebook, audiobook/,
      )
      expectError(
        await addEdition(work.id, reader.token, { format: 'ebook', audioSeconds: 3600 }),
        400,
        'Audio seconds is for an audiobook: send format audiobook with it',
      )
      const audio = await addEdition(work.id, reader.token, { format: 'audiobook', audioSeconds: 41_400, publisher: 'Audible' })
      expect(audio.statusCode, audio.body).toBe(201)
      expect(EditionSchema.parse(audio.json())).toMatchObject({ isbn: '', format: 'audiobook', audioSeconds: 41_400 })
      const ebook = await addEdition(work.id, reader.token, { format: 'ebook' })
      expect(ebook.statusCode).toBe(201)
      expect(BookSchema.parse((await call('GET', `/api/books/${work.id}`)).json()).editionCount).toBe(3)
    })
  })

  describe('GET /api/books/{editionId}', () => {
    it('answers the work, its ratings and genres, showing the edition asked for', async () => {
      const { work, edition } = await workWithEdition()
      await insertReview(ctx.db, { bookId: work.id, rating: 4 })
      const res = await call('GET', `/api/books/${edition._id}`)
      expect(res.statusCode).toBe(200)
      expect(BookSchema.parse(res.json())).toMatchObject({
        _id: work.id,
        workId: work.id,
        editionId: edition._id,
        title: work.title,
        author: 'Jane Austen',
        genre: ['Fiction'],
        averageRating: 4,
        totalReviews: 1,
        isbn: edition.isbn,
        pageCount: 512,
        publisher: 'Penguin Classics',
        publishedDate: '2003-05-01',
        edition: 'Penguin Classics',
        format: 'paperback',
        // The edition has no cover of its own: the work's shows.
        coverImage: 'https://covers.example/emma.jpg',
        editionCount: 2,
      })
    })

    it('lists the editions from either id, the shown one first, a page at a time', async () => {
      const { reader, work, edition } = await workWithEdition()
      const third = EditionSchema.parse((await addEdition(work.id, reader.token, { format: 'ebook', coverImage: 'https://covers.example/e.jpg' })).json())
      const first = await call('GET', `/api/books/${edition._id}/editions?limit=2`)
      expect(first.statusCode).toBe(200)
      expect(first.headers['x-total-count']).toBe('3')
      expect(EditionListSchema.parse(first.json()).map((e) => [e._id, e.primary])).toEqual([
        [work.id, true],
        [edition._id, false],
      ])
      const next = nextLink(first.headers.link)
      expect(next).toBeDefined()
      const second = await call('GET', next!)
      expect(EditionListSchema.parse(second.json()).map((e) => e._id)).toEqual([third._id])
      expect(nextLink(second.headers.link)).toBeUndefined()
      // A page of one: the shown edition alone, then the others.
      const one = await call('GET', `/api/books/${work.id}/editions?limit=1`)
      expect(EditionListSchema.parse(one.json()).map((e) => e._id)).toEqual([work.id])
      const after = await call('GET', nextLink(one.headers.link)!)
      expect(EditionListSchema.parse(after.json()).map((e) => e._id)).toEqual([edition._id])
      expectError(await call('GET', `/api/books/${work.id}/editions?cursor=${Buffer.from('["x"]').toString('base64url')}`), 400, MESSAGES.badCursor)
    })
  })

  describe('one ISBN, one edition', () => {
    it('refuses an edition whose ISBN a book or another edition holds, in either form, naming the work', async () => {
      const { reader, work, edition } = await workWithEdition()
      const other = await insertBook(ctx.db)
      expectError(await addEdition(other.id, reader.token, { isbn: work.isbn }), 409, EDITION_MESSAGES.isbnHeld(work.title, 'Jane Austen'))
      expectError(await addEdition(other.id, reader.token, { isbn: isbn10Of(edition.isbn) }), 409, EDITION_MESSAGES.isbnHeld(work.title, 'Jane Austen'))
      expect(BookSchema.parse((await call('GET', `/api/books/${other.id}`)).json()).editionCount).toBe(1)
    })

    it('refuses a new book, or a correction, with an ISBN an edition holds', async () => {
      const { reader, edition } = await workWithEdition()
      const form = { title: 'Emma', author: 'J. Austen', isbn: isbn10Of(edition.isbn) }
      const added = await call('POST', '/api/books', reader.token, form)
      expectError(added, 409, BOOK_MESSAGES.isbnTaken)
      const own = await call('POST', '/api/books', reader.token, { title: 'Persuasion', author: 'Jane Austen' })
      expect(own.statusCode).toBe(201)
      expectError(
        await call('PUT', `/api/books/${own.json()._id}`, reader.token, { title: 'Persuasion', author: 'Jane Austen', isbn: edition.isbn }),
        409,
        BOOK_MESSAGES.isbnTaken,
      )
    })

    it('lets an ISBN an import left unclaimed be an edition (decision 0023)', async () => {
      const reader = await insertUser(ctx.db)
      const isbn = newIsbn13()
      const imported = await insertBook(ctx.db, { createdByUserId: reader.id })
      await ctx.db.updateTable('books').set({ unclaimedIsbn: isbn }).where('id', '=', imported.id).execute()
      const work = await insertBook(ctx.db)
      expect((await addEdition(work.id, reader.token, { isbn })).statusCode).toBe(201)
    })

    it('lets only one of two racing writers hold an ISBN', async () => {
      const reader = await insertUser(ctx.db)
      const [a, b] = [await insertBook(ctx.db), await insertBook(ctx.db)]
      const isbn = newIsbn13()
      const twoEditions = await Promise.all([addEdition(a.id, reader.token, { isbn }), addEdition(b.id, reader.token, { isbn })])
      expect(twoEditions.map((r) => r.statusCode).sort()).toEqual([201, 409])
      const other = newIsbn13()
      const bookAndEdition = await Promise.all([
        call('POST', '/api/books', reader.token, { title: 'Sanditon', author: 'Jane Austen', isbn: other }),
        addEdition(a.id, reader.token, { isbn: isbn10Of(other) }),
      ])
      expect(bookAndEdition.map((r) => r.statusCode).sort()).toEqual([201, 409])
    })

    it('finds the edition by its ISBN: duplicates and search answer its work shown as it', async () => {
      const { work, edition } = await workWithEdition()
      const dup = await call('GET', `/api/books/duplicates?isbn=${isbn10Of(edition.isbn)}`)
      expect(dup.statusCode).toBe(200)
      const [first] = BookDuplicateListSchema.parse(dup.json())
      expect(first).toMatchObject({ reasons: ['isbn'], book: { _id: work.id, editionId: edition._id, isbn: edition.isbn } })
      for (const url of [`/api/books/search?query=${edition.isbn}&limit=10`, `/api/books/search?query=${isbn10Of(edition.isbn)}`]) {
        const found = await call('GET', url)
        expect(found.statusCode).toBe(200)
        expect(found.headers['x-total-count']).toBe('1')
        expect(BookListSchema.parse(found.json()).map((b) => [b._id, b.editionId])).toEqual([[work.id, edition._id]])
      }
    })
  })

  describe('one card per work', () => {
    it('shows a work with three editions once in search, Browse and the catalogue', async () => {
      const reader = await insertUser(ctx.db)
      const title = `Mansfield Quarry ${uuidv7().slice(-6)}`
      const work = await insertBook(ctx.db, { title, author: 'Fanny Price', genres: ['Romance'], category: 'Classic' })
      for (const format of ['ebook', 'audiobook']) expect((await addEdition(work.id, reader.token, { format })).statusCode).toBe(201)
      const cards = async (url: string) => BookListSchema.parse((await call('GET', url)).json()).filter((b) => b.title === title)
      const searched = await cards(`/api/books/search?query=${encodeURIComponent(title)}&limit=24`)
      expect(searched.map((b) => [b._id, b.editionCount])).toEqual([[work.id, 3]])
      expect(await cards('/api/books/search?genres=Romance&categories=Classic&limit=100')).toHaveLength(1)
      expect(await cards('/api/books/by-author/Fanny%20Price')).toHaveLength(1)
      expect(await cards('/api/books')).toHaveLength(1)
    })
  })

  describe('every call taking a book id takes an edition id', () => {
    it('reviews: the list, a new review and the reader’s own are the work’s', async () => {
      const { reader, work, edition } = await workWithEdition()
      await insertReview(ctx.db, { bookId: work.id, rating: 5 })
      const listed = await call('GET', `/api/reviews/book/${edition._id}`)
      expect(listed.statusCode).toBe(200)
      expect(ReviewListSchema.parse(listed.json()).map((r) => r.book._id)).toEqual([work.id])
      const created = await call('POST', `/api/reviews/book/${edition._id}`, reader.token, { rating: 3, comment: 'Read the Penguin one.' })
      expect(created.statusCode, created.body).toBe(201)
      expect(ReviewSchema.parse(created.json()).book._id).toBe(work.id)
      const mine = await call('GET', `/api/reviews/book/${edition._id}/mine`, reader.token)
      expect(ReviewSchema.parse(mine.json())._id).toBe(created.json()._id)
      expect(BookSchema.parse((await call('GET', `/api/books/${edition._id}`)).json())).toMatchObject({ totalReviews: 2, averageRating: 4 })
      expectError(await call('POST', `/api/reviews/book/${work.id}`, reader.token, { rating: 4, comment: 'Again' }), 409, MESSAGES.alreadyReviewed)
    })

    it('the reading entry, the wishlist toggle and the history answer the work', async () => {
      const { reader, work, edition } = await workWithEdition()
      const put = await call('PUT', `/api/books/${edition._id}/reading`, reader.token, { status: 'reading' })
      expect(put.statusCode, put.body).toBe(200)
      expect(ReadingEntrySchema.parse(put.json())).toMatchObject({ bookId: work.id, status: 'reading', editionId: null, owned: null })
      expect(ReadingEntrySchema.parse((await call('GET', `/api/books/${work.id}/reading`, reader.token)).json()).status).toBe('reading')
      const wish = await call('PUT', `/api/users/addtowishlist/${edition._id}`, reader.token)
      expect(wish.statusCode, wish.body).toBe(200)
      expect(BookSchema.parse((await call('GET', `/api/books/${edition._id}`, reader.token)).json())).toMatchObject({ _id: work.id, inWishlist: true })
      expect((await call('GET', `/api/books/${edition._id}/history`)).statusCode).toBe(200)
    })
  })

  describe('the work’s adder', () => {
    it('corrects it through an edition’s id; a reader who added an edition relies on it, so it can no longer be deleted', async () => {
      const adder = await insertUser(ctx.db)
      const added = await call('POST', '/api/books', adder.token, { title: 'Orlando', author: 'Virginia Woolf' })
      expect(added.statusCode).toBe(201)
      const workId: string = added.json()._id
      const other = await insertUser(ctx.db)
      const edition = EditionSchema.parse((await addEdition(workId, other.token, { format: 'ebook' })).json())
      const fixed = await call('PUT', `/api/books/${edition._id}`, adder.token, { title: 'Orlando', author: 'Virginia Woolf', description: 'A biography.' })
      expect(fixed.statusCode, fixed.body).toBe(200)
      expect(BookSchema.parse(fixed.json())).toMatchObject({ _id: workId, description: 'A biography.', editionCount: 2 })
      expectError(await call('DELETE', `/api/books/${edition._id}`, adder.token), 409, BOOK_MESSAGES.inOthersLists(1))
      expect((await call('GET', `/api/books/${edition._id}`)).statusCode).toBe(200)
    })
  })

  describe('PUT /api/books/{id}/reading: editionId and owned', () => {
    it('keeps the edition a reader reads and the copies they own, and answers them', async () => {
      const { reader, work, edition } = await workWithEdition()
      const url = `/api/books/${work.id}/reading`
      const set = await call('PUT', url, reader.token, { editionId: edition._id, owned: { format: 'paperback', copies: 2 } })
      expect(set.statusCode, set.body).toBe(200)
      expect(ReadingEntrySchema.parse(set.json())).toMatchObject({
        bookId: work.id,
        editionId: edition._id,
        owned: { format: 'paperback', copies: 2 },
        status: null,
      })
      // Read back as it was kept, from either id.
      expect(ReadingEntrySchema.parse((await call('GET', `/api/books/${edition._id}/reading`, reader.token)).json())).toMatchObject({
        editionId: edition._id,
        owned: { format: 'paperback', copies: 2 },
      })
      // Progress is checked against the edition's 512 pages, not the work's 474.
      const progressed = await call('PUT', url, reader.token, { progress: { page: 500 } })
      expect(progressed.statusCode, progressed.body).toBe(200)
      expectError(await call('PUT', url, reader.token, { progress: { page: 513 } }), 400, READING_MESSAGES.pageBeyondBook(512))
      // Owned copies without a format; then the work's shown edition again (its own id, or null).
      const plain = await call('PUT', url, reader.token, { editionId: work.id, owned: { copies: 1 } })
      expect(plain.statusCode, plain.body).toBe(200)
      expect(ReadingEntrySchema.parse(plain.json())).toMatchObject({ editionId: null, owned: { format: null, copies: 1 } })
      const none = await call('PUT', url, reader.token, { editionId: null, owned: null })
      expect(ReadingEntrySchema.parse(none.json())).toMatchObject({ editionId: null, owned: null, status: 'reading' })
    })

    it('answers 400 naming the field for another work’s edition or bad copies, and changes nothing', async () => {
      const { reader, work } = await workWithEdition()
      const { edition: elsewhere } = await workWithEdition()
      const url = `/api/books/${work.id}/reading`
      expectError(await call('PUT', url, reader.token, { editionId: elsewhere._id, status: 'read' }), 400, READING_MESSAGES.notAnEdition)
      expectError(await call('PUT', url, reader.token, { editionId: uuidv7() }), 400, READING_MESSAGES.notAnEdition)
      expectError(await call('PUT', url, reader.token, { editionId: 'nope' }), 400, 'Edition id must be a valid id')
      expectError(await call('PUT', `/api/books/${uuidv7()}/reading`, reader.token, { editionId: elsewhere._id }), 404, MESSAGES.bookNotFound)
      expectError(await call('PUT', url, reader.token, { owned: { format: 'paperback', copies: 0 } }), 400, 'Owned copies must be at least 1')
      expectError(await call('PUT', url, reader.token, { owned: { format: 'scroll', copies: 1 } }), 400, /^Owned format must be one of/)
      expectError(await call('PUT', url, reader.token, { owned: { copies: 1, shelf: 'x' } }), 400, /shelf/i)
      expect(ReadingEntrySchema.parse((await call('GET', url, reader.token)).json())).toMatchObject({ status: null, editionId: null, owned: null })
    })

    it('is in the reader’s export, with the editions they added', async () => {
      const { reader, work, edition } = await workWithEdition()
      await call('PUT', `/api/books/${work.id}/reading`, reader.token, { status: 'read', editionId: edition._id, owned: { format: 'hardcover', copies: 1 } })
      const res = await call('GET', '/api/me/export.json', reader.token)
      expect(res.statusCode).toBe(200)
      const exported = AccountExportSchema.parse(res.json())
      expect(exported.library.find((e) => e.book._id === work.id)).toMatchObject({ editionId: edition._id, owned: { format: 'hardcover', copies: 1 } })
      expect(exported.editionsAdded).toEqual([edition._id])
    })
  })

  describe('for the import: attachEdition and the ISBN match', () => {
    it('attaches an edition in the caller’s transaction, and the ISBN match then answers its work and the edition', async () => {
      const books = createBooksService({ db: ctx.db })
      const reader = await insertUser(ctx.db)
      const work = await insertBook(ctx.db, { title: 'Crime and Punishment', author: 'Fyodor Dostoevsky' })
      const held = newIsbn13()
      const id = await ctx.db.transaction().execute((trx) => books.attachEdition(trx, work.id, { isbn: held, format: 'paperback', createdByUserId: reader.id }))
      const byIsbn = await books.importMatches({ title: 'Crime and Punishment (Penguin Classics)', author: 'Fyodor Dostoyevsky', isbns: [isbn10Of(held)] })
      // With the edition's format, so the import's row needs no read of the book for it.
      expect(byIsbn).toEqual({ byIsbn: work.id, editionId: id, format: 'paperback', candidates: [] })
      // A held ISBN refuses a second edition, naming the work.
      await expect(ctx.db.transaction().execute((trx) => books.attachEdition(trx, work.id, { isbn: held, createdByUserId: null }))).rejects.toMatchObject({
        status: 409,
        message: EDITION_MESSAGES.isbnHeld('Crime and Punishment', 'Fyodor Dostoevsky'),
      })
      // An import's edition shows its ISBN and holds it against nobody; its importer's next import finds it.
      const unclaimed = newIsbn13()
      const own = await ctx.db
        .transaction()
        .execute((trx) => books.attachEdition(trx, work.id, { isbn: unclaimed, createdByUserId: reader.id, unclaimed: true }))
      expect(EditionSchema.parse((await call('GET', `/api/books/${work.id}/editions`)).json().at(-1))).toMatchObject({ _id: own, isbn: unclaimed })
      expect(await books.importMatches({ title: 'x', author: 'y', isbns: [unclaimed], userId: reader.id })).toEqual({
        byIsbn: work.id,
        editionId: own,
        format: null,
        candidates: [],
      })
      expect((await books.importMatches({ title: 'x', author: 'y', isbns: [unclaimed] })).byIsbn).toBeUndefined()
      const other = await insertBook(ctx.db)
      expect((await addEdition(other.id, reader.token, { isbn: unclaimed })).statusCode).toBe(201)
      // The work's own ISBN answers the work alone.
      expect(await books.importMatches({ title: 'x', author: 'y', isbns: [work.isbn ?? ''].filter(Boolean) })).toMatchObject({ candidates: [] })
    })
  })
})
