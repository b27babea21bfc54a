import type { ReactNode } from 'react'
import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'

/** What a list query answers while it loads, when it fails and when it is empty (only the data part). */
interface ListQuery<T> {
  isPending: boolean
  isError: boolean
  data: T[] | undefined
}

/**
 * A reader's short list of things (tokens, devices, webhooks) in its four states: a spinner while it
 * loads, the error, the empty text, or a named list of the items each rendered by the caller (each
 * render gives an `li`).
 */
export function QueryList<T>({
  query,
  label,
  empty,
  error,
  children,
}: {
  query: ListQuery<T>
  /** The list's accessible name ("Your devices"). */
  label: string
  empty: string
  error: string
  children: (item: T) => ReactNode
}) {
  if (query.isPending) return <SectionSpinner />
  if (query.isError || !query.data) return <ErrorAlert>{error}</ErrorAlert>
  if (query.data.length === 0) return <Typography>{empty}</Typography>
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }} aria-label={label}>
      {query.data.map(children)}
    </Box>
  )
}
