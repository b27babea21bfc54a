import { lazy, Suspense, useState, type ReactNode } from 'react'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import LinearProgress from '@mui/material/LinearProgress'
import Paper from '@mui/material/Paper'
import Rating from '@mui/material/Rating'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import DeleteIcon from '@mui/icons-material/Delete'
import EditIcon from '@mui/icons-material/Edit'
import { READING_STATUS_LABELS, READING_STATUSES } from '@shelfwise/contracts/constants'
import type { Book, Read, ReadingStatus } from '@shelfwise/contracts'
import { errorMessage } from '#/lib/api-client.ts'
import { useAuth } from '#/lib/auth.tsx'
import { ConfirmDialog } from '#/components/feedback/confirm-dialog.tsx'
import { useDeleteRead, useReading, useRestoreRead, useUpdateReading } from '#/features/reading/api/reading.ts'
import { ReadDialog } from '#/features/reading/components/read-dialog.tsx'
import { readInWords } from '#/features/reading/components/partial-date.ts'
import { progressPercent } from '#/features/reading/components/progress.ts'

const SAVE_FAILED = 'Could not save your reading. Please try again.'

// The reader's copy (the edition they read, the copies they own, their private notes) comes with its own chunk (decisions 0027, 0031).
const YourCopy = lazy(() => import('#/features/reading/components/your-copy.tsx'))

/** What the screen's edition control is given: the reader's edition (null: the work's main one), how to change it, whether it waits. */
type EditionPicker = (picker: { value: string | null; onChange: (editionId: string | null) => void; disabled: boolean }) => ReactNode

/**
 * The signed-in reader's own reading of a book (decision 0018): one status, the open read's progress,
 * the dates of every read (add a past one, fix or delete one, bring back one taken off Recently
 * Read), and a rating when they have not reviewed it.
 */
