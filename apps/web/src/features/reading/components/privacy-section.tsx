import { useState } from 'react'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import FormControlLabel from '@mui/material/FormControlLabel'
import Paper from '@mui/material/Paper'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import Typography from '@mui/material/Typography'
import { READING_VISIBILITIES, READING_VISIBILITY_LABELS, type ReadingVisibility } from '@shelfwise/contracts/constants'
import { errorMessage } from '#/lib/api-client.ts'
import { useApplyPrivacy, usePrivacyPreview, useReadingPrivacy, useSetReadingPrivacy } from '#/features/reading/api/privacy.ts'
import { groupDigits } from '@shelfwise/contracts/numbers'

const PRIVACY_TEXT = {
  heading: 'Who can see your reading?',
  covers: 'Your statuses, reads, progress, shelves, stats, goals and year in review. Your reviews are always public.',
  hints: {
    public: 'Anyone, signed in or not.',
    followers: 'Only the readers who follow you.',
    private: 'Nobody but you.',
  } satisfies Record<ReadingVisibility, string>,
  ownChoices: 'A book you set on its own page keeps its choice.',
  apply: 'Apply to past entries',
  counting: 'Counting your entries…',
  preview: (n: number, label: string) => `Who can see this? ${label} — changes ${groupDigits(n)} ${n === 1 ? 'entry' : 'entries'}.`,
  nothing: 'Every entry already has this setting.',
  confirm: (n: number) => `Change ${groupDigits(n)} ${n === 1 ? 'entry' : 'entries'}`,
  cancel: 'Cancel',
  applied: (n: number) => `Done: ${groupDigits(n)} ${n === 1 ? 'entry' : 'entries'} changed.`,
  saved: 'Saved.',
  failed: 'Could not save your privacy setting. Please try again.',
  loadFailed: 'Could not load your privacy setting.',
} as const

/** The own profile's privacy setting (decision 0055): the default, and the bulk change of past entries with its preview. */
export default function PrivacySection() {
  const privacy = useReadingPrivacy()
  const setDefault = useSetReadingPrivacy()
  const apply = useApplyPrivacy()
  const [previewing, setPreviewing] = useState(false)
  const [notice, setNotice] = useState<string | null>(null)
  // The choice shows at once; the server's answer follows (and a refusal puts the old one back).
  const [chosen, setChosen] = useState<ReadingVisibility | null>(null)
  const current = chosen ?? privacy.data?.readingLog ?? null
  const preview = usePrivacyPreview(previewing ? current : null)

  if (privacy.isError) return <Alert severity="error">{PRIVACY_TEXT.loadFailed}</Alert>
  const error = setDefault.error ?? apply.error
  const changed = preview.data?.changed

  return (
    <Paper variant="outlined" component="section" aria-labelledby="privacy-heading" sx={{ p: 2 }}>
      <Typography id="privacy-heading" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {PRIVACY_TEXT.heading}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {PRIVACY_TEXT.covers}
      </Typography>
      <RadioGroup
        aria-labelledby="privacy-heading"
        value={current ?? ''}
        onChange={(e) => {
          setNotice(null)
          setPreviewing(false)
          const next = e.target.value as ReadingVisibility
          setChosen(next)
          setDefault.mutate(next, { onSuccess: () => setNotice(PRIVACY_TEXT.saved), onError: () => setChosen(null) })
        }}
        sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, columnGap: 3 }}
      >
        {READING_VISIBILITIES.map((v) => (
          <FormControlLabel
            key={v}
            value={v}
            disabled={current === null || setDefault.isPending || apply.isPending}
            control={<Radio size="small" />}
            label={
              <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
                <span>{READING_VISIBILITY_LABELS[v]}</span>
                <Typography component="span" variant="caption" color="text.secondary">
                  {PRIVACY_TEXT.hints[v]}
                </Typography>
              </Box>
            }
          />
        ))}
      </RadioGroup>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {PRIVACY_TEXT.ownChoices}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mt: 1.5 }} aria-live="polite">
        {!previewing ? (
          <Button size="small" variant="outlined" disabled={current === null} onClick={() => (setNotice(null), setPreviewing(true))}>
            {PRIVACY_TEXT.apply}
          </Button>
        ) : changed === undefined ? (
          <Typography variant="body2">{PRIVACY_TEXT.counting}</Typography>
        ) : (
          <>
            <Typography variant="body2" sx={{ flexBasis: '100%' }}>
              {changed === 0 ? PRIVACY_TEXT.nothing : PRIVACY_TEXT.preview(changed, READING_VISIBILITY_LABELS[current!])}
            </Typography>
            {changed > 0 && (
              <Button
                size="small"
                variant="contained"
                disabled={apply.isPending}
                onClick={() =>
                  apply.mutate(current!, {
                    onSuccess: (r) => {
                      setPreviewing(false)
                      setNotice(PRIVACY_TEXT.applied(r.changed))
                    },
                  })
                }
              >
                {PRIVACY_TEXT.confirm(changed)}
              </Button>
            )}
            <Button size="small" onClick={() => setPreviewing(false)}>
              {PRIVACY_TEXT.cancel}
            </Button>
          </>
        )}
      </Box>
      {notice && (
        <Alert severity="success" sx={{ mt: 1.5 }} onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {errorMessage(error, PRIVACY_TEXT.failed)}
        </Alert>
      )}
    </Paper>
  )
}
