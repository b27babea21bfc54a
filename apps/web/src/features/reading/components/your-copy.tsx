import { useState, type ReactNode } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import FormControlLabel from '@mui/material/FormControlLabel'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { BookFormat, Owned, ReadingEntry, ReadingUpdate } from '@shelfwise/contracts'
import { COPY_FORMAT_LABELS, COPY_FORMATS } from '#/features/reading/components/copy-formats.ts'
import { ConfirmDialog } from '#/components/feedback/confirm-dialog.tsx'

/** The longest notes the API keeps (a review's length, decision 0031). */
const NOTES_MAX = 5000

/** The most copies the API keeps (its words when a number is refused). */
const MOST_COPIES = 1000

/** Why a typed number of copies cannot be kept, in the API's words; undefined when it can. */
function copiesProblem(typed: string): string | undefined {
  const n = Number(typed)
  if (typed.trim() === '' || !Number.isInteger(n)) return 'Owned copies must be a whole number'
  if (n < 1) return 'Owned copies must be at least 1'
  return n > MOST_COPIES ? `Owned copies must be at most ${MOST_COPIES}` : undefined
}

/** How many copies, kept when the reader saves them (a typed number is not sent at every key). */
function CopiesForm({ owned, disabled, onSave }: { owned: Owned; disabled: boolean; onSave: (copies: number) => void }) {
  const [typed, setTyped] = useState(String(owned.copies))
  const [problem, setProblem] = useState<string | null>(null)
  const isChanged = typed.trim() !== String(owned.copies)
  return (
    <Box
      component="form"
      noValidate
      aria-label="Copies you own"
      onSubmit={(e) => {
        e.preventDefault()
        const found = copiesProblem(typed)
        setProblem(found ?? null)
        if (!found) onSave(Number(typed))
      }}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <TextField
        size="small"
        type="number"
        label="Copies"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        error={problem !== null}
        helperText={problem}
        slotProps={{ htmlInput: { min: 1, max: MOST_COPIES, inputMode: 'numeric' }, inputLabel: { shrink: true } }}
        sx={{ width: 110 }}
      />
      <Button type="submit" variant="outlined" disabled={disabled || !isChanged} aria-label="Save copies" sx={{ mt: 0.25 }}>
        Save
      </Button>
    </Box>
  )
}

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
              tooLong
                ? `Private notes must be at most ${NOTES_MAX} characters`
                : `${draft.length.toLocaleString('en-US')} of ${NOTES_MAX.toLocaleString('en-US')} characters`
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
            <TextField
              select
              size="small"
              label="Format of your copies"
              value={owned.format ?? ''}
              disabled={disabled}
              onChange={(e) => save({ owned: { format: (e.target.value || null) as BookFormat | null, copies: owned.copies } })}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              sx={{ minWidth: 190 }}
            >
              <option value="">Not given</option>
              {COPY_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {COPY_FORMAT_LABELS[f]}
                </option>
              ))}
            </TextField>
            {/* A new number from the server (another tab) starts the field again. */}
            <CopiesForm key={owned.copies} owned={owned} disabled={disabled} onSave={(copies) => save({ owned: { format: owned.format, copies } })} />
          </>
        )}
      </Box>
      <PrivateNotes notes={entry.privateNotes ?? null} disabled={disabled} save={save} />
    </Box>
  )
}
