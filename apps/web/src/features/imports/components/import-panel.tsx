import { useState } from 'react'
import Box from '@mui/material/Box'
import Paper from '@mui/material/Paper'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { useImports } from '#/features/imports/api/get-imports.ts'
import { EarlierImports } from '#/features/imports/components/earlier-imports.tsx'
import { ImportedBooks } from '#/features/imports/components/imported-books.tsx'
import { ImportJobView } from '#/features/imports/components/import-job.tsx'
import { ImportUploadForm } from '#/features/imports/components/import-upload-form.tsx'

/**
 * The import screen's working part: the file chooser, then the import the reader is looking at (the
 * one just sent, or the newest from the server, so a reload finds a running one again), then the
 * earlier ones, then the books the reader's imports added to the catalogue.
 */
export function ImportPanel() {
  const imports = useImports()
  const [shown, setShown] = useState<string | null>(null)
  const jobs = imports.data ?? []
  const currentId = shown ?? jobs[0]?._id ?? null
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <ImportUploadForm onStarted={(job) => setShown(job._id)} />
      </Paper>
      {currentId && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
          <ImportJobView key={currentId} id={currentId} known={jobs.find((j) => j._id === currentId)} />
        </Paper>
      )}
      {imports.isPending ? (
        <SectionSpinner label="Loading your imports" />
      ) : imports.isError ? (
        <ErrorAlert>Failed to load your imports</ErrorAlert>
      ) : (
        <EarlierImports jobs={jobs.filter((j) => j._id !== currentId)} onShow={setShown} />
      )}
      <ImportedBooks />
    </Box>
  )
}
