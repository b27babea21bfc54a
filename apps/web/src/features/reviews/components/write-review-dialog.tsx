import { useEffect, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import FormControlLabel from '@mui/material/FormControlLabel'
import Rating from '@mui/material/Rating'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { CreateReviewInputSchema, type ReadingEntry, type Review } from '@shelfwise/contracts'
import { ApiError, errorMessage } from '#/lib/api-client.ts'
import { formResolver } from '#/lib/form-resolver.ts'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { LeaveConfirmDialog, useLeaveGuard } from '#/components/feedback/leave-guard.tsx'
import { NoteWithAction } from '#/components/feedback/note-with-action.tsx'
import { useCreateReview } from '#/features/reviews/api/create-review.ts'
import { useUpdateReview } from '#/features/reviews/api/update-review.ts'
import { SUBMIT_REVIEW_ERROR } from '#/features/reviews/components/review-texts.ts'
import { clearReviewDraft, readReviewDraft, saveReviewDraft, type ReviewDraft } from '#/features/reviews/components/review-draft.ts'

const REVIEW_DIALOG_TEXT = {
  writeTitle: 'Write a Review',
  editTitle: 'Edit Your Review',
  submit: 'Submit Review',
  submitting: 'Submitting...',
  save: 'Save Review',
  saving: 'Saving...',
  draftBack: 'Your unsent draft is back.',
  discardDraft: 'Discard draft',
  saveFailed: 'Failed to save review',
  markRead: 'Also mark it as Read: it is on none of your shelves yet',
  spoiler: 'Contains spoilers: its text stays hidden until a reader asks to see it',
} as const

export interface WriteReviewDialogProps {
  bookId: string
  open: boolean
  onClose: () => void
  /** The reader's own review, which the dialog then edits; null for none; undefined while it is looked up. */
  existing: Review | null | undefined
  isAuthenticated: boolean
  /** A signed-out reader pressed Submit: the page remembers it and sends them to /login. */
  onRequireLogin: () => void
  /** Said above the form when it opens (why it opened by itself, or what failed meanwhile). */
  notice?: { severity: 'info' | 'error'; message: string } | null
  /** Creating answered 409 (a review written meanwhile, elsewhere): the page looks the reader's review up again. */
  onConflict?: (message: string) => void
  /** The reader's entry for the book, from the page (decision 0036); none given: a review starts from nothing. */
  reading?: ReaderBook
}

/**
 * What a new review needs of the reader's reading log, passed in by the page: their entry (its rating
 * and status; undefined while it is looked up, null when it cannot be) and a way to mark the book Read.
 */
export interface ReaderBook {
  entry: ReadingEntry | null | undefined
  markRead: () => void
}

/** What the form starts from: the reader's review, else a new one with the rating they gave without a review (decision 0036). */
const baselineOf = (existing: Review | null, entry?: ReadingEntry | null): ReviewDraft =>
  existing ? { rating: existing.rating, content: existing.comment } : { rating: entry?.rating ?? 0, content: '' }

const sameText = (a: ReviewDraft, b: ReviewDraft) => a.rating === b.rating && a.content.trim() === b.content.trim()

/** Writes a new review, or edits the reader's own; what is typed is kept as a draft until it is sent. */
export default function WriteReviewDialog(props: WriteReviewDialogProps) {
  const { open, onClose, existing, isAuthenticated, reading } = props
  // A new review starts from the reader's rating of the book, and may mark it Read: their entry says both.
  const asksEntry = isAuthenticated && existing === null && reading !== undefined
  const entry = asksEntry ? reading.entry : null
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="write-review-title">
      {existing === undefined || entry === undefined ? (
        <>
          <DialogTitle id="write-review-title">{REVIEW_DIALOG_TEXT.writeTitle}</DialogTitle>
          <DialogContent>
            <SectionSpinner label="Loading your review" />
          </DialogContent>
        </>
      ) : (
        // A new form when the review it edits changes (written, saved or deleted meanwhile).
        <ReviewForm key={`${existing?._id ?? 'new'}:${existing?.updatedAt ?? ''}`} {...props} existing={existing} entry={entry} />
      )}
    </Dialog>
  )
}

