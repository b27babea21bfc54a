import { lazy, Suspense, useState } from 'react'
import { Link as RouterLink } from '#/lib/router/react.tsx'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import ContentCopyIcon from '@mui/icons-material/ContentCopy'
import type { Book } from '@shelfwise/contracts'
import { paths } from '#/config/paths.ts'
import { useMergeProposals } from '#/features/merges/api/get-merge-proposals.ts'
import { MERGE_TEXT } from '#/features/merges/components/merge-texts.ts'

// The proposal's dialog comes with its own chunk, when a reader opens it.
const ProposeMergeDialog = lazy(() => import('#/features/merges/components/propose-merge-dialog.tsx'))

/**
 * On a book's page, for a signed-in reader: "Report a duplicate" opens the proposal (this book and
 * another are the same book, or two of its editions the same edition), and open proposals about the
 * book are named with a link to the Duplicates screen.
 */
export default function ReportDuplicate({ book }: { book: Book }) {
  const [isOpen, setOpen] = useState(false)
  // Only this book's open proposals; the check on the books keeps the note right should an older API ignore `bookId`.
  const open = useMergeProposals({ bookId: book._id }).items.filter((p) => p.status === 'open' && p.books.some((b) => b?._id === book._id))
  return (
    <Box sx={{ mt: 3, display: 'grid', gap: 1, justifyItems: 'start' }}>
      {open.length > 0 && (
        <Typography variant="body2" role="note" sx={{ color: 'text.secondary' }}>
          {open.length === 1 ? 'A merge of this book with another is proposed.' : `${open.length} merges of this book with others are proposed.`}{' '}
          <Link component={RouterLink} to={paths.merges.href()}>
            {MERGE_TEXT.seeAll}
          </Link>
        </Typography>
      )}
      <Button size="small" startIcon={<ContentCopyIcon />} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {MERGE_TEXT.report}
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <ProposeMergeDialog book={book} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Box>
  )
}
