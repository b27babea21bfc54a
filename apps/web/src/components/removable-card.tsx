import { useId, useState, type ReactNode } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { errorMessage, FALLBACK_ERROR } from '#/lib/api-client.ts'
import { ConfirmDialog } from '#/components/feedback/confirm-dialog.tsx'

/** What ends the item (revoke, remove, delete) and how it is asked and said while it runs. */
export interface EndAction {
  /** The button's and the dialog's action: "Revoke". */
  label: string
  /** The action while it runs: "Revoking...". */
  busyLabel: string
  /** The dialog's question and what happens. */
  title: string
  body: string
  /** The mutation's state: its refusal shows in the dialog, in the server's words. */
  state: { isPending: boolean; isError: boolean; error: unknown }
  /** Runs the action; `done` closes the dialog once it succeeded. */
  run: (done: () => void) => void
}

/**
 * One item of a reader's list of things they made (tokens, devices, webhooks): its name as the
 * item's label, what the caller shows of it, the caller's buttons beside the one that ends it after
 * asking, and what the caller shows below (a log).
 */
export function RemovableCard({
  name,
  children,
  buttons,
  below,
  end,
}: {
  name: string
  children?: ReactNode
  buttons?: ReactNode
  below?: ReactNode
  end: EndAction
}) {
  const id = useId()
  const [confirming, setConfirming] = useState(false)
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'grid', gap: 1, minWidth: 0 }} aria-labelledby={`${id}-name`}>
      <Typography id={`${id}-name`} sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        {name}
      </Typography>
      {children}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {buttons}
        <Button size="small" color="error" onClick={() => setConfirming(true)}>
          {end.label}
        </Button>
      </Box>
      {below}
      <ConfirmDialog
        id={`${id}-end`}
        open={confirming}
        title={end.title}
        body={end.body}
        error={end.state.isError ? errorMessage(end.state.error, FALLBACK_ERROR) : null}
        confirm={end.label}
        busyLabel={end.busyLabel}
        isBusy={end.state.isPending}
        destructive
        onConfirm={() => end.run(() => setConfirming(false))}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  )
}
