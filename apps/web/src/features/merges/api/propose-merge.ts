import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { MergeProposal, MergeProposalInput } from '@shelfwise/contracts'
import { api } from '#/lib/api-client.ts'
import { mergeKeys } from '#/features/merges/api/get-merge-proposals.ts'

/** POST /merge-proposals: the proposal (a new one, or the open one of the same pair the API answers with). */
export function useProposeMerge() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: MergeProposalInput): Promise<MergeProposal> => api.post('/merge-proposals', (c) => c.MergeProposalSchema, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mergeKeys.all }),
  })
}
