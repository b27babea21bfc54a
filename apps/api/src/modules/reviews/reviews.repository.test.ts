import { describe, expect, it } from 'vitest'
import { sql, type Kysely } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import { createDb } from '#/db/connect.ts'
import { columnTypes } from '#/db/portable.ts'
import * as initialSchema from '#/db/migrations/2026_11_21_1400_initial_schema.ts'
import * as booksRatingSum from '#/db/migrations/2026_11_22_1000_books_rating_sum.ts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { bearer, insertBook, insertUser } from '../../../test/support/factories.ts'
import { queryPlan } from '../../../test/support/query-plan.ts'
import { buildPopularInWindowQuery, buildRecentReviewsQuery, findReviewer, listPopularBookIds } from '#/modules/reviews/reviews.repository.ts'

const DAY = 24 * 60 * 60 * 1000

describeEachDialect('reviews.repository', (ctx) => {
  const stats = async (bookId: string) => {
    const row = await ctx.db.selectFrom('books').select(['totalReviews', 'ratingSum', 'averageRating']).where('id', '=', bookId).executeTakeFirstOrThrow()
    return { count: Number(row.totalReviews), sum: Number(row.ratingSum), average: Number(row.averageRating) }
  }

  describe('popular this week', () => {
    it('reads only the window through the created_at index, not every review', async () => {
      // Many books with old reviews and a few new ones, with statistics, as a real catalogue would have.
      const books = await Promise.all(Array.from({ length: 150 }, () => insertBook(ctx.db)))
      const users = await Promise.all(Array.from({ length: 3 }, () => insertUser(ctx.db)))
      const rows = books.flatMap((b, i) =>
        users.map((u, j) => {
          const recent = i === 0 || (i === 1 && j === 0)
          const createdAt = new Date(Date.now() - (recent ? DAY : 60 * DAY + (i * 3 + j) * 60_000)).toISOString()
          return { id: uuidv7(), bookId: b.id, userId: u.id, rating: 3, comment: 'Old news', createdAt, updatedAt: createdAt }
        }),
      )
      await ctx.db.insertInto('reviews').values(rows).execute()
      await sql`analyze`.execute(ctx.db)

      const window = { since: new Date(Date.now() - 7 * DAY).toISOString(), until: new Date().toISOString() }
      expect(await listPopularBookIds(ctx.db, window, 10)).toEqual([
        { bookId: books[0]!.id, reviewCount: 3 },
        { bookId: books[1]!.id, reviewCount: 1 },
      ])

      const compiled = buildPopularInWindowQuery(ctx.db, window, 10).compile()
      const plan = await queryPlan(ctx.db, ctx.dialect, compiled)
      expect(plan).toMatch(/reviews_created_idx/)
      // Neither every review nor every book is read.
      expect(plan).not.toMatch(/SCAN (reviews|b)\b|Seq Scan on (reviews|books)/)

      // A book the moderators hid is in no list (decision 0058): the next one takes its place, the list stays full.
      await ctx.db.updateTable('books').set({ hidden: 1 }).where('id', '=', books[0]!.id).execute()
      expect(await listPopularBookIds(ctx.db, window, 1)).toEqual([{ bookId: books[1]!.id, reviewCount: 1 }])
    })
  })

  describe('recent reviews', () => {
    it('reads the newest reviews written here from their partial index, without sorting and without the imported ones', async () => {
      const plan = await queryPlan(ctx.db, ctx.dialect, buildRecentReviewsQuery(ctx.db, 8).compile(), ['enable_seqscan', 'enable_sort'])
      expect(plan).toMatch(/reviews_written_here_created_idx/)
      expect(plan).not.toMatch(/TEMP B-TREE|Sort\b/)
    })
  })

  // After the week's count: these write reviews of today.
  describe('the create path', () => {
    it('finds a new review’s reader (its book is answered by the rating ledger, books.ratings.repository.ts)', async () => {
      const reader = await insertUser(ctx.db, { profileImage: '/uploads/me.webp' })
      expect(await findReviewer(ctx.db, reader.id)).toEqual({ _id: reader.id, username: reader.username, profileImage: '/uploads/me.webp' })
      expect(await findReviewer(ctx.db, uuidv7())).toBeUndefined()
    })

    it('answers a new review exactly as the lists show it afterwards, and 404 for an absent book', async () => {
      const book = await insertBook(ctx.db)
      const reader = await insertUser(ctx.db)
      const post = (bookId: string) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/reviews/book/${bookId}`,
          headers: bearer(reader.token),
          payload: { rating: 3, comment: 'Built from what was written' },
        })
      const created = await post(book.id)
      expect(created.statusCode).toBe(201)
      const listed = await ctx.app.inject({ method: 'GET', url: `/api/reviews/book/${book.id}` })
      expect(listed.json()).toEqual([created.json()])
      const absent = await post(uuidv7())
      expect(absent.statusCode).toBe(404)
      expect(await stats(book.id)).toEqual({ count: 1, sum: 3, average: 3 })
    })
  })
})

describe('migration 2026_11_22_1000_books_rating_sum', () => {
  it('backfills the rating sum, count and exact average of books reviewed before it', async () => {
    const db = createDb({ url: ':memory:' }).withoutPlugins() as Kysely<any>
    try {
      const t = columnTypes('sqlite')
      await initialSchema.up(db, t)
      const now = new Date().toISOString()
      await db
        .insertInto('users')
        .values(
          ['u1', 'u2', 'u3'].map((id) => ({
            id,
            name: id,
            username: id,
            email: `${id}@x.test`,
            password_hash: 'x',
            user_type: 'Reader',
            created_at: now,
            updated_at: now,
          })),
        )
        .execute()
      await db
        .insertInto('books')
        .values(['b1', 'b2'].map((id) => ({ id, title: id, author: 'A', average_rating: 0, total_reviews: 0, created_at: now, updated_at: now })))
        .execute()
      await db
        .insertInto('reviews')
        .values([
          { id: 'r1', book_id: 'b1', user_id: 'u1', rating: 5, comment: 'c', created_at: now, updated_at: now },
          { id: 'r2', book_id: 'b1', user_id: 'u2', rating: 4, comment: 'c', created_at: now, updated_at: now },
          { id: 'r3', book_id: 'b1', user_id: 'u3', rating: 4, comment: 'c', created_at: now, updated_at: now },
        ])
        .execute()
      await booksRatingSum.up(db, t)
      const rows = await db.selectFrom('books').select(['id', 'rating_sum', 'total_reviews', 'average_rating']).orderBy('id').execute()
      expect(rows.map((r) => [r.id, r.rating_sum, r.total_reviews])).toEqual([
        ['b1', 13, 3],
        ['b2', 0, 0],
      ])
      expect(rows[0]!.average_rating).toBeCloseTo(13 / 3, 12)
      expect(rows[1]!.average_rating).toBe(0)
    } finally {
      await db.destroy()
    }
  })
})
