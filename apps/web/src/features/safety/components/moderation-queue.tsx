import { useState } from 'react'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import Link from '@mui/material/Link'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { REPORT_STATUSES, type ModerationReport, type ReportStatus } from '@shelfwise/contracts'
import { Link as RouterLink } from '#/lib/router/react.tsx'
import { paths } from '#/config/paths.ts'
import { errorMessage } from '#/lib/api-client.ts'
import { formatFullDate } from '#/lib/format.ts'
import { EmptyState } from '#/components/feedback/empty-state.tsx'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { REASON_TEXT } from '#/components/safety/report-texts.ts'
import { useDecide, useFlagged, useModerationQueue } from '#/features/safety/api/safety.ts'
import { NextPageButton } from '#/components/next-page-button.tsx'

// The moderators' queue (decision 0058): reports with their item and its context, a note and one of
// Hide, Restore, Dismiss; readers many others blocked, above.

export const MODERATION_TEXT = {
  title: 'Moderation',
  loading: 'Loading reports',
  error: 'Failed to load the reports',
  empty: (status: ReportStatus) => (status === 'open' ? 'No open reports. Thank you for keeping an eye out.' : 'No reports here.'),
  tabs: { open: 'Open', hidden: 'Hidden', restored: 'Restored', dismissed: 'Dismissed' } satisfies Record<ReportStatus, string>,
  flagged: 'Readers blocked by many',
  blockedBy: (n: number) => `blocked by ${n}`,
  gone: 'The item is gone (deleted by its writer).',
  hiddenNow: 'Hidden now',
  reportedBy: 'Reported by',
  writtenBy: 'Written by',
  reports: (n: number) => `${n} open report${n === 1 ? '' : 's'} of this item`,
  note: 'Note for the reporter and the other moderators',
  noteNeeded: 'Write a note first: the reporter reads it.',
  hide: 'Hide',
  restore: 'Restore',
  dismiss: 'Dismiss',
  loadMore: 'Load more',
  about: 'About',
  inReplyTo: 'In reply to',
  decided: (status: string) => `Decided: ${status}`,
} as const

