import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { ImportJob } from '@shelfwise/contracts'
import { formatFullDate } from '#/lib/format.ts'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { useImportJob } from '#/features/imports/api/get-import.ts'
import { ImportProgress } from '#/features/imports/components/import-progress.tsx'
import { ImportReport } from '#/features/imports/components/import-report.tsx'
import { SOURCE_LABELS, STATUS_LABELS } from '#/features/imports/components/import-texts.ts'

const JOB_TEXT = {
  loadFailed: 'Failed to load the import',
  stopped: 'The import stopped before the end.',
} as const

function statusLine(job: ImportJob): string {
  if (job.status === 'done') return `${STATUS_LABELS.done} ${formatFullDate(job.finishedAt ?? job.createdAt)}.`
  if (job.status === 'failed') return `${STATUS_LABELS.failed}: ${job.message ?? JOB_TEXT.stopped}`
  return `${STATUS_LABELS[job.status]}…`
}

/** One import: its file and source, its status, progress and counts (polled while it runs), and once done its report. */
export function ImportJobView({ id, known }: { id: string; known?: ImportJob | undefined }) {
  const query = useImportJob(id, known)
  const job = query.data
  if (!job) return query.isError ? <ErrorAlert>{JOB_TEXT.loadFailed}</ErrorAlert> : <SectionSpinner label="Loading the import" />
  return (
    <Box component="section" aria-labelledby="import-job-heading" sx={{ minWidth: 0 }}>
      <Typography id="import-job-heading" variant="h6" component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        {job.fileName}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        From {SOURCE_LABELS[job.source]} · sent {formatFullDate(job.createdAt)}
      </Typography>
      <Typography role="status" sx={{ mb: 1.5, fontWeight: 600, overflowWrap: 'anywhere', color: job.status === 'failed' ? 'error.main' : undefined }}>
        {statusLine(job)}
      </Typography>
      <ImportProgress job={job} />
      {job.status === 'done' && <ImportReport key={job._id} job={job} />}
    </Box>
  )
}
