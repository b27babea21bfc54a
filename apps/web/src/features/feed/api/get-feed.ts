import { pagedListQuery, usePagedList } from '#/lib/paged-list.ts'

// The keys of this feature (not in query-keys.ts, which Home's first chunk holds; decision 0007).
const feedKeys = { all: ['feed'] as const }

const FEED_PAGE_SIZE = 20

/** GET /me/feed: what the readers the caller follows did, newest first, a page at a time (decision 0050). */
export const useFeed = () => usePagedList(pagedListQuery(feedKeys.all, '/me/feed', (c) => c.FeedListSchema, FEED_PAGE_SIZE))
