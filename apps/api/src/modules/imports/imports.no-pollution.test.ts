import { expect, it } from 'vitest'
import { ImportedBookListSchema, ImportRowListSchema, ImportRowSchema } from '@shelfwise/contracts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { importAndWait } from '../../../test/support/import-calls.ts'
import { bearer, insertBook, insertReview, insertUser } from '../../../test/support/factories.ts'
import { goodreadsCsv } from '../../../test/support/import-files.ts'

// Issue 21, point 3 (decision 0032): a book an import would make is first checked as Add Book checks
// it, and a likely duplicate the import's own rule did not take makes the row wait instead; the books
// an import did make are listed for their importer, with how many other readers rely on each.

let n = 0
/** A word no other test uses, so matches never cross tests. */
const fresh = () => `zq${(++n).toString(36)}${Date.now().toString(36)}`.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)

describeEachDialect('imports add no duplicate unseen (issue 21, point 3)', (ctx) => {
  const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) })
  const importFile = (token: string, text: string) => importAndWait(ctx.app, token, text)
  const rowsOf = async (token: string, id: string) => ImportRowListSchema.parse((await get(`/api/imports/${id}/rows?limit=500`, token)).json())
  const booksTitled = (title: string) => ctx.db.selectFrom('books').select('id').where('title', '=', title).execute()
  const importedBooks = async (token: string, query = '') => {
    const res = await get(`/api/me/imported-books${query}`, token)
    expect(res.statusCode, res.body).toBe(200)
    return { list: ImportedBookListSchema.parse(res.json()), total: Number(res.headers['x-total-count']), link: res.headers.link }
  }

  it('makes a row wait with the book Add Book would warn about, and creates it only when the reader says so', async () => {
    // "Malcolm X": a family name of one letter is too little for the import's author rule, so before
    // this check every importer of his books made another copy of them.
    const title = `The Ballot or the Bullet ${fresh()}`
    const existing = await insertBook(ctx.db, { title, author: 'Malcolm X', isbn: null })
    const reader = await insertUser(ctx.db)
    const job = await importFile(reader.token, goodreadsCsv([{ Title: title, Author: 'Malcolm X', 'Exclusive Shelf': 'read' }]))
    expect(job.status).toBe('done')
    const [row] = await rowsOf(reader.token, job._id)
    expect(row).toMatchObject({ outcome: 'needs_review', bookId: null })
    expect(row!.candidates.map((b) => b._id)).toEqual([existing.id])
    expect(row!.notes).toEqual([
      { kind: 'waiting_for_you', message: 'A similar book is already on Shelfwise: if one of these is your book, choose it; otherwise create it' },
    ])
    expect(row!.actions).toEqual(expect.arrayContaining(['choose', 'create']))
    expect(await booksTitled(title)).toHaveLength(1)
    expect((await importedBooks(reader.token)).list).toEqual([])

    // The reader's own call: their book is another one after all.
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/api/imports/${job._id}/rows/${row!.line}/resolve`,
      headers: bearer(reader.token),
      payload: { action: 'create' },
    })
    expect(created.statusCode, created.body).toBe(200)
    const settled = ImportRowSchema.parse(created.json())
    expect(settled.outcome).toBe('imported')
    expect(settled.bookId).not.toBe(existing.id)
    expect((await importedBooks(reader.token)).list.map((b) => b.book._id)).toEqual([settled.bookId])
  })

  it('lists the books an import made for their importer alone, newest first, with the readers who rely on each', async () => {
    const word = fresh()
    const reader = await insertUser(ctx.db)
    const titles = [`First ${word}`, `Second ${word}`]
    const job = await importFile(reader.token, goodreadsCsv(titles.map((Title) => ({ Title, Author: `Ada ${word}`, 'Exclusive Shelf': 'read' }))))
    expect(job.created).toBe(2)
    // A book the reader added by hand is not an import's.
    const byHand = await ctx.app.inject({
      method: 'POST',
      url: '/api/books',
      headers: bearer(reader.token),
      payload: { title: `Third ${word}`, author: `Ada ${word}`, role: 'none' },
    })
    expect(byHand.statusCode, byHand.body).toBe(201)

    const all = await importedBooks(reader.token)
    expect(all.total).toBe(2)
    expect(all.list.map((b) => b.book.title)).toEqual([...titles].reverse())
    expect(all.list.map((b) => b.otherReaders)).toEqual([0, 0])

    // Another reader reviews the first: it is theirs to rely on now, so its adder can no longer delete it.
    const first = all.list.find((b) => b.book.title === titles[0])!.book._id
    const other = await insertUser(ctx.db)
    await insertReview(ctx.db, { bookId: first, userId: other.id, rating: 4 })
    const paged = await importedBooks(reader.token, '?limit=1')
    expect(paged.list.map((b) => [b.book.title, b.otherReaders])).toEqual([[titles[1], 0]])
    const cursor = new URL(/^<([^>]+)>/.exec(String(paged.link))![1]!, 'http://x').searchParams.get('cursor')!
    const next = await importedBooks(reader.token, `?limit=1&cursor=${cursor}`)
    expect(next.list.map((b) => [b.book.title, b.otherReaders])).toEqual([[titles[0], 1]])
    expect(next.link).toBeUndefined()
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/books/${first}`, headers: bearer(reader.token) })).statusCode).toBe(409)

    // Nobody else sees them in their list; a signed-out caller gets 401.
    expect((await importedBooks(other.token)).list).toEqual([])
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me/imported-books' })).statusCode).toBe(401)
  })
})
