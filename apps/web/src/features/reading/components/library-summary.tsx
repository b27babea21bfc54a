import { Link as RouterLink } from '#/lib/router/react.tsx'
import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import Typography from '@mui/material/Typography'
import { READING_STATUS_LABELS, READING_STATUSES } from '@shelfwise/contracts/constants'
import { paths } from '#/config/paths.ts'
import { useLibraryCounts } from '#/features/reading/api/library.ts'
import { groupDigits } from '@shelfwise/contracts/numbers'

/** A profile's way into the reader's library: one chip per status with its count, each book under its status now. Want to Read shows for its reader only. */
export function LibrarySummary({ userId, own }: { userId: string; own: boolean }) {
  const { data } = useLibraryCounts(userId)
  if (!data) return null
  const statuses = READING_STATUSES.filter((s) => own || s !== 'want')
  return (
    <Box component="nav" aria-labelledby="library-heading">
      <Typography id="library-heading" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        Library
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {statuses.map((s) => (
          <Chip key={s} component={RouterLink} to={paths.library.href(userId, s)} clickable label={`${READING_STATUS_LABELS[s]} · ${groupDigits(data[s])}`} />
        ))}
      </Box>
      {/* Why Read here may be fewer than the Books Read tile: a book finished once and now re-read or wanted again is under that status (decision 0039). */}
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
        Each book counts once, under its status now.
      </Typography>
    </Box>
  )
}
