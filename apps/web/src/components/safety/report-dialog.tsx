import { useState, type FormEvent } from 'react'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useMutation } from '@tanstack/react-query'
import { REPORT_REASONS, SAFETY_LIMITS, type ReportReason, type ReportTargetType } from '@shelfwise/contracts'
import { api, errorMessage } from '#/lib/api-client.ts'
import { FormDialog } from '#/components/feedback/form-dialog.tsx'
import { REASON_TEXT, REPORT_TEXT } from '#/components/safety/report-texts.ts'

// The report dialog (decision 0058), loaded on the first press of Report: its select and dialog
// weigh more than the screens that offer Report should carry up front.

/** The dialog alone, for a menu item that opens it (the profile's menu). */
export default function ReportDialog({
  targetType,
  targetId,
  open,
  onClose,
}: {
  targetType: ReportTargetType
  targetId: string
  open: boolean
  onClose: () => void
}) {
  const [reason, setReason] = useState<ReportReason>('spam')
  const [note, setNote] = useState('')
  const send = useMutation({
    mutationFn: () => api.post('/reports', (c) => c.ReportSchema, { targetType, targetId, reason, ...(note.trim() ? { note: note.trim() } : {}) }),
  })
  const close = () => {
    send.reset()
    setNote('')
    onClose()
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (send.isSuccess) return close()
    send.mutate()
  }
  return (
    <FormDialog
      id={`report-${targetId}`}
      open={open}
      title={REPORT_TEXT.title}
      message={send.isError ? errorMessage(send.error, 'Could not send the report. Please try again.') : null}
      submit={send.isSuccess ? REPORT_TEXT.close : REPORT_TEXT.submit}
      busyLabel={REPORT_TEXT.busy}
      isBusy={send.isPending}
      onSubmit={submit}
      onClose={close}
    >
      {send.isSuccess ? (
        <Typography role="status">{REPORT_TEXT.sent}</Typography>
      ) : (
        <>
          <TextField select label={REPORT_TEXT.reason} value={reason} onChange={(e) => setReason(e.target.value as ReportReason)} fullWidth>
            {REPORT_REASONS.map((r) => (
              <MenuItem key={r} value={r}>
                {REASON_TEXT[r]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={REPORT_TEXT.note}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            multiline
            minRows={2}
            fullWidth
            slotProps={{ htmlInput: { maxLength: SAFETY_LIMITS.reportNoteMax } }}
          />
        </>
      )}
    </FormDialog>
  )
}