export function ReadingPanel({
  book,
  hasReview,
  shelves,
  edition,
  pageCount,
}: {
  book: Book
  hasReview: boolean
  shelves?: (hasStatus: boolean) => ReactNode
  /** "Which edition are you reading?", a control the screen brings (decision 0027). */
  edition?: EditionPicker
  /** The pages of the edition the reader reads, when the screen knows them (progress counts them, as the API checks it); else the book's. */
  pageCount?: number | null | undefined
}) {
  const { isAuthenticated } = useAuth()
  const { data: entry } = useReading(book._id, isAuthenticated)
  const update = useUpdateReading(book._id)
  const remove = useDeleteRead(book._id)
  const restore = useRestoreRead(book._id)
  const [error, setError] = useState<string | null>(null)
  const [page, setPage] = useState('')
  const [editing, setEditing] = useState<Read | 'new' | null>(null)
  const [deleting, setDeleting] = useState<Read | null>(null)
  if (!isAuthenticated || !entry) return null

  const onError = (err: unknown) => setError(errorMessage(err, SAVE_FAILED))
  const save = (change: Parameters<typeof update.mutate>[0], onSuccess?: () => void) => {
    setError(null)
    update.mutate(change, { onError, ...(onSuccess ? { onSuccess } : {}) })
  }
  const open = entry.reads.find((r) => r.outcome === null)
  const pages = pageCount === undefined ? book.pageCount : pageCount
  const percent = open ? progressPercent(entry.progress, pages) : undefined
  // In the library, or once said: what is kept is always shown, so it can be changed back.
  const hasCopy = entry.status !== null || Boolean(entry.owned) || Boolean(entry.editionId) || Boolean(entry.privateNotes)

  return (
    <Paper variant="outlined" component="section" aria-labelledby="your-reading" sx={{ p: 2, mb: 3 }}>
      <Typography id="your-reading" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        Your reading
      </Typography>
      {error && (
        <Alert severity="error" onClose={() => setError(null)} sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <TextField
          select
          size="small"
          label="Reading status"
          value={entry.status ?? ''}
          disabled={update.isPending}
          onChange={(e) => save({ status: (e.target.value || null) as ReadingStatus | null })}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 200 }}
        >
          <option value="">No status</option>
          {READING_STATUSES.map((s) => (
            <option key={s} value={s}>
              {READING_STATUS_LABELS[s]}
            </option>
          ))}
        </TextField>
        {!hasReview && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography component="span" id="lone-rating-label">
              Your rating
            </Typography>
            <Rating value={entry.rating} aria-labelledby="lone-rating-label" disabled={update.isPending} onChange={(_, value) => save({ rating: value })} />
          </Box>
        )}
      </Box>

      {hasCopy && (
        <Suspense fallback={null}>
          <YourCopy entry={entry} disabled={update.isPending} save={(change, onSuccess) => save(change, onSuccess)} edition={edition} />
        </Suspense>
      )}

      {open && (
        <Box
          component="form"
          noValidate
          sx={{ mb: 2 }}
          aria-label="Reading progress"
          onSubmit={(e) => {
            e.preventDefault()
            const n = Number(page)
            if (page.trim() === '' || !Number.isInteger(n)) return setError('Page must be a whole number')
            // The typed page stays until the server took it: a refusal leaves it there to correct.
            save({ progress: { page: n } }, () => setPage(''))
          }}
        >
          <Typography sx={{ mb: 1 }}>
            {entry.progress.page !== null
              ? `On page ${entry.progress.page.toLocaleString('en-US')}${pages ? ` of ${pages.toLocaleString('en-US')}` : ''}`
              : entry.progress.percent !== null
                ? `${entry.progress.percent}% read`
                : 'No progress yet'}
          </Typography>
          {percent !== undefined && <LinearProgress variant="determinate" value={percent} aria-label="Progress" sx={{ mb: 1, height: 8, borderRadius: 4 }} />}
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <TextField
              size="small"
              label="Page"
              type="number"
              value={page}
              onChange={(e) => setPage(e.target.value)}
              slotProps={{ htmlInput: { min: 0, max: pages || undefined, inputMode: 'numeric' } }}
              sx={{ width: 120 }}
            />
            <Button type="submit" variant="outlined" disabled={update.isPending}>
              Update progress
            </Button>
          </Box>
        </Box>
      )}

      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        Dates read
      </Typography>
      {entry.reads.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', mb: 1 }}>No reads logged yet.</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 1 }}>
          {entry.reads.map((r, i) => (
            <Box component="li" key={r._id} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5, flexWrap: 'wrap' }}>
              <Typography sx={{ flex: '1 1 12rem' }}>{readInWords(r)}</Typography>
              <IconButton size="small" aria-label={`Edit read ${i + 1}`} onClick={() => setEditing(r)}>
                <EditIcon fontSize="small" />
              </IconButton>
              <IconButton size="small" aria-label={`Delete read ${i + 1}`} onClick={() => setDeleting(r)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
      <Button size="small" onClick={() => setEditing('new')}>
        Add a read
      </Button>
      {entry.removedReads.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Taken off Recently Read, kept here:
          </Typography>
          {entry.removedReads.map((r) => (
            <Box key={r._id} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="body2">{readInWords(r)}</Typography>
              <Button size="small" disabled={restore.isPending} onClick={() => restore.mutate(r._id, { onError })}>
                Bring back
              </Button>
            </Box>
          ))}
        </Box>
      )}

      {/* The reader's own shelves of the book, a control the screen brings (decision 0028). */}
      {shelves?.(entry.status !== null)}
      {editing && <ReadDialog bookId={book._id} read={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        id="delete-read"
        open={deleting !== null}
        title="Delete this read?"
        body={deleting ? `${readInWords(deleting)}. This cannot be undone.` : ''}
        error={remove.error ? errorMessage(remove.error, SAVE_FAILED) : null}
        confirm="Delete"
        busyLabel="Deleting..."
        isBusy={remove.isPending}
        destructive
        onConfirm={() => deleting && remove.mutate(deleting._id, { onSuccess: () => setDeleting(null) })}
        onClose={() => {
          remove.reset()
          setDeleting(null)
        }}
      />
    </Paper>
  )
}
