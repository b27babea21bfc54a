import { useState } from 'react'
import Typography from '@mui/material/Typography'
import { isPartialDate, mayPrecede } from '@shelfwise/contracts'
import { errorMessage } from '#/lib/api-client.ts'
import { FormDialog } from '#/components/feedback/form-dialog.tsx'
import { localToday, useUpdateReading } from '#/features/reading/api/reading.ts'
import { PartialDateField } from '#/features/reading/components/partial-date-field.tsx'

const SAVE_FAILED = 'Could not save your reading. Please try again.'

const WORDS = {
  read: { title: 'Mark as Read', end: 'Finished on', verb: 'finished' },
  dnf: { title: 'Mark as Did Not Finish', end: 'Stopped on', verb: 'stopped' },
} as const

/**
 * Read or Did Not Finish, dated (decision 0039): the day asked with the browser's date picker,
 * today chosen, a month or a year alone possible; the read's start shown beside it, and when it
 * would come after the end, flagged there to be corrected before saving, both sent in one call.
 */
export default function StatusDateDialog({
  bookId,
  status,
  startedOn,
  onClose,
}: {
  bookId: string
  status: 'read' | 'dnf'
  /** The start of the read this ends: the open one's (null: not known), or null for a book not started. */
  startedOn: string | null
  onClose: () => void
}) {
  const update = useUpdateReading(bookId)
  const today = localToday()
  const [end, setEnd] = useState(today)
  const [start, setStart] = useState(startedOn ?? '')
  const [message, setMessage] = useState<string | null>(null)
  const words = WORDS[status]
  const startProblem =
    start && !isPartialDate(start)
      ? 'Write a year of four digits, or choose a day or a month'
      : start && isPartialDate(end) && !mayPrecede(start, end)
        ? `This comes after the day you ${words.verb}: correct it here`
        : undefined
  const endProblem = !end
    ? `Choose the day you ${words.verb}, or a month or a year`
    : !isPartialDate(end)
      ? 'Write a year of four digits, or choose a day or a month'
      : undefined

  return (
    <FormDialog
      id="status-date"
      open
      title={words.title}
      message={message}
      submit="Save"
      busyLabel="Saving..."
      isBusy={update.isPending}
      onSubmit={(e) => {
        e.preventDefault()
        if (endProblem || startProblem) return
        setMessage(null)
        const changedStart = start !== (startedOn ?? '')
        update.mutate(
          { status, ...(status === 'read' ? { finishedOn: end } : { stoppedOn: end }), ...(changedStart ? { startedOn: start || null } : {}) },
          { onSuccess: onClose, onError: (err) => setMessage(errorMessage(err, SAVE_FAILED)) },
        )
      }}
      onClose={onClose}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {`Today is chosen. Pick another day, or say only the month or the year you ${words.verb}.`}
      </Typography>
      <PartialDateField
        id="status-date-end"
        label={words.end}
        value={end}
        onChange={setEnd}
        latest={today}
        error={Boolean(endProblem)}
        helperText={endProblem}
      />
      <PartialDateField
        id="status-date-start"
        label="Started on"
        value={start}
        onChange={setStart}
        latest={today}
        error={Boolean(startProblem)}
        helperText={startProblem ?? 'Leave empty if you do not remember'}
      />
    </FormDialog>
  )
}
