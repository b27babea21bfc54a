import { expect, it } from 'vitest'
import { CommentListSchema, PostListSchema, ReviewListSchema, ReviewSchema } from '@shelfwise/contracts'
import { describeEachDialect } from '../../../test/support/context.ts'
import { callerOf } from '../../../test/support/calls.ts'
import { insertBook, insertReader } from '../../../test/support/factories.ts'

// Author and publisher badges (issue 23, point 5, decision 0051): a review, comment or discussion
// post whose writer is linked to the book as its author or publisher says so; anyone else's says null.

describeEachDialect('author and publisher badges', (ctx) => {
  const call = callerOf(ctx)
  const ok = async (method: Parameters<typeof call>[0], url: string, token?: string, body?: object) => {
    const res = await call(method, url, token, body)
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300)
    return res.json() as unknown
  }

  it('marks the linked author’s and publisher’s reviews, comments and posts, and nobody else’s', async () => {
    const [author, publisher, reader] = [await insertReader(ctx), await insertReader(ctx), await insertReader(ctx)]
    const book = await insertBook(ctx.db, { authorUserId: author.id, publisherUserId: publisher.id })
    // The same author on another book they are not linked to has no badge there.
    const other = await insertBook(ctx.db)

    const byAuthor = ReviewSchema.parse(await ok('POST', `/api/reviews/book/${book.id}`, author.token, { rating: 5, comment: 'I wrote this.' }))
    expect(byAuthor.badge).toBe('author')
    await ok('POST', `/api/reviews/book/${book.id}`, reader.token, { rating: 3, comment: 'Fine.' })
    await ok('POST', `/api/reviews/book/${other.id}`, author.token, { rating: 4, comment: 'Not mine.' })
    const reviews = ReviewListSchema.parse(await ok('GET', `/api/reviews/book/${book.id}`))
    expect(Object.fromEntries(reviews.map((r) => [r.user._id, r.badge]))).toEqual({ [author.id]: 'author', [reader.id]: null })
    expect(ReviewListSchema.parse(await ok('GET', `/api/reviews/book/${other.id}`)).map((r) => r.badge)).toEqual([null])

    const readersReview = reviews.find((r) => r.user._id === reader.id)!
    for (const who of [publisher, author, reader]) await ok('POST', `/api/reviews/${readersReview._id}/comments`, who.token, { text: 'Thanks!' })
    const comments = CommentListSchema.parse(await ok('GET', `/api/reviews/${readersReview._id}/comments`))
    expect(comments.map((c) => [c.user?._id, c.badge])).toEqual([
      [publisher.id, 'publisher'],
      [author.id, 'author'],
      [reader.id, null],
    ])

    const thread = (await ok('POST', `/api/books/${book.id}/discussions`, reader.token, { title: 'Ask the author', text: 'Why?' })) as { _id: string }
    await ok('POST', `/api/discussions/${thread._id}/posts`, author.token, { text: 'Because.' })
    const posts = PostListSchema.parse(await ok('GET', `/api/discussions/${thread._id}/posts`))
    expect(posts.map((p) => [p.user?._id, p.badge])).toEqual([
      [reader.id, null],
      [author.id, 'author'],
    ])
  })
})