function ReviewForm({
  bookId,
  open,
  onClose,
  existing,
  isAuthenticated,
  onRequireLogin,
  notice,
  onConflict,
  entry,
  reading,
}: WriteReviewDialogProps & { existing: Review | null; entry: ReadingEntry | null }) {
  const [baseline] = useState(() => baselineOf(existing, entry))
  // A book with no status may be marked Read with its first review (said beside the choice).
  const canMarkRead = existing === null && entry !== null && entry.status === null
  const [markRead, setMarkRead] = useState(true)
  const [spoiler, setSpoiler] = useState(existing?.spoiler ?? false)
  const [restored] = useState(() => {
    const draft = readReviewDraft(bookId)
    return draft && !sameText(draft, baseline) ? draft : undefined
  })
  const [error, setError] = useState<string | null>(null)
  const { control, handleSubmit, watch, reset, getValues, formState } = useForm<ReviewDraft>({
    defaultValues: restored ?? baseline,
    resolver: formResolver<ReviewDraft>(
      () => undefined,
      CreateReviewInputSchema,
      (v) => ({ rating: v.rating, content: v.content }),
    ),
  })
  const [hasDraftNote, setDraftNote] = useState(Boolean(restored))
  const values = watch()
  const isChanged = !sameText(values, baseline)
  const guard = useLeaveGuard(open && isChanged)

  // Every change is kept for this book until it is sent (or matches what is saved again).
  useEffect(() => {
    const sub = watch((v) => {
      const draft = { rating: v.rating ?? 0, content: v.content ?? '' }
      if (sameText(draft, baseline)) clearReviewDraft(bookId)
      else saveReviewDraft(bookId, draft)
    })
    return () => sub.unsubscribe()
  }, [watch, bookId, baseline])

  const done = () => {
    clearReviewDraft(bookId)
    setDraftNote(false)
    onClose()
  }
  const create = useCreateReview(bookId, {
    onSuccess: (review) => {
      if (canMarkRead && markRead) reading?.markRead()
      reset(baselineOf(review))
      done()
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409 && onConflict) onConflict(err.message)
      else setError(errorMessage(err, SUBMIT_REVIEW_ERROR))
    },
  })
  const update = useUpdateReview(existing, {
    onSuccess: (review) => {
      reset(baselineOf(review))
      done()
    },
    onError: (err) => setError(errorMessage(err, REVIEW_DIALOG_TEXT.saveFailed)),
  })
  const isPending = create.isPending || update.isPending
  const canSubmit =
    values.rating > 0 && values.content.trim() !== '' && !isPending && (existing === null || isChanged || spoiler !== (existing.spoiler ?? false))

  const onSubmit = handleSubmit((v) => {
    // The spoiler mark is sent only when it changes (a new review: only when set).
    const input = { rating: v.rating, content: v.content.trim(), ...(spoiler !== (existing?.spoiler ?? false) ? { spoiler } : {}) }
    if (!isAuthenticated) {
      saveReviewDraft(bookId, getValues())
      // The reader's own Submit: the trip to /login is not a leaving to ask about.
      guard.allowNext()
      onRequireLogin()
      return
    }
    setError(null)
    if (existing) update.mutate(input)
    else create.mutate(input)
  })
  const discardDraft = () => {
    reset(baseline)
    clearReviewDraft(bookId)
    setDraftNote(false)
  }
  const fieldError = formState.errors.rating?.message ?? formState.errors.content?.message
  const label = existing
    ? isPending
      ? REVIEW_DIALOG_TEXT.saving
      : REVIEW_DIALOG_TEXT.save
    : isPending
      ? REVIEW_DIALOG_TEXT.submitting
      : REVIEW_DIALOG_TEXT.submit

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <DialogTitle id="write-review-title">{existing ? REVIEW_DIALOG_TEXT.editTitle : REVIEW_DIALOG_TEXT.writeTitle}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {notice && <Alert severity={notice.severity}>{notice.message}</Alert>}
        {error && <Alert severity="error">{error}</Alert>}
        {fieldError && <Alert severity="error">{fieldError}</Alert>}
        {hasDraftNote && (
          <NoteWithAction action={REVIEW_DIALOG_TEXT.discardDraft} onAction={discardDraft}>
            {REVIEW_DIALOG_TEXT.draftBack}
          </NoteWithAction>
        )}
        <Box>
          <Typography id="review-rating-label">Rating</Typography>
          <Controller
            name="rating"
            control={control}
            render={({ field }) => (
              <Rating
                name="rating"
                value={field.value}
                onChange={(_, v) => field.onChange(v ?? 0)}
                size="large"
                max={5}
                // A named radio group: screen readers announce 'Rating' and each star ('4 Stars').
                role="radiogroup"
                aria-labelledby="review-rating-label"
                // The focused radio is visually hidden: ring the stars while the keyboard is in them.
                sx={{ borderRadius: 1, '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'secondary.main', outlineOffset: 2 } }}
              />
            )}
          />
        </Box>
        <Controller
          name="content"
          control={control}
          render={({ field }) => (
            <TextField
              {...field}
              inputRef={field.ref}
              label="Your Review"
              multiline
              minRows={4}
              fullWidth
              // Reader-written text in any script, and words of any length, stay inside the box.
              slotProps={{ htmlInput: { dir: 'auto', style: { overflowWrap: 'anywhere' } } }}
            />
          )}
        />
        <FormControlLabel control={<Checkbox checked={spoiler} onChange={(e) => setSpoiler(e.target.checked)} />} label={REVIEW_DIALOG_TEXT.spoiler} />
        {canMarkRead && (
          <FormControlLabel control={<Checkbox checked={markRead} onChange={(e) => setMarkRead(e.target.checked)} />} label={REVIEW_DIALOG_TEXT.markRead} />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={!canSubmit}>
          {label}
        </Button>
      </DialogActions>
      <LeaveConfirmDialog guard={guard} />
    </Box>
  )
}
