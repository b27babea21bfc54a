import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import type { ImportJob, ImportNoteKind } from '@shelfwise/contracts'
import { outcomeFilter, sameFilter, type RowFilter } from '#/features/imports/api/get-import-rows.ts'
import { count, NOTE_LABELS } from '#/features/imports/components/import-texts.ts'

const SUMMARY_TEXT = {
  heading: 'What the import did',
  noted: 'Noted on the way',
} as const

/** Note kinds the first list already counts (as books created, editions attached and rows waiting). */
const COUNTED_ABOVE: readonly ImportNoteKind[] = ['book_created', 'edition_attached', 'waiting_for_you']

interface Line {
  label: string
  n: number
  filter: RowFilter
}

/** What every row came to, in the order a reader asks: done, added, waiting, left out. */
const doneLines = (job: ImportJob): Line[] => [
  { label: 'Imported', n: job.imported, filter: outcomeFilter('imported') },
  { label: 'Already there', n: job.unchanged, filter: outcomeFilter('unchanged') },
  { label: 'New editions attached', n: job.editionsAttached, filter: { note: 'edition_attached' } },
  { label: 'Books created', n: job.created, filter: { note: 'book_created' } },
  { label: 'Waiting for you', n: job.needsReview, filter: outcomeFilter('needs_review') },
  { label: 'Not imported', n: job.failed, filter: outcomeFilter('failed') },
  ...(job.skipped ? [{ label: 'Skipped', n: job.skipped, filter: outcomeFilter('skipped') }] : []),
]

/** One count and what it counts; with rows, a button that lists them below. */
function SummaryLine({
  line,
  shown,
  controls,
  onShow,
}: {
  line: Line
  shown: RowFilter
  controls: string
  onShow: (filter: RowFilter, label: string) => void
}) {
  const text = (
    <>
      <Box component="span" sx={{ fontWeight: 700, minWidth: '3.5em', textAlign: 'right', mr: 1 }}>
        {count(line.n)}
      </Box>{' '}
      <span>{line.label}</span>
    </>
  )
  return (
    <Box component="li" sx={{ minWidth: 0 }}>
      {line.n > 0 ? (
        <Button
          size="small"
          onClick={() => onShow(line.filter, line.label)}
          aria-pressed={sameFilter(line.filter, shown)}
          aria-controls={controls}
          sx={{
            justifyContent: 'flex-start',
            textAlign: 'left',
            textTransform: 'none',
            width: '100%',
            color: 'text.primary',
            '&[aria-pressed="true"]': { bgcolor: 'action.selected' },
          }}
        >
          {text}
        </Button>
      ) : (
        <Typography variant="body2" sx={{ display: 'flex', px: 0.625, py: 0.5, color: 'text.secondary' }}>
          {text}
        </Typography>
      )}
    </Box>
  )
}

/**
 * The report's lead: every row counted by what became of it (imported, already there, editions
 * attached, books created, waiting, not imported), then every kind of note with its number of rows.
 * Each count with rows lists them in the report below (`onShow`, the list's id in `controls`).
 */
export function ImportSummary({
  job,
  shown,
  controls,
  onShow,
}: {
  job: ImportJob
  shown: RowFilter
  controls: string
  onShow: (filter: RowFilter, label: string) => void
}) {
  const notes = job.notes.filter((n) => !COUNTED_ABOVE.includes(n.kind))
  const list = { listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))', columnGap: 2 }
  return (
    <Box component="section" aria-labelledby="import-summary-heading" sx={{ mt: 3 }}>
      <Typography id="import-summary-heading" variant="h6" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {SUMMARY_TEXT.heading}
      </Typography>
      <Box component="ul" aria-label={SUMMARY_TEXT.heading} sx={list}>
        {doneLines(job).map((line) => (
          <SummaryLine key={line.label} line={line} shown={shown} controls={controls} onShow={onShow} />
        ))}
      </Box>
      {notes.length > 0 && (
        <>
          <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700, mt: 2, mb: 0.5 }}>
            {SUMMARY_TEXT.noted}
          </Typography>
          <Box component="ul" aria-label={SUMMARY_TEXT.noted} sx={list}>
            {notes.map((n) => (
              <SummaryLine
                key={n.kind}
                line={{ label: NOTE_LABELS[n.kind], n: n.count, filter: { note: n.kind } }}
                shown={shown}
                controls={controls}
                onShow={onShow}
              />
            ))}
          </Box>
        </>
      )}
    </Box>
  )
}
