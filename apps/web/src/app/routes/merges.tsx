import Container from '@mui/material/Container'
import Typography from '@mui/material/Typography'
import { useAuth } from '#/lib/auth.tsx'
import { useDocumentTitle } from '#/lib/document-title.ts'
import { MergeProposalList } from '#/features/merges/components/merge-proposal-list.tsx'
import { MERGE_TEXT } from '#/features/merges/components/merge-texts.ts'

/**
 * The Duplicates screen (decision 0030): readers' merge proposals and the merges applied and
 * reverted, open to everyone; Apply and Revert for a signed-in reader.
 */
export function MergesRoute() {
  const { isAuthenticated } = useAuth()
  useDocumentTitle(MERGE_TEXT.title)
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
        {MERGE_TEXT.title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: '70ch' }}>{MERGE_TEXT.intro}</Typography>
      <MergeProposalList isSignedIn={isAuthenticated} />
    </Container>
  )
}
