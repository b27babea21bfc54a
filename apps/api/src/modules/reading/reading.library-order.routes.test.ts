import { beforeAll, expect, it } from 'vitest'
import { v7 as uuidv7 } from 'uuid'
import { LIBRARY_SORTS, LibraryEntryListSchema } from '@shelfwise/contracts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { readingCalls } from '../../../test/support/reading-calls.ts'
import { insertBook, insertReview, insertUser } from '../../../test/support/factories.ts'
import { nextLink, readAllPages } from '../../../test/support/paging.ts'
import { LIBRARY_CURSOR_MESSAGE } from '#/modules/reading/reading.library-order.ts'

// A reader's library in the orders of issue 22 (date read, date added, rating, title, author, each
// both ways) and searched by title or author words: a crafted library with ties and missing keys,
// paged through at small limits, with the search alone and with other filters, and the 400s.

type Letter = 'A' | 'B' | 'C' | 'D' | 'E' | 'F'

/** Each book: title, author, status, the entry's own rating, a review's rating, the days its reads finished, when it was added. */
const LIBRARY: Record<Letter, { title: string; author: string; status: string; rating?: number; review?: number; reads: (string | null)[]; added: string }> = {
  A: { title: 'Émile ou de l’éducation', author: 'Jean-Jacques Rousseau', status: 'read', rating: 5, reads: ['2024-03-10', '2019'], added: '2026-01-01' },
  B: { title: 'anna karenina', author: 'Leo Tolstoy', status: 'read', rating: 3, reads: ['2024'], added: '2026-01-02' },
  // Finished on a day nobody remembers: no date read.
  C: { title: 'Beloved', author: 'Toni Morrison', status: 'read', reads: [null], added: '2026-01-03' },
  D: { title: 'Dune', author: 'Frank Herbert', status: 'reading', rating: 3, reads: [], added: '2026-01-01' },
  E: { title: 'Dune', author: 'Frank Herbert', status: 'want', reads: [], added: '2026-01-04' },
  // Rated in a review; a later read taken off Recently Read does not count.
  F: { title: 'Zażółć gęślą', author: 'Ålberg Ödön', status: 'read', review: 4, reads: ['2024-03-10'], added: '2026-01-02' },
}

/** Every order both ways, as letters (books made A to F, so ties by id go A before F ascending). */
const EXPECTED: Record<string, Letter[]> = {
  'finished.desc': ['F', 'A', 'B', 'E', 'D', 'C'],
  'finished.asc': ['B', 'A', 'F', 'C', 'D', 'E'],
  'added.desc': ['E', 'C', 'F', 'B', 'D', 'A'],
  'added.asc': ['A', 'D', 'B', 'F', 'C', 'E'],
  'rating.desc': ['A', 'F', 'D', 'B', 'E', 'C'],
  'rating.asc': ['B', 'D', 'F', 'A', 'C', 'E'],
  'title.asc': ['B', 'C', 'D', 'E', 'A', 'F'],
  'title.desc': ['F', 'A', 'E', 'D', 'C', 'B'],
  'author.asc': ['F', 'D', 'E', 'A', 'B', 'C'],
  'author.desc': ['C', 'B', 'A', 'E', 'D', 'F'],
}
const DEFAULT_ORDER = { finished: 'desc', added: 'desc', rating: 'desc', title: 'asc', author: 'asc' } as const

