// A batch of an import's rows is written a few statements at a time (decisions 0070 and 0074): the
// entries and their reads together, the books' rating counters summed per book at the batch's end.
// What a reader and the catalogue see must be what the rows applied one after another would leave:
// a book met twice takes the later row, a rating changed moves the average by the difference, a
// shelved book without a status enters the library as Want to Read, and every book's counters
// equal a recount of its rows.
import { expect, it } from 'vitest'
import { BookSchema, ReadingEntrySchema } from '@shelfwise/contracts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { importAndWait } from '../../../test/support/import-calls.ts'
import { bearer, insertBook, signUp } from '../../../test/support/factories.ts'
import { goodreadsCsv } from '../../../test/support/import-files.ts'
import { countersFromRows, storedCounters } from '../../../test/support/book-counters.ts'

describeEachDialect('imports: one batch of rows', (ctx) => {
  const call = (method: 'GET' | 'PUT', url: string, token: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })
  const entryOf = async (bookId: string, token: string) => ReadingEntrySchema.parse((await call('GET', `/api/books/${bookId}/reading`, token)).json())
  const averageOf = async (bookId: string, token: string) => BookSchema.parse((await call('GET', `/api/books/${bookId}`, token)).json()).averageRating

  it('leaves the log and every book’s average as the rows one after another would', async () => {
    const tag = Math.random().toString(36).slice(2, 8)
    const [twice, rerated, fresh, shelved, unrated] = await Promise.all(
      ['Twice Met', 'Rerated', 'Fresh Stars', 'Club Pick', 'No Stars'].map((t, i) =>
        insertBook(ctx.db, { title: `${t} ${tag}`, author: `Writer${i} Batch`, isbn: null }),
      ),
    )
    const other = await signUp(ctx.app)
    const reader = await signUp(ctx.app)
    // Someone else's rating on one book, and the reader's own earlier rating of another.
    expect((await call('PUT', `/api/books/${twice!.id}/reading`, other.token, { rating: 1 })).statusCode).toBe(200)
    expect((await call('PUT', `/api/books/${rerated!.id}/reading`, reader.token, { rating: 2, status: 'read' })).statusCode).toBe(200)

    const row = (book: { title: string; author: string }, over: Record<string, string>) => ({ Title: book.title, Author: book.author, ...over })
    const job = await importAndWait(
      ctx.app,
      reader.token,
      goodreadsCsv([
        row(twice!, { 'Exclusive Shelf': 'read', 'My Rating': '3' }),
        row(rerated!, { 'Exclusive Shelf': 'read', 'My Rating': '4' }),
        row(fresh!, { 'Exclusive Shelf': 'currently-reading', 'My Rating': '5' }),
        row(shelved!, { 'Exclusive Shelf': 'classics-club', Bookshelves: 'classics-club', 'My Rating': '4' }),
        row(unrated!, { 'Exclusive Shelf': 'to-read' }),
        // The same book again, later in the file: its rating is the one that stays.
        row(twice!, { 'Exclusive Shelf': 'read', 'My Rating': '5' }),
      ]),
    )
    expect(job).toMatchObject({ status: 'done', failed: 0 })

    expect(await entryOf(twice!.id, reader.token)).toMatchObject({ status: 'read', rating: 5 })
    expect(await entryOf(rerated!.id, reader.token)).toMatchObject({ status: 'read', rating: 4 })
    expect(await entryOf(fresh!.id, reader.token)).toMatchObject({ status: 'reading', rating: 5 })
    expect(await entryOf(shelved!.id, reader.token)).toMatchObject({ status: 'want', rating: 4 })
    expect(await entryOf(unrated!.id, reader.token)).toMatchObject({ status: 'want', rating: null })

    // (1 + 5) / 2, the reader's 2 become 4, and the rest as the file says.
    expect(await averageOf(twice!.id, reader.token)).toBe(3)
    expect(await averageOf(rerated!.id, reader.token)).toBe(4)
    expect(await averageOf(fresh!.id, reader.token)).toBe(5)
    expect(await averageOf(shelved!.id, reader.token)).toBe(4)
    expect(await averageOf(unrated!.id, reader.token)).toBe(0)
    for (const book of [twice!, rerated!, fresh!, shelved!, unrated!])
      expect(await storedCounters(ctx.db, book.id)).toEqual(await countersFromRows(ctx.db, book.id))
  })

  it('finds a book an earlier row of the batch made by its title alone, in any of the forms a title row is found by', async () => {
    const reader = await signUp(ctx.app)
    const title = `Lantern Harbour ${Math.random().toString(36).slice(2, 8)}`
    const job = await importAndWait(
      ctx.app,
      reader.token,
      goodreadsCsv([
        { Title: title, Author: 'Ines Valcourt', 'Exclusive Shelf': 'read', 'Date Read': '2024/03/01' },
        { Title: `${title} (Harbour Saga, #1)`, Author: 'Ines Valcourt', 'Exclusive Shelf': 'read', 'Date Read': '2025/03/01' },
        { Title: title, Author: 'I. Valcourt', 'Exclusive Shelf': 'read', 'My Rating': '4' },
      ]),
    )
    expect(job).toMatchObject({ status: 'done', failed: 0, needsReview: 0 })
    const made = await ctx.db.selectFrom('books').select('id').where('title', '=', title).execute()
    expect(made).toHaveLength(1)
    const entry = await entryOf(made[0]!.id, reader.token)
    expect(entry).toMatchObject({ status: 'read', rating: 4 })
    expect(entry.reads.map((r) => r.finishedOn)).toEqual(['2024-03-01', '2025-03-01'])
  })
})
