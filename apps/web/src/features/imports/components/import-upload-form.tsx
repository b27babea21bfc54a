import { useId, useRef, useState, type FormEvent } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import FormHelperText from '@mui/material/FormHelperText'
import Typography from '@mui/material/Typography'
import type { ImportJob } from '@shelfwise/contracts'
import { errorMessage, loadContracts } from '#/lib/api-client.ts'
import { useUploadImport } from '#/features/imports/api/upload-import.ts'
import { previewCsv } from '#/features/imports/csv-preview.ts'
import { ImportPreview, type FilePreview } from '#/features/imports/components/import-preview.tsx'

const UPLOAD_TEXT = {
  label: 'Export file (CSV)',
  help: 'The .csv file from Goodreads or StoryGraph, up to 10 MB.',
  submit: 'Import',
  busy: 'Sending...',
  noFile: 'Choose your export file first.',
  failed: 'Could not send the file. Please try again.',
} as const

/**
 * The file chooser, a preview of the chosen file, and Import; a refused file (not an export, broken,
 * too large) says why under the field.
 */
export function ImportUploadForm({ onStarted }: { onStarted: (job: ImportJob) => void }) {
  const upload = useUploadImport()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [preview, setPreview] = useState<FilePreview | null>(null)
  // The file whose preview is wanted: a reading that finishes after another file was chosen is dropped.
  const previewing = useRef<File | null>(null)

  /** Reads the chosen file in the browser (up to the import's own limit; a larger one is refused at once) and previews it. */
  const choose = async (chosen: File | null) => {
    previewing.current = chosen
    setFile(chosen)
    setError(null)
    setPreview(chosen ? { state: 'reading' } : null)
    if (!chosen) return
    const current = () => previewing.current === chosen
    try {
      const { IMPORT_LIMITS, IMPORT_MESSAGES } = await loadContracts()
      if (chosen.size > IMPORT_LIMITS.maxBytes) {
        if (!current()) return
        setPreview(null)
        setError(IMPORT_MESSAGES.tooLarge)
        return
      }
      const text = await chosen.text()
      if (current()) setPreview({ state: 'ready', preview: previewCsv(text) })
    } catch {
      if (current()) setPreview({ state: 'unreadable' })
    }
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setError(null)
    if (!file) {
      setError(UPLOAD_TEXT.noFile)
      input.current?.focus()
      return
    }
    try {
      // Said at once, before a large file is sent only to be refused (the contracts' own limit and words).
      const { IMPORT_LIMITS, IMPORT_MESSAGES } = await loadContracts()
      if (file.size > IMPORT_LIMITS.maxBytes) {
        setError(IMPORT_MESSAGES.tooLarge)
        return
      }
      const job = await upload.mutateAsync(file)
      previewing.current = null
      setFile(null)
      setPreview(null)
      if (input.current) input.current.value = ''
      onStarted(job)
    } catch (err) {
      setError(errorMessage(err, UPLOAD_TEXT.failed))
      input.current?.focus()
    }
  }

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => void submit(e)}
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1, justifyItems: 'start' }}
    >
      <Typography component="label" htmlFor={`${id}-file`} sx={{ fontWeight: 700 }}>
        {UPLOAD_TEXT.label}
      </Typography>
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        name="file"
        accept=".csv,text/csv"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
        onChange={(e) => void choose(e.target.files?.[0] ?? null)}
        style={{ maxWidth: '100%', font: 'inherit' }}
      />
      <FormHelperText id={`${id}-help`} sx={{ m: 0 }}>
        {UPLOAD_TEXT.help}
      </FormHelperText>
      {error && (
        <FormHelperText id={`${id}-error`} error role="alert" sx={{ m: 0, fontSize: '0.875rem', overflowWrap: 'anywhere' }}>
          {error}
        </FormHelperText>
      )}
      <ImportPreview preview={preview} />
      <Button type="submit" variant="contained" disabled={upload.isPending} sx={{ mt: 1 }}>
        {upload.isPending ? UPLOAD_TEXT.busy : UPLOAD_TEXT.submit}
      </Button>
    </Box>
  )
}
