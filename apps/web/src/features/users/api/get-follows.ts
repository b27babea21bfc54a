import { pagedListQuery, usePagedList } from '#/lib/paged-list.ts'
import { userKeys } from '#/lib/query-keys.ts'

export type FollowDirection = 'followers' | 'following'

/** GET /users/followers/{id} and /users/following/{id}: people with isFollowing for the viewer, a page at a time. */
const followsQuery = (id: string, direction: FollowDirection) =>
  pagedListQuery(userKeys.follows(id, direction), `/users/${direction}/${encodeURIComponent(id)}`, (c) => c.PersonListSchema)

export const useFollows = (id: string | undefined, direction: FollowDirection) => usePagedList(followsQuery(id ?? '', direction), Boolean(id))
