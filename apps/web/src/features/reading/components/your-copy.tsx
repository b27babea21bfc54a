import { useState, type ReactNode } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import FormControlLabel from '@mui/material/FormControlLabel'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { BookFormat, ReadingEntry, ReadingUpdate } from '@shelfwise/contracts'
import { COPY_FORMAT_LABELS, COPY_FORMATS } from '#/features/reading/components/copy-formats.ts'
import { NativeSelectField, NumberEntryForm, wholeNumberProblem } from '#/features/reading/components/reading-fields.tsx'
import { ConfirmDialog } from '#/components/feedback/confirm-dialog.tsx'
import { groupDigits } from '@shelfwise/contracts/numbers'

/** The longest notes the API keeps (a review's length, decision 0031). */
const NOTES_MAX = 5000

/** The most copies the API keeps (its words when a number is refused). */
const MOST_COPIES = 1000

const FORMAT_OPTIONS = [{ value: '' as const, label: 'Not given' }, ...COPY_FORMATS.map((f) => ({ value: f, label: COPY_FORMAT_LABELS[f] }))]

type Save = (change: Pick<ReadingUpdate, 'editionId' | 'owned' | 'privateNotes'>, onSuccess?: () => void) => void

/**
 * The reader's private notes on the book (decision 0031): read as written (line breaks kept, each
 * paragraph in its own direction), written and changed in a form, cleared after asking. Only they
 * see them; the panel's save shows a refusal.
 */
function PrivateNotes({ notes, disabled, save }: { notes: string | null; disabled: boolean; save: Save }) {
  const [draft, setDraft] = useState<string | null>(null)
  const [clearing, setClearing] = useState(false)
  const editing = draft !== null
  const tooLong = (draft?.length ?? 0) > NOTES_MAX
  return (
    <Box component="section" aria-labelledby="private-notes" sx={{ mt: 2 }}>
      <Typography id="private-notes" variant="subtitle2" component="h4" sx={{ fontWeight: 700 }}>
        Private notes
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Only you can see these notes.
      </Typography>
      {editing ? (
        <Box
          component="form"
          noValidate
          aria-label="Your private notes"
          onSubmit={(e) => {
            e.preventDefault()
            if (!tooLong) save({ privateNotes: draft.trim() === '' ? null : draft }, () => setDraft(null))
          }}
        >
          <TextField
            multiline
            fullWidth
            autoFocus
            minRows={3}
            maxRows={14}
            label="Notes"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            error={tooLong}
            helperText={
              tooLong ? `Private notes must be at most ${NOTES_MAX} characters` : `${groupDigits(draft.length)} of ${groupDigits(NOTES_MAX)} characters`
            }
            // Each paragraph takes the direction of its own text: Arabic or Hebrew notes read right to left.
            slotProps={{ htmlInput: { dir: 'auto' } }}
          />
          <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
            <Button type="submit" variant="contained" disabled={disabled || tooLong || draft === (notes ?? '')}>
              Save notes
            </Button>
            <Button onClick={() => setDraft(null)} disabled={disabled}>
              Cancel
            </Button>
          </Box>
        </Box>
      ) : notes ? (
        <>
          <Typography
            component="div"
            data-testid="private-notes-text"
            sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', bgcolor: 'action.hover', borderRadius: 1, p: 1.5, mb: 1 }}
          >
            {/* One line each, in its own direction: an Arabic or Hebrew line reads right to left among English ones. */}
            {notes.split('\n').map((line, i) => (
              <Box component="span" key={i} dir="auto" sx={{ display: 'block', minHeight: '1.5em' }}>
                {line}
              </Box>
            ))}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button variant="outlined" size="small" onClick={() => setDraft(notes)} disabled={disabled}>
              Edit notes
            </Button>
            <Button color="error" size="small" onClick={() => setClearing(true)} disabled={disabled}>
              Clear notes
            </Button>
          </Box>
        </>
      ) : (
        <Button variant="outlined" size="small" onClick={() => setDraft('')} disabled={disabled}>
          Add a private note
        </Button>
      )}
      <ConfirmDialog
        id="clear-private-notes"
        open={clearing}
        title="Clear your private notes?"
        body="Your notes on this book will be deleted. This cannot be undone."
        error={null}
        confirm="Clear notes"
        busyLabel="Clearing..."
        isBusy={disabled}
        destructive
        onConfirm={() => save({ privateNotes: null }, () => setClearing(false))}
        onClose={() => setClearing(false)}
      />
    </Box>
  )
}

/**
 * The reader's own copy of a book (decision 0027): the edition they read — chosen with the control
 * the screen brings, since the editions are the books feature's — and the copies they own, with
 * their format, and their private notes (decision 0031). Each change is saved at once through the
 * reading panel's save (its errors show there).
 */
export default function YourCopy({
  entry,
  disabled,
  save,
  edition,
}: {
  entry: ReadingEntry
  disabled: boolean
  save: Save
  edition?: ((picker: { value: string | null; onChange: (editionId: string | null) => void; disabled: boolean }) => ReactNode) | undefined
}) {
  const owned = entry.owned ?? null
  return (
    <Box component="section" aria-labelledby="your-copy" sx={{ mb: 2 }}>
      <Typography id="your-copy" variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        Your copy
      </Typography>
      {edition?.({ value: entry.editionId ?? null, onChange: (editionId) => save({ editionId }), disabled })}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <FormControlLabel
          control={
            <Checkbox checked={owned !== null} disabled={disabled} onChange={(e) => save({ owned: e.target.checked ? { format: null, copies: 1 } : null })} />
          }
          label="I own this"
          sx={{ mr: 0 }}
        />
        {owned && (
          <>
            <NativeSelectField<BookFormat>
              label="Format of your copies"
              value={owned.format ?? ''}
              options={FORMAT_OPTIONS}
              disabled={disabled}
              onChange={(format) => save({ owned: { format: format || null, copies: owned.copies } })}
              sx={{ minWidth: 190 }}
            />
            {/* A new number from the server (another tab) starts the field again. */}
            <NumberEntryForm
              key={owned.copies}
              formLabel="Copies you own"
              label="Copies"
              initial={String(owned.copies)}
              min={1}
              max={MOST_COPIES}
              width={110}
              submit="Save"
              submitLabel="Save copies"
              disabled={disabled}
              canSubmit={(typed) => typed.trim() !== String(owned.copies)}
              check={(typed) => wholeNumberProblem('Owned copies', typed, 1, MOST_COPIES)}
              onSave={(copies) => save({ owned: { format: owned.format, copies } })}
            />
          </>
        )}
      </Box>
      <PrivateNotes notes={entry.privateNotes ?? null} disabled={disabled} save={save} />
    </Box>
  )
}
