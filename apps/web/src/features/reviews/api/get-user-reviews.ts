import { pagedListQuery, usePagedList } from '#/lib/paged-list.ts'
import { userKeys } from '#/lib/query-keys.ts'

/** GET /users/reviews/{id}: a reader's reviews, newest first, a page at a time. */
const userReviewsQuery = (userId: string) => pagedListQuery(userKeys.reviews(userId), `/users/reviews/${encodeURIComponent(userId)}`, (c) => c.ReviewListSchema)

export const useUserReviews = (userId: string | undefined) => usePagedList(userReviewsQuery(userId ?? ''), Boolean(userId))
