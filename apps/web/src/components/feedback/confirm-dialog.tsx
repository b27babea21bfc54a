import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import type { ReactNode } from 'react'

/**
 * Asks before something that cannot be undone: a title, what will happen, Cancel (focused first, as
 * the APG's alert dialog asks) and the action. While the action runs, neither button nor a click
 * outside closes it; a refusal shows above the text, in the server's words.
 */
export function ConfirmDialog({
  id,
  open,
  title,
  body,
  error,
  confirm,
  busyLabel,
  isBusy,
  destructive = false,
  onConfirm,
  onClose,
  children,
}: {
  /** Names its title and body for assistive technology. */
  id: string
  open: boolean
  title: string
  body: string
  error: string | null
  confirm: string
  busyLabel: string
  isBusy: boolean
  destructive?: boolean
  onConfirm: () => void
  onClose: () => void
  /** A choice about how it is done, under the text. */
  children?: ReactNode
}) {
  return (
    <Dialog open={open} onClose={isBusy ? undefined : onClose} aria-labelledby={`${id}-title`} aria-describedby={`${id}-body`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
            {error}
          </Alert>
        )}
        <DialogContentText id={`${id}-body`} dir="auto" sx={{ overflowWrap: 'anywhere' }}>
          {body}
        </DialogContentText>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isBusy} autoFocus>
          Cancel
        </Button>
        <Button color={destructive ? 'error' : 'primary'} variant="contained" onClick={onConfirm} disabled={isBusy}>
          {isBusy ? busyLabel : confirm}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
