import Alert from '@mui/material/Alert'
import Typography from '@mui/material/Typography'
import type { Book } from '@shelfwise/contracts'

// A book the moderators hid (decision 0058): no list or search shows it, but its page still opens
// (readers have it on shelves, reviews link to it), saying so at the top; a moderator also reads the
// note it was hidden with.

const BOOK_REMOVED_TEXT = {
  removed: 'removed by the moderators',
  note: (note: string) => `Moderators’ note: “${note}”`,
} as const

export function BookRemovedNotice({ book }: { book: Pick<Book, 'removedByModerators' | 'moderatorsNote'> }) {
  if (!book.removedByModerators) return null
  return (
    <Alert severity="warning" sx={{ mb: 3, '& .MuiAlert-message': { minWidth: 0 } }}>
      <Typography sx={{ fontWeight: 700 }}>{BOOK_REMOVED_TEXT.removed}</Typography>
      {book.moderatorsNote !== undefined && (
        <Typography dir="auto" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          {BOOK_REMOVED_TEXT.note(book.moderatorsNote)}
        </Typography>
      )}
    </Alert>
  )
}
