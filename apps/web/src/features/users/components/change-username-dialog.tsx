import { useForm } from 'react-hook-form'
import type { User } from '@shelfwise/contracts'
import { errorMessage } from '#/lib/api-client.ts'
import { formResolver } from '#/lib/form-resolver.ts'
import { useFormSubmit } from '#/lib/form-submit.ts'
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
  const mutation = useUpdateProfile()
  const form = useForm<{ username: string }>({
    values: { username: current },
    resolver: formResolver<{ username: string }>((v) => (v.username.trim() === '' ? USERNAME_EMPTY : undefined)),
  })
  const { message, onSubmit } = useFormSubmit(
    form,
    async (v) => {
      const user = await mutation.mutateAsync({ username: v.username.trim() })
      onDone(user, USERNAME_UPDATED)
      onClose()
    },
    // The server's reason ('Username is already taken', 'Username must be …'), else the spec's fallback.
    (err) => errorMessage(err, USERNAME_FAILED),
  )
  return (
    <FormDialog
      id="change-username"
      open={open}
      title="Change Username"
      message={message}
      submit="Save"
      busyLabel="Saving..."
      isBusy={mutation.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <FormTextField control={form.control} name="username" label="New Username" autoFocus fullWidth autoComplete="username" />
    </FormDialog>
  )
}
