import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router'
import Box from '@mui/material/Box'
import Container from '@mui/material/Container'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import { READING_STATUS_LABELS, READING_STATUSES } from '@shelfwise/contracts/constants'
import type { ReadingStatus } from '@shelfwise/contracts'
import { paths } from '#/config/paths.ts'
import { useAuth } from '#/lib/auth.tsx'
import { useDocumentTitle } from '#/lib/document-title.ts'
import { useUser } from '#/features/users/api/get-user.ts'
import { useLibraryCounts } from '#/features/reading/api/library.ts'
import { LibraryList } from '#/features/reading/components/library-list.tsx'
import { StatsLink } from '#/features/stats/components/stats-link.tsx'

/** A reader's library: a tab per reading status with its count, the open one in the address (?status=). */
export function LibraryRoute() {
  const { userId = '' } = useParams()
  const { user: viewer } = useAuth()
  const own = viewer?._id === userId
  const { pathname, search } = useLocation()
  const navigate = useNavigate()
  const statuses = READING_STATUSES.filter((s) => own || s !== 'want')
  const asked = new URLSearchParams(search).get('status') as ReadingStatus | null
  const status: ReadingStatus = asked && statuses.includes(asked) ? asked : 'reading'
  const user = useUser(userId)
  const counts = useLibraryCounts(userId)
  const username = user.data?.username
  useDocumentTitle(username ? `${READING_STATUS_LABELS[status]} · @${username}'s library` : 'Library')
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, overflowWrap: 'anywhere', minWidth: 0 }}>
          {username ? (
            <>
              <Link component={RouterLink} to={paths.user.href(userId)} underline="hover" color="inherit" dir="auto">
                @{username}
              </Link>
              ’s library
            </>
          ) : (
            'Library'
          )}
        </Typography>
        <StatsLink userId={userId} />
      </Box>
      <Paper variant="outlined" sx={{ px: { xs: 1, sm: 2 }, pb: 2 }}>
        <Tabs
          value={status}
          onChange={(_, v: ReadingStatus) => navigate({ pathname, search: `?status=${v}` }, { replace: true })}
          aria-label="Reading statuses"
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {statuses.map((s) => (
            <Tab key={s} value={s} label={counts.data ? `${READING_STATUS_LABELS[s]} (${counts.data[s].toLocaleString('en-US')})` : READING_STATUS_LABELS[s]} />
          ))}
        </Tabs>
        <LibraryList key={status} userId={userId} status={status} own={own} />
      </Paper>
    </Container>
  )
}
