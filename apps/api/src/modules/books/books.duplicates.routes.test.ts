import { describe, expect, it } from 'vitest'
import { BookDuplicateListSchema, BOOK_MESSAGES, DUPLICATES_MAX, ErrorBodySchema } from '@shelfwise/contracts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { bearer, insertBook, insertReview, insertUser } from '../../../test/support/factories.ts'

describeEachDialect('books routes: GET /api/books/duplicates', (ctx) => {
  let seq = 0
  /** A title no other test uses, so each test sees only its own books. */
  const fresh = (words: string) => `${words} ${Date.now().toString(36)}x${++seq}`
  const check = async (query: Record<string, string>) => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/books/duplicates', query })
    expect(res.statusCode, res.body).toBe(200)
    return BookDuplicateListSchema.parse(res.json())
  }
  const ids = (list: { book: { _id: string } }[]) => list.map((d) => d.book._id)

  it('finds a book with the same ISBN, however the ISBN is written', async () => {
    const book = await insertBook(ctx.db, { isbn: '9780306406157' })
    for (const isbn of ['9780306406157', '978-0-306-40615-7', ' 978 0306 406157 ']) {
      const list = await check({ isbn })
      expect(list).toEqual([expect.objectContaining({ reasons: ['isbn'] })])
      expect(list[0]!.book).toMatchObject({ _id: book.id, title: book.title, isbn: '9780306406157' })
    }
    expect(await check({ isbn: '9780306406164' })).toEqual([])
  })

  it('finds the same title and author whatever the letter case, accents, spacing and punctuation', async () => {
    const title = fresh('Les Misérables: Tome Premier')
    const book = await insertBook(ctx.db, { title, author: 'Victor Hugo' })
    const plain = title.replace('Misérables:', 'MISERABLES').replace('Tome', ' tome ')
    const list = await check({ title: plain, author: 'victor  HUGO.' })
    expect(ids(list)).toEqual([book.id])
    expect(list[0]!.reasons).toEqual(['title_author'])
  })

  it('does not count a longer title, another author, or a title alone as the same book', async () => {
    const title = fresh('The Lighthouse Keeper')
    await insertBook(ctx.db, { title: `${title} Returns`, author: 'Mara Quill' })
    await insertBook(ctx.db, { title, author: 'Mara Quill Junior' })
    await insertBook(ctx.db, { title, author: 'Someone Else' })
    expect(await check({ title, author: 'Mara Quill' })).toEqual([])
    // Without an author, a title is not enough to ask.
    const res = await ctx.app.inject({ method: 'GET', url: '/api/books/duplicates', query: { title } })
    expect(res.statusCode).toBe(400)
    expect(ErrorBodySchema.parse(res.json())).toMatchObject({ code: 'validation_failed', message: 'ISBN is needed, or else a title and an author' })
  })

  it('puts the ISBN match first and gives both reasons to a book matching both ways', async () => {
    const title = fresh('Harbour Songs')
    const byName = await insertBook(ctx.db, { title, author: 'Ines Lowe' })
    const both = await insertBook(ctx.db, { title, author: 'Ines Lowe', isbn: '0306406152' })
    const list = await check({ isbn: '0-306-40615-2', title, author: 'Ines Lowe' })
    expect(list.map((d) => [d.book._id, d.reasons])).toEqual([
      [both.id, ['isbn', 'title_author']],
      [byName.id, ['title_author']],
    ])
    const isbnOnly = await insertBook(ctx.db, { isbn: '9781861972712' })
    const mixed = await check({ isbn: '9781861972712', title, author: 'Ines Lowe' })
    // Then the most reviewed, then the first added.
    expect(ids(mixed)).toEqual([isbnOnly.id, byName.id, both.id])
    expect(mixed[0]!.reasons).toEqual(['isbn'])
  })

  it(`answers at most ${DUPLICATES_MAX} books, the most reviewed first`, async () => {
    const title = fresh('Collected Poems')
    for (let i = 0; i < DUPLICATES_MAX + 2; i++) await insertBook(ctx.db, { title, author: 'Anonymous' })
    const reviewed = await insertBook(ctx.db, { title, author: 'Anonymous' })
    await insertReview(ctx.db, { bookId: reviewed.id })
    const list = await check({ title, author: 'anonymous' })
    expect(list).toHaveLength(DUPLICATES_MAX)
    expect(list[0]!.book._id).toBe(reviewed.id)
  })

  it('finds books whose title is all common or non-Latin words, and ignores a title without any word', async () => {
    const title = fresh('The Of And')
    const common = await insertBook(ctx.db, { title, author: 'A B' })
    expect(ids(await check({ title: title.toUpperCase(), author: 'a. b.' }))).toEqual([common.id])
    const japanese = await insertBook(ctx.db, { title: fresh('吾輩は猫である'), author: '夏目 漱石' })
    const list = await check({ title: japanese.title, author: '夏目 漱石' })
    expect(ids(list)).toEqual([japanese.id])
    expect(await check({ title: '!!! ???', author: '...' })).toEqual([])
  })

  it('sees a book added through POST /api/books at once, and the 409 a second one with its ISBN gets names the same book', async () => {
    const reader = await insertUser(ctx.db)
    const title = fresh('Salt and Cedar')
    const payload = { title, author: 'Nadia Rowe', isbn: '979-10-90636-07-1', role: 'none' }
    const created = await ctx.app.inject({ method: 'POST', url: '/api/books', payload, headers: bearer(reader.token) })
    expect(created.statusCode).toBe(201)
    const again = await ctx.app.inject({ method: 'POST', url: '/api/books', payload, headers: bearer(reader.token) })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ message: BOOK_MESSAGES.isbnTaken, code: 'conflict' })
    const list = await check({ isbn: payload.isbn, title: title.toLowerCase(), author: 'nadia rowe' })
    expect(list.map((d) => [d.book._id, d.reasons])).toEqual([[created.json()._id, ['isbn', 'title_author']]])
  })

  it.each([
    ['nothing', {}, 'ISBN is needed, or else a title and an author'],
    ['an author alone', { author: 'Someone' }, 'ISBN is needed, or else a title and an author'],
    ['a blank ISBN and title', { isbn: '  ', title: ' ', author: 'x' }, 'ISBN is needed, or else a title and an author'],
    ['a 301-character title', { title: 't'.repeat(301), author: 'x' }, 'Title must be at most 300 characters'],
    ['a 41-character ISBN', { isbn: '1'.repeat(41) }, 'ISBN is too long'],
  ])('answers 400 naming the field for %s', async (_case, query, message) => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/books/duplicates', query })
    expect(res.statusCode).toBe(400)
    expect(ErrorBodySchema.parse(res.json())).toMatchObject({ code: 'validation_failed', message })
  })

  describe('does not hold up /api/books/:id', () => {
    it('still answers a book by id', async () => {
      const book = await insertBook(ctx.db)
      expect((await ctx.app.inject({ method: 'GET', url: `/api/books/${book.id}` })).statusCode).toBe(200)
    })
  })
})
