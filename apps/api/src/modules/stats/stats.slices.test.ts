import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFinishedAt } from '#/db/reading-log-rows.ts'
import { ownerScope } from '#/modules/reading/reading.service.ts'
import { countFigures, latestYearBooks } from '#/modules/stats/stats.service.ts'
import { listYearBooks } from '#/modules/stats/stats.repository.ts'
import { createTestContext, testDialects, type TestContext } from '../../../test/support/context.ts'
import { insertBook, insertUser } from '../../../test/support/factories.ts'

// A reader's year counted a slice of books at a time (issue 26): on node:sqlite one statement over a
// 25,000-book year held the event loop 100–350 ms, so the figures are added up from slices of books,
// each statement on its own turn of the loop, and come out the same as counted whole.

const YEAR = 2023
const BOOKS = 23

for (const dialect of testDialects()) {
  describe(`a reader's year counted in slices [${dialect}]`, () => {
    let ctx: TestContext & { close(): Promise<void> }
    let onQuery: (() => void) | undefined
    let readerId: string
    beforeAll(async () => {
      ctx = await createTestContext(dialect, {}, { onQuery: () => onQuery?.() })
      readerId = (await insertUser(ctx.db)).id
      const at = new Date().toISOString()
      for (let i = 0; i < BOOKS; i++) {
        // Pages 100..122, two genres on every third book, a rating on every other one.
        const book = await insertBook(ctx.db, {
          title: `Slice ${String(i).padStart(2, '0')}`,
          pageCount: 100 + i,
          genres: i % 3 ? ['Saga'] : ['Saga', `Rare ${i % 2}`],
        })
        await ctx.db
          .insertInto('readingEntries')
          .values({ userId: readerId, bookId: book.id, status: 'read', rating: i % 2 ? (i % 5) + 1 : null, createdAt: at, updatedAt: at })
          .execute()
        const month = String((i % 12) + 1).padStart(2, '0')
        await ctx.db
          .insertInto('readThroughs')
          .values({ ...readFinishedAt(readerId, book.id, at), finishedOn: `${YEAR}-${month}-0${(i % 9) + 1}` })
          .execute()
        // Every fifth book read twice in the year (in December, or only the year known): two reads, one book.
        if (i % 5 === 0)
          await ctx.db
            .insertInto('readThroughs')
            .values({ ...readFinishedAt(readerId, book.id, at), finishedOn: i % 10 ? `${YEAR}-12-20` : String(YEAR) })
            .execute()
      }
    })
    afterAll(() => ctx?.close())

    it('counts the same figures in slices of 4 books as in one piece, a book read twice counted once for ratings and genres', async () => {
      const whole = await countFigures(ctx.db, ownerScope(readerId), YEAR, 10_000)
      const sliced = await countFigures(ctx.db, ownerScope(readerId), YEAR, 4)
      expect(sliced).toEqual(whole)
      expect(sliced).toMatchObject({
        booksRead: BOOKS + 5,
        yearOnly: 3,
        pagesRead: Array.from({ length: BOOKS }, (_, i) => (100 + i) * (i % 5 ? 1 : 2)).reduce((a, b) => a + b, 0),
        longestBook: { title: 'Slice 22', pageCount: 122 },
        shortestBook: { title: 'Slice 00', pageCount: 100 },
        genres: [
          { genre: 'Saga', books: BOOKS },
          { genre: 'Rare 0', books: 4 },
          { genre: 'Rare 1', books: 4 },
        ],
      })
      expect(Object.values(sliced.ratings).reduce((a, b) => a + b, 0)).toBe(11)
    })

    it('runs one statement a turn of the event loop at most, however many books the year holds', async () => {
      // A timer-like ticker takes a turn of the loop between statements; count the statements each turn ran.
      let turn = 0
      let ticking = true
      const tick = () => {
        turn++
        if (ticking) setImmediate(tick)
      }
      setImmediate(tick)
      const perTurn = new Map<number, number>()
      onQuery = () => perTurn.set(turn, (perTurn.get(turn) ?? 0) + 1)
      try {
        await countFigures(ctx.db, ownerScope(readerId), YEAR, 4)
      } finally {
        onQuery = undefined
        ticking = false
      }
      const statements = [...perTurn.values()].reduce((a, b) => a + b, 0)
      // Six slices of four books and the last one: a slice's end, months, ratings, genres each; then the longest and shortest.
      expect(statements).toBeGreaterThanOrEqual(6 * 4)
      expect(Math.max(...perTurn.values())).toBe(1)
    })

    it("draws the image's twelve books last finished from slices as from the whole year", async () => {
      const whole = await listYearBooks(ctx.db, ownerScope(readerId), YEAR, 12)
      expect(await latestYearBooks(ctx.db, ownerScope(readerId), YEAR, 12, 4)).toEqual(whole)
      expect(whole[0]!.finishedOn).toBe(`${YEAR}-12-20`)
    })
  })
}
