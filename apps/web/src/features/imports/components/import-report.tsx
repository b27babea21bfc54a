import { useRef, useState } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import DownloadIcon from '@mui/icons-material/Download'
import type { ImportJob, ImportRow } from '@shelfwise/contracts'
import { errorMessage } from '#/lib/api-client.ts'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { PagedListFooter } from '#/components/paged-list-footer.tsx'
import { OPEN_ROWS, sameFilter, useImportRows, type RowFilter } from '#/features/imports/api/get-import-rows.ts'
import { stillOpen } from '#/features/imports/api/resolve-import-row.ts'
import { useDownloadNotImported } from '#/features/imports/api/download-import-rows.ts'
import { ImportRowItem } from '#/features/imports/components/import-row-item.tsx'
import { ImportSummary } from '#/features/imports/components/import-summary.tsx'
import { count } from '#/features/imports/components/import-texts.ts'
import { groupDigits } from '@shelfwise/contracts/numbers'

const REPORT_TEXT = {
  heading: 'Rows that need you',
  intro: 'Choose the right book, create the book from the row, correct the row and look again, or skip it.',
  // Said only when nothing at all was noted: nothing dropped, rounded, created, changed or waiting.
  allDone: 'Every row was imported or was already in your library.',
  allDoneSkipped: (n: string) => `Every other row was imported or was already in your library; you skipped ${n}.`,
  nothingWaits: 'Nothing waits for you. What the import changed on the way is counted above: choose a count to see its rows.',
  shown: (label: string) => `Rows: ${label}`,
  backToOpen: 'Show the rows that need you',
  noneShown: 'No rows here any more.',
  download: 'Download rows that did not import',
  downloading: 'Downloading...',
  downloadFailed: 'Could not download the rows. Please try again.',
  loadFailed: 'Failed to load the rows',
  untitled: 'No title',
} as const

const OUTCOME_WORDS: Record<ImportRow['outcome'], string> = {
  pending: 'waits',
  imported: 'imported',
  unchanged: 'already in your library',
  needs_review: 'waits for your choice',
  failed: 'still could not be imported',
  skipped: 'skipped',
}

/**
 * The finished import's report: the summary of everything it did first, then a list of rows — those
 * that wait for a choice or failed, each with what the reader can do, or the rows of whichever count
 * the reader chose in the summary — and the CSV of the rows that did not import.
 */
export function ImportReport({ job }: { job: ImportJob }) {
  const open = job.needsReview + job.failed
  const [filter, setFilter] = useState<RowFilter>(OPEN_ROWS)
  const [label, setLabel] = useState('')
  const showingOpen = sameFilter(filter, OPEN_ROWS)
  const rows = useImportRows(job._id, true, filter)
  const download = useDownloadNotImported(job)
  const heading = useRef<HTMLHeadingElement>(null)
  const [said, setSaid] = useState('')

  const onResolved = (row: ImportRow, before: ImportRow) => {
    setSaid(`Line ${count(row.line)}, ${row.title || before.title || REPORT_TEXT.untitled}: ${OUTCOME_WORDS[row.outcome]}.`)
    // The row's buttons are gone with it: the reader carries on from the report's heading.
    if (!stillOpen(row)) heading.current?.focus()
  }
  const show = (next: RowFilter, nextLabel: string) => {
    setFilter(sameFilter(next, filter) ? OPEN_ROWS : next)
    setLabel(nextLabel)
    setSaid('')
    heading.current?.focus()
  }
  const clean = job.notes.length === 0
  const listName = showingOpen ? 'Rows that did not import' : REPORT_TEXT.shown(label)

  return (
    <>
      <ImportSummary job={job} shown={filter} controls="import-report-rows" onShow={show} />
      <Box component="section" id="import-report-rows" aria-labelledby="import-report-heading" sx={{ mt: 3 }}>
        <Typography id="import-report-heading" ref={heading} tabIndex={-1} variant="h6" component="h3" sx={{ fontWeight: 700, outline: 'none' }}>
          {showingOpen
            ? `${REPORT_TEXT.heading}${open > 0 ? ` (${count(open)})` : ''}`
            : `${REPORT_TEXT.shown(label)}${rows.total !== undefined ? ` (${count(rows.total)})` : ''}`}
        </Typography>
        <Typography role="status" variant="body2" sx={{ minHeight: '1.5em', color: 'text.secondary' }}>
          {said}
        </Typography>
        {!showingOpen && (
          <Button size="small" onClick={() => show(OPEN_ROWS, '')} sx={{ mb: 1 }}>
            {REPORT_TEXT.backToOpen}
          </Button>
        )}
        {showingOpen && open === 0 && rows.items.length === 0 && !rows.isPending ? (
          <Typography>
            {!clean ? REPORT_TEXT.nothingWaits : job.skipped ? REPORT_TEXT.allDoneSkipped(groupDigits(job.skipped)) : REPORT_TEXT.allDone}
          </Typography>
        ) : (
          <>
            {showingOpen && (
              <Typography variant="body2" sx={{ mb: 1 }}>
                {REPORT_TEXT.intro}
              </Typography>
            )}
            {showingOpen && open > 0 && (
              <Box sx={{ mb: 1 }}>
                <Button variant="outlined" size="small" startIcon={<DownloadIcon />} disabled={download.isPending} onClick={() => download.mutate()}>
                  {download.isPending ? REPORT_TEXT.downloading : REPORT_TEXT.download}
                </Button>
                {download.isError && <ErrorAlert>{errorMessage(download.error, REPORT_TEXT.downloadFailed)}</ErrorAlert>}
              </Box>
            )}
            {rows.isPending ? (
              <SectionSpinner label="Loading the rows" />
            ) : rows.isError ? (
              <ErrorAlert>{REPORT_TEXT.loadFailed}</ErrorAlert>
            ) : rows.items.length === 0 ? (
              <Typography variant="body2">{REPORT_TEXT.noneShown}</Typography>
            ) : (
              <>
                <Box component="ul" aria-label={listName} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                  {rows.items.map((row) => (
                    <ImportRowItem key={row.line} importId={job._id} row={row} onResolved={onResolved} />
                  ))}
                </Box>
                <PagedListFooter list={rows} errorText={REPORT_TEXT.loadFailed} what="rows" />
              </>
            )}
          </>
        )}
      </Box>
    </>
  )
}
