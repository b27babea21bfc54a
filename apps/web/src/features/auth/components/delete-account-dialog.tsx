import { useId, useState, type FormEvent } from 'react'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import TextField from '@mui/material/TextField'
import { errorMessage } from '#/lib/api-client.ts'
import { useDeleteAccount } from '#/features/auth/api/delete-account.ts'

export const DELETE_ACCOUNT_TEXT = {
  title: 'Delete your account?',
  body:
    'This deletes your profile, your reviews and ratings, your reading log and the people you follow. It cannot be undone. ' +
    'Books you added stay in the catalogue for other readers. To keep your library, export it first.',
  password: 'Your password',
  confirm: 'Delete my account',
  busy: 'Deleting...',
  failed: 'Could not delete your account. Please try again.',
  done: 'Your account has been deleted.',
} as const

/**
 * Asks before the account goes: what is deleted and what stays, the reader's password, and a red
 * 'Delete my account' that stays disabled until a password is typed. A refusal (a wrong password)
 * shows in the dialog, in the server's words; `onDeleted` runs once the server has deleted it.
 */
export function DeleteAccountDialog({ open, onClose, onDeleted }: { open: boolean; onClose: () => void; onDeleted: () => void }) {
  const id = useId()
  const remove = useDeleteAccount()
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const close = () => {
    if (remove.isPending) return
    setPassword('')
    setError(null)
    onClose()
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!password) return
    setError(null)
    try {
      await remove.mutateAsync(password)
      onDeleted()
    } catch (err) {
      setError(errorMessage(err, DELETE_ACCOUNT_TEXT.failed))
    }
  }
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby={`${id}-title`} aria-describedby={`${id}-body`}>
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id={`${id}-title`}>{DELETE_ACCOUNT_TEXT.title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          {error && (
            <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
              {error}
            </Alert>
          )}
          <DialogContentText id={`${id}-body`}>{DELETE_ACCOUNT_TEXT.body}</DialogContentText>
          <TextField
            label={DELETE_ACCOUNT_TEXT.password}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            fullWidth
            autoFocus
          />
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={!password || remove.isPending}>
            {remove.isPending ? DELETE_ACCOUNT_TEXT.busy : DELETE_ACCOUNT_TEXT.confirm}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  )
}
