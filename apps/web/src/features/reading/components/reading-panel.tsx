import { lazy, Suspense, useState, type ChangeEvent, type ReactNode } from 'react'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import Paper from '@mui/material/Paper'
import Rating from '@mui/material/Rating'
import Typography from '@mui/material/Typography'
import DeleteIcon from '@mui/icons-material/Delete'
import EditIcon from '@mui/icons-material/Edit'
import { READING_STATUS_LABELS, READING_STATUSES, READING_VISIBILITIES, READING_VISIBILITY_LABELS } from '@shelfwise/contracts/constants'
import type { Book, Read, ReadingStatus, ReadingVisibility } from '@shelfwise/contracts'
import { errorMessage } from '#/lib/api-client.ts'
import { useAuth } from '#/lib/auth.tsx'
import { ConfirmDialog } from '#/components/feedback/confirm-dialog.tsx'
import { localToday, useDeleteRead, useReading, useRestoreRead, useUpdateReading } from '#/features/reading/api/reading.ts'
import { useReadingPrivacy } from '#/features/reading/api/privacy.ts'
import { ReadDialog } from '#/features/reading/components/read-dialog.tsx'
import { partialDateInWords, readInWords } from '#/features/reading/components/partial-date.ts'
import { NativeSelectField } from '#/features/reading/components/reading-fields.tsx'
import { ReadingProgress } from '#/features/reading/components/reading-progress.tsx'

const SAVE_FAILED = 'Could not save your reading. Please try again.'

/** Said beside the rating of a book with no status: what rating it also does, and the day its read gets. */
const rateMarksRead = (today: string) => `Rating it also marks it as Read, finished today (${partialDateInWords(today)})`

// The reader's copy (the edition they read, the copies they own, their private notes) comes with its own chunk (decisions 0027, 0031).
const YourCopy = lazy(() => import('#/features/reading/components/your-copy.tsx'))
// Read and Did Not Finish ask for their day (decision 0039), with their own chunk.
const StatusDateDialog = lazy(() => import('#/features/reading/components/status-date-dialog.tsx'))

/** Who sees this book (decision 0055): the reader's default, named, or one of the three for this book alone. */
const visibilityOptions = (readingLog: ReadingVisibility | undefined) => [
  { value: '' as const, label: readingLog ? `Your default (${READING_VISIBILITY_LABELS[readingLog]})` : 'Your default' },
  ...READING_VISIBILITIES.map((v) => ({ value: v, label: READING_VISIBILITY_LABELS[v] })),
]

const STATUS_OPTIONS = [{ value: '' as const, label: 'No status' }, ...READING_STATUSES.map((s) => ({ value: s, label: READING_STATUS_LABELS[s] }))]

/**
 * The spec's Add to / Remove from Wishlist and Recently Read, a control the screen brings, told which
 * "Add" agrees with the status: a Currently Reading book is finished with the status, not by a
 * list (decision 0039). A "Remove" always shows while the book is on its list.
 */
export type ListButtons = (offer: { wishlist: boolean; recentlyRead: boolean }) => ReactNode

