import { useEffect, useState, type FormEvent } from 'react'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { SAFETY_LIMITS, type Report } from '@shelfwise/contracts'
import { Link as RouterLink } from '#/lib/router/react.tsx'
import { paths } from '#/config/paths.ts'
import { errorMessage } from '#/lib/api-client.ts'
import { formatFullDate } from '#/lib/format.ts'
import { REASON_TEXT } from '#/components/safety/report-texts.ts'
import { useMutedWords, useMyBlocks, useMyReports, useSaveMutedWords, useUnblock } from '#/features/safety/api/safety.ts'

// The own profile's safety settings (decisions 0057, 0058): muted words, blocked readers, and the
// reader's reports with what the moderators decided.

const SAFETY_SECTION_TEXT = {
  heading: 'Safety',
  words: 'Muted words',
  wordsHelp: `Words or phrases, one per line (at most ${SAFETY_LIMITS.mutedWordsMax}): feed items, discussions and comments holding one stay out of your view.`,
  save: 'Save muted words',
  saving: 'Saving…',
  saved: 'Muted words saved.',
  blocked: 'Blocked readers',
  noBlocks: 'You have not blocked anyone.',
  unblock: 'Unblock',
  reports: 'Your reports',
  noReports: 'You have not reported anything.',
  moderation: 'Moderation queue (moderators only)',
} as const

const STATUS_TEXT: Record<Report['status'], string> = {
  open: 'Waiting for the moderators',
  hidden: 'Hidden by the moderators',
  restored: 'Left visible by the moderators',
  dismissed: 'Dismissed by the moderators',
}

const TYPE_TEXT: Record<Report['targetType'], string> = {
  review: 'A review',
  comment: 'A comment',
  post: 'A post',
  discussion: 'A discussion',
  profile: 'A profile',
  book: 'A book',
}

function MutedWordsForm() {
  const words = useMutedWords()
  const save = useSaveMutedWords()
  const [text, setText] = useState('')
  // Saving replaces the whole list, so the field stays closed until the saved words are in it: typing
  // earlier was overwritten when they arrived, and a save then could drop words the reader never saw.
  const loaded = !!words.data
  useEffect(() => {
    if (words.data) setText(words.data.words.join('\n'))
  }, [words.data])
  const submit = (e: FormEvent) => {
    e.preventDefault()
    save.mutate(
      text
        .split('\n')
        .map((w) => w.trim())
        .filter(Boolean),
    )
  }
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 1 }}>
      <TextField
        label={SAFETY_SECTION_TEXT.words}
        helperText={SAFETY_SECTION_TEXT.wordsHelp}
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        minRows={2}
        disabled={!loaded}
      />
      {words.isError && <Alert severity="error">{errorMessage(words.error, 'Could not load your muted words. Please try again.')}</Alert>}
      {save.isError && <Alert severity="error">{errorMessage(save.error, 'Could not save your muted words. Please try again.')}</Alert>}
      {save.isSuccess && (
        <Typography role="status" variant="body2" sx={{ color: 'text.secondary' }}>
          {SAFETY_SECTION_TEXT.saved}
        </Typography>
      )}
      <Box>
        <Button type="submit" size="small" variant="outlined" disabled={save.isPending || !loaded}>
          {save.isPending ? SAFETY_SECTION_TEXT.saving : SAFETY_SECTION_TEXT.save}
        </Button>
      </Box>
    </Box>
  )
}

function BlockedList() {
  const blocks = useMyBlocks()
  const unblock = useUnblock()
  if (!blocks.data) return null
  if (blocks.data.length === 0) return <Typography variant="body2">{SAFETY_SECTION_TEXT.noBlocks}</Typography>
  return (
    <List dense disablePadding>
      {blocks.data.map((p) => (
        <ListItem key={p._id} disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Typography dir="auto" sx={{ overflowWrap: 'anywhere', flexGrow: 1, minWidth: 0 }}>
            {p.username}
          </Typography>
          <Button size="small" disabled={unblock.isPending} onClick={() => unblock.mutate(p._id)} aria-label={`${SAFETY_SECTION_TEXT.unblock} ${p.username}`}>
            {SAFETY_SECTION_TEXT.unblock}
          </Button>
        </ListItem>
      ))}
    </List>
  )
}

function ReportList() {
  const reports = useMyReports()
  if (!reports.data) return null
  if (reports.data.length === 0) return <Typography variant="body2">{SAFETY_SECTION_TEXT.noReports}</Typography>
  return (
    <List dense disablePadding>
      {reports.data.map((r) => (
        <ListItem key={r._id} disableGutters sx={{ display: 'block' }}>
          <Typography variant="body2">
            {TYPE_TEXT[r.targetType]} · {REASON_TEXT[r.reason]} · {formatFullDate(r.createdAt)}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {STATUS_TEXT[r.status]}
          </Typography>
          {r.outcomeNote && (
            <Typography variant="body2" dir="auto" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              “{r.outcomeNote}”
            </Typography>
          )}
        </ListItem>
      ))}
    </List>
  )
}

export function SafetySection() {
  return (
    <Box component="section" aria-labelledby="safety-heading" sx={{ display: 'grid', gap: 2 }}>
      <Typography id="safety-heading" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {SAFETY_SECTION_TEXT.heading}
      </Typography>
      <MutedWordsForm />
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {SAFETY_SECTION_TEXT.blocked}
        </Typography>
        <BlockedList />
      </Box>
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {SAFETY_SECTION_TEXT.reports}
        </Typography>
        <ReportList />
      </Box>
      <Link component={RouterLink} to={paths.moderation.href()} variant="body2">
        {SAFETY_SECTION_TEXT.moderation}
      </Link>
    </Box>
  )
}
