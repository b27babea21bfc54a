import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import type { ImportJob } from '@shelfwise/contracts'
import { formatFullDate } from '#/lib/format.ts'
import { SOURCE_LABELS, STATUS_LABELS, count } from '#/features/imports/components/import-texts.ts'

const summary = (job: ImportJob) =>
  job.status === 'done' ? `${count(job.imported)} imported, ${count(job.needsReview + job.failed)} not imported` : STATUS_LABELS[job.status]

/** The reader's other imports, small: file, source, date and outcome, and a way to open one's report. */
export function EarlierImports({ jobs, onShow }: { jobs: ImportJob[]; onShow: (id: string) => void }) {
  if (jobs.length === 0) return null
  return (
    <Box component="section" aria-labelledby="earlier-imports-heading">
      <Typography id="earlier-imports-heading" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        Earlier imports
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {jobs.map((job) => (
          <Box
            component="li"
            key={job._id}
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 1,
              py: 1,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Box sx={{ minWidth: 0, flex: '1 1 220px' }}>
              <Typography id={`import-${job._id}`} variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {job.fileName}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {SOURCE_LABELS[job.source]} · {formatFullDate(job.createdAt)} · {summary(job)}
              </Typography>
            </Box>
            <Button size="small" onClick={() => onShow(job._id)} aria-describedby={`import-${job._id}`}>
              Show
            </Button>
          </Box>
        ))}
      </Box>
    </Box>
  )
}
