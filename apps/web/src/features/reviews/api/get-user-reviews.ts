import { pagedListQuery, usePagedList } from '#/lib/paged-list.ts'

/** GET /users/reviews/{id}: a reader's reviews, newest first, a page at a time. */
export const userReviewsQuery = (userId: string) =>
  pagedListQuery(['users', userId, 'reviews'], `/users/reviews/${encodeURIComponent(userId)}`, (c) => c.ReviewListSchema)

export const useUserReviews = (userId: string | undefined) => usePagedList(userReviewsQuery(userId ?? ''), Boolean(userId))