function ReportCard({ report }: { report: ModerationReport }) {
  const decide = useDecide()
  const [note, setNote] = useState('')
  const [missing, setMissing] = useState(false)
  const act = (action: 'hide' | 'restore' | 'dismiss') => {
    if (!note.trim()) return setMissing(true)
    setMissing(false)
    decide.mutate({ id: report._id, action, note: note.trim() })
  }
  const { item } = report
  return (
    <Card component="li" variant="outlined" sx={{ listStyle: 'none', minWidth: 0 }}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Chip size="small" label={report.targetType} />
          <Chip size="small" variant="outlined" label={REASON_TEXT[report.reason]} />
          {item.hidden && <Chip size="small" color="error" label={MODERATION_TEXT.hiddenNow} />}
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {formatFullDate(report.createdAt)} · {MODERATION_TEXT.reports(report.reportsOfItem)}
          </Typography>
        </Box>
        {item.context.bookId && (
          <Typography variant="body2">
            {MODERATION_TEXT.about}{' '}
            <Link component={RouterLink} to={paths.book.href(item.context.bookId)} dir="auto" sx={{ overflowWrap: 'anywhere' }}>
              {item.context.bookTitle}
            </Link>
          </Typography>
        )}
        {item.context.parentText && (
          <Typography variant="body2" dir="auto" sx={{ color: 'text.secondary', overflowWrap: 'anywhere', borderLeft: 3, borderColor: 'divider', pl: 1 }}>
            {MODERATION_TEXT.inReplyTo}: {item.context.parentText.slice(0, 300)}
          </Typography>
        )}
        {item.exists ? (
          <Typography dir="auto" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', bgcolor: 'action.hover', p: 1, borderRadius: 1 }}>
            {item.text || '—'}
          </Typography>
        ) : (
          <Typography sx={{ fontStyle: 'italic', color: 'text.secondary' }}>{MODERATION_TEXT.gone}</Typography>
        )}
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {item.writer && (
            <>
              {MODERATION_TEXT.writtenBy}{' '}
              <Link component={RouterLink} to={paths.user.href(item.writer._id)}>
                {item.writer.username}
              </Link>
              {' · '}
            </>
          )}
          {MODERATION_TEXT.reportedBy} {report.reporter?.username ?? '—'}
        </Typography>
        {report.note && (
          <Typography variant="body2" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
            “{report.note}”
          </Typography>
        )}
        {report.status === 'open' ? (
          <>
            <TextField
              size="small"
              label={MODERATION_TEXT.note}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              error={missing}
              helperText={missing ? MODERATION_TEXT.noteNeeded : undefined}
              multiline
            />
            {decide.isError && <Alert severity="error">{errorMessage(decide.error, 'Could not save the decision. Please try again.')}</Alert>}
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button size="small" variant="contained" color="error" disabled={decide.isPending || !item.exists} onClick={() => act('hide')}>
                {MODERATION_TEXT.hide}
              </Button>
              <Button size="small" variant="outlined" disabled={decide.isPending} onClick={() => act('restore')}>
                {MODERATION_TEXT.restore}
              </Button>
              <Button size="small" disabled={decide.isPending} onClick={() => act('dismiss')}>
                {MODERATION_TEXT.dismiss}
              </Button>
            </Box>
          </>
        ) : (
          <Typography variant="body2" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
            {MODERATION_TEXT.decided(MODERATION_TEXT.tabs[report.status])}
            {report.outcomeNote ? ` — “${report.outcomeNote}”` : ''}
          </Typography>
        )}
      </CardContent>
    </Card>
  )
}

function Flagged() {
  const flagged = useFlagged()
  if (!flagged.data || flagged.data.length === 0) return null
  return (
    <Box component="section" aria-labelledby="flagged-heading">
      <Typography id="flagged-heading" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {MODERATION_TEXT.flagged}
      </Typography>
      <Box component="ul" sx={{ p: 0, m: 0, listStyle: 'none', display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {flagged.data.map((f) => (
          <li key={f._id}>
            <Chip
              component={RouterLink}
              to={paths.user.href(f._id)}
              clickable
              label={`${f.username} · ${MODERATION_TEXT.blockedBy(f.blockedBy)}`}
              sx={{ maxWidth: '100%' }}
            />
          </li>
        ))}
      </Box>
    </Box>
  )
}

export function ModerationQueue() {
  const [status, setStatus] = useState<ReportStatus>('open')
  const queue = useModerationQueue(status)
  const items = queue.data?.pages.flatMap((p) => p.items) ?? []
  return (
    <>
      <Flagged />
      <Tabs value={status} onChange={(_, v: ReportStatus) => setStatus(v)} aria-label="Reports by status" variant="scrollable" allowScrollButtonsMobile>
        {REPORT_STATUSES.map((s) => (
          <Tab key={s} value={s} label={MODERATION_TEXT.tabs[s]} />
        ))}
      </Tabs>
      {queue.isPending ? (
        <SectionSpinner label={MODERATION_TEXT.loading} />
      ) : queue.isError ? (
        <ErrorAlert>{errorMessage(queue.error, MODERATION_TEXT.error)}</ErrorAlert>
      ) : items.length === 0 ? (
        <EmptyState message={MODERATION_TEXT.empty(status)} />
      ) : (
        <Box component="ul" aria-label={MODERATION_TEXT.tabs[status]} sx={{ p: 0, m: 0, display: 'grid', gap: 2 }}>
          {items.map((r) => (
            <ReportCard key={r._id} report={r} />
          ))}
        </Box>
      )}
      <NextPageButton list={queue} label={MODERATION_TEXT.loadMore} />
    </>
  )
}
