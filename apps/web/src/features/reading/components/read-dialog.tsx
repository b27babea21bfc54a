import { useForm } from 'react-hook-form'
import type { Read } from '@shelfwise/contracts'
import { errorMessage } from '#/lib/api-client.ts'
import { formResolver } from '#/lib/form-resolver.ts'
import { useFormSubmit } from '#/lib/form-submit.ts'
import { FormDialog } from '#/components/feedback/form-dialog.tsx'
import { FormTextField } from '#/components/form-text-field.tsx'
import { useSaveRead } from '#/features/reading/api/reading.ts'

interface Values {
  startedOn: string
  finishedOn: string
  stoppedOn: string
}

const HINT = 'YYYY, YYYY-MM or YYYY-MM-DD; leave empty if unknown'
const SAVE_FAILED = 'Could not save this read. Please try again.'

/** Adds a past read (a re-read is another one) or fixes one's dates; the server names a wrong date. */
export function ReadDialog({ bookId, read, onClose }: { bookId: string; read?: Read | undefined; onClose: () => void }) {
  const save = useSaveRead(bookId)
  const form = useForm<Values>({
    defaultValues: { startedOn: read?.startedOn ?? '', finishedOn: read?.finishedOn ?? '', stoppedOn: read?.stoppedOn ?? '' },
    resolver: formResolver<Values>((v) => (v.finishedOn.trim() && v.stoppedOn.trim() ? 'A read is either finished or stopped, not both' : undefined)),
  })
  const orNull = (v: string) => (v.trim() === '' ? null : v.trim())
  const { message, onSubmit } = useFormSubmit(
    form,
    async (v) => {
      await save.mutateAsync({
        ...(read ? { id: read._id } : {}),
        read: { startedOn: orNull(v.startedOn), finishedOn: orNull(v.finishedOn), stoppedOn: orNull(v.stoppedOn) },
      })
      onClose()
    },
    (err) => errorMessage(err, SAVE_FAILED),
  )
  return (
    <FormDialog
      id="read-dialog"
      open
      title={read ? 'Edit read' : 'Add a read'}
      message={message}
      submit="Save"
      busyLabel="Saving..."
      isBusy={save.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <FormTextField control={form.control} name="startedOn" label="Started on" helperText={HINT} fullWidth autoFocus />
      <FormTextField control={form.control} name="finishedOn" label="Finished on" helperText={HINT} fullWidth />
      <FormTextField control={form.control} name="stoppedOn" label="Stopped on (did not finish)" helperText={HINT} fullWidth />
    </FormDialog>
  )
}
