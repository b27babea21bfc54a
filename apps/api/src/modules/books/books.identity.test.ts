import { describe, expect, it } from 'vitest'
import {
  BOOK_MESSAGES,
  BookDuplicateListSchema,
  BookEditListSchema,
  BookSchema,
  ErrorBodySchema,
  MESSAGES,
  ReadingEntrySchema,
  type Book,
} from '@shelfwise/contracts'
import { withIsbn13Check } from '@shelfwise/library-files'
import { createBooksService } from '#/modules/books/books.service.ts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { callerOf } from '../../../test/support/calls.ts'
import { bookAdder, bookForm } from '../../../test/support/book-form.ts'
import { bearer, insertUser, TEST_PASSWORD } from '../../../test/support/factories.ts'

// A book's identity and history (issue 19, decision 0023): once other readers rely on a book, its
// adder may only correct its title, author and ISBN, never turn it into another book; every edit is
// kept field by field; and a book an import made holds its ISBN against nobody until claimed.

type User = Awaited<ReturnType<typeof insertUser>>

/** A well-formed ISBN-13 (979 prefix, right check digit), different for each n. */
const isbnOf = (n: number) => withIsbn13Check(`9791000${String(n).padStart(5, '0')}`)

describeEachDialect('a book’s identity and history', (ctx) => {
  const call = callerOf(ctx)
  let seq = 0
  const form = bookForm
  const add = bookAdder(ctx)
  /** The whole form again from a book as it is, with some fields changed: what the edit screen sends. */
  const edit = (token: string, book: Book, changes: Record<string, unknown>) =>
    call(
      'PUT',
      `/api/books/${book._id}`,
      token,
      form({
        title: book.title,
        author: book.author,
        description: book.description,
        publisher: book.publisher,
        publishedDate: book.publishedDate,
        language: book.language,
        edition: book.edition,
        pageCount: book.pageCount,
        isbn: book.isbn,
        genre: book.genre.join(', '),
        category: book.category,
        ...changes,
      }),
    )
  const bookOf = async (id: string) => BookSchema.parse((await call('GET', `/api/books/${id}`)).json())
  const message = (res: { json(): unknown }) => ErrorBodySchema.parse(res.json()).message
  const historyOf = async (id: string, query = '') => {
    const res = await call('GET', `/api/books/${id}/history${query}`)
    expect(res.statusCode, res.body).toBe(200)
    return { edits: BookEditListSchema.parse(res.json()), total: Number(res.headers['x-total-count']), link: res.headers.link }
  }
  const ok = async (res: Promise<{ statusCode: number; body: string }>, status = 200) => {
    const done = await res
    expect(done.statusCode, done.body).toBe(status)
  }

  // Each way another reader comes to rely on a book, through the API as they would.
  const RELY: [string, (reader: User, bookId: string) => Promise<void>][] = [
    ['reviewed', (r, id) => ok(call('POST', `/api/reviews/book/${id}`, r.token, { rating: 4, comment: 'Salt on every page.' }), 201)],
    ['rated (no review)', (r, id) => ok(call('PUT', `/api/books/${id}/reading`, r.token, { rating: 3 }))],
    ['wished for', (r, id) => ok(call('PUT', `/api/users/addtowishlist/${id}`, r.token))],
    ['read', (r, id) => ok(call('PUT', `/api/users/addto-recently-read/${id}`, r.token))],
    ['is reading', (r, id) => ok(call('PUT', `/api/books/${id}/reading`, r.token, { status: 'reading' }))],
    [
      'took off Recently Read (the read is kept)',
      async (r, id) => {
        await ok(call('PUT', `/api/users/addto-recently-read/${id}`, r.token))
        await ok(call('PUT', `/api/users/addto-recently-read/${id}`, r.token))
        const entry = ReadingEntrySchema.parse((await call('GET', `/api/books/${id}/reading`, r.token)).json())
        expect({ status: entry.status, reads: entry.reads.length, removed: entry.removedReads.length }).toEqual({ status: null, reads: 0, removed: 1 })
      },
    ],
  ]

  describe('once other readers rely on a book, its title, author and ISBN take only corrections (point 10)', () => {
    it.each(RELY)('refuses a new title with 409 once another reader %s it, saying what to do instead; the title and history stay', async (_, rely) => {
      const adder = await insertUser(ctx.db)
      const reader = await insertUser(ctx.db)
      const book = await add(adder.token)
      await rely(reader, book._id)
      const res = await edit(adder.token, book, { title: 'The Complete Works of Someone Else' })
      expect(res.statusCode, res.body).toBe(409)
      expect(res.json()).toEqual({ message: BOOK_MESSAGES.identityLocked(1, ['title']), code: 'conflict' })
      expect(message(res)).toMatch(/^Another reader has reviewed, rated or shelved this book, so its title can no longer be changed .* add it as a new book/)
      expect((await bookOf(book._id)).title).toBe(book.title)
      expect((await historyOf(book._id)).edits).toEqual([])
    })

    it('lets the adder change the title, author and ISBN while nobody else relies on the book, their own review and shelves aside', async () => {
      const adder = await insertUser(ctx.db)
      const book = await add(adder.token, { isbn: isbnOf(1) })
      await ok(call('POST', `/api/reviews/book/${book._id}`, adder.token, { rating: 5, comment: 'Mine, and I like it.' }), 201)
      await ok(call('PUT', `/api/users/addtowishlist/${book._id}`, adder.token))
      const res = await edit(adder.token, book, { title: 'Another Book Entirely', author: 'Somebody Else', isbn: isbnOf(2) })
      expect(res.statusCode, res.body).toBe(200)
      expect(await bookOf(book._id)).toMatchObject({ title: 'Another Book Entirely', author: 'Somebody Else', isbn: isbnOf(2) })
    })

    it('does not count a reader whose log entry for the book holds nothing any more', async () => {
      const adder = await insertUser(ctx.db)
      const reader = await insertUser(ctx.db)
      const book = await add(adder.token)
      // Wished for, then taken off: the entry stays, without a status, a rating or a read.
      await ok(call('PUT', `/api/users/addtowishlist/${book._id}`, reader.token))
      await ok(call('PUT', `/api/users/addtowishlist/${book._id}`, reader.token))
      await ok(edit(adder.token, book, { title: 'Renamed While Nobody Holds It' }))
    })

    it('refuses a new author or ISBN too, and a removed ISBN, naming each field and counting the readers', async () => {
      const adder = await insertUser(ctx.db)
      const [a, b] = [await insertUser(ctx.db), await insertUser(ctx.db)]
      const book = await add(adder.token, { isbn: isbnOf(3) })
      await RELY[0]![1](a, book._id)
      await RELY[1]![1](b, book._id)
      const both = await edit(adder.token, book, { author: 'Someone Else', isbn: isbnOf(4) })
      expect(both.statusCode).toBe(409)
      expect(message(both)).toBe(BOOK_MESSAGES.identityLocked(2, ['author', 'isbn']))
      expect(message(both)).toMatch(/^2 other readers have reviewed, rated or shelved this book, so its author and ISBN can no longer be changed/)
      const all = await edit(adder.token, book, { title: 'Elsewhere', author: 'Someone Else', isbn: isbnOf(4) })
      expect(message(all)).toMatch(/so its title, author and ISBN can no longer/)
      const removed = await edit(adder.token, book, { isbn: '' })
      expect(removed.statusCode).toBe(409)
      expect(message(removed)).toBe(BOOK_MESSAGES.identityLocked(2, ['isbn']))
      expect(await bookOf(book._id)).toMatchObject({ title: book.title, author: book.author, isbn: isbnOf(3) })
    })

    it('takes small corrections after others rely on it (letter case, accents, spacing, punctuation, an ISBN-10 for its ISBN-13) and every other field', async () => {
      const adder = await insertUser(ctx.db)
      const reader = await insertUser(ctx.db)
      const book = await add(adder.token, { title: 'the tides of gallowmere', author: 'Ines Carrow', isbn: '0306406152' })
      await RELY[0]![1](reader, book._id)
      const res = await edit(adder.token, book, {
        title: 'The Tides of Gallowmère!',
        author: '  INES   Carrow ',
        isbn: '978-0-306-40615-7',
        description: 'Now with the soundings charted.',
        coverImage: 'https://covers.example/gallowmere.jpg',
        publisher: 'Saltmarsh Books',
        pageCount: 344,
        language: 'french',
        edition: 'Second',
        publishedDate: '2012-01-01',
        genre: 'Mystery, Adventure',
        category: 'Classic',
        amazonLink: 'https://www.amazon.example/dp/0306406152',
      })
      expect(res.statusCode, res.body).toBe(200)
      expect(BookSchema.parse(res.json())).toMatchObject({
        title: 'The Tides of Gallowmère!',
        author: 'INES   Carrow',
        isbn: '9780306406157',
        description: 'Now with the soundings charted.',
        pageCount: 344,
        language: 'French',
        totalReviews: 1,
      })
    })

    it('refuses to delete a book another reader only rated or is reading: their log would go with it', async () => {
      const adder = await insertUser(ctx.db)
      for (const [, rely] of [RELY[1]!, RELY[4]!]) {
        const reader = await insertUser(ctx.db)
        const book = await add(adder.token)
        await rely(reader, book._id)
        const res = await call('DELETE', `/api/books/${book._id}`, adder.token)
        expect(res.statusCode, res.body).toBe(409)
        expect(message(res)).toBe(BOOK_MESSAGES.inOthersLists(1))
        expect((await call('GET', `/api/books/${book._id}`)).statusCode).toBe(200)
      }
    })
  })

  describe('GET /api/books/{id}/history', () => {
    it('lists every edit field by field, newest first, with who and when, a page at a time, to anyone', async () => {
      const adder = await insertUser(ctx.db)
      const named = await insertUser(ctx.db)
      const book = await add(adder.token, { genre: 'Mystery', pageCount: 312 })
      await ok(edit(adder.token, book, { title: `${book.title} (revised)`, pageCount: 330 }))
      const second = await bookOf(book._id)
      await ok(edit(adder.token, second, { genre: 'Romance, Mystery', description: '', author_username: named.username }))

      // Newest edit first; within an edit, the fields in the form's order, last first.
      const { edits, total } = await historyOf(book._id)
      expect(total).toBe(5)
      expect(edits.map((e) => [e.field, e.oldValue, e.newValue])).toEqual([
        ['genre', 'Mystery', 'Mystery, Romance'],
        ['description', book.description, null],
        ['author_username', null, named.username],
        ['pageCount', '312', '330'],
        ['title', book.title, `${book.title} (revised)`],
      ])
      for (const e of edits) {
        expect(e.bookId).toBe(book._id)
        expect(e.editedBy).toEqual({ _id: adder.id, username: adder.username })
        expect(Date.now() - Date.parse(e.editedAt)).toBeLessThan(60_000)
      }

      // Paged: two at a time, with the total and a Link to the next page, which continues without repeats.
      const first = await historyOf(book._id, '?limit=2')
      expect(first.total).toBe(5)
      expect(first.edits.map((e) => e._id)).toEqual(edits.slice(0, 2).map((e) => e._id))
      const next = /^<([^>]+)>; rel="next"$/.exec(String(first.link))![1]!
      const page2 = BookEditListSchema.parse((await call('GET', next)).json())
      expect(page2.map((e) => e._id)).toEqual(edits.slice(2, 4).map((e) => e._id))
    })

    it('writes nothing for a refused edit, nor for an edit that changes nothing', async () => {
      const adder = await insertUser(ctx.db)
      const reader = await insertUser(ctx.db)
      const book = await add(adder.token)
      await ok(edit(adder.token, book, {}))
      await RELY[0]![1](reader, book._id)
      expect((await edit(adder.token, book, { title: 'Not This One' })).statusCode).toBe(409)
      expect((await historyOf(book._id)).total).toBe(0)
    })

    it('records a removed credit', async () => {
      const adder = await insertUser(ctx.db)
      const author = await insertUser(ctx.db)
      const book = await add(adder.token, { author_username: author.username })
      await ok(call('DELETE', `/api/books/${book._id}/credit`, author.token))
      const { edits } = await historyOf(book._id)
      expect(edits.map((e) => [e.field, e.oldValue, e.newValue, e.editedBy?.username])).toEqual([['author_username', author.username, null, author.username]])
    })

    it('answers 404 for a book that does not exist, and 400 for an id that is not one', async () => {
      const absent = await call('GET', '/api/books/0190a0a0-0000-7000-8000-000000000000/history')
      expect(absent.statusCode).toBe(404)
      expect(message(absent)).toBe(MESSAGES.bookNotFound)
      expect((await call('GET', '/api/books/not-an-id/history')).statusCode).toBe(400)
    })

    it('keeps an edit when its editor closes their account, no longer saying who', async () => {
      const adder = await insertUser(ctx.db)
      const reader = await insertUser(ctx.db)
      const book = await add(adder.token)
      await ok(edit(adder.token, book, { description: 'Corrected before leaving.' }))
      await RELY[0]![1](reader, book._id)
      await ok(ctx.app.inject({ method: 'DELETE', url: '/api/users/me', headers: bearer(adder.token), payload: { password: TEST_PASSWORD } }), 204)
      const { edits } = await historyOf(book._id)
      expect(edits.map((e) => [e.field, e.oldValue, e.newValue, e.editedBy])).toEqual([['description', book.description, 'Corrected before leaving.', null]])
      // Nor is the closed account named in a link's old value.
      expect(JSON.stringify(edits)).not.toContain(adder.username)
    })

    it('gives a reader’s own edits, of every book and nobody else’s, oldest first, for their export', async () => {
      const books = createBooksService({ db: ctx.db })
      const adder = await insertUser(ctx.db)
      const other = await insertUser(ctx.db)
      const first = await add(adder.token)
      const second = await add(adder.token)
      const theirs = await add(other.token)
      await ok(edit(adder.token, first, { description: 'One.' }))
      await ok(edit(other.token, theirs, { description: 'Not mine.' }))
      await ok(edit(adder.token, second, { description: 'Two.' }))
      const page = await books.editsBy(adder.id)
      expect(page.next).toBeUndefined()
      expect(page.edits.map((e) => [e.bookId, e.newValue])).toEqual([
        [first._id, 'One.'],
        [second._id, 'Two.'],
      ])
    })
  })

  describe('a book an import makes holds no ISBN against others (point 5)', () => {
    const importBook = (userId: string, isbn: string, title = `Imported ${++seq}`, author = 'Mara Quell') =>
      createBooksService({ db: ctx.db }).createFromImport(userId, { title, author, isbn, pages: null, year: null, publisher: null })

    it('lets another reader add that ISBN by hand (201, not 409), and points the import’s book out as a possible duplicate', async () => {
      const importer = await insertUser(ctx.db)
      const author = await insertUser(ctx.db)
      const isbn = isbnOf(10)
      const imported = await importBook(importer.id, isbn)
      expect((await bookOf(imported)).isbn).toBe(isbn)

      const mine = await add(author.token, { isbn, role: 'author' })
      expect(mine.isbn).toBe(isbn)
      // Held now: a third copy by hand is refused as before.
      const third = await call('POST', '/api/books', importer.token, form({ isbn }))
      expect(third.statusCode).toBe(409)
      expect(message(third)).toBe(BOOK_MESSAGES.isbnTaken)

      const dupes = BookDuplicateListSchema.parse((await call('GET', `/api/books/duplicates?isbn=${isbn}`)).json())
      expect(dupes.map((d) => [d.book._id, d.reasons])).toEqual([
        [mine._id, ['isbn']],
        [imported, ['isbn_unclaimed']],
      ])
    })

    it('is claimed when the importer saves the book through the edit form, and then held as any other', async () => {
      const importer = await insertUser(ctx.db)
      const other = await insertUser(ctx.db)
      const isbn = isbnOf(11)
      const id = await importBook(importer.id, isbn)
      await ok(edit(importer.token, await bookOf(id), { description: 'Checked against my copy.' }))
      const late = await call('POST', '/api/books', other.token, form({ isbn }))
      expect(late.statusCode).toBe(409)
      expect(message(late)).toBe(BOOK_MESSAGES.isbnTaken)
      // Claiming changed no value: the history has the description only.
      expect((await historyOf(id)).edits.map((e) => e.field)).toEqual(['description'])
    })

    it('stays unclaimed, and the rest of the importer’s edit goes through, when another book holds the ISBN by then', async () => {
      const importer = await insertUser(ctx.db)
      const author = await insertUser(ctx.db)
      const isbn = isbnOf(12)
      const id = await importBook(importer.id, isbn)
      const held = await add(author.token, { isbn })
      const res = await edit(importer.token, await bookOf(id), { description: 'Still my copy.' })
      expect(res.statusCode, res.body).toBe(200)
      expect(BookSchema.parse(res.json())).toMatchObject({ isbn, description: 'Still my copy.' })
      const dupes = BookDuplicateListSchema.parse((await call('GET', `/api/books/duplicates?isbn=${isbn}`)).json())
      expect(dupes.map((d) => d.book._id)).toEqual([held._id, id])
    })

    it('is found by its ISBN for the reader whose import made it (before the book holding it), and for others only by title and author', async () => {
      const books = createBooksService({ db: ctx.db })
      const importer = await insertUser(ctx.db)
      const other = await insertUser(ctx.db)
      const author = await insertUser(ctx.db)
      const isbn = isbnOf(13)
      const title = `Saltglass Ledger ${++seq}`
      const id = await importBook(importer.id, isbn, title, 'Mara Quell')
      const held = await add(author.token, { isbn, title: `Not the Same Book ${seq}` })

      const mine = await books.importMatches({ title: 'Anything', author: 'Anyone', isbns: [isbn], userId: importer.id })
      expect(mine.byIsbn).toBe(id)
      // Another reader's row with that ISBN goes to the book holding it.
      expect((await books.importMatches({ title, author: 'Mara Quell', isbns: [isbn], userId: other.id })).byIsbn).toBe(held._id)
      // With another ISBN (or none), the import's book is found by its title and author only.
      const byName = await books.importMatches({ title, author: 'Mara Quell', isbns: [isbnOf(14)], userId: other.id })
      expect({ byIsbn: byName.byIsbn, candidates: byName.candidates.map((b) => b._id) }).toEqual({ byIsbn: undefined, candidates: [id] })
      const wrongName = await books.importMatches({ title: 'Something Else', author: 'Mara Quell', isbns: [isbnOf(14)], userId: other.id })
      expect(wrongName.candidates).toEqual([])
    })
  })
})
