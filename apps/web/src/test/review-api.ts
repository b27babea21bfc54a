import type { Book, Review, User } from '@shelfwise/contracts'
import { notFound, type Handler } from '#/test/fake-api.ts'
import { buildReview } from '#/test/factories.ts'

/**
 * A book's reviews as the server keeps them, for fakeApi: the reader has none until they post one,
 * which then comes first, before `others`. `mine()` is the review posted, if any.
 */
export function bookReviewsApi(me: User, book: Book, others: Review[] = []) {
  let mine: Review | null = null
  const calls: Record<string, Handler> = {
    [`GET /reviews/book/${book._id}`]: () => ({ body: mine ? [mine, ...others] : [...others] }),
    [`GET /reviews/book/${book._id}/mine`]: () => (mine ? { body: mine } : notFound('Review not found')),
    [`POST /reviews/book/${book._id}`]: (req) => {
      const b = req.body as { rating: number; content: string }
      mine = buildReview({
        rating: b.rating,
        comment: b.content,
        user: { _id: me._id, username: me.username, profileImage: '' },
        book: { _id: book._id, title: book.title, author: book.author, coverImage: '' },
      })
      return { status: 201, body: mine }
    },
  }
  return { calls, mine: () => mine }
}
