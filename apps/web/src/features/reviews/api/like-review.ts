import type { LikeState } from '@shelfwise/contracts'
import { api } from '#/lib/api-client.ts'

/** Likes a review (`liked` true) or takes the like back; answers the count and the caller's state. */
export const likeReview = (reviewId: string, liked: boolean): Promise<LikeState> =>
  liked
    ? api.put(`/reviews/${encodeURIComponent(reviewId)}/like`, (c) => c.LikeStateSchema)
    : api.delete(`/reviews/${encodeURIComponent(reviewId)}/like`, (c) => c.LikeStateSchema)

/** Likes a comment (`liked` true) or takes the like back. */
export const likeComment = (commentId: string, liked: boolean): Promise<LikeState> =>
  liked
    ? api.put(`/comments/${encodeURIComponent(commentId)}/like`, (c) => c.LikeStateSchema)
    : api.delete(`/comments/${encodeURIComponent(commentId)}/like`, (c) => c.LikeStateSchema)
