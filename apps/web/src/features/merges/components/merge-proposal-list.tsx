import Box from '@mui/material/Box'
import { errorMessage } from '#/lib/api-client.ts'
import { EmptyState } from '#/components/feedback/empty-state.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { PagedListFooter } from '#/components/paged-list-footer.tsx'
import { useMergeProposals } from '#/features/merges/api/get-merge-proposals.ts'
import { MergeProposalCard } from '#/features/merges/components/merge-proposal-card.tsx'
import { MERGE_TEXT } from '#/features/merges/components/merge-texts.ts'

/** Every proposal, open ones first, then applied and reverted ones (the API's order), read a page at a time. */
export function MergeProposalList({ isSignedIn }: { isSignedIn: boolean }) {
  const list = useMergeProposals()
  if (list.isPending) return <SectionSpinner label="Loading merge proposals" />
  if (list.isError) return <ErrorAlert>{errorMessage(list.error, MERGE_TEXT.listError)}</ErrorAlert>
  if (list.items.length === 0) return <EmptyState message={MERGE_TEXT.empty} />
  return (
    <Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
        {list.items.map((p) => (
          <MergeProposalCard key={p._id} proposal={p} isSignedIn={isSignedIn} />
        ))}
      </Box>
      <PagedListFooter list={list} errorText={MERGE_TEXT.listError} what="merge proposals" />
    </Box>
  )
}
