import { useState } from 'react'
import { Link as RouterLink } from '#/lib/router/react.tsx'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import CloseIcon from '@mui/icons-material/Close'
import { paths } from '#/config/paths.ts'
import { dismissFirstRun } from '#/features/onboarding/first-run-memory.ts'
import { PickBooksDialog } from '#/features/onboarding/components/pick-books-dialog.tsx'

const FIRST_RUN_TEXT = {
  title: 'Start your library',
  lead: 'Bring your shelves over from Goodreads or StoryGraph, or pick a few books to begin with.',
  import: 'Import from Goodreads or StoryGraph',
  pick: 'Pick a few books',
  dismiss: 'Dismiss',
} as const

/**
 * The first-run invitation on a reader's own profile while their library is empty (issue 22): import
 * a library, or pick a few books. Closing it is remembered (first-run-memory.ts).
 */
export default function FirstRunInvitation({ userId, onDismiss }: { userId: string; onDismiss: () => void }) {
  const [isPicking, setPicking] = useState(false)
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="first-run-title"
      sx={{ p: { xs: 2, sm: 3 }, position: 'relative', borderColor: 'primary.main' }}
    >
      <IconButton
        aria-label={FIRST_RUN_TEXT.dismiss}
        onClick={() => {
          dismissFirstRun(userId)
          onDismiss()
        }}
        sx={{ position: 'absolute', top: 8, insetInlineEnd: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <Typography id="first-run-title" variant="h6" component="h2" sx={{ fontWeight: 700, paddingInlineEnd: '40px' }}>
        {FIRST_RUN_TEXT.title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.5, mb: 2 }}>{FIRST_RUN_TEXT.lead}</Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" component={RouterLink} to={paths.import.href()}>
          {FIRST_RUN_TEXT.import}
        </Button>
        <Button variant="outlined" onClick={() => setPicking(true)}>
          {FIRST_RUN_TEXT.pick}
        </Button>
      </Box>
      <PickBooksDialog open={isPicking} onClose={() => setPicking(false)} />
    </Paper>
  )
}
