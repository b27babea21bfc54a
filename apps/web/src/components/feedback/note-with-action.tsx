import type { ReactNode } from 'react'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'

/** A note (an info alert) with one button at its end that acts on it: sign in, discard a draft. */
export function NoteWithAction({ action, onAction, children }: { action: string; onAction: () => void; children: ReactNode }) {
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" size="small" onClick={onAction}>
          {action}
        </Button>
      }
    >
      {children}
    </Alert>
  )
}
