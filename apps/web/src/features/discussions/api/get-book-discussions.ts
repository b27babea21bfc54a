import { pagedListQuery, usePagedList } from '#/lib/paged-list.ts'
import { discussionKeys, revealQuery } from '#/features/discussions/api/discussion-keys.ts'

const DISCUSSIONS_PAGE_SIZE = 20

/** GET /books/{id}/discussions: newest activity first, a page at a time; `reveal` shows those opening posts. */
const bookDiscussionsQuery = (bookId: string, reveal: readonly string[] = []) =>
  pagedListQuery(
    [...discussionKeys.ofBook(bookId), [...reveal].sort()],
    `/books/${encodeURIComponent(bookId)}/discussions`,
    (c) => c.DiscussionListSchema,
    DISCUSSIONS_PAGE_SIZE,
    revealQuery(reveal),
  )

export const useBookDiscussions = (bookId: string, reveal: readonly string[] = []) => usePagedList(bookDiscussionsQuery(bookId, reveal))
