import { useId, useState } from 'react'
import { Link as RouterLink } from '#/lib/router/react.tsx'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import type { Book, MergeProposal } from '@shelfwise/contracts'
import { paths } from '#/config/paths.ts'
import { errorMessage, FALLBACK_ERROR } from '#/lib/api-client.ts'
import { formatFullDate } from '#/lib/format.ts'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { useApplyMerge, useRevertMerge } from '#/features/merges/api/apply-merge.ts'
import { MergeFields } from '#/features/merges/components/merge-fields.tsx'
import { fieldText, KIND_LABEL, MERGE_TEXT, STATUS_LABEL } from '#/features/merges/components/merge-texts.ts'

type Person = MergeProposal['proposedBy']

/** An edition's line under its title when two editions are compared: format, note, publisher, year. */
export function editionCaption(book: Book): string {
  const parts = [book.format ? fieldText('format', book.format) : '', book.edition, book.publisher, book.publishedDate?.slice(0, 4) ?? '']
  return parts.filter(Boolean).join(' · ') || 'Edition'
}

const PersonLink = ({ person, none }: { person: Person; none: string }) =>
  person ? (
    <Link component={RouterLink} to={paths.user.href(person._id)} sx={{ overflowWrap: 'anywhere' }}>
      <bdi>@{person.username}</bdi>
    </Link>
  ) : (
    <>{none}</>
  )

/** Which side a column is: the one that stays, or the one merged into it (nothing once reverted: they are two books again). */
function sideLabel(p: MergeProposal, id: string): string | null {
  const stays = p.survivorId === id
  if (p.status === 'open') return stays ? 'Would stay' : 'Would be merged into the other'
  if (p.status === 'applied') return stays ? 'Stayed' : 'Merged: its link now leads to the book that stayed'
  return null
}

/** A column's heading: the book (a link to its page), its edition when editions are compared, and its side. */
export function BookHead({ book, id, kind, side }: { book: Book | null; id: string; kind: MergeProposal['kind']; side: string | null }) {
  return (
    <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
      {book ? (
        <Link component={RouterLink} to={paths.book.href(id)} dir="auto" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {book.title}
        </Link>
      ) : (
        <Typography component="span" sx={{ fontWeight: 700, color: 'text.secondary' }}>
          {MERGE_TEXT.gone}
        </Typography>
      )}
      {book && kind === 'edition' && (
        <Typography variant="caption" component="span" dir="auto" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {editionCaption(book)}
        </Typography>
      )}
      {side && (
        <Typography
          variant="caption"
          component="span"
          sx={{ fontWeight: 700, color: side.startsWith('Would stay') || side === 'Stayed' ? 'success.dark' : 'text.secondary' }}
        >
          {side}
        </Typography>
      )}
    </Box>
  )
}

/**
 * One proposal: what it says is the same, who proposed it (or that an import suggested it), its
 * status and merge, both books side by side, and Apply or Revert for a signed-in reader. Who may
 * apply is the API's to say (moderators and trusted readers, decision 0030): anyone else is shown
 * its refusal in its own words.
 */
export function MergeProposalCard({ proposal, isSignedIn }: { proposal: MergeProposal; isSignedIn: boolean }) {
  const headingId = useId()
  const apply = useApplyMerge()
  const revert = useRevertMerge()
  const [done, setDone] = useState<string | null>(null)
  const { books, ids, merge } = proposal
  const name = (i: number) => books[i]?.title ?? MERGE_TEXT.gone
  const failure = apply.error ?? revert.error
  const busy = apply.isPending || revert.isPending

  const handleApply = () => {
    setDone(null)
    revert.reset()
    apply.mutate(proposal._id, { onSuccess: () => setDone('Merge applied. The merged book’s page now shows the book that stayed.') })
  }
  const handleRevert = () => {
    if (!merge) return
    setDone(null)
    apply.reset()
    revert.mutate(merge._id, { onSuccess: () => setDone('Merge reverted: they are two books again.') })
  }

  return (
    <Paper component="article" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Chip
          size="small"
          label={STATUS_LABEL[proposal.status]}
          color={proposal.status === 'open' ? 'primary' : proposal.status === 'applied' ? 'success' : 'default'}
        />
        <Chip size="small" variant="outlined" label={KIND_LABEL[proposal.kind]} />
      </Box>
      <Typography id={headingId} variant="h6" component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere', lineHeight: 1.3 }}>
        <bdi>{name(0)}</bdi> and <bdi>{name(1)}</bdi>
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {proposal.origin === 'import' ? (
          MERGE_TEXT.fromImport
        ) : (
          <>
            Proposed by <PersonLink person={proposal.proposedBy} none="a reader who has left" />
          </>
        )}{' '}
        on {formatFullDate(proposal.createdAt)}
        {merge && (
          <>
            {' · '}Applied by <PersonLink person={merge.appliedBy} none="a reader who has left" /> on {formatFullDate(merge.appliedAt)}
          </>
        )}
        {merge?.revertedAt && (
          <>
            {' · '}Reverted by <PersonLink person={merge.revertedBy} none="a reader who has left" /> on {formatFullDate(merge.revertedAt)}
          </>
        )}
      </Typography>
      <MergeFields
        compact
        fields={proposal.fields}
        heads={[
          <BookHead key="a" book={books[0] ?? null} id={ids[0]!} kind={proposal.kind} side={sideLabel(proposal, ids[0]!)} />,
          <BookHead key="b" book={books[1] ?? null} id={ids[1]!} kind={proposal.kind} side={sideLabel(proposal, ids[1]!)} />,
        ]}
      />
      {failure && <ErrorAlert sx={{ my: 0 }}>{errorMessage(failure, FALLBACK_ERROR)}</ErrorAlert>}
      {done && (
        <Typography role="status" sx={{ color: 'success.dark', fontWeight: 600 }}>
          {done}
        </Typography>
      )}
      {isSignedIn && (proposal.status === 'open' || (proposal.status === 'applied' && merge && !merge.revertedAt)) && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {proposal.status === 'open' ? (
            <Button variant="contained" onClick={handleApply} disabled={busy}>
              {apply.isPending ? MERGE_TEXT.applying : MERGE_TEXT.apply}
            </Button>
          ) : (
            <Button variant="outlined" onClick={handleRevert} disabled={busy}>
              {revert.isPending ? MERGE_TEXT.reverting : MERGE_TEXT.revert}
            </Button>
          )}
        </Box>
      )}
    </Paper>
  )
}
