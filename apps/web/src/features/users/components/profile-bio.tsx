import { useState } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import EditIcon from '@mui/icons-material/Edit'
import type { User } from '@shelfwise/contracts'
import { LIMITS } from '@shelfwise/contracts/constants'
import { errorMessage } from '#/lib/api-client.ts'
import { useUpdateProfile } from '#/features/users/api/update-profile.ts'

/**
 * Reader-written text over several lines: each line takes its own direction (an Arabic line and an
 * English one in one bio), and long words wrap instead of pushing the page sideways.
 */
const readerTextSx = { whiteSpace: 'pre-line', overflowWrap: 'anywhere', unicodeBidi: 'plaintext', textAlign: 'start' } as const

/** A bio as others see it: the text, or the screen's placeholder ('No bio available'). */
export function BioText({ bio, placeholder }: { bio: string; placeholder: string }) {
  return (
    <Typography dir={bio ? 'auto' : undefined} sx={{ ...readerTextSx, color: bio ? 'text.primary' : 'text.secondary' }}>
      {bio || placeholder}
    </Typography>
  )
}

/** The own profile's bio with Add Bio / Edit Bio. */
export function ProfileBio({
  bio,
  placeholder,
  failedMessage,
  onSaved,
  onError,
}: {
  bio: string
  placeholder: string
  /** Shown when the server gives no reason. */
  failedMessage: string
  onSaved: (u: User) => void
  onError: (message: string) => void
}) {
  const [draft, setDraft] = useState<string | null>(null)
  const update = useUpdateProfile()
  const save = async () => {
    try {
      const user = await update.mutateAsync({ bio: (draft ?? '').trim() })
      setDraft(null)
      onSaved(user)
    } catch (err) {
      onError(errorMessage(err, failedMessage))
    }
  }
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          Bio
        </Typography>
        {draft === null && (
          <Button size="small" startIcon={<EditIcon />} onClick={() => setDraft(bio)}>
            {bio ? 'Edit Bio' : 'Add Bio'}
          </Button>
        )}
      </Box>
      {draft === null ? (
        <BioText bio={bio} placeholder={placeholder} />
      ) : (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <TextField
            label="Bio"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            multiline
            minRows={3}
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { dir: 'auto', maxLength: LIMITS.bioMax } }}
            helperText={`${draft.length}/${LIMITS.bioMax}`}
          />
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
            <Button onClick={() => setDraft(null)}>Cancel</Button>
            <Button variant="contained" onClick={save} disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save Bio'}
            </Button>
          </Box>
        </Box>
      )}
    </Paper>
  )
}
