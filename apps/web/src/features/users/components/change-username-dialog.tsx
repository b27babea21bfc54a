import { useState } from 'react'
import { useForm } from 'react-hook-form'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import type { User } from '@shelfwise/contracts'
import { errorMessage } from '#/lib/api-client.ts'
import { formResolver } from '#/lib/form-resolver.ts'
import { FormTextField } from '#/components/form-text-field.tsx'
import { useUpdateProfile } from '#/features/users/api/update-profile.ts'

export const USERNAME_EMPTY = 'Username cannot be empty'
export const USERNAME_UPDATED = 'Username updated successfully'
export const USERNAME_FAILED = 'Failed to update username'

export function ChangeUsernameDialog({ open, current, onClose, onDone }: {
  open: boolean
  current: string
  onClose: () => void
  onDone: (user: User, message: string) => void
}) {
  const [error, setError] = useState<string | null>(null)
  const mutation = useUpdateProfile()
  const { control, handleSubmit, formState } = useForm<{ username: string }>({
    values: { username: current },
    resolver: formResolver<{ username: string }>((v) => (v.username.trim() === '' ? USERNAME_EMPTY : undefined)),
  })
  const onSubmit = handleSubmit(async (v) => {
    try {
      const user = await mutation.mutateAsync({ username: v.username.trim() })
      onDone(user, USERNAME_UPDATED)
      onClose()
    } catch (err) {
      // The server's reason ('Username is already taken', 'Username must be …'), else the spec's fallback.
      setError(errorMessage(err, USERNAME_FAILED))
    }
  })
  const message = formState.errors.root?.message ?? error
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="change-username-title">
      <Box component="form" noValidate onSubmit={(e) => { setError(null); void onSubmit(e) }}>
        <DialogTitle id="change-username-title">Change Username</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {message && <Alert severity="error">{message}</Alert>}
          <FormTextField control={control} name="username" label="New Username" autoFocus fullWidth autoComplete="username" />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>{mutation.isPending ? 'Saving...' : 'Save'}</Button>
        </DialogActions>
      </Box>
    </Dialog>
  )
}
