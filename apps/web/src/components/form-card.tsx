import { useId, type FormEvent, type ReactNode } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'

/**
 * A form in an outlined card, named by its heading (the Developers page's token, device and webhook
 * forms, the device-link page): the server's refusal, when there is one, sits under the heading.
 */
export function FormCard({
  title,
  heading = 'h3',
  intro,
  onSubmit,
  error,
  submit,
  children,
}: {
  title: string
  /** The heading's level in the page's outline. */
  heading?: 'h2' | 'h3'
  /** A line under the heading on what the form does, above any refusal. */
  intro?: string
  onSubmit: (e: FormEvent) => void
  /** The refusal to show, in the server's words; nothing when the last try did not fail. */
  error?: string | null
  /** The submit button under the fields, and its words while `isBusy` (disabled then); without it the fields bring their own. */
  submit?: { label: string; busyLabel: string; isBusy: boolean }
  children: ReactNode
}) {
  const id = useId()
  return (
    <Paper
      component="form"
      variant="outlined"
      onSubmit={onSubmit}
      noValidate
      sx={{ p: 2, display: 'grid', gap: 2, minWidth: 0 }}
      aria-labelledby={`${id}-title`}
    >
      <Typography id={`${id}-title`} variant="h6" component={heading}>
        {title}
      </Typography>
      {intro && <Typography>{intro}</Typography>}
      {error && <ErrorAlert sx={{ my: 0 }}>{error}</ErrorAlert>}
      {children}
      {submit && (
        <Box>
          <Button type="submit" variant="contained" disabled={submit.isBusy}>
            {submit.isBusy ? submit.busyLabel : submit.label}
          </Button>
        </Box>
      )}
    </Paper>
  )
}
