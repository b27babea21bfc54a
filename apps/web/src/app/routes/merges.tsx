import Typography from '@mui/material/Typography'
import { useAuth } from '#/lib/auth.tsx'
import { PageFrame } from '#/components/page-frame.tsx'
import { MergeProposalList } from '#/features/merges/components/merge-proposal-list.tsx'
import { MERGE_TEXT } from '#/features/merges/components/merge-texts.ts'

/**
 * The Duplicates screen (decision 0030): readers' merge proposals and the merges applied and
 * reverted, open to everyone; Apply and Revert for a signed-in reader.
 */
export function MergesRoute() {
  const { isAuthenticated } = useAuth()
  return (
    <PageFrame title={MERGE_TEXT.title} maxWidth="lg">
      <Typography sx={{ color: 'text.secondary', maxWidth: '70ch' }}>{MERGE_TEXT.intro}</Typography>
      <MergeProposalList isSignedIn={isAuthenticated} />
    </PageFrame>
  )
}
