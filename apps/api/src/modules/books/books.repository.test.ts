import { beforeAll, expect, it } from 'vitest'
import { v7 as uuidv7 } from 'uuid'
import { describeEachDialect } from '../../../test/support/context.ts'
import { listBooksByIds, listGenresByBook } from '#/modules/books/books.repository.ts'

// Id lists run as a few precompiled statements: padded up to 1, 8, 24 or 100 ids, longer lists in
// chunks (the whole catalogue, GET /books without a limit, once failed with "too many SQL variables").

describeEachDialect('books.repository id lists', (ctx) => {
  const ids: string[] = []
  beforeAll(async () => {
    const now = Date.now()
    const rows = Array.from({ length: 230 }, (_, i) => ({
      id: uuidv7({ msecs: now + i }),
      title: `List Book ${i}`,
      author: 'Chunk Author',
      createdAt: new Date(now + i).toISOString(),
      updatedAt: new Date(now + i).toISOString(),
    }))
    await ctx.db.insertInto('books').values(rows).execute()
    await ctx.db
      .insertInto('bookGenres')
      .values(rows.flatMap((r, i) => [{ bookId: r.id, genre: 'Fiction' }, ...(i % 2 ? [{ bookId: r.id, genre: 'Drama' }] : [])]))
      .execute()
    ids.push(...rows.map((r) => r.id))
  })

  it('answers books in the order of the ids, for lists of every size, unknown ids skipped', async () => {
    for (const n of [1, 5, 8, 24, 99, 100, 101, 230]) {
      const wanted = ids.slice(0, n).reverse()
      expect((await listBooksByIds(ctx.db, [...wanted, 'nope', wanted[0]!])).map((b) => b._id)).toEqual([...wanted, wanted[0]])
    }
  })

  it('lists the genres of more books than one statement takes, each sorted', async () => {
    const genres = await listGenresByBook(ctx.db, ids)
    expect(genres.size).toBe(230)
    expect(ids.map((id) => genres.get(id))).toEqual(ids.map((_, i) => (i % 2 ? ['Drama', 'Fiction'] : ['Fiction'])))
  })
})
