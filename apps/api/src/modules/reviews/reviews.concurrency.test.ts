import { expect, it } from 'vitest'
import { bearer, insertBook, insertUser, tokenFor } from '../../../test/support/factories.ts'
import { describeEachDialect } from '../../../test/support/context.ts'

// Many readers writing about the same few books at the same moment: on PostgreSQL each write holds its
// book's row until COMMIT, so nothing it does meanwhile may wait for another pooled connection.
describeEachDialect('reviews written at once on the same books', (ctx) => {
  it('takes every new review and every edit when many readers write about a few books at the same moment', async () => {
    const books = await Promise.all(Array.from({ length: 4 }, (_, i) => insertBook(ctx.db, { title: `Shared ${i}` })))
    const readers = await Promise.all(Array.from({ length: 16 }, (_, i) => insertUser(ctx.db, { username: `editor${i}`, email: `editor${i}@example.com` })))
    const created = await Promise.all(
      readers.map((r, i) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/reviews/book/${books[i % books.length]!.id}`,
          headers: bearer(tokenFor(r.id)),
          payload: { rating: 3, comment: 'A first thought on this book.' },
        }),
      ),
    )
    expect(created.map((c) => c.statusCode)).toEqual(readers.map(() => 201))
    const mine = created.map((c, i) => ({ id: c.json<{ _id: string }>()._id, token: tokenFor(readers[i]!.id) }))
    const edits = await Promise.all(
      [1, 2, 3, 4, 5].flatMap((stars) =>
        mine.map(({ id, token }) =>
          ctx.app.inject({ method: 'PUT', url: `/api/reviews/${id}`, headers: bearer(token), payload: { rating: stars, comment: `Now ${stars} stars.` } }),
        ),
      ),
    )
    expect(
      edits.filter((e) => e.statusCode !== 200).map((e) => e.body),
      'every edit answered 200',
    ).toEqual([])
    // Each book's average is the mean of its reviews' last stars, whatever order the edits took.
    for (const book of books) {
      const page = await ctx.app.inject({ method: 'GET', url: `/api/reviews/book/${book.id}?limit=50` })
      const stars = page.json<{ rating: number }[]>().map((r) => r.rating)
      const answer = await ctx.app.inject({ method: 'GET', url: `/api/books/${book.id}` })
      const { averageRating, totalReviews } = answer.json<{ averageRating: number; totalReviews: number }>()
      expect(totalReviews).toBe(stars.length)
      expect(averageRating).toBeCloseTo(stars.reduce((a, b) => a + b, 0) / stars.length, 2)
    }
  })
})
