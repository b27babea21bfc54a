import { useId, useState, type FormEvent } from 'react'
import { Link as RouterLink } from '#/lib/router/react.tsx'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormLabel from '@mui/material/FormLabel'
import Link from '@mui/material/Link'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { ImportCandidate, ImportCorrectable, ImportRow, ImportRowResolve } from '@shelfwise/contracts'
import { paths } from '#/config/paths.ts'
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
  notes: 'What the import noted',
  openBook: 'Open the book',
  untitled: 'No title',
} as const

/** The correction form's fields: label, help, and how the field is typed. */
const FIELDS: Record<ImportCorrectable, { label: string; help?: string; max: number; numeric?: boolean }> = {
  title: { label: 'Title', max: 300 },
  author: { label: 'Author', max: 200 },
  isbn: { label: 'ISBN', help: 'ISBN-10 or ISBN-13, if you know it', max: 40, numeric: true },
  dateRead: { label: 'Date read', help: 'As the file writes it: 2024/03/15, 2024/03 or 2024', max: 10, numeric: true },
  rating: { label: 'Rating', help: '1 to 5 stars; 0 for none', max: 1, numeric: true },
  readCount: { label: 'Read count', help: 'How many times you read it', max: 3, numeric: true },
}

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

/**
 * The small form that corrects a row and looks for the book again: its title and author (as the file
 * has them), and whatever else the server says the row's file lets it correct (ISBN, date read,
 * rating, read count; a row that could not be read is corrected in place so). Only the fields filled
 * in are sent, and numbers as numbers.
 */
function CorrectForm({ row, busy, onSend, onCancel }: { row: ImportRow; busy: boolean; onSend: (action: ImportRowResolve) => void; onCancel: () => void }) {
  const fields = row.correctable.length ? row.correctable : (['title', 'author', 'isbn'] as const)
  const [values, setValues] = useState<Partial<Record<ImportCorrectable, string>>>({ title: row.title, author: row.author })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const given = (v: string | undefined) => (v?.trim() ? v.trim() : undefined)
    const number = (v: string | undefined) => (given(v) === undefined || !/^\d+$/.test(v!.trim()) ? undefined : Number(v))
    const action = {
      action: 'retry' as const,
      title: given(values.title),
      author: given(values.author),
      isbn: given(values.isbn),
      dateRead: given(values.dateRead),
      rating: number(values.rating),
      readCount: number(values.readCount),
    }
    onSend(Object.fromEntries(Object.entries(action).filter(([, v]) => v !== undefined)) as ImportRowResolve)
  }
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 1.5, mt: 1.5, maxWidth: 480 }}>
      {fields.map((field) => {
        const f = FIELDS[field]
        return (
          <TextField
            key={field}
            size="small"
            label={f.label}
            value={values[field] ?? ''}
            onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
            helperText={f.help}
            slotProps={{ htmlInput: { maxLength: f.max, ...(f.numeric ? { inputMode: 'numeric' } : {}) } }}
          />
        )
      })}
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
 * A row of the report: its line, title, author and what the import noted of it; the candidates to
 * choose from (a row waiting for a choice); and only the actions the server says can work now
 * (Create this book, Skip, Correct then Look again). A settled row links to its book.
 */
export function ImportRowItem({ importId, row, onResolved }: { importId: string; row: ImportRow; onResolved: (row: ImportRow, before: ImportRow) => void }) {
  const id = useId()
  const resolve = useResolveImportRow(importId)
  const [choice, setChoice] = useState('')
  const [correcting, setCorrecting] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const titleId = `${id}-title`
  const can = (action: ImportRow['actions'][number]) => row.actions.includes(action)
  const waits = can('choose') && row.candidates.length > 0
  const busy = resolve.isPending
  const notes = row.notes.length
    ? row.notes.map((n) => n.message)
    : [row.message ?? (row.outcome === 'needs_review' ? ROW_TEXT.needsReview : row.outcome === 'failed' ? ROW_TEXT.notImported : null)].filter(
        (m): m is string => m !== null,
      )

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
      {notes.length === 1 ? (
        <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          {notes[0]}
        </Typography>
      ) : (
        notes.length > 1 && (
          <Box component="ul" aria-label={ROW_TEXT.notes} sx={{ mt: 0.5, mb: 0, pl: 2.5, typography: 'body2', overflowWrap: 'anywhere' }}>
            {notes.map((message, i) => (
              <li key={i}>{message}</li>
            ))}
          </Box>
        )
      )}
      {row.bookId && !row.actions.length && (
        <Link component={RouterLink} to={paths.book.href(row.bookId)} variant="body2" aria-describedby={titleId} sx={{ display: 'inline-block', mt: 0.5 }}>
          {ROW_TEXT.openBook}
        </Link>
      )}

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

      {row.actions.some((a) => a !== 'choose') && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
          {can('create') && (
            <Button size="small" variant="outlined" disabled={busy} aria-describedby={titleId} onClick={() => void send({ action: 'create' })}>
              {ROW_TEXT.create}
            </Button>
          )}
          {can('skip') && (
            <Button size="small" variant="outlined" disabled={busy} aria-describedby={titleId} onClick={() => void send({ action: 'skip' })}>
              {ROW_TEXT.skip}
            </Button>
          )}
          {can('retry') && (
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
          )}
        </Box>
      )}
      {correcting && can('retry') && (
        <Box id={`${id}-correct`}>
          <CorrectForm row={row} busy={busy} onSend={(action) => void send(action)} onCancel={() => setCorrecting(false)} />
        </Box>
      )}
      {error && <ErrorAlert sx={{ mb: 0, overflowWrap: 'anywhere' }}>{error}</ErrorAlert>}
    </Box>
  )
}
