import { useState } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import { useTheme } from '@mui/material/styles'
import CheckIcon from '@mui/icons-material/Check'
import { BookCover } from '#/components/book-cover.tsx'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { EmptyState } from '#/components/feedback/empty-state.tsx'
import { useStarterBooks, useWantToRead } from '#/features/onboarding/api/starter-books.ts'

const PICK_TEXT = {
  title: 'Pick a few books',
  lead: 'Tap Want to Read on any that catch your eye. They wait on your Want to Read list.',
  want: 'Want to Read',
  added: 'On Want to Read',
  failed: 'Could not add this book. Please try again.',
  loadFailed: 'Failed to load books',
  none: 'No books to suggest yet.',
  done: 'Done',
} as const

/** The first-run step: popular books, each one tap from the reader's Want to Read list. */
export function PickBooksDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const theme = useTheme()
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'))
  const books = useStarterBooks()
  const want = useWantToRead()
  const [added, setAdded] = useState<ReadonlySet<string>>(new Set())
  const [failed, setFailed] = useState<string | null>(null)
  const handleWant = (bookId: string) => {
    setFailed(null)
    want.mutate(bookId, { onSuccess: () => setAdded((s) => new Set(s).add(bookId)), onError: () => setFailed(bookId) })
  }
  return (
    <Dialog open={open} onClose={onClose} fullScreen={isPhone} fullWidth maxWidth="md" aria-labelledby="pick-books-title">
      <DialogTitle id="pick-books-title">{PICK_TEXT.title}</DialogTitle>
      <DialogContent dividers>
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>{PICK_TEXT.lead}</Typography>
        {books.isPending ? (
          <SectionSpinner label="Loading books" />
        ) : books.isError ? (
          <ErrorAlert>{PICK_TEXT.loadFailed}</ErrorAlert>
        ) : books.data.length === 0 ? (
          <EmptyState message={PICK_TEXT.none} />
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}>
            {books.data.map((b) => {
              const isAdded = added.has(b._id)
              const isBusy = want.isPending && want.variables === b._id
              return (
                <Box component="li" key={b._id} sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
                  <BookCover title={b.title} author={b.author} src={b.coverImage} sx={{ maxWidth: 140 }} />
                  <Typography dir="auto" sx={{ fontWeight: 700, overflowWrap: 'anywhere', lineHeight: 1.3 }}>
                    {b.title}
                  </Typography>
                  <Typography dir="auto" variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                    {b.author}
                  </Typography>
                  <Box sx={{ mt: 'auto' }}>
                    <Button
                      size="small"
                      variant={isAdded ? 'text' : 'outlined'}
                      color={isAdded ? 'success' : 'primary'}
                      startIcon={isAdded ? <CheckIcon /> : undefined}
                      // Done stays readable in the success colour (a disabled button would be grey).
                      aria-disabled={isAdded || isBusy}
                      onClick={() => !isAdded && !isBusy && handleWant(b._id)}
                      aria-label={`${isAdded ? PICK_TEXT.added : PICK_TEXT.want}: ${b.title}`}
                    >
                      {isAdded ? PICK_TEXT.added : PICK_TEXT.want}
                    </Button>
                    {failed === b._id && (
                      <Typography role="alert" variant="caption" sx={{ color: 'error.main', display: 'block' }}>
                        {PICK_TEXT.failed}
                      </Typography>
                    )}
                  </Box>
                </Box>
              )
            })}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {PICK_TEXT.done}
          {added.size > 0 ? ` (${added.size})` : ''}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
