import { useForm } from 'react-hook-form'
import { LIMITS } from '@shelfwise/contracts/constants'
import { errorMessage } from '#/lib/api-client.ts'
import { formResolver } from '#/lib/form-resolver.ts'
import { useFormSubmit } from '#/lib/form-submit.ts'
import { FormTextField } from '#/components/form-text-field.tsx'
import { useChangePassword } from '#/features/auth/api/change-password.ts'
import { FormDialog } from '#/components/feedback/form-dialog.tsx'

const PASSWORD_MESSAGES = {
  required: 'All fields are required',
  mismatch: 'New passwords do not match',
  tooShort: 'Password must be at least 6 characters long',
  updated: 'Password updated successfully',
  failed: 'Failed to update password. Please check your current password.',
} as const

interface Values {
  currentPassword: string
  newPassword: string
  confirmPassword: string
}

function check(v: Values): string | undefined {
  if (!v.currentPassword || !v.newPassword || !v.confirmPassword) return PASSWORD_MESSAGES.required
  if (v.newPassword !== v.confirmPassword) return PASSWORD_MESSAGES.mismatch
  if (v.newPassword.length < LIMITS.passwordMin) return PASSWORD_MESSAGES.tooShort
  return undefined
}

const empty: Values = { currentPassword: '', newPassword: '', confirmPassword: '' }

export function ChangePasswordDialog({
  open,
  onClose,
  onDone,
}: {
  open: boolean
  onClose: () => void
  /** Receives the fresh token the server answers (the old sessions end) and the success message. */
  onDone: (token: string, message: string) => void
}) {
  const mutation = useChangePassword()
  const form = useForm<Values>({ defaultValues: empty, resolver: formResolver<Values>(check) })
  const { control, reset } = form
  const { message, onSubmit, clearMessage } = useFormSubmit(
    form,
    async (v) => {
      const res = await mutation.mutateAsync({ currentPassword: v.currentPassword, newPassword: v.newPassword })
      onDone(res.token, PASSWORD_MESSAGES.updated)
      close()
    },
    (err) => errorMessage(err, PASSWORD_MESSAGES.failed),
  )
  function close() {
    reset(empty)
    clearMessage()
    onClose()
  }
  return (
    <FormDialog
      id="change-password"
      open={open}
      title="Change Password"
      message={message}
      submit="Update Password"
      busyLabel="Updating..."
      isBusy={mutation.isPending}
      onSubmit={onSubmit}
      onClose={close}
    >
      <FormTextField control={control} name="currentPassword" label="Current Password" type="password" autoComplete="current-password" fullWidth />
      <FormTextField control={control} name="newPassword" label="New Password" type="password" autoComplete="new-password" fullWidth />
      <FormTextField control={control} name="confirmPassword" label="Confirm New Password" type="password" autoComplete="new-password" fullWidth />
    </FormDialog>
  )
}
