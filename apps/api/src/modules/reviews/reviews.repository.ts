import type { Review } from '@shelfwise/contracts'
import { toIso, type Db } from '#/db/portable.ts'

/** Selects every column a Review needs (its reader and book joined in); compose with where/order/limit. */
export const selectReviews = (db: Db) =>
  db.selectFrom('reviews as r')
    .innerJoin('users as u', 'u.id', 'r.userId')
    .innerJoin('books as b', 'b.id', 'r.bookId')
    .select([
      'r.id', 'r.rating', 'r.comment', 'r.createdAt', 'r.updatedAt', 'r.userId', 'u.username', 'u.profileImage',
      'r.bookId', 'b.title as bookTitle', 'b.author as bookAuthor', 'b.coverImage as bookCoverImage',
    ])

export type ReviewRow = Awaited<ReturnType<ReturnType<typeof selectReviews>['execute']>>[number]

export const toReview = (r: ReviewRow): Review => ({
  _id: r.id,
  rating: Number(r.rating),
  comment: r.comment,
  createdAt: toIso(r.createdAt),
  updatedAt: toIso(r.updatedAt),
  user: { _id: r.userId, username: r.username, profileImage: r.profileImage },
  book: { _id: r.bookId, title: r.bookTitle, author: r.bookAuthor, coverImage: r.bookCoverImage },
})
