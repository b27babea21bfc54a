import type { FormEvent, ReactNode } from 'react'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'

/** A small form in a dialog: its title, what went wrong (if anything) above the fields, Cancel and the submit button. */
export function FormDialog({
  id,
  open,
  title,
  message,
  submit,
  busyLabel,
  isBusy,
  onSubmit,
  onClose,
  children,
}: {
  /** Names the dialog by its title for assistive technology. */
  id: string
  open: boolean
  title: string
  message: string | null | undefined
  submit: string
  busyLabel: string
  isBusy: boolean
  onSubmit: (e: FormEvent) => void
  onClose: () => void
  children: ReactNode
}) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={`${id}-title`}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {message && <Alert severity="error">{message}</Alert>}
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={isBusy}>
            {isBusy ? busyLabel : submit}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  )
}