/** Which of the spec's "Add" buttons agree with a status: none on a book being read, paused or abandoned but its wishlist. */
const listOffer = (status: ReadingStatus | null) => ({
  wishlist: status === null || status === 'read' || status === 'dnf',
  recentlyRead: status === null || status === 'want',
})

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
  lists,
}: {
  book: Book
  hasReview: boolean
  shelves?: (hasStatus: boolean) => ReactNode
  /** "Which edition are you reading?", a control the screen brings (decision 0027). */
  edition?: EditionPicker
  /** The pages of the edition the reader reads, when the screen knows them (progress counts them, as the API checks it); else the book's. */
  pageCount?: number | null | undefined
  /** The spec's list buttons, shown inside the status control (decision 0039). */
  lists?: ListButtons
}) {
  const { isAuthenticated } = useAuth()
  const { data: entry } = useReading(book._id, isAuthenticated)
  const update = useUpdateReading(book._id)
  const privacy = useReadingPrivacy(isAuthenticated)
  const remove = useDeleteRead(book._id)
  const restore = useRestoreRead(book._id)
  const [error, setError] = useState<string | null>(null)
  const [dating, setDating] = useState<'read' | 'dnf' | null>(null)
  const [editing, setEditing] = useState<Read | 'new' | null>(null)
  const [deleting, setDeleting] = useState<Read | null>(null)
  // A book with no status is marked Read with its first rating, unless the reader unticks it (issue 22, point 7).
  const [rateMarksReadChosen, setRateMarksReadChosen] = useState(true)
  if (!isAuthenticated || !entry) return null

  const onError = (err: unknown) => setError(errorMessage(err, SAVE_FAILED))
  const save = (change: Parameters<typeof update.mutate>[0], onSuccess?: () => void) => {
    setError(null)
    update.mutate(change, { onError, ...(onSuccess ? { onSuccess } : {}) })
  }
  const open = entry.reads.find((r) => r.outcome === null)
  const marksRead = entry.status === null && rateMarksReadChosen
  const pages = pageCount === undefined ? book.pageCount : pageCount
  // Paused keeps its read open; a book paused or reading without a read gets one with its first progress.
  const showsProgress = Boolean(open) || entry.status === 'reading' || entry.status === 'paused'
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
      <Box role="group" aria-label="Your reading status" sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <NativeSelectField<ReadingStatus>
          label="Reading status"
          value={entry.status ?? ''}
          options={STATUS_OPTIONS}
          disabled={update.isPending}
          // Read and Did Not Finish ask for their day first; the others are saved at once.
          onChange={(next) => (next === 'read' || next === 'dnf' ? setDating(next) : save({ status: next || null }))}
          sx={{ minWidth: 200 }}
        />
        {entry.status !== null && (
          <NativeSelectField<ReadingVisibility>
            label="Who can see this?"
            accessibleName={`Who can see your reading of ${book.title}`}
            value={entry.visibility ?? ''}
            options={visibilityOptions(privacy.data?.readingLog)}
            disabled={update.isPending}
            onChange={(next) => save({ visibility: next || null })}
            sx={{ minWidth: 200 }}
          />
        )}
        {lists?.(listOffer(entry.status))}
        {!hasReview && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography component="span" id="lone-rating-label">
              Your rating
            </Typography>
            <Rating
              value={entry.rating}
              aria-labelledby="lone-rating-label"
              disabled={update.isPending}
              // One call: the API keeps a read finished today with the Read status (decision 0039).
              onChange={(_, value) => save(marksRead && value !== null ? { rating: value, status: 'read' } : { rating: value })}
            />
            {entry.status === null && (
              // A native box: the book page's first load carries no checkbox component for it.
              <Box component="label" sx={{ display: 'flex', alignItems: 'center', gap: 1, typography: 'body2', cursor: 'pointer' }}>
                <Box
                  component="input"
                  type="checkbox"
                  checked={rateMarksReadChosen}
                  onChange={(e: ChangeEvent<HTMLInputElement>) => setRateMarksReadChosen(e.target.checked)}
                  sx={{ m: 0, width: 18, height: 18, flexShrink: 0, accentColor: (t) => t.palette.primary.main }}
                />
                {rateMarksRead(localToday())}
              </Box>
            )}
          </Box>
        )}
      </Box>

      {hasCopy && (
        <Suspense fallback={null}>
          <YourCopy entry={entry} disabled={update.isPending} save={(change, onSuccess) => save(change, onSuccess)} edition={edition} />
        </Suspense>
      )}

      {showsProgress && <ReadingProgress entry={entry} pages={pages} disabled={update.isPending} save={save} />}

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
      {dating && (
        <Suspense fallback={null}>
          <StatusDateDialog bookId={book._id} status={dating} startedOn={open?.startedOn ?? null} onClose={() => setDating(null)} />
        </Suspense>
      )}
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
