import { useState, type FormEvent } from 'react'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import FormControlLabel from '@mui/material/FormControlLabel'
import IconButton from '@mui/material/IconButton'
import Switch from '@mui/material/Switch'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import { useTheme } from '@mui/material/styles'
import DeleteIcon from '@mui/icons-material/Delete'
import EditIcon from '@mui/icons-material/Edit'
import { SHELF_LIMITS, type Shelf } from '@shelfwise/contracts'
import { errorMessage } from '#/lib/api-client.ts'
import { ConfirmDialog } from '#/components/feedback/confirm-dialog.tsx'
import { useCreateShelf, useDeleteShelf, useUpdateShelf } from '#/features/bookshelves/api/shelves.ts'
import { shelfNameError } from '#/features/bookshelves/components/shelf-name.ts'
import { groupDigits } from '@shelfwise/contracts/numbers'

const SAVE_FAILED = 'Could not save the shelf. Please try again.'
const books = (n: number) => `${groupDigits(n)} ${n === 1 ? 'book' : 'books'}`

/** A new shelf's name and whether others see it. */
function NewShelfForm({ isFull }: { isFull: boolean }) {
  const create = useCreateShelf()
  const [name, setName] = useState('')
  const [isPublic, setPublic] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const problem = shelfNameError(name)
    if (problem) return setError(problem)
    setError(null)
    create.mutate(
      { name, public: isPublic },
      {
        onSuccess: () => {
          setName('')
          setPublic(false)
        },
        onError: (err) => setError(errorMessage(err, SAVE_FAILED)),
      },
    )
  }
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label="New shelf"
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start', mb: 2 }}
    >
      <TextField
        size="small"
        label="New shelf"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={Boolean(error)}
        helperText={error ?? (isFull ? `You have ${SHELF_LIMITS.perReader} shelves, the most a reader can have` : 'For example classics-club or favourites')}
        disabled={isFull}
        slotProps={{ htmlInput: { dir: 'auto', maxLength: SHELF_LIMITS.nameMax * 2 } }}
        sx={{ flex: '1 1 14rem', minWidth: 0 }}
      />
      <FormControlLabel control={<Checkbox checked={isPublic} onChange={(e) => setPublic(e.target.checked)} />} label="Public" sx={{ mr: 0 }} />
      <Button type="submit" variant="contained" disabled={isFull || create.isPending} sx={{ mt: 0.25 }}>
        {create.isPending ? 'Adding…' : 'Add shelf'}
      </Button>
    </Box>
  )
}

/** One shelf of the reader's: rename it, make it public or private, or ask to delete it. */
function ShelfRow({ shelf, onDelete }: { shelf: Shelf; onDelete: () => void }) {
  const update = useUpdateShelf()
  const [renaming, setRenaming] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const save = (change: { name?: string; public?: boolean }, onSuccess?: () => void) => {
    setError(null)
    update.mutate({ id: shelf._id, change }, { onSuccess, onError: (err) => setError(errorMessage(err, SAVE_FAILED)) })
  }
  const rename = (e: FormEvent) => {
    e.preventDefault()
    if (renaming === null) return
    const problem = shelfNameError(renaming)
    if (problem) return setError(problem)
    save({ name: renaming }, () => setRenaming(null))
  }
  return (
    <Box component="li" sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      {renaming === null ? (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
            <Typography dir="auto" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {shelf.name}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {books(shelf.count)}
            </Typography>
          </Box>
          <FormControlLabel
            control={
              <Switch
                // While the change is on its way, the switch shows what was asked.
                checked={update.isPending && update.variables.change.public !== undefined ? update.variables.change.public : shelf.public}
                disabled={update.isPending}
                onChange={(e) => save({ public: e.target.checked })}
                slotProps={{ input: { 'aria-label': `${shelf.name}: public` } }}
              />
            }
            label={shelf.public ? 'Public' : 'Private'}
            sx={{ mr: 0 }}
          />
          <IconButton aria-label={`Rename ${shelf.name}`} onClick={() => setRenaming(shelf.name)}>
            <EditIcon />
          </IconButton>
          <IconButton aria-label={`Delete ${shelf.name}`} onClick={onDelete}>
            <DeleteIcon />
          </IconButton>
        </Box>
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={rename}
          aria-label={`Rename ${shelf.name}`}
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
        >
          <TextField
            size="small"
            label="Shelf name"
            value={renaming}
            autoFocus
            onChange={(e) => setRenaming(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.stopPropagation()
                setRenaming(null)
                setError(null)
              }
            }}
            slotProps={{ htmlInput: { dir: 'auto', maxLength: SHELF_LIMITS.nameMax * 2 } }}
            sx={{ flex: '1 1 12rem', minWidth: 0 }}
          />
          <Button type="submit" variant="contained" disabled={update.isPending}>
            Save
          </Button>
          <Button
            onClick={() => {
              setRenaming(null)
              setError(null)
            }}
          >
            Cancel
          </Button>
        </Box>
      )}
      {error && (
        <Alert severity="error" onClose={() => setError(null)} sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          {error}
        </Alert>
      )}
    </Box>
  )
}

/**
 * The reader's shelves to manage (decision 0028): make one (private unless they say), rename one,
 * make it public or private, delete one after asking (its books stay in the library).
 */
export function ManageShelvesDialog({ shelves, onClose }: { shelves: Shelf[]; onClose: () => void }) {
  const theme = useTheme()
  const narrow = useMediaQuery(theme.breakpoints.down('sm'))
  const remove = useDeleteShelf()
  const [deleting, setDeleting] = useState<Shelf | null>(null)
  const [deleteError, setDeleteError] = useState<string | null>(null)
  return (
    <>
      <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={narrow} aria-labelledby="manage-shelves-title">
        <DialogTitle id="manage-shelves-title">Manage shelves</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            Shelves are your own names for books, beside their reading status. Others see your public shelves, without the books you want to read.
          </Typography>
          <NewShelfForm isFull={shelves.length >= SHELF_LIMITS.perReader} />
          {shelves.length === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>No shelves yet.</Typography>
          ) : (
            <Box component="ul" aria-label="Your shelves" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {shelves.map((s) => (
                <ShelfRow
                  key={s._id}
                  shelf={s}
                  onDelete={() => {
                    setDeleteError(null)
                    setDeleting(s)
                  }}
                />
              ))}
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Done</Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        id="delete-shelf"
        open={deleting !== null}
        title={deleting ? `Delete the shelf “${deleting.name}”?` : ''}
        body={`Its ${books(deleting?.count ?? 0)} leave the shelf and stay in your library with their reading statuses.`}
        error={deleteError}
        confirm="Delete shelf"
        busyLabel="Deleting…"
        isBusy={remove.isPending}
        destructive
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: () => setDeleting(null),
            onError: (err) => setDeleteError(errorMessage(err, 'Could not delete the shelf. Please try again.')),
          })
        }
        onClose={() => setDeleting(null)}
      />
    </>
  )
}
