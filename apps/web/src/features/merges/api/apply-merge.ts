import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { MergeProposal } from '@shelfwise/contracts'
import { api } from '#/lib/api-client.ts'
import { bookKeys, readingKeys, reviewKeys, userKeys } from '#/lib/query-keys.ts'
import { mergeKeys } from '#/features/merges/api/get-merge-proposals.ts'

/**
 * After a merge or its revert every book, review and library the app holds may name the other book
 * (reviews, reads and shelves moved): all of them are read again, as after signing in.
 */
function useRefreshAfterMerge() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([mergeKeys.all, bookKeys.all, reviewKeys.all, readingKeys.all, userKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}

/** POST /merge-proposals/{id}/apply: a moderator or a trusted reader applies an open proposal. */
export function useApplyMerge() {
  const refresh = useRefreshAfterMerge()
  return useMutation({
    mutationFn: (proposalId: string): Promise<MergeProposal> =>
      api.post(`/merge-proposals/${encodeURIComponent(proposalId)}/apply`, (c) => c.MergeProposalSchema),
    onSuccess: refresh,
  })
}

/** POST /merges/{id}/revert: the absorbed book is a book again, in one step. */
export function useRevertMerge() {
  const refresh = useRefreshAfterMerge()
  return useMutation({
    mutationFn: (mergeId: string): Promise<MergeProposal> => api.post(`/merges/${encodeURIComponent(mergeId)}/revert`, (c) => c.MergeProposalSchema),
    onSuccess: refresh,
  })
}
