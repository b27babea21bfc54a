import type { MergeStatus } from '@shelfwise/contracts'
import { pagedListQuery, usePagedList } from '#/lib/paged-list.ts'

// The keys of this feature live here rather than in query-keys.ts, which Home's first chunk holds
// (decision 0007): applying or reverting a merge refreshes every list under `mergeKeys.all`.

/** Proposals per page: a proposal reads both its books, so pages stay small (the API's default). */
const MERGES_PAGE_SIZE = 20

export const mergeKeys = {
  all: ['merges'] as const,
  list: (filter: MergeListFilter) => ['merges', 'list', filter, { pageSize: MERGES_PAGE_SIZE }] as const,
}

export interface MergeListFilter {
  status?: MergeStatus
  /** Only proposals about this book (its work or any of its editions); open ones unless `status` says. */
  bookId?: string
}

const filterQuery = ({ status, bookId }: MergeListFilter): Record<string, string> => ({
  ...(status ? { status } : {}),
  ...(bookId ? { bookId } : {}),
})

/** GET /merge-proposals: open proposals first, then applied and reverted ones, a page at a time. */
export const useMergeProposals = (filter: MergeListFilter = {}, enabled = true) =>
  usePagedList(
    pagedListQuery(mergeKeys.list(filter), '/merge-proposals', (c) => c.MergeProposalListSchema, MERGES_PAGE_SIZE, filterQuery(filter)),
    enabled,
  )
