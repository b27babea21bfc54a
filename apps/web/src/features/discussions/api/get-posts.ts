import { keepPreviousData } from '@tanstack/react-query'
import { pagedListQuery, usePagedList } from '#/lib/paged-list.ts'
import { discussionKeys, revealQuery } from '#/features/discussions/api/discussion-keys.ts'

const POSTS_PAGE_SIZE = 50

/** GET /discussions/{id}/posts: oldest first, each post then its replies; `reveal` shows those posts the server withholds. */
const discussionPostsQuery = (id: string, reveal: readonly string[] = []) =>
  pagedListQuery(
    discussionKeys.posts(id, reveal),
    `/discussions/${encodeURIComponent(id)}/posts`,
    (c) => c.PostListSchema,
    POSTS_PAGE_SIZE,
    revealQuery(reveal),
  )

// The list stays on screen while the pages are read again with a post revealed.
export const useDiscussionPosts = (id: string, reveal: readonly string[] = []) =>
  usePagedList({ ...discussionPostsQuery(id, reveal), placeholderData: keepPreviousData })