describeEachDialect('library orders and search', (ctx) => {
  const { call, expect400 } = readingCalls(ctx)
  let reader: Awaited<ReturnType<typeof insertUser>>
  let other: Awaited<ReturnType<typeof insertUser>>
  const letterOf = new Map<string, Letter>()
  const url = (query: string) => `/api/users/${reader.id}/library?${query}`

  /** The page's books as letters: the reader's view, another reader's (their token), or anyone's (null). */
  const letters = async (query: string, token: string | null = reader.token) => {
    const res = await call('GET', url(query), token ?? undefined)
    expect(res.statusCode, res.body).toBe(200)
    const list = LibraryEntryListSchema.parse(res.json())
    expect(res.headers['x-total-count'], query).toBe(String(list.length))
    return list.map((e) => letterOf.get(e.book._id) ?? e.book.title)
  }

  beforeAll(async () => {
    reader = await insertUser(ctx.db)
    other = await insertUser(ctx.db)
    for (const [letter, b] of Object.entries(LIBRARY) as [Letter, (typeof LIBRARY)[Letter]][]) {
      const book = await insertBook(ctx.db, { title: b.title, author: b.author })
      letterOf.set(book.id, letter)
      const at = `${b.added}T10:00:00.000Z`
      // Imported together: one moment of change for all, as an import leaves them.
      await ctx.db
        .insertInto('readingEntries')
        .values({ userId: reader.id, bookId: book.id, status: b.status, rating: b.rating ?? null, createdAt: at, updatedAt: '2026-02-01T00:00:00.000Z' })
        .execute()
      for (const finishedOn of b.reads) {
        await ctx.db
          .insertInto('readThroughs')
          .values({ id: uuidv7(), userId: reader.id, bookId: book.id, finishedOn, outcome: 'finished', createdAt: at, updatedAt: at })
          .execute()
      }
      if (b.review) await insertReview(ctx.db, { bookId: book.id, userId: reader.id, rating: b.review })
      if (letter === 'F') {
        await ctx.db
          .insertInto('readThroughs')
          .values({
            id: uuidv7(),
            userId: reader.id,
            bookId: book.id,
            finishedOn: '2025-06-01',
            outcome: 'finished',
            removedAt: at,
            createdAt: at,
            updatedAt: at,
          })
          .execute()
      }
    }
    // Another reader's Dune: never in this reader's search.
    const theirs = await insertBook(ctx.db, { title: 'Dune Messiah', author: 'Frank Herbert' })
    await ctx.db
      .insertInto('readingEntries')
      .values({ userId: other.id, bookId: theirs.id, status: 'read', rating: 4, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' })
      .execute()
  })

  it('orders by each key both ways, books without it last in both, ties by book id', async () => {
    for (const sort of LIBRARY_SORTS) {
      for (const order of ['asc', 'desc']) expect(await letters(`sort=${sort}&order=${order}`), `${sort} ${order}`).toEqual(EXPECTED[`${sort}.${order}`])
      expect(await letters(`sort=${sort}`), `${sort} by default`).toEqual(EXPECTED[`${sort}.${DEFAULT_ORDER[sort]}`])
    }
  })

  it('gives every book exactly once, in order, paged at limits 1, 2 and 4', async () => {
    for (const sort of LIBRARY_SORTS) {
      for (const order of ['asc', 'desc']) {
        for (const limit of [1, 2, 4]) {
          const { pages, totals } = await readAllPages(ctx, url(`sort=${sort}&order=${order}&limit=${limit}`), LibraryEntryListSchema, reader.token)
          const seen = pages.flat().map((e) => letterOf.get(e.book._id))
          expect(seen, `${sort} ${order} limit ${limit}`).toEqual(EXPECTED[`${sort}.${order}`])
          expect(pages).toHaveLength(Math.ceil(6 / limit))
          expect(new Set(totals)).toEqual(new Set(['6']))
        }
      }
    }
  })

  it('sends when each book entered the library', async () => {
    const res = await call('GET', url('sort=added&order=asc&limit=2'), reader.token)
    expect(LibraryEntryListSchema.parse(res.json()).map((e) => e.addedAt)).toEqual(['2026-01-01T10:00:00.000Z', '2026-01-01T10:00:00.000Z'])
  })

  it('keeps its first order without a sort: newest change first, as before', async () => {
    const { pages } = await readAllPages(ctx, url('limit=2'), LibraryEntryListSchema, reader.token)
    // One moment for all: by book id, newest first.
    expect(pages.flat().map((e) => letterOf.get(e.book._id))).toEqual(['F', 'E', 'D', 'C', 'B', 'A'])
  })

  it('finds title and author words in any letter case, with or without accents, in this reader’s library only', async () => {
    expect(await letters('q=emile')).toEqual(['A'])
    expect(await letters('q=%C3%89DUCATION')).toEqual(['A'])
    expect(await letters('q=ROUSSEAU')).toEqual(['A'])
    expect(await letters('q=odon')).toEqual(['F'])
    expect(await letters('q=zazolc%20gesla')).toEqual(['F'])
    expect(await letters('q=%C3%85LBERG')).toEqual(['F'])
    // Every word must match, in the title or the author.
    expect(await letters('q=dune%20herbert&sort=title')).toEqual(['D', 'E'])
    expect(await letters('q=dune%20tolstoy')).toEqual([])
    // LIKE's own characters are plain letters here.
    expect(await letters('q=%25')).toEqual([])
    expect(await letters('q=_')).toEqual([])
    expect(await letters('q=%20%20')).toEqual(['F', 'E', 'D', 'C', 'B', 'A'])
  })

  it('searches within the other filters and pages a search by its cursor', async () => {
    expect(await letters('q=dune&status=want')).toEqual(['E'])
    expect(await letters('q=e&status=read&sort=title')).toEqual(['B', 'C', 'A', 'F'])
    expect(await letters('q=e&status=reading')).toEqual(['D'])
    const shelved = await call('PUT', `/api/books/${[...letterOf].find(([, l]) => l === 'D')![0]}/shelves`, reader.token, { names: ['Favs'] })
    expect(shelved.statusCode, shelved.body).toBe(200)
    expect(await letters('q=dune&shelf=favs')).toEqual(['D'])
    expect(await letters('q=tolstoy&shelf=favs')).toEqual([])
    const { pages } = await readAllPages(ctx, url('q=e&limit=1'), LibraryEntryListSchema, reader.token)
    expect(pages.flat().map((e) => letterOf.get(e.book._id))).toEqual(['F', 'E', 'D', 'C', 'B', 'A'])
  })

  it('shows another reader the same orders without the Want to Read book, and never their private shelf', async () => {
    expect(await letters('sort=title', other.token)).toEqual(['B', 'C', 'D', 'A', 'F'])
    expect(await letters('sort=rating&order=asc', null)).toEqual(['B', 'D', 'F', 'A', 'C'])
    expect(await letters('q=dune', other.token)).toEqual(['D'])
    expect(await letters('q=dune&status=want', other.token)).toEqual([])
    expect(await letters('q=dune&shelf=favs', other.token)).toEqual([])
  })

  it('refuses a bad sort, order or search, naming it', async () => {
    await expect400(await call('GET', url('sort=pages'), reader.token), /^Sort must be one of finished, added, rating, title, author/)
    await expect400(await call('GET', url('sort=title&order=up'), reader.token), /^Order must be asc or desc/)
    await expect400(await call('GET', url(`q=${'x'.repeat(101)}`), reader.token), /^Search \(q\) must be at most 100 characters/)
    expect((await call('GET', url(`q=${'x'.repeat(100)}`), reader.token)).statusCode).toBe(200)
  })

  it('refuses a cursor made under another sort, order or search with a 400 naming the cursor', async () => {
    const cursorOf = async (query: string) => {
      const res = await call('GET', url(`${query}&limit=1`), reader.token)
      expect(res.statusCode, res.body).toBe(200)
      return new URL(nextLink(res.headers.link)!, 'http://x').searchParams.get('cursor')!
    }
    const title = await cursorOf('sort=title')
    expect((await call('GET', url(`sort=title&limit=1&cursor=${title}`), reader.token)).statusCode).toBe(200)
    expect((await call('GET', url(`sort=title&order=asc&limit=1&cursor=${title}`), reader.token)).statusCode).toBe(200)
    for (const query of ['sort=author', 'sort=title&order=desc', 'sort=title&q=dune', 'sort=finished', 'sort=rating', 'sort=added', '']) {
      await expect400(await call('GET', url(`${query}&limit=1&cursor=${title}`), reader.token), LIBRARY_CURSOR_MESSAGE)
    }
    const searched = await cursorOf('q=e')
    await expect400(await call('GET', url(`q=a&limit=1&cursor=${searched}`), reader.token), LIBRARY_CURSOR_MESSAGE)
    await expect400(await call('GET', url(`limit=1&cursor=${searched}`), reader.token), LIBRARY_CURSOR_MESSAGE)
    const first = await cursorOf('status=read')
    await expect400(await call('GET', url(`sort=added&limit=1&cursor=${first}`), reader.token), LIBRARY_CURSOR_MESSAGE)
    await expect400(await call('GET', url(`sort=added&cursor=nonsense`), reader.token), /^Cursor is not one this list gave out/)
  })
})
