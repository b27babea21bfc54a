import Alert from '@mui/material/Alert'
import Snackbar from '@mui/material/Snackbar'
import { SNACKBAR_MS } from '#/theme/theme.ts'

export type Notice = { message: string; severity: 'success' | 'error' } | null

/**
 * A short word at the bottom of the screen. It hides after SNACKBAR_MS or when closed, not on a click
 * elsewhere: a click that itself fails (Upload with no token) must still show its message.
 */
export function NoticeSnackbar({ notice, onClose }: { notice: Notice; onClose: () => void }) {
  return (
    <Snackbar
      open={notice !== null}
      autoHideDuration={SNACKBAR_MS}
      onClose={(_, reason) => {
        if (reason !== 'clickaway') onClose()
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      {notice ? (
        <Alert severity={notice.severity} variant="filled" onClose={onClose}>
          {notice.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  )
}
