import Box from '@mui/material/Box'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'
import type { ImportJob } from '@shelfwise/contracts'
import { COUNT_LABELS, count, rowsDoneText } from '#/features/imports/components/import-texts.ts'

/** How far the import is (a bar, and '1,234 of 5,000 rows') and what became of the rows so far. */
export function ImportProgress({ job }: { job: ImportJob }) {
  const percent = job.total > 0 ? Math.min(100, (job.processed / job.total) * 100) : job.status === 'done' ? 100 : 0
  const done = rowsDoneText(job)
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box>
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label="Import progress"
          aria-valuetext={done}
          color={job.status === 'failed' ? 'error' : 'primary'}
          sx={{ height: 8, borderRadius: 4 }}
        />
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {done}
        </Typography>
      </Box>
      <Box
        component="dl"
        aria-label="What became of the rows"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(132px, 1fr))', gap: 1 }}
      >
        {COUNT_LABELS.map(([key, label]) => (
          <Box key={key} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1, display: 'flex', flexDirection: 'column-reverse' }}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 700, fontSize: '1.25rem' }}>
              {count(job[key])}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  )
}
