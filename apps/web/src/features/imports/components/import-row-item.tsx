import { useId, useState, type FormEvent } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormLabel from '@mui/material/FormLabel'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { ImportCandidate, ImportRow, ImportRowResolve } from '@shelfwise/contracts'
import { errorMessage } from '#/lib/api-client.ts'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { useResolveImportRow } from '#/features/imports/api/resolve-import-row.ts'
import { count } from '#/features/imports/components/import-texts.ts'

const ROW_TEXT = {
  choose: 'Which book is it?',
  use: 'Use this book',
  create: 'Create this book',
  skip: 'Skip',
  correct: 'Correct',
  lookAgain: 'Look again',
  cancel: 'Cancel',
  busy: 'Saving...',
  failed: 'Could not change this row. Please try again.',
  needsReview: 'Several books in the catalogue match this row: choose the right one.',
  notImported: 'This row could not be imported.',
  untitled: 'No title',
} as const

const yearOf = (date: string | null) => /^\d{4}/.exec(date ?? '')?.[0]

function candidateLabel(c: ImportCandidate) {
  const year = yearOf(c.publishedDate)
  const details = [year, c.isbn ? `ISBN ${c.isbn}` : undefined, `${count(c.totalReviews)} ${c.totalReviews === 1 ? 'review' : 'reviews'}`]
    .filter(Boolean)
    .join(' · ')
  return (
    <Box component="span" sx={{ display: 'block', py: 0.5, minWidth: 0 }}>
      <Box component="span" dir="auto" sx={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' }}>
        {c.title}
      </Box>
      <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.875rem', overflowWrap: 'anywhere' }}>
        <span dir="auto">{c.author}</span>
        {details ? ` · ${details}` : ''}
      </Box>
    </Box>
  )
}

/** The small form that corrects a row's title, author or ISBN and looks for the book again. */
function CorrectForm({ row, busy, onSend, onCancel }: { row: ImportRow; busy: boolean; onSend: (action: ImportRowResolve) => void; onCancel: () => void }) {
  const [title, setTitle] = useState(row.title)
  const [author, setAuthor] = useState(row.author)
  const [isbn, setIsbn] = useState('')
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const given = (v: string) => (v.trim() ? v.trim() : undefined)
    onSend({ action: 'retry', title: given(title), author: given(author), isbn: given(isbn) })
  }
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 1.5, mt: 1.5, maxWidth: 480 }}>
      <TextField size="small" label="Title" value={title} onChange={(e) => setTitle(e.target.value)} slotProps={{ htmlInput: { maxLength: 300 } }} />
      <TextField size="small" label="Author" value={author} onChange={(e) => setAuthor(e.target.value)} slotProps={{ htmlInput: { maxLength: 200 } }} />
      <TextField
        size="small"
        label="ISBN"
        value={isbn}
        onChange={(e) => setIsbn(e.target.value)}
        helperText="ISBN-10 or ISBN-13, if you know it"
        slotProps={{ htmlInput: { maxLength: 40, inputMode: 'numeric' } }}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" size="small" disabled={busy}>
          {busy ? ROW_TEXT.busy : ROW_TEXT.lookAgain}
        </Button>
        <Button size="small" onClick={onCancel} disabled={busy}>
          {ROW_TEXT.cancel}
        </Button>
      </Box>
    </Box>
  )
}

/**
 * A row of the report: its line, title, author and why it waits or failed; the candidates to choose
 * from (a row waiting for a choice); and Create this book, Skip, and Correct (then Look again).
 */
export function ImportRowItem({ importId, row, onResolved }: { importId: string; row: ImportRow; onResolved: (row: ImportRow, before: ImportRow) => void }) {
  const id = useId()
  const resolve = useResolveImportRow(importId)
  const [choice, setChoice] = useState('')
  const [correcting, setCorrecting] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const titleId = `${id}-title`
  const waits = row.outcome === 'needs_review' && row.candidates.length > 0
  const busy = resolve.isPending

  // (mutateAsync, not mutate's callbacks: a settled row leaves the list, and its callbacks with it.)
  const send = async (action: ImportRowResolve) => {
    setError(null)
    try {
      const updated = await resolve.mutateAsync({ line: row.line, action })
      setCorrecting(false)
      setChoice('')
      onResolved(updated, row)
    } catch (err) {
      setError(errorMessage(err, ROW_TEXT.failed))
    }
  }

  return (
    <Box component="li" aria-labelledby={titleId} sx={{ py: 2, borderBottom: 1, borderColor: 'divider', minWidth: 0 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
        Line {count(row.line)}
      </Typography>
      <Typography id={titleId} dir="auto" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        {row.title || ROW_TEXT.untitled}
      </Typography>
      {row.author && (
        <Typography variant="body2" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
          {row.author}
        </Typography>
      )}
      <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
        {row.message ?? (row.outcome === 'needs_review' ? ROW_TEXT.needsReview : ROW_TEXT.notImported)}
      </Typography>

      {waits && (
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            if (choice) void send({ action: 'choose', bookId: choice })
          }}
          sx={{ mt: 1.5 }}
        >
          <FormControl component="fieldset" sx={{ minWidth: 0, width: '100%' }}>
            <FormLabel component="legend" sx={{ fontSize: '0.875rem' }}>
              {ROW_TEXT.choose}
            </FormLabel>
            <RadioGroup name={`${id}-candidate`} value={choice} onChange={(e) => setChoice(e.target.value)}>
              {row.candidates.map((c) => (
                <FormControlLabel
                  key={c._id}
                  value={c._id}
                  control={<Radio size="small" />}
                  label={candidateLabel(c)}
                  sx={{ alignItems: 'flex-start', mr: 0, minWidth: 0, '& .MuiRadio-root': { pt: 0.75 } }}
                />
              ))}
            </RadioGroup>
          </FormControl>
          <Button type="submit" variant="contained" size="small" disabled={!choice || busy} aria-describedby={titleId}>
            {busy && choice ? ROW_TEXT.busy : ROW_TEXT.use}
          </Button>
        </Box>
      )}

      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
        <Button size="small" variant="outlined" disabled={busy} aria-describedby={titleId} onClick={() => void send({ action: 'create' })}>
          {ROW_TEXT.create}
        </Button>
        <Button size="small" variant="outlined" disabled={busy} aria-describedby={titleId} onClick={() => void send({ action: 'skip' })}>
          {ROW_TEXT.skip}
        </Button>
        <Button
          size="small"
          disabled={busy}
          aria-describedby={titleId}
          aria-expanded={correcting}
          aria-controls={correcting ? `${id}-correct` : undefined}
          onClick={() => setCorrecting((v) => !v)}
        >
          {ROW_TEXT.correct}
        </Button>
      </Box>
      {correcting && (
        <Box id={`${id}-correct`}>
          <CorrectForm row={row} busy={busy} onSend={(action) => void send(action)} onCancel={() => setCorrecting(false)} />
        </Box>
      )}
      {error && <ErrorAlert sx={{ mb: 0, overflowWrap: 'anywhere' }}>{error}</ErrorAlert>}
    </Box>
  )
}
