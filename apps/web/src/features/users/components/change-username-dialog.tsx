import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { User } from '@shelfwise/contracts'
import { errorMessage } from '#/lib/api-client.ts'
import { formResolver } from '#/lib/form-resolver.ts'
import { FormTextField } from '#/components/form-text-field.tsx'
import { useUpdateProfile } from '#/features/users/api/update-profile.ts'
import { FormDialog } from '#/components/feedback/form-dialog.tsx'

const USERNAME_EMPTY = 'Username cannot be empty'
const USERNAME_UPDATED = 'Username updated successfully'
const USERNAME_FAILED = 'Failed to update username'

export function ChangeUsernameDialog({
  open,
  current,
  onClose,
  onDone,
}: {
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
    <FormDialog
      id="change-username"
      open={open}
      title="Change Username"
      message={message}
      submit="Save"
      busyLabel="Saving..."
      isBusy={mutation.isPending}
      onSubmit={(e) => {
        setError(null)
        void onSubmit(e)
      }}
      onClose={onClose}
    >
      <FormTextField control={control} name="username" label="New Username" autoFocus fullWidth autoComplete="username" />
    </FormDialog>
  )
}
